/* make bench: sample messages per second through g7sf_send(), and the same
 * pixels through Mesa's llvmpipe in the same run (a quad of the same size,
 * a fragment shader doing the same lookup with an equivalent sampler,
 * glFinish), as a ratio; maxdiff is the largest difference, in 1/255,
 * between gen7sf's answers and llvmpipe's rendered pixels on blocks along
 * the diagonal (reported, never a failure; anisotropic filters differ by
 * design on this noise texture: llvmpipe reads one level, gen7sf two; cube
 * and 3D trilinear by a few 1/255 where the two LOD computations part: the
 * cube bilinear, and 3D with a constant r, agree as closely as 2D).
 * Textures are Y-tiled unless the row says linear.
 * Workloads: nearest, bilinear (linear and Y-tiled), trilinear and 16x
 * anisotropic RGBA8; ld and gather4 on RGBA8; bilinear BC1, trilinear BC3
 * and BC7; shadow compare on R32_FLOAT and D24; cube and 3D trilinear;
 * bilinear RGBA16F and sRGB; bilinear RGBA8 as SIMD8 and as SIMD4x2 (which
 * has no sample message: sample_l at LOD 0); and bilinear RGBA8 from one
 * host thread and from every core, each with its own g7sf_thread on one
 * gpu.
 * Messages carry 16 (SIMD16), 8 (SIMD8) or 2 (SIMD4x2) pixels: the table
 * gives px/msg and pixels per second, and llvmpipe's rate in messages of
 * the row's size (its pixels / px/msg), so the ratio compares pixels.
 * llvmpipe runs on one thread (LP_NUM_THREADS=1 unless set), as gen7sf
 * does.  The frame's payloads are built before gen7sf's timing starts (a
 * simulator's EU has them in registers): the time is g7sf_send's.
 * G7SF_CPU=c times the reference path.  Where Mesa is missing the gen7sf
 * numbers are printed with the reason. */
#include <dlfcn.h>
#include <math.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include <EGL/egl.h>

#include "gen7sf/gen7sf.h"
#include "gen7sf/format.h"
#include "gen7sf/state.h"
#include "gen7sf/surface.h"
#include "../tests/mesa_gl.h"

#define TEX 256u            /* texture side */
#define TEX3D 64u           /* 3D texture side: 256^3 RGBA8 would be 64 MiB a side */
#define SCREEN 512u         /* pixels per frame: SCREEN x SCREEN */
#define CUBE_Z 0.6f         /* cube directions: (u, v, CUBE_Z), u and v across the screen */
#define SURFACE_BASE 0x00010000u
#define DYNAMIC_BASE 0x00020000u
#define TEXTURE_BASE 0x00100000u

static double now(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return t.tv_sec + t.tv_nsec * 1e-9;
}

static unsigned seed = 7;
static uint8_t rnd(void)
{
    seed = seed * 1103515245u + 12345u;
    return (uint8_t)(seed >> 24);
}

/* UNORM: the SIMD32/64 sample_unorm message (media layout), bilinear, its
 * 8x4 pixels at U0 + dU x, V0 + dV y, TEXCOORDMODE_CLAMP (the message
 * allows no WRAP; GL_CLAMP_TO_EDGE for llvmpipe) */
enum kind { NEAREST, BILINEAR, TRILINEAR, ANISO, SHADOW, LD, GATHER, UNORM };

typedef struct workload {
    const char *name;
    unsigned format;       /* Surface Format */
    int tiled;             /* Y-tiled */
    enum kind kind;
    float du, dv;          /* texels per pixel along x and y (cube: on the +Z face) */
    unsigned type;         /* Surface Type: 2D, CUBE or 3D */
    unsigned lanes;        /* pixels per message: 32 (SIMD32/64 sample_unorm),
                              16 (SIMD16), 8 (SIMD8), 2 (SIMD4x2) */
    unsigned reduce;       /* 0, or G7SF_REDUCTION_MINIMUM / _MAXIMUM: SAMPLER_STATE's
                              min/max reduction on a gpu with G7SF_EXT_MINMAX_FILTER
                              (GL_TEXTURE_REDUCTION_MODE_ARB GL_MIN / GL_MAX) */
} workload;

#define RGBA8 G7SF_FORMAT_R8G8B8A8_UNORM
#define T2D G7SF_SURFTYPE_2D
static const workload loads[] = {
    { "nearest RGBA8", RGBA8, 1, NEAREST, 0.7f, 0.7f, T2D, 16, 0 },
    { "bilinear RGBA8 linear", RGBA8, 0, BILINEAR, 0.7f, 0.7f, T2D, 16, 0 },
    { "bilinear RGBA8 Y-tiled", RGBA8, 1, BILINEAR, 0.7f, 0.7f, T2D, 16, 0 },
    { "bilinear RGBA8 SIMD8", RGBA8, 1, BILINEAR, 0.7f, 0.7f, T2D, 8, 0 },
    { "bilinear RGBA8 SIMD4x2 (sample_l LOD 0)", RGBA8, 1, BILINEAR, 0.7f, 0.7f, T2D, 2, 0 },
    { "sample_unorm RGBA8 (SIMD32, 16-bit out)", RGBA8, 1, UNORM, 0.7f, 0.7f, T2D, 32, 0 },
    { "trilinear RGBA8", RGBA8, 1, TRILINEAR, 1.4f, 1.4f, T2D, 16, 0 },
    { "16x aniso RGBA8", RGBA8, 1, ANISO, 1.0f, 8.0f, T2D, 16, 0 },
    /* texel (x / 2, y / 2) of level 0: every texel, none outside */
    { "ld RGBA8", RGBA8, 1, LD, 0.5f, 0.5f, T2D, 16, 0 },
    { "gather4 RGBA8 (red)", RGBA8, 1, GATHER, 0.7f, 0.7f, T2D, 16, 0 },
    { "bilinear BC1", G7SF_FORMAT_BC1_UNORM, 1, BILINEAR, 0.7f, 0.7f, T2D, 16, 0 },
    { "trilinear BC3", G7SF_FORMAT_BC3_UNORM, 1, TRILINEAR, 1.4f, 1.4f, T2D, 16, 0 },
    { "trilinear BC7", G7SF_FORMAT_BC7_UNORM, 1, TRILINEAR, 1.4f, 1.4f, T2D, 16, 0 },
    { "shadow R32_FLOAT", G7SF_FORMAT_R32_FLOAT, 1, SHADOW, 0.7f, 0.7f, T2D, 16, 0 },
    { "shadow D24 (R24_UNORM_X8)", G7SF_FORMAT_R24_UNORM_X8_TYPELESS, 1, SHADOW, 0.7f, 0.7f,
      T2D, 16, 0 },
    { "cube trilinear RGBA8", RGBA8, 1, TRILINEAR, 1.4f, 1.4f, G7SF_SURFTYPE_CUBE, 16, 0 },
    { "3D trilinear RGBA8", RGBA8, 1, TRILINEAR, 1.4f, 1.4f, G7SF_SURFTYPE_3D, 16, 0 },
    { "bilinear RGBA16F", G7SF_FORMAT_R16G16B16A16_FLOAT, 1, BILINEAR, 0.7f, 0.7f, T2D, 16, 0 },
    { "bilinear sRGB8_A8", G7SF_FORMAT_R8G8B8A8_UNORM_SRGB, 1, BILINEAR, 0.7f, 0.7f, T2D, 16, 0 },
    { "bilinear RGBA8 MIN reduction (ext)", RGBA8, 1, BILINEAR, 0.7f, 0.7f, T2D, 16,
      G7SF_REDUCTION_MINIMUM },
    { "trilinear RGBA8 MAX reduction (ext)", RGBA8, 1, TRILINEAR, 1.4f, 1.4f, T2D, 16,
      G7SF_REDUCTION_MAXIMUM },
};
/* The concurrency rows run this one (bilinear RGBA8 Y-tiled SIMD16). */
#define THREADS_LOAD (&loads[2])

static uint32_t side_of(const workload *w)
{
    return w->type == G7SF_SURFTYPE_3D ? TEX3D : TEX;
}

static unsigned levels_of(uint32_t side)
{
    unsigned l = 1;
    while (side >> l)
        l++;
    return l;
}

/* Images of level l: six faces, the level's depth (3D), or one. */
static uint32_t slices_of(const workload *w, unsigned l)
{
    if (w->type == G7SF_SURFTYPE_CUBE)
        return 6;
    if (w->type == G7SF_SURFTYPE_3D)
        return side_of(w) >> l ? side_of(w) >> l : 1;
    return 1;
}

/* Bytes of one image of a w x h level. */
static size_t image_bytes(unsigned format, uint32_t w, uint32_t h)
{
    const struct g7sf_format_info *f = g7sf_format_info(format);
    uint32_t bw = (w + f->block_w - 1) / f->block_w, bh = (h + f->block_h - 1) / f->block_h;
    return (size_t)bw * bh * f->bits_per_block / 8;
}

/* Random texels for every image of a level, one after the other: bytes
 * (random BC blocks decode to something on both sides; D24's X8 byte is
 * ignored), floats in [0, 1) for R32_FLOAT (the shadow map), halves in
 * [0, 1) for RGBA16F (exponents 0-14, no sign: no NaN or infinity, which
 * the RGBA8 render could not show).  The same bytes go to both sides. */
static uint8_t *level_data(unsigned format, uint32_t w, uint32_t h, uint32_t slices, size_t *n)
{
    *n = image_bytes(format, w, h) * slices;
    uint8_t *d = malloc(*n);
    if (!d)
        return NULL;
    for (size_t i = 0; i < *n; i++)
        d[i] = rnd();
    if (format == G7SF_FORMAT_R32_FLOAT)
        for (size_t i = 0; i < *n / 4; i++) {
            float v = rnd() / 256.0f;
            memcpy(d + 4 * i, &v, 4);
        }
    if (format == G7SF_FORMAT_R16G16B16A16_FLOAT)
        for (size_t i = 0; i < *n / 2; i++) {
            uint16_t v = (uint16_t)((rnd() % 15) << 10 | ((rnd() << 8 | rnd()) & 0x3FF));
            memcpy(d + 2 * i, &v, 2);
        }
    return d;
}

/* Screen to texture coordinates, the same on both sides (the GL shader
 * computes gl_FragCoord.xy * scale + off): normalized for 2D and 3D,
 * integer texels for ld, and for the cube a direction (u, v, CUBE_Z) whose
 * +Z face, |u|, |v| < CUBE_Z, has du texels per pixel; past it the ±X and
 * ±Y faces, with other LODs. */
static void coord_map(const workload *w, float scale[2], float off[2])
{
    float side = (float)side_of(w);
    scale[0] = w->du / side, scale[1] = w->dv / side;
    off[0] = off[1] = 0;
    if (w->kind == LD) {
        scale[0] = w->du, scale[1] = w->dv;
    } else if (w->type == G7SF_SURFTYPE_CUBE) {
        scale[0] = w->du * 2 * CUBE_Z / side, scale[1] = w->dv * 2 * CUBE_Z / side;
        off[0] = -(SCREEN / 2.0f) * scale[0], off[1] = -(SCREEN / 2.0f) * scale[1];
    }
}

/* The message type (PRM table at lines 4565-4617): SIMD4x2 has no sample,
 * so its bilinear row sends sample_l. */
static unsigned msg_type(const workload *w)
{
    switch (w->kind) {
    case SHADOW: return 3;      /* sample_c */
    case LD: return 7;
    case GATHER: return 8;      /* gather4, no header: red (M0.2[17:16] = 0) */
    default: return w->lanes == 2 ? 2 : 0;   /* sample_l : sample */
    }
}

/* Parameters of the pixel whose centre is (fx, fy), in payload order:
 * sample / gather4 u v [r]; sample_c ref u v; ld u lod v (S32); SIMD4x2
 * sample_l u v r ai lod.  scale and off: coord_map's.  Returns how many. */
static unsigned pixel_params(const workload *w, const float scale[2], const float off[2],
                             float fx, float fy, uint32_t p[5])
{
    float f[5] = { 0 };
    float u = fx * scale[0] + off[0], v = fy * scale[1] + off[1];
    unsigned n = 2;
    if (w->kind == LD) {
        int32_t t[3] = { (int32_t)u, 0, (int32_t)v };
        memcpy(p, t, sizeof t);
        return 3;
    }
    f[0] = u, f[1] = v;
    if (w->kind == SHADOW)
        f[0] = 0.5f, f[1] = u, f[2] = v, n = 3;
    else if (w->type == G7SF_SURFTYPE_CUBE)
        f[2] = CUBE_Z, n = 3;
    else if (w->type == G7SF_SURFTYPE_3D)
        f[2] = (u + v) * 0.5f, n = 3;   /* r at half u and v's rate */
    if (w->lanes == 2)
        n = 5;                            /* r = ai = lod = 0 */
    memcpy(p, f, sizeof f);
    return n;
}

/* The texture, its state and one sampler in graphics memory. */
static int g7_setup(g7sf_gpu *gpu, const workload *w, uint8_t *const *data)
{
    const struct g7sf_format_info *f = g7sf_format_info(w->format);
    uint32_t side = side_of(w);
    /* sample_unorm reads a surface of one level (MIP Count 0) */
    unsigned levels = w->kind == UNORM ? 1 : levels_of(side), cube = w->type == G7SF_SURFTYPE_CUBE;
    uint32_t bpp = f->bits_per_block / 8 / f->block_w;   /* bytes per pixel column */
    /* 2D and cube: level 1 below level 0, the rest right of level 1; 3D:
     * level l's slices 2^l in a row of side >> l each.  Both fit in side. */
    uint32_t chain = side / 2 + side / 4 > side ? side / 2 + side / 4 : side;
    g7sf_render_surface_state ss = {
        .surface_type = w->type, .surface_format = w->format,
        .tiled_surface = (uint32_t)w->tiled, .tile_walk = G7SF_TILEWALK_YMAJOR,
        .surface_base_address = TEXTURE_BASE,
        .width = side - 1, .height = side - 1, .surface_pitch = ((chain * bpp + 127) & ~127u) - 1,
        .depth = w->type == G7SF_SURFTYPE_3D ? side - 1 : 0,   /* cube: one cube */
        .cube_face_enable_nx = cube, .cube_face_enable_px = cube, .cube_face_enable_ny = cube,
        .cube_face_enable_py = cube, .cube_face_enable_nz = cube, .cube_face_enable_pz = cube,
        .mip_count_lod = levels - 1,
        .surface_vertical_alignment = G7SF_VALIGN_4, .surface_horizontal_alignment = G7SF_HALIGN_8,
    };
    g7sf_surface s;
    uint32_t dw[8], bt = 0x40;
    if (g7sf_surface_from_state(&ss, &s) || g7sf_state_pack(&g7sf_desc_RENDER_SURFACE_STATE, &ss, dw))
        return 1;
    for (unsigned l = 0; l < levels; l++) {
        uint32_t lw = side >> l, bw = (lw + f->block_w - 1) / f->block_w;
        size_t image = image_bytes(w->format, lw, lw);
        for (uint32_t z = 0; z < slices_of(w, l); z++)
            if (g7sf_surface_write_linear(gpu, &s, l, z, data[l] + z * image,
                                          (size_t)bw * f->bits_per_block / 8))
                return 1;
    }
    int mips = w->kind == TRILINEAR || w->kind == ANISO;
    unsigned filter = w->kind == NEAREST ? G7SF_MAPFILTER_NEAREST : G7SF_MAPFILTER_LINEAR;
    /* cube maps take CUBE (seamless GL) on every axis; sample_unorm CLAMP
     * (GL_CLAMP_TO_EDGE); the rest WRAP (GL_REPEAT) */
    unsigned tc = cube ? G7SF_TEXCOORDMODE_CUBE
                  : w->kind == UNORM ? G7SF_TEXCOORDMODE_CLAMP : G7SF_TEXCOORDMODE_WRAP;
    g7sf_sampler_state st = {
        .lod_preclamp_enable = G7SF_LOD_PRECLAMP_OGL, .max_lod = (levels - 1) << 8,
        .border_color_pointer = 0x100, .mag_mode_filter = filter,
        .min_mode_filter = w->kind == ANISO ? G7SF_MAPFILTER_ANISOTROPIC : filter,
        .mip_mode_filter = mips ? G7SF_MIPFILTER_LINEAR : G7SF_MIPFILTER_NONE,
        .maximum_anisotropy = w->kind == ANISO ? G7SF_ANISORATIO_16 : G7SF_ANISORATIO_2,
        /* GL_LEQUAL as i965 programs it: PREFILTEROP_LESS (the PRM inverts GL) */
        .shadow_function = w->kind == SHADOW ? G7SF_PREFILTEROP_LESS : G7SF_PREFILTEROP_ALWAYS,
        .tcx_address_control_mode = tc, .tcy_address_control_mode = tc,
        .tcz_address_control_mode = tc,
        .reduction_type_enable = w->reduce != 0, .reduction_type = w->reduce,
    };
    uint32_t sdw[4];
    g7sf_set_base(gpu, G7SF_BASE_SURFACE, SURFACE_BASE, 0);
    g7sf_set_base(gpu, G7SF_BASE_DYNAMIC, DYNAMIC_BASE, 0);
    return g7sf_state_pack(&g7sf_desc_SAMPLER_STATE, &st, sdw) ||
           g7sf_mem_write(gpu, DYNAMIC_BASE, sdw, sizeof sdw) ||
           g7sf_mem_write(gpu, SURFACE_BASE + 0x40, dw, sizeof dw) ||
           g7sf_mem_write(gpu, SURFACE_BASE, &bt, 4) ? 1 : 0;
}

/* The pixels one message covers, from (bx, by): SIMD32/64 8x4 in rows,
 * SIMD16 a 4x4 block in four subspans, SIMD8 4x2 in two (pixels UL UR LL
 * LR in each), SIMD4x2 two pixels side by side. */
static uint32_t block_w(unsigned lanes) { return lanes == 32 ? 8 : lanes == 2 ? 2 : 4; }
static uint32_t block_h(unsigned lanes)
{
    return lanes == 32 || lanes == 16 ? 4 : lanes == 8 ? 2 : 1;
}

static void lane_xy(unsigned lanes, uint32_t bx, uint32_t by, unsigned i, uint32_t *x,
                    uint32_t *y)
{
    unsigned s = i / 4, p = i % 4;
    if (lanes == 32)
        *x = bx + i % 8, *y = by + i / 8;
    else if (lanes == 2)
        *x = bx + i, *y = by;
    else
        *x = bx + 2 * (s & 1) + (p & 1), *y = by + 2 * (s >> 1) + (p >> 1);
}

/* Where parameter j of pixel i goes: SIMD16 two registers a parameter,
 * SIMD8 one, SIMD4x2 four parameters a register, sample 1 in DW4-7. */
static uint32_t *param_slot(g7sf_reg *pl, unsigned lanes, unsigned j, unsigned i)
{
    if (lanes == 16)
        return &pl[2 * j + i / 8].ud[i % 8];
    if (lanes == 8)
        return &pl[j].ud[i];
    return &pl[j / 4].ud[4 * i + j % 4];
}

/* Channel ch of pixel i in the writeback: SIMD32/64 a register pair a
 * channel, 16 bits a pixel (0xFF00 is 1.0); SIMD16 a register pair a
 * channel, SIMD8 one register, SIMD4x2 RGBA of sample i in DW 4i..4i+3. */
static float result(const g7sf_reg *wb, unsigned lanes, unsigned ch, unsigned i)
{
    if (lanes == 32)
        return (float)(wb[2 * ch + i / 16].ud[i % 16 / 2] >> 16 * (i % 2) & 0xFFFF) / 65280.0f;
    float g;
    const uint32_t *d = lanes == 16 ? &wb[2 * ch + i / 8].ud[i % 8]
                      : lanes == 8 ? &wb[ch].ud[i] : &wb[0].ud[4 * i + ch];
    memcpy(&g, d, 4);
    return g;
}

/* The payload and descriptor of the message for the block at (bx, by).
 * No header: the sampler state pointer comes from the thread. */
enum { PAYLOAD_REGS = 6 };   /* the longest: three parameters of SIMD16 */
static uint32_t g7_payload(const workload *w, uint32_t bx, uint32_t by, g7sf_reg pl[PAYLOAD_REGS])
{
    unsigned lanes = w->lanes, n = 0;
    float scale[2], off[2];
    memset(pl, 0, PAYLOAD_REGS * sizeof *pl);   /* SIMD4x2 leaves parts of its last register unused */
    coord_map(w, scale, off);
    if (w->kind == UNORM) {
        /* media layout, no header: M0.2 U0, M0.3 V0, M0.4 dU, M0.5 dV;
         * mlen 1, rlen 8, SIMD Mode 3, type 01100 */
        float f[4] = { (bx + 0.5f) * scale[0] + off[0], (by + 0.5f) * scale[1] + off[1],
                       scale[0], scale[1] };
        memcpy(&pl[0].ud[2], f, sizeof f);
        return 1u << 25 | 8u << 20 | 3u << 17 | 0x0Cu << 12;
    }
    for (unsigned i = 0; i < lanes; i++) {
        uint32_t x, y, p[5];
        lane_xy(lanes, bx, by, i, &x, &y);
        n = pixel_params(w, scale, off, x + 0.5f, y + 0.5f, p);
        for (unsigned j = 0; j < n; j++)
            *param_slot(pl, lanes, j, i) = p[j];
    }
    /* mlen H + 2N / N / ceil(N / 4); rlen 8 / 4 / 1; SIMD Mode 2 / 1 / 0 */
    unsigned mlen = lanes == 16 ? 2 * n : lanes == 8 ? n : (n + 3) / 4;
    unsigned rlen = lanes == 16 ? 8 : lanes == 8 ? 4 : 1, simd = lanes == 16 ? 2 : lanes == 8;
    return mlen << 25 | rlen << 20 | simd << 17 | msg_type(w) << 12;
}

static int g7_send(g7sf_gpu *gpu, const g7sf_thread *thr, const workload *w, uint32_t desc,
                   g7sf_reg *pl, g7sf_reg wb[8])
{
    /* SIMD4x2: four EMask bits a sample */
    g7sf_msg m = { G7SF_SFID_SAMPLER, desc, false, w->lanes == 16 ? 0xFFFF : 0xFF, pl };
    return g7sf_send(gpu, thr, &m, wb);
}

/* One message for the block at (bx, by); the writeback in wb. */
static int g7_block(g7sf_gpu *gpu, const g7sf_thread *thr, const workload *w, uint32_t bx,
                    uint32_t by, g7sf_reg wb[8])
{
    g7sf_reg pl[PAYLOAD_REGS];
    uint32_t desc = g7_payload(w, bx, by, pl);
    return g7_send(gpu, thr, w, desc, pl, wb);
}

/* Messages per second: SCREEN x SCREEN pixels in blocks, frames for
 * ~0.3 s.  The frame's payloads are built first, outside the timing, as
 * a simulator's EU has its payload in registers: what is timed is
 * g7sf_send. */
static double g7_run(g7sf_gpu *gpu, const g7sf_thread *thr, const workload *w, int *err)
{
    g7sf_reg wb[8];
    unsigned long msgs = 0;
    uint32_t bw = block_w(w->lanes), bh = block_h(w->lanes);
    size_t count = (size_t)(SCREEN / bw) * (SCREEN / bh), k = 0;
    g7sf_reg (*pl)[PAYLOAD_REGS] = malloc(count * sizeof *pl);
    uint32_t desc = 0;
    *err = pl ? 0 : G7SF_ENOMEM;
    if (!pl)
        return 0;
    for (uint32_t by = 0; by < SCREEN; by += bh)
        for (uint32_t bx = 0; bx < SCREEN; bx += bw)
            desc = g7_payload(w, bx, by, pl[k++]);
    double t0 = now(), t;
    do {
        for (k = 0; k < count && !*err; k++)
            *err = g7_send(gpu, thr, w, desc, pl[k], wb);
        msgs += count;
        t = now() - t0;
    } while (t < 0.3 && !*err);
    free(pl);
    return *err ? 0 : msgs / t;
}

/* The largest difference, in 1/255, between gen7sf's RGBA and llvmpipe's
 * RGBA8 render (rgba, SCREEN x SCREEN, bottom row first as gl_FragCoord
 * counts) over blocks along the diagonal; -1 when a message fails. */
static double g7_compare(g7sf_gpu *gpu, const workload *w, const uint8_t *rgba)
{
    static const g7sf_thread thr = { 0 };
    double worst = 0;
    for (uint32_t b = 0; b < SCREEN; b += SCREEN / 16) {
        g7sf_reg wb[8];
        if (g7_block(gpu, &thr, w, b, b, wb))
            return -1;
        for (unsigned i = 0; i < w->lanes; i++) {
            uint32_t x, y;
            lane_xy(w->lanes, b, b, i, &x, &y);
            for (unsigned ch = 0; ch < 4; ch++) {
                double d = fabs(result(wb, w->lanes, ch, i) * 255.0 -
                                rgba[((size_t)y * SCREEN + x) * 4 + ch]);
                worst = d > worst ? d : worst;
            }
        }
    }
    return worst;
}

/* One host thread of the concurrency rows: its own g7sf_thread (and so its
 * own binding cache) on the shared gpu, started with the others. */
typedef struct worker {
    g7sf_gpu *gpu;
    const workload *w;
    pthread_barrier_t *start;
    double rate;
    int err;
} worker;

static void *worker_main(void *arg)
{
    worker *k = arg;
    g7sf_thread thr = { 0 };
    pthread_barrier_wait(k->start);
    k->rate = g7_run(k->gpu, &thr, k->w, &k->err);
    return NULL;
}

/* Messages per second of n host threads together (each timed alone, all
 * running at once), or 0 with *err. */
static double g7_threads(g7sf_gpu *gpu, const workload *w, unsigned n, int *err)
{
    worker *k = calloc(n, sizeof *k);
    pthread_t *t = calloc(n, sizeof *t);
    pthread_barrier_t start;
    unsigned started = 0;
    double sum = 0;
    *err = 1;
    if (k && t && !pthread_barrier_init(&start, NULL, n)) {
        for (; started < n; started++) {
            k[started] = (worker){ gpu, w, &start, 0, 0 };
            if (pthread_create(&t[started], NULL, worker_main, &k[started]))
                break;
        }
        /* a thread that did not start would leave the others at the barrier */
        if (started < n) {
            fprintf(stderr, "bench_sampler: pthread_create failed\n");
            exit(1);
        }
        *err = 0;
        for (unsigned i = 0; i < n; i++) {
            pthread_join(t[i], NULL);
            sum += k[i].rate;
            *err = *err ? *err : k[i].err;
        }
        pthread_barrier_destroy(&start);
    }
    free(k);
    free(t);
    return *err ? 0 : sum;
}

/* The GL entry points beyond mesa_gl's, loaded here. */
static struct {
    PFNGLCREATESHADERPROC CreateShader;
    PFNGLSHADERSOURCEPROC ShaderSource;
    PFNGLCOMPILESHADERPROC CompileShader;
    PFNGLGETSHADERIVPROC GetShaderiv;
    PFNGLCREATEPROGRAMPROC CreateProgram;
    PFNGLATTACHSHADERPROC AttachShader;
    PFNGLLINKPROGRAMPROC LinkProgram;
    PFNGLGETPROGRAMIVPROC GetProgramiv;
    PFNGLUSEPROGRAMPROC UseProgram;
    PFNGLDELETEPROGRAMPROC DeleteProgram;
    PFNGLDELETESHADERPROC DeleteShader;
    PFNGLGETUNIFORMLOCATIONPROC GetUniformLocation;
    PFNGLUNIFORM2FPROC Uniform2f;
    PFNGLGENFRAMEBUFFERSPROC GenFramebuffers;
    PFNGLBINDFRAMEBUFFERPROC BindFramebuffer;
    PFNGLFRAMEBUFFERTEXTURE2DPROC FramebufferTexture2D;
    PFNGLCHECKFRAMEBUFFERSTATUSPROC CheckFramebufferStatus;
    PFNGLGENVERTEXARRAYSPROC GenVertexArrays;
    PFNGLBINDVERTEXARRAYPROC BindVertexArray;
    void (APIENTRY *TexParameteri)(GLenum, GLenum, GLint);
    void (APIENTRY *TexParameterf)(GLenum, GLenum, GLfloat);
    void (APIENTRY *Viewport)(GLint, GLint, GLsizei, GLsizei);
    void (APIENTRY *DrawArrays)(GLenum, GLint, GLsizei);
    void (APIENTRY *Finish)(void);
} gx;

static const char *gl_load(void)
{
    void *lib = dlopen("libEGL.so.1", RTLD_NOW | RTLD_NOLOAD);
    PFNEGLGETPROCADDRESSPROC gpa = NULL;
    if (lib)
        *(void **)&gpa = dlsym(lib, "eglGetProcAddress");
    if (!gpa)
        return "eglGetProcAddress not found";
    static const char *const names[] = {
        "glCreateShader", "glShaderSource", "glCompileShader", "glGetShaderiv",
        "glCreateProgram", "glAttachShader", "glLinkProgram", "glGetProgramiv", "glUseProgram",
        "glDeleteProgram", "glDeleteShader", "glGetUniformLocation", "glUniform2f",
        "glGenFramebuffers", "glBindFramebuffer", "glFramebufferTexture2D",
        "glCheckFramebufferStatus", "glGenVertexArrays", "glBindVertexArray",
        "glTexParameteri", "glTexParameterf", "glViewport", "glDrawArrays", "glFinish" };
    void (**slot)(void) = (void (**)(void))&gx;
    _Static_assert(sizeof gx == sizeof names / sizeof names[0] * sizeof(void (*)(void)),
                   "one name per entry point");
    for (size_t i = 0; i < sizeof names / sizeof names[0]; i++)
        if (!(slot[i] = gpa(names[i])))
            return "GL lacks an entry point the benchmark needs";
    return NULL;
}

static const char *vs_src =
    "#version 330\n"
    "void main() {\n"
    "    vec2 p = vec2(gl_VertexID & 1, gl_VertexID >> 1) * 4.0 - 1.0;\n"
    "    gl_Position = vec4(p, 0.0, 1.0);\n"
    "}\n";

/* The fragment shader doing w's lookup at p = gl_FragCoord.xy * scale +
 * off (coord_map); GLSL 4.00 for textureGather. */
static void gl_fragment(const workload *w, char *fs, size_t n)
{
    const char *sampler = "sampler2D", *look = "texture(t, p)";
    if (w->kind == SHADOW)
        sampler = "sampler2DShadow", look = "vec4(texture(t, vec3(p, 0.5)))";
    else if (w->kind == LD)
        look = "texelFetch(t, ivec2(p), 0)";
    else if (w->kind == GATHER)
        look = "textureGather(t, p)";
    else if (w->type == G7SF_SURFTYPE_CUBE)
        sampler = "samplerCube", look = "texture(t, vec3(p, 0.6))";   /* CUBE_Z */
    else if (w->type == G7SF_SURFTYPE_3D)
        sampler = "sampler3D", look = "texture(t, vec3(p, (p.x + p.y) * 0.5))";
    else if (w->lanes == 2)
        look = "textureLod(t, p, 0.0)";   /* what SIMD4x2's sample_l does */
    snprintf(fs, n,
             "#version %s\n"
             "uniform %s t; uniform vec2 scale, off; out vec4 o;\n"
             "void main() { vec2 p = gl_FragCoord.xy * scale + off; o = %s; }\n",
             w->kind == GATHER ? "400" : "330", sampler, look);
}

static GLuint gl_program(const char *fs)
{
    GLuint p = gx.CreateProgram(), s[2] = { gx.CreateShader(GL_VERTEX_SHADER),
                                            gx.CreateShader(GL_FRAGMENT_SHADER) };
    const char *src[2] = { vs_src, fs };
    GLint ok = 1, part;
    for (int i = 0; i < 2; i++) {
        gx.ShaderSource(s[i], 1, &src[i], NULL);
        gx.CompileShader(s[i]);
        gx.GetShaderiv(s[i], GL_COMPILE_STATUS, &part);
        ok &= part;
        gx.AttachShader(p, s[i]);
    }
    gx.LinkProgram(p);
    gx.GetProgramiv(p, GL_LINK_STATUS, &part);
    gx.DeleteShader(s[0]);
    gx.DeleteShader(s[1]);
    if (!ok || !part) {
        gx.DeleteProgram(p);
        return 0;
    }
    return p;
}

/* A Surface Format as GL's internal format and upload format and type;
 * compressed formats upload with glCompressedTexImage2D (format 0). */
static const struct gl_format {
    unsigned format;
    GLint internal;
    GLenum format_gl, type;
} gl_formats[] = {
    { G7SF_FORMAT_R8G8B8A8_UNORM, GL_RGBA8, GL_RGBA, GL_UNSIGNED_BYTE },
    { G7SF_FORMAT_R8G8B8A8_UNORM_SRGB, GL_SRGB8_ALPHA8, GL_RGBA, GL_UNSIGNED_BYTE },
    { G7SF_FORMAT_R16G16B16A16_FLOAT, GL_RGBA16F, GL_RGBA, GL_HALF_FLOAT },
    { G7SF_FORMAT_R32_FLOAT, GL_DEPTH_COMPONENT32F, GL_DEPTH_COMPONENT, GL_FLOAT },
    /* GL takes the 24 bits at the top of a 32-bit word (gl_depth24) */
    { G7SF_FORMAT_R24_UNORM_X8_TYPELESS, GL_DEPTH_COMPONENT24, GL_DEPTH_COMPONENT,
      GL_UNSIGNED_INT },
    { G7SF_FORMAT_BC1_UNORM, GL_COMPRESSED_RGBA_S3TC_DXT1_EXT, 0, 0 },
    { G7SF_FORMAT_BC3_UNORM, GL_COMPRESSED_RGBA_S3TC_DXT5_EXT, 0, 0 },
    { G7SF_FORMAT_BC7_UNORM, GL_COMPRESSED_RGBA_BPTC_UNORM, 0, 0 },
};

static const struct gl_format *gl_format_of(unsigned format)
{
    for (size_t i = 0; i < sizeof gl_formats / sizeof gl_formats[0]; i++)
        if (gl_formats[i].format == format)
            return &gl_formats[i];
    return NULL;
}

/* R24_UNORM_X8's low 24 bits as the 32-bit words GL_UNSIGNED_INT depth
 * uploads take: the value on top, its high bits repeated below so that
 * GL's d / (2^32 - 1) lands on the same 24-bit value. */
static uint32_t *gl_depth24(const uint8_t *d, size_t n)
{
    uint32_t *o = malloc(n);
    for (size_t i = 0; o && i < n / 4; i++) {
        uint32_t v;
        memcpy(&v, d + 4 * i, 4);
        v &= 0xFFFFFF;
        o[i] = v << 8 | v >> 16;
    }
    return o;
}

/* Level l of w's texture, every image of it, into the bound texture. */
static void gl_level(const mesa_gl *gl, const workload *w, const struct gl_format *f,
                     unsigned l, const uint8_t *d)
{
    GLsizei s = (GLsizei)(side_of(w) >> l);
    size_t image = image_bytes(w->format, (uint32_t)s, (uint32_t)s);
    if (w->type == G7SF_SURFTYPE_3D) {
        gl->TexImage3D(GL_TEXTURE_3D, (GLint)l, f->internal, s, s, (GLsizei)slices_of(w, l), 0,
                       f->format_gl, f->type, d);
        return;
    }
    for (uint32_t z = 0; z < slices_of(w, l); z++) {
        /* cube faces in gen7sf's array order, which is GL's face order */
        GLenum target = w->type == G7SF_SURFTYPE_CUBE ? GL_TEXTURE_CUBE_MAP_POSITIVE_X + z
                                                      : GL_TEXTURE_2D;
        if (!f->format_gl)
            gl->CompressedTexImage2D(target, (GLint)l, (GLenum)f->internal, s, s, 0,
                                     (GLsizei)image, d + z * image);
        else
            gl->TexImage2D(target, (GLint)l, f->internal, s, s, 0, f->format_gl, f->type,
                           d + z * image);
    }
}

/* The same texture and filter in GL; returns pixels per second, or 0 with
 * *why; the last frame in rgba. */
static double gl_run(const mesa_gl *gl, const workload *w, uint8_t *const *data,
                     const char **why, uint8_t *rgba)
{
    const struct gl_format *f = gl_format_of(w->format);
    char fs[512];
    if (!f) {
        *why = "no GL format for this Surface Format";
        return 0;
    }
    gl_fragment(w, fs, sizeof fs);
    GLuint tex, fbo, target, vao, prog = gl_program(fs);
    GLenum type = w->type == G7SF_SURFTYPE_CUBE ? GL_TEXTURE_CUBE_MAP
                : w->type == G7SF_SURFTYPE_3D ? GL_TEXTURE_3D : GL_TEXTURE_2D;
    if (!prog) {
        *why = "shader did not compile";
        return 0;
    }
    gl->GenTextures(1, &tex);
    gl->BindTexture(type, tex);
    gl->PixelStorei(GL_UNPACK_ALIGNMENT, 1);
    unsigned levels = levels_of(side_of(w));
    for (unsigned l = 0; l < levels; l++) {
        uint32_t *d24 = NULL;
        if (w->format == G7SF_FORMAT_R24_UNORM_X8_TYPELESS &&
            !(d24 = gl_depth24(data[l], image_bytes(w->format, side_of(w) >> l,
                                                    side_of(w) >> l) * slices_of(w, l))))
            break;
        gl_level(gl, w, f, l, d24 ? (const uint8_t *)d24 : data[l]);
        free(d24);
    }
    int mips = w->kind == TRILINEAR || w->kind == ANISO;
    GLint filter = w->kind == NEAREST ? GL_NEAREST : GL_LINEAR;
    gx.TexParameteri(type, GL_TEXTURE_MIN_FILTER, mips ? GL_LINEAR_MIPMAP_LINEAR : filter);
    gx.TexParameteri(type, GL_TEXTURE_MAG_FILTER, filter);
    if (w->kind == UNORM) {     /* TEXCOORDMODE_CLAMP */
        gx.TexParameteri(type, GL_TEXTURE_WRAP_S, GL_CLAMP_TO_EDGE);
        gx.TexParameteri(type, GL_TEXTURE_WRAP_T, GL_CLAMP_TO_EDGE);
    }
    if (w->kind == ANISO)
        gx.TexParameterf(type, GL_TEXTURE_MAX_ANISOTROPY_EXT, 16.0f);
    if (w->reduce)
        gx.TexParameteri(type, GL_TEXTURE_REDUCTION_MODE_ARB,
                         w->reduce == G7SF_REDUCTION_MINIMUM ? GL_MIN : GL_MAX);
    if (w->kind == SHADOW) {
        gx.TexParameteri(type, GL_TEXTURE_COMPARE_MODE, GL_COMPARE_REF_TO_TEXTURE);
        gx.TexParameteri(type, GL_TEXTURE_COMPARE_FUNC, GL_LEQUAL);
    }
    if (w->type == G7SF_SURFTYPE_CUBE)
        gl->Enable(GL_TEXTURE_CUBE_MAP_SEAMLESS);   /* as TEXCOORDMODE_CUBE filters */
    gl->GenTextures(1, &target);
    gl->BindTexture(GL_TEXTURE_2D, target);
    gl->TexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, SCREEN, SCREEN, 0, GL_RGBA, GL_UNSIGNED_BYTE, NULL);
    gx.GenFramebuffers(1, &fbo);
    gx.BindFramebuffer(GL_FRAMEBUFFER, fbo);
    gx.FramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, target, 0);
    gl->BindTexture(GL_TEXTURE_2D, 0);
    gl->BindTexture(type, tex);
    gx.GenVertexArrays(1, &vao);
    gx.BindVertexArray(vao);
    gx.UseProgram(prog);
    float scale[2], off[2];
    coord_map(w, scale, off);
    gx.Uniform2f(gx.GetUniformLocation(prog, "scale"), scale[0], scale[1]);
    gx.Uniform2f(gx.GetUniformLocation(prog, "off"), off[0], off[1]);
    gx.Viewport(0, 0, SCREEN, SCREEN);
    double rate = 0;
    if (gx.CheckFramebufferStatus(GL_FRAMEBUFFER) != GL_FRAMEBUFFER_COMPLETE || gl->GetError()) {
        *why = "GL refused the texture or the framebuffer";
    } else {
        gx.DrawArrays(GL_TRIANGLES, 0, 3);   /* warm-up: shader compile */
        gx.Finish();
        unsigned long frames = 0;
        double t0 = now(), t;
        do {
            gx.DrawArrays(GL_TRIANGLES, 0, 3);
            gx.Finish();
            frames++;
            t = now() - t0;
        } while (t < 0.3);
        rate = frames * (double)(SCREEN * SCREEN) / t;
        gl->ReadPixels(0, 0, SCREEN, SCREEN, GL_RGBA, GL_UNSIGNED_BYTE, rgba);
    }
    gx.UseProgram(0);
    gx.DeleteProgram(prog);
    gx.BindFramebuffer(GL_FRAMEBUFFER, 0);
    gl->Disable(GL_TEXTURE_CUBE_MAP_SEAMLESS);
    gl->DeleteTextures(1, &tex);
    gl->DeleteTextures(1, &target);
    return rate;
}

/* Every level of w's texture (level_data), or 1. */
static int make_data(const workload *w, uint8_t *data[16])
{
    uint32_t side = side_of(w);
    size_t n;
    for (unsigned l = 0; l < levels_of(side); l++)
        if (!(data[l] = level_data(w->format, side >> l, side >> l, slices_of(w, l), &n)))
            return 1;
    return 0;
}

static void free_data(uint8_t *data[16])
{
    for (unsigned l = 0; l < 16; l++)
        free(data[l]);
}

/* A gen7sf error: the code and what the error latch says. */
static void print_error(const char *name, g7sf_gpu *gpu, int err)
{
    g7sf_error e = { 0 };
    if (err > 0 || !gpu) {
        printf("%-40s %6s %12s (setup failed)\n", name, "", "-");
        return;
    }
    g7sf_last_error(gpu, &e);
    printf("%-40s %6s %12s (error %d %s: %s)\n", name, "", "-", err, g7sf_strerror(err),
           e.reason);
}

/* One table row: gen7sf's rate and llvmpipe's, or the reason it has none. */
static void row(const mesa_gl *gl, const char *why, const workload *w)
{
    static uint8_t rgba[SCREEN * SCREEN * 4];
    static const g7sf_thread thr = { 0 };
    uint8_t *data[16] = { 0 };
    if (make_data(w, data)) {
        free_data(data);
        printf("%-40s (out of memory)\n", w->name);
        return;
    }
    g7sf_gpu_options opt = { .platform = G7SF_IVB,
                             .extensions = w->reduce ? G7SF_EXT_MINMAX_FILTER : 0u };
    g7sf_gpu *gpu = g7sf_gpu_create_ex(&opt);
    int err = gpu ? g7_setup(gpu, w, data) : 1;
    double g7 = err ? 0 : g7_run(gpu, &thr, w, &err);
    if (err) {
        print_error(w->name, gpu, err);
    } else {
        const char *gwhy = why;
        /* llvmpipe in messages of this row's size */
        double mesa = gl ? gl_run(gl, w, data, &gwhy, rgba) / w->lanes : 0;
        printf("%-40s %6u %12.1f %12.0f ", w->name, w->lanes, g7 * w->lanes / 1e6, g7);
        /* maxdiff: gen7sf vs the render, in 1/255 (not a pass/fail) */
        if (mesa > 0)
            printf("%14.0f %7.3f %8.2f\n", mesa, g7 / mesa, g7_compare(gpu, w, rgba));
        else
            printf("%14s (no ratio: %s)\n", "-", gwhy);
    }
    g7sf_gpu_destroy(gpu);
    free_data(data);
}

/* The concurrency rows: THREADS_LOAD from one host thread, then from one
 * per online core, on one gpu; scaling = all-core rate / (cores x the
 * one-thread rate).  No llvmpipe column: this is about gen7sf's threads. */
static void thread_rows(void)
{
    const workload *w = THREADS_LOAD;
    long online = sysconf(_SC_NPROCESSORS_ONLN);
    unsigned cores = online > 0 ? (unsigned)online : 1;
    uint8_t *data[16] = { 0 };
    g7sf_gpu *gpu = make_data(w, data) ? NULL : g7sf_gpu_create();
    int err = gpu ? g7_setup(gpu, w, data) : 1;
    double one = 0;
    if (err)
        print_error("bilinear RGBA8, host threads", gpu, err);
    for (unsigned n = 1; !err; n = cores) {
        char name[64];
        snprintf(name, sizeof name, "bilinear RGBA8, %u host thread%s", n, n > 1 ? "s" : "");
        double rate = g7_threads(gpu, w, n, &err);
        if (err) {
            print_error(name, gpu, err);
            break;
        }
        printf("%-40s %6u %12.1f %12.0f ", name, w->lanes, rate * w->lanes / 1e6, rate);
        if (n == 1)
            printf("%14s (one g7sf_thread)\n", "-"), one = rate;
        else
            printf("%14s (scaling %.3f = rate / (%u x 1-thread rate))\n", "-",
                   rate / (n * one), n);
        if (n == cores)
            break;
    }
    g7sf_gpu_destroy(gpu);
    free_data(data);
}

/* bench_sampler [--no-gl] [WORD | =NAME | threads]: every workload, or
 * those whose name holds WORD or is NAME (and no thread rows), or the
 * thread rows alone; --no-gl skips llvmpipe (for profiling gen7sf). */
int main(int argc, char **argv)
{
    const char *why = "--no-gl", *only = NULL;
    bool use_gl = true;
    for (int i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "--no-gl"))
            use_gl = false;
        else
            only = argv[i];
    }
    setenv("LP_NUM_THREADS", "1", 0);
    const mesa_gl *gl = use_gl ? mesa_gl_open(&why) : NULL;
    if (gl && (why = gl_load()))
        gl = NULL;
    printf("%-40s %6s %12s %12s %14s %7s %8s\n", "workload (Y-tiled unless linear)", "px/msg",
           "gen7sf Mpx/s", "gen7sf msg/s", "llvmpipe msg/s", "ratio", "maxdiff");
    for (size_t i = 0; i < sizeof loads / sizeof loads[0]; i++)
        if (!only || (only[0] == '=' ? !strcmp(loads[i].name, only + 1)
                                     : strstr(loads[i].name, only) != NULL))
            row(gl, why, &loads[i]);
    if (!only || !strcmp(only, "threads"))
        thread_rows();
    return 0;
}
