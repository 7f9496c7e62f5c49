/* gen7sf-tex msaa: rasterise in the tool, write and resolve through
 * g7sf_send (tex_msaa.h). */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "gen7sf/gen7sf.h"
#include "gen7sf/msaa_compress.h"
#include "gen7sf/render_cache.h"
#include "gen7sf/state.h"
#include "gen7sf/surface.h"
#include "tex_msaa.h"

/* Graphics memory: surface state heap (binding table at 0: BTI 0 the
 * target, for the render cache and the sampler alike; its
 * RENDER_SURFACE_STATE at 0x40), dynamic state heap (SAMPLER_STATE at 0,
 * BLEND_STATE at 0x40, COLOR_CALC_STATE at 0x100, all zero), the target
 * from 16 MiB, its MCS after it (then the extension's control bytes). */
#define SURFACE_BASE  0x00010000u
#define SURFACE_STATE 0x40u
#define DYNAMIC_BASE  0x00020000u
#define BLEND_OFFSET  0x40u
#define CC_OFFSET     0x100u
#define TARGET_BASE   0x01000000u

static const uint8_t std4[4][2] = { { 96, 32 }, { 224, 96 }, { 32, 160 }, { 160, 224 } };
/* D3D's standard 8x offsets from the centre, (1,-3) (-1,3) (5,1) (-3,-5)
 * (-5,5) (-7,-1) (3,7) (7,-7) sixteenths, from the corner */
static const uint8_t std8[8][2] = { { 144, 80 }, { 112, 176 }, { 208, 144 }, { 80, 48 },
                                    { 48, 208 }, { 16, 112 }, { 176, 240 }, { 240, 16 } };

const uint8_t (*tex_msaa_std_positions(unsigned samples))[2]
{
    return samples == 4 ? std4 : samples == 8 ? std8 : NULL;
}

/* ---- scene ------------------------------------------------------------ */

static uint32_t next(uint32_t *s)   /* xorshift32 */
{
    uint32_t x = *s;
    x ^= x << 13, x ^= x >> 17, x ^= x << 5;
    return *s = x;
}

void tex_msaa_scene_make(uint32_t w, uint32_t h, unsigned n, uint32_t seed, tex_msaa_scene *s)
{
    /* odd and even codes: means of n samples fall on halves too */
    static const uint32_t palette[6] = { 0xFF3150E3u, 0xFF41C2F1u, 0xFF33A141u,
                                         0xFFE3E1DEu, 0xFF2122C1u, 0xFFB341A2u };
    uint32_t st = seed * 2654435761u + 0x9E3779B9u;
    if (!st)
        st = 1;
    s->background = 0xFF392821u;
    s->n = n < TEX_MSAA_MAX_TRIS ? n : TEX_MSAA_MAX_TRIS;
    int64_t W = (int64_t)w * 256, H = (int64_t)h * 256;
    int64_t side = (w < h ? w : h) * 256;
    for (unsigned i = 0; i < s->n; i++) {
        tex_msaa_tri *t = &s->tri[i];
        int64_t cx = next(&st) % (W + 1), cy = next(&st) % (H + 1);
        int64_t r = side / 16 + next(&st) % (side / 2 - side / 16 + 1);
        for (unsigned k = 0; k < 3; k++) {
            int64_t x = cx - r / 2 + next(&st) % (r + 1), y = cy - r / 2 + next(&st) % (r + 1);
            t->x[k] = (int32_t)(x < 0 ? 0 : x > W ? W : x);
            t->y[k] = (int32_t)(y < 0 ? 0 : y > H ? H : y);
        }
        t->rgba = palette[next(&st) % 6];
    }
}

/* ---- rasterisation ---------------------------------------------------- */

/* A triangle made ready: vertices in positive orientation (the edge
 * functions positive inside), each edge's bias (0 on a top or left edge,
 * -1 elsewhere: E + bias >= 0 is inside) and the bounding box in pixels. */
typedef struct prepared {
    int64_t x[3], y[3], bias[3];
    int32_t x0, y0, x1, y1;   /* pixels [x0, x1) x [y0, y1), clipped */
    bool empty;
} prepared;

static void orient(const tex_msaa_tri *t, prepared *p)
{
    int64_t area = ((int64_t)t->x[1] - t->x[0]) * ((int64_t)t->y[2] - t->y[0]) -
                   ((int64_t)t->y[1] - t->y[0]) * ((int64_t)t->x[2] - t->x[0]);
    p->empty = area == 0;
    unsigned order[3] = { 0, area > 0 ? 1u : 2u, area > 0 ? 2u : 1u };
    for (unsigned k = 0; k < 3; k++)
        p->x[k] = t->x[order[k]], p->y[k] = t->y[order[k]];
    for (unsigned k = 0; k < 3; k++) {
        /* edge k runs from vertex k to k+1; with y down and positive
         * orientation the inside is to its right as drawn: a top edge
         * runs right (dy 0, dx > 0), a left edge up (dy < 0) */
        int64_t dx = p->x[(k + 1) % 3] - p->x[k], dy = p->y[(k + 1) % 3] - p->y[k];
        p->bias[k] = dy < 0 || (dy == 0 && dx > 0) ? 0 : -1;
    }
}

static void prepare(const tex_msaa_tri *t, uint32_t w, uint32_t h, prepared *p)
{
    orient(t, p);
    int64_t xmin = p->x[0], xmax = p->x[0], ymin = p->y[0], ymax = p->y[0];
    for (unsigned k = 1; k < 3; k++) {
        xmin = p->x[k] < xmin ? p->x[k] : xmin, xmax = p->x[k] > xmax ? p->x[k] : xmax;
        ymin = p->y[k] < ymin ? p->y[k] : ymin, ymax = p->y[k] > ymax ? p->y[k] : ymax;
    }
    /* pixels whose square meets the box (floor division: negative too) */
    int64_t x0 = xmin >= 0 ? xmin / 256 : -((-xmin + 255) / 256), x1 = xmax / 256 + 1;
    int64_t y0 = ymin >= 0 ? ymin / 256 : -((-ymin + 255) / 256), y1 = ymax / 256 + 1;
    p->x0 = (int32_t)(x0 < 0 ? 0 : x0), p->y0 = (int32_t)(y0 < 0 ? 0 : y0);
    p->x1 = (int32_t)(x1 > w ? w : x1), p->y1 = (int32_t)(y1 > h ? h : y1);
    p->empty = p->empty || p->x0 >= p->x1 || p->y0 >= p->y1;
}

static bool inside(const prepared *p, int64_t px, int64_t py)
{
    for (unsigned k = 0; k < 3; k++) {
        unsigned j = (k + 1) % 3;
        int64_t e = (p->x[j] - p->x[k]) * (py - p->y[k]) - (p->y[j] - p->y[k]) * (px - p->x[k]);
        if (e + p->bias[k] < 0)
            return false;
    }
    return true;
}

bool tex_msaa_covers(const tex_msaa_tri *t, int64_t px, int64_t py)
{
    prepared p;
    orient(t, &p);
    return !p.empty && inside(&p, px, py);
}

/* ---- messages --------------------------------------------------------- */

typedef struct ctx {
    g7sf_gpu *gpu;
    g7sf_thread thr;
    const tex_msaa_opts *o;
    const uint8_t (*pos)[2];
    tex_msaa_stats *st;
    vio_error *err;
} ctx;

/* slot i of a SIMD16 4x4 block at (bx, by): subspan i / 4 at (2 (s & 1),
 * 2 (s >> 1)), pixel i % 4 of it at (p & 1, p >> 1) */
static void slot_xy(unsigned i, uint32_t bx, uint32_t by, uint32_t *x, uint32_t *y)
{
    unsigned s = i / 4, p = i % 4;
    *x = bx + 2 * (s & 1) + (p & 1);
    *y = by + 2 * (s >> 1) + (p >> 1);
}

static int fail_msg(ctx *c, int rc, const char *what)
{
    g7sf_error e;
    g7sf_last_error(c->gpu, &e);
    return vio_fail(c->err, VIO_E_ARG, "msaa: %s: %s: %s", what, g7sf_strerror(rc), e.reason);
}

/* One SIMD16 Render Target Write of colour rgba to the slots of block
 * (bx, by) with coverage cover[i] (0: slot disabled). */
static int rt_write(ctx *c, uint32_t bx, uint32_t by, const uint16_t cover[16], uint32_t rgba)
{
    g7sf_reg p[11];
    memset(p, 0, sizeof p);
    uint32_t enables = 0;
    for (unsigned i = 0; i < 16; i++)
        if (cover[i]) {
            enables |= 1u << i;
            p[2].ud[i / 2] |= (uint32_t)cover[i] << (16 * (i % 2));
        }
    if (!enables)
        return 0;
    p[0].ud[0] = 1u << 12;          /* M0.0: oMask present */
    p[0].ud[1] = CC_OFFSET;         /* M0.1: COLOR_CALC_STATE */
    p[0].ud[2] = 0;                 /* M0.2: render target 0 */
    for (unsigned s = 0; s < 4; s++)   /* M1.2-5: subspan origins */
        p[1].ud[2 + s] = (by + 2 * (s >> 1)) << 16 | (bx + 2 * (s & 1));
    p[1].ud[7] = enables;           /* M1.7: pixel enables */
    for (unsigned ch = 0; ch < 4; ch++) {
        float f = (float)(rgba >> (8 * ch) & 0xFF) / 255.0f;
        uint32_t u;
        memcpy(&u, &f, 4);
        for (unsigned i = 0; i < 16; i++)
            p[3 + 2 * ch + i / 8].ud[i % 8] = u;
    }
    /* mlen 11, header, render target write (0xC), SIMD16 (0), BTI 0 */
    g7sf_msg m = { .sfid = G7SF_SFID_RENDER_CACHE,
                   .desc = 11u << 25 | 1u << 19 | 0xCu << 14 | 0u << 8 | 0u,
                   .exec_mask = (uint16_t)enables, .payload = p };
    c->st->rt_messages++;
    int rc = g7sf_send(c->gpu, &c->thr, &m, NULL);
    return rc ? fail_msg(c, rc, "render target write") : 0;
}

/* Background: every sample of every pixel. */
static int draw_background(ctx *c)
{
    uint16_t all = (uint16_t)((1u << c->o->samples) - 1), cover[16];
    for (uint32_t by = 0; by < c->o->h; by += 4)
        for (uint32_t bx = 0; bx < c->o->w; bx += 4) {
            for (unsigned i = 0; i < 16; i++) {
                uint32_t x, y;
                slot_xy(i, bx, by, &x, &y);
                cover[i] = x < c->o->w && y < c->o->h ? all : 0;
            }
            int rc = rt_write(c, bx, by, cover, c->o->scene->background);
            if (rc)
                return rc;
        }
    return 0;
}

static int draw_triangle(ctx *c, const tex_msaa_tri *t)
{
    prepared p;
    prepare(t, c->o->w, c->o->h, &p);
    if (p.empty)
        return 0;
    uint16_t cover[16];
    for (uint32_t by = (uint32_t)p.y0 & ~3u; by < (uint32_t)p.y1; by += 4)
        for (uint32_t bx = (uint32_t)p.x0 & ~3u; bx < (uint32_t)p.x1; bx += 4) {
            for (unsigned i = 0; i < 16; i++) {
                uint32_t x, y;
                slot_xy(i, bx, by, &x, &y);
                cover[i] = 0;
                if (x >= c->o->w || y >= c->o->h)
                    continue;
                for (unsigned s = 0; s < c->o->samples; s++)
                    if (inside(&p, 256 * (int64_t)x + c->pos[s][0], 256 * (int64_t)y + c->pos[s][1]))
                        cover[i] |= (uint16_t)(1u << s);
            }
            int rc = rt_write(c, bx, by, cover, t->rgba);
            if (rc)
                return rc;
        }
    return 0;
}

/* SIMD16 sampler message without header: type, parameters (2 registers
 * each), rlen 8. */
static int sample16(ctx *c, unsigned type, const g7sf_reg *p, unsigned nparams, uint16_t mask,
                    g7sf_reg wb[8], const char *what)
{
    g7sf_msg m = { .sfid = G7SF_SFID_SAMPLER,
                   .desc = (2u * nparams) << 25 | 8u << 20 | 2u << 17 | type << 12 | 0u << 8 | 0u,
                   .exec_mask = mask, .payload = p };
    c->st->sample_messages++;
    int rc = g7sf_send(c->gpu, &c->thr, &m, wb);
    return rc ? fail_msg(c, rc, what) : 0;
}

static int resolve(ctx *c, uint8_t *rgba)
{
    unsigned n = c->o->samples;
    for (uint32_t by = 0; by < c->o->h; by += 4)
        for (uint32_t bx = 0; bx < c->o->w; bx += 4) {
            g7sf_reg q[8], wb[8];
            memset(q, 0, sizeof q);
            uint16_t mask = 0;
            for (unsigned i = 0; i < 16; i++) {
                uint32_t x, y;
                slot_xy(i, bx, by, &x, &y);
                if (x < c->o->w && y < c->o->h)
                    mask |= (uint16_t)(1u << i);
                q[i / 8].ud[i % 8] = x, q[2 + i / 8].ud[i % 8] = y;   /* ld_mcs: u, v */
            }
            int rc = sample16(c, 29 /* ld_mcs */, q, 2, mask, wb, "ld_mcs");
            if (rc)
                return rc;
            /* ld2dms: si, mcs, u, v */
            memcpy(&q[4], &q[0], 4 * sizeof q[0]);
            memcpy(&q[2], &wb[0], 2 * sizeof q[0]);
            unsigned sum[16][4];
            memset(sum, 0, sizeof sum);
            for (unsigned s = 0; s < n; s++) {
                for (unsigned i = 0; i < 16; i++)
                    q[i / 8].ud[i % 8] = s;
                g7sf_reg out[8];
                if ((rc = sample16(c, 30 /* ld2dms */, q, 4, mask, out, "ld2dms")))
                    return rc;
                for (unsigned i = 0; i < 16; i++)
                    for (unsigned ch = 0; ch < 4; ch++) {
                        float f;
                        memcpy(&f, &out[2 * ch + i / 8].ud[i % 8], 4);
                        sum[i][ch] += (unsigned)lrintf(fminf(fmaxf(f, 0.0f), 1.0f) * 255.0f);
                    }
            }
            for (unsigned i = 0; i < 16; i++) {
                if (!(mask >> i & 1))
                    continue;
                uint32_t x, y;
                slot_xy(i, bx, by, &x, &y);
                for (unsigned ch = 0; ch < 4; ch++)
                    rgba[((size_t)y * c->o->w + x) * 4 + ch] = (uint8_t)((sum[i][ch] + n / 2) / n);
            }
        }
    return 0;
}

/* RENDER_SURFACE_STATE of the target, binding table, BLEND_STATE pointer,
 * 3DSTATE_MULTISAMPLE and 3DSTATE_WM. */
static int setup(ctx *c)
{
    const tex_msaa_opts *o = c->o;
    g7sf_render_surface_state ss = {
        .surface_type = G7SF_SURFTYPE_2D, .surface_format = G7SF_FORMAT_R8G8B8A8_UNORM,
        .tiled_surface = 1, .tile_walk = G7SF_TILEWALK_YMAJOR,
        .surface_array_spacing = G7SF_ARYSPC_LOD0, .width = o->w - 1, .height = o->h - 1,
        .surface_pitch = (o->w * 4 + 127) / 128 * 128 - 1,
        .number_of_multisamples = o->samples == 4 ? G7SF_MULTISAMPLECOUNT_4
                                                  : G7SF_MULTISAMPLECOUNT_8,
        .multisampled_surface_storage_format = G7SF_MSFMT_MSS,
        .surface_base_address = TARGET_BASE,
    };
    g7sf_surface s;
    if (g7sf_surface_from_state(&ss, &s))
        return vio_fail(c->err, VIO_E_ARG, "msaa: the target's SURFACE_STATE is refused");
    uint64_t end = TARGET_BASE + g7sf_surface_size(&s);
    uint32_t mcs_pitch = (o->w * (o->samples == 4 ? 1 : 4) + 127) / 128 * 128;
    ss.mcs_base_address = (uint32_t)((end + 0xFFFF) & ~(uint64_t)0xFFFF);
    ss.mcs_surface_pitch = mcs_pitch / 128 - 1;
    ss.mcs_enable = 1;
    uint32_t dw[8], bt = SURFACE_STATE;
    if (g7sf_state_pack(&g7sf_desc_RENDER_SURFACE_STATE, &ss, dw))
        return vio_fail(c->err, VIO_E_ARG, "msaa: the target's SURFACE_STATE does not pack");
    if (o->compress)
        dw[6] |= 1u << 1;   /* Index Compression Enable (msaa_compress.h) */
    g7sf_set_base(c->gpu, G7SF_BASE_SURFACE, SURFACE_BASE, 0);
    g7sf_set_base(c->gpu, G7SF_BASE_DYNAMIC, DYNAMIC_BASE, 0);
    if (g7sf_mem_write(c->gpu, SURFACE_BASE + SURFACE_STATE, dw, sizeof dw) ||
        g7sf_mem_write(c->gpu, SURFACE_BASE, &bt, 4))
        return vio_fail(c->err, VIO_E_ARG, "msaa: state does not fit graphics memory");
    /* 3DSTATE_BLEND_STATE_POINTERS (DW1 bit 0 must be one); 3DSTATE_MULTISAMPLE
     * with the positions as 4-bit sixteenths (X [7:4], Y [3:0] a sample; not
     * modelled, for the record); 3DSTATE_WM: MSRASTMODE_ON_PIXEL, per pixel */
    uint32_t bsp[2] = { 0x78240000u, BLEND_OFFSET | 1 };
    uint32_t ms[4] = { 0x790D0002u, (o->samples == 4 ? 2u : 3u) << 1, 0, 0 };
    for (unsigned k = 0; k < o->samples; k++)
        ms[2 + k / 4] |= (uint32_t)((c->pos[k][0] >> 4) << 4 | c->pos[k][1] >> 4) << (8 * (k % 4));
    uint32_t wm[3] = { 0x78140001u, G7SF_MSRASTMODE_ON_PIXEL, 1u << 31 };
    int rc;
    if ((rc = g7sf_render_cache_command(c->gpu, bsp, 2)) ||
        (rc = g7sf_render_cache_command(c->gpu, ms, 4)) ||
        (rc = g7sf_render_cache_command(c->gpu, wm, 3)))
        return vio_fail(c->err, VIO_E_ARG, "msaa: render cache command: %s", g7sf_strerror(rc));
    return 0;
}

int tex_msaa_render(const tex_msaa_opts *o, uint8_t *rgba, tex_msaa_stats *stats,
                    vio_error *err)
{
    if (!o->w || !o->h || o->w > TEX_MSAA_MAX_DIM || o->h > TEX_MSAA_MAX_DIM)
        return vio_fail(err, VIO_E_SIZE, "msaa: size %ux%u; each side must be 1..%u", o->w,
                        o->h, TEX_MSAA_MAX_DIM);
    if (o->samples != 4 && o->samples != 8)
        return vio_fail(err, VIO_E_SIZE, "msaa: %u samples; 4 or 8", o->samples);
    if (o->scene->n > TEX_MSAA_MAX_TRIS)
        return vio_fail(err, VIO_E_SIZE, "msaa: %u triangles; at most %u", o->scene->n,
                        TEX_MSAA_MAX_TRIS);
    tex_msaa_stats st;
    memset(&st, 0, sizeof st);
    g7sf_gpu_options go = { .platform = G7SF_IVB,
                            .extensions = o->compress ? G7SF_EXT_MSAA_INDEX : 0 };
    ctx c = { .gpu = g7sf_gpu_create_ex(&go), .o = o, .st = &st, .err = err,
              .pos = o->positions ? o->positions : tex_msaa_std_positions(o->samples) };
    if (!c.gpu)
        return vio_fail(err, VIO_E_NOMEM, "msaa: out of memory");
    int rc = setup(&c);
    if (!rc)
        g7sf_msaa_stats_read(c.gpu, NULL, 1);
    if (!rc)
        rc = draw_background(&c);
    for (unsigned i = 0; i < o->scene->n && !rc; i++)
        rc = draw_triangle(&c, &o->scene->tri[i]);
    /* the sampler sees an opt-in surface's writes after a flush */
    if (!rc && (rc = g7sf_render_cache_flush(c.gpu)))
        rc = fail_msg(&c, rc, "render cache flush");
    if (!rc)
        rc = resolve(&c, rgba);
    g7sf_msaa_stats t;
    if (!rc && !g7sf_msaa_stats_read(c.gpu, &t, 0)) {
        st.traffic_valid = true;
        st.tiles_evicted = t.tiles_evicted, st.tiles_index = t.tiles_index;
        st.tiles_delta = t.tiles_delta, st.tiles_palette = t.tiles_palette;
        st.tiles_uncompressed = t.tiles_uncompressed;
        st.bytes_written = t.bytes_written, st.bytes_read = t.bytes_read;
        st.baseline_written = t.baseline_written, st.baseline_read = t.baseline_read;
    }
    if (stats)
        *stats = st;
    g7sf_gpu_destroy(c.gpu);
    return rc;
}
