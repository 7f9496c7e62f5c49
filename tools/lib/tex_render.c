/* gen7sf-tex render: scenes, state in graphics memory, SIMD16 messages. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "gen7sf/gen7sf.h"
#include "gen7sf/format.h"
#include "gen7sf/state.h"
#include "tex_mip.h"
#include "tex_render.h"

/* Graphics memory: surface state heap (binding table at 0, the texture's
 * RENDER_SURFACE_STATE at 0x40), dynamic state heap (the three
 * SAMPLER_STATEs, 16 bytes apart, then a zero border colour), texture. */
#define SURFACE_BASE  0x00010000u
#define SURFACE_STATE 0x40u
#define DYNAMIC_BASE  0x00020000u
#define BORDER_COLOR  0x100u
#define TEXTURE_BASE  0x00100000u

#define PATTERN_SIZE 256u

/* Scene geometry: eye 1 unit above the ground, pitched 10 degrees down,
 * 50 degrees vertical field of view; one texture repeat per 4 units; the
 * tunnel has radius 1 and wraps the texture 4 times around. */
#define EYE_HEIGHT 1.0f
#define PITCH      0.17453293f
#define HALF_FOV   0.43633231f
#define REPEAT     4.0f
#define FAR        400.0f
#define AROUND     4.0f

/* Texture coordinates (u, v) of pixel centre (x, y) of a w x h panel;
 * returns whether the ray meets the scene before FAR.  Misses get the
 * coordinates of the FAR point in that direction, so that the subspan
 * derivatives of their neighbours stay finite. */
static int scene_uv(enum tex_scene scene, uint32_t w, uint32_t h, uint32_t x, uint32_t y,
                    float *u, float *v)
{
    float t = tanf(HALF_FOV);
    float cx = (2.0f * (x + 0.5f) / w - 1.0f) * t * w / h;
    float cy = (1.0f - 2.0f * (y + 0.5f) / h) * t;
    if (scene == TEX_SCENE_TUNNEL) {
        float r = sqrtf(cx * cx + cy * cy), rmin = 1.0f / FAR;
        *u = atan2f(cy, cx) * (AROUND / 6.2831853f);
        *v = 1.0f / fmaxf(r, rmin) / REPEAT;
        return r > rmin;
    }
    float dy = cy * cosf(PITCH) - sinf(PITCH), dz = cy * sinf(PITCH) + cosf(PITCH);
    float dmin = -EYE_HEIGHT / FAR, d = fminf(dy, dmin);
    float dist = EYE_HEIGHT / -d;
    *u = dist * cx / REPEAT;
    *v = dist * dz / REPEAT;
    return dy < dmin;
}

static void sky(enum tex_scene scene, uint32_t y, uint32_t h, uint8_t *p)
{
    float s = scene == TEX_SCENE_TUNNEL ? 0.0f : 1.0f - 0.5f * y / h;
    p[0] = (uint8_t)(90 * s), p[1] = (uint8_t)(150 * s), p[2] = (uint8_t)(230 * s), p[3] = 255;
}

static uint8_t to_srgb8(float lin)
{
    float v = g7sf_linear_to_srgb(fminf(fmaxf(lin, 0.0f), 1.0f));
    return (uint8_t)lrintf(v * 255.0f);
}

/* SAMPLER_STATE of panel i, packed into the dynamic state heap. */
static int put_samplers(g7sf_gpu *gpu, unsigned levels)
{
    for (unsigned i = 0; i < TEX_RENDER_PANELS; i++) {
        g7sf_sampler_state st = {
            .lod_preclamp_enable = G7SF_LOD_PRECLAMP_OGL, .max_lod = (levels - 1) << 8,
            .border_color_pointer = BORDER_COLOR,
            /* the rest 0: TEXCOORDMODE_WRAP, MIPFILTER_NONE, MAPFILTER_NEAREST */
        };
        if (i == 1 || i == 2) {
            st.mip_mode_filter = G7SF_MIPFILTER_LINEAR;
            st.mag_mode_filter = G7SF_MAPFILTER_LINEAR;
            st.min_mode_filter = i == 1 ? G7SF_MAPFILTER_LINEAR : G7SF_MAPFILTER_ANISOTROPIC;
            st.maximum_anisotropy = i == 2 ? G7SF_ANISORATIO_16 : G7SF_ANISORATIO_2;
        }
        uint32_t dw[4];
        if (g7sf_state_pack(&g7sf_desc_SAMPLER_STATE, &st, dw) ||
            g7sf_mem_write(gpu, DYNAMIC_BASE + 16 * i, dw, sizeof dw))
            return -1;
    }
    return 0;
}

/* The 16 pixels of a 4x4 block at (bx, by), SIMD16 order: subspan s at
 * (2 * (s & 1), 2 * (s >> 1)), pixel p of it at (p & 1, p >> 1). */
static void block_pixel(unsigned i, uint32_t bx, uint32_t by, uint32_t *x, uint32_t *y)
{
    unsigned s = i / 4, p = i % 4;
    *x = bx + 2 * (s & 1) + (p & 1);
    *y = by + 2 * (s >> 1) + (p >> 1);
}

/* One panel: a sample message (u, v; no header) per 4x4 block. */
static int draw_panel(g7sf_gpu *gpu, const tex_render_opts *o, unsigned panel, uint8_t *rgba,
                      tex_render_stats *n, vio_error *err)
{
    static const g7sf_thread thr = { .binding_table = 0, .sampler_state = 0 };
    size_t stride = (size_t)TEX_RENDER_PANELS * o->w * 4;
    /* mlen 4 (u, v: two registers each), rlen 8, SIMD16 (2), sample (0) */
    uint32_t desc = 4u << 25 | 8u << 20 | 2u << 17 | 0u << 12 | panel << 8 | 0u;
    for (uint32_t by = 0; by < o->h; by += 4) {
        if (o->progress)
            progress_update(o->progress, (long)n->samples);
        for (uint32_t bx = 0; bx < o->w; bx += 4) {
            g7sf_reg pl[4], wb[8];
            uint16_t mask = 0;
            for (unsigned i = 0; i < 16; i++) {
                uint32_t x, y;
                float u, v;
                block_pixel(i, bx, by, &x, &y);
                int hit = scene_uv(o->scene, o->w, o->h, x, y, &u, &v);
                if (o->scene == TEX_SCENE_TUNNEL && i % 4) {
                    /* keep each subspan on one side of atan2's seam: whole
                     * turns of u wrap onto the same texels */
                    float ul;
                    memcpy(&ul, &pl[(i & ~3u) / 8].ud[(i & ~3u) % 8], 4);
                    u += AROUND * roundf((ul - u) / AROUND);
                }
                memcpy(&pl[i / 8].ud[i % 8], &u, 4);
                memcpy(&pl[2 + i / 8].ud[i % 8], &v, 4);
                if (x < o->w && y < o->h) {
                    if (hit)
                        mask |= (uint16_t)(1u << i);
                    else
                        sky(o->scene, y, o->h, rgba + y * stride + ((size_t)panel * o->w + x) * 4);
                }
            }
            if (!mask)
                continue;
            g7sf_msg m = { .sfid = G7SF_SFID_SAMPLER, .desc = desc, .exec_mask = mask,
                           .payload = pl };
            int rc = g7sf_send(gpu, &thr, &m, wb);
            n->messages++;
            n->samples += (unsigned long)__builtin_popcount(mask);
            if (rc) {
                g7sf_error e;
                g7sf_last_error(gpu, &e);
                return vio_fail(err, VIO_E_ARG, "sample message (panel %u): %s: %s", panel,
                                g7sf_strerror(rc), e.reason);
            }
            for (unsigned i = 0; i < 16; i++) {
                if (!(mask >> i & 1))
                    continue;
                uint32_t x, y;
                block_pixel(i, bx, by, &x, &y);
                uint8_t *p = rgba + y * stride + ((size_t)panel * o->w + x) * 4;
                for (unsigned c = 0; c < 4; c++) {
                    float f;
                    memcpy(&f, &wb[2 * c + i / 8].ud[i % 8], 4);
                    p[c] = c == 3 ? (uint8_t)lrintf(fminf(fmaxf(f, 0.0f), 1.0f) * 255.0f)
                                  : to_srgb8(f);
                }
            }
        }
    }
    return 0;
}

int tex_render(const tex_render_opts *o, uint8_t *rgba, tex_render_stats *stats,
               vio_error *err)
{
    if (!o->w || !o->h || o->w > TEX_RENDER_MAX_DIM || o->h > TEX_RENDER_MAX_DIM)
        return vio_fail(err, VIO_E_SIZE, "render: panel %ux%u; each side must be 1..%u", o->w,
                        o->h, TEX_RENDER_MAX_DIM);
    uint8_t *pattern = NULL;
    const uint8_t *tex = o->texture;
    uint32_t tw = o->tw, th = o->th;
    if (!tex) {
        pattern = malloc((size_t)PATTERN_SIZE * PATTERN_SIZE * 4);
        if (!pattern)
            return vio_fail(err, VIO_E_NOMEM, "render: out of memory");
        tex_mip_pattern(pattern, PATTERN_SIZE);
        tex = pattern, tw = th = PATTERN_SIZE;
    }
    g7sf_gpu *gpu = g7sf_gpu_create();
    g7sf_render_surface_state ss = { 0 };
    uint32_t dw[8], bt = SURFACE_STATE;
    tex_render_stats n = { 0, 0, 0 };
    int rc = gpu ? 0 : vio_fail(err, VIO_E_NOMEM, "render: out of memory");
    if (!rc)
        rc = tex_mip_upload(gpu, TEXTURE_BASE, tex, tw, th, &ss, err);
    if (!rc) {
        g7sf_set_base(gpu, G7SF_BASE_SURFACE, SURFACE_BASE, 0);
        g7sf_set_base(gpu, G7SF_BASE_DYNAMIC, DYNAMIC_BASE, 0);
        if (g7sf_state_pack(&g7sf_desc_RENDER_SURFACE_STATE, &ss, dw) ||
            g7sf_mem_write(gpu, SURFACE_BASE + SURFACE_STATE, dw, sizeof dw) ||
            g7sf_mem_write(gpu, SURFACE_BASE, &bt, 4) || put_samplers(gpu, ss.mip_count_lod + 1))
            rc = vio_fail(err, VIO_E_ARG, "render: state does not fit graphics memory");
    }
    for (unsigned p = 0; p < TEX_RENDER_PANELS && !rc; p++)
        rc = draw_panel(gpu, o, p, rgba, &n, err);
    n.levels = rc ? 0 : ss.mip_count_lod + 1;
    if (o->progress)
        progress_end(o->progress, (long)n.samples);
    if (stats)
        *stats = n;
    g7sf_gpu_destroy(gpu);
    free(pattern);
    return rc;
}
