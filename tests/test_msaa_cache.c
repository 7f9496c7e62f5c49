/* MSAA colour in the index bits through the render cache and the sampler
 * (patent US 9466124, gen7sf/msaa_compress.h): render target writes to an
 * opt-in surface, tiles written back as index bits or Gen7 planes, the
 * control surface, ld_mcs / ld2dms / ld2dss, the counters; everything
 * checked against a plain uncompressed copy the test keeps itself. */
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#include "gen7sf/msaa_compress.h"
#include "gen7sf/render_cache.h"
#include "gen7sf/sampler.h"
#include "gen7sf/surface.h"
#include "gpu_setup.h"
#include "harness.h"
#include "rt_setup.h"

#define RT_MEM   0x00400000u
#define MCS_MEM  0x00800000u
#define CLEAR    0xFFFF00FFu   /* Clear Color R, B, A = 1: bytes FF 00 FF FF */
#define BLUE     0xFFFF0000u
#define GREEN    0xFF00FF00u

typedef struct fx {
    g7sf_gpu *gpu;
    unsigned n, w, h;
    g7sf_render_surface_state ss;
    g7sf_rt_target rt;
    g7sf_texture tex;
    g7sf_blend_state plain, xor_op;
    g7sf_color_calc_state cc;
    uint32_t *gold;   /* gold[(y * w + x) * n + s] */
} fx;

/* A w x h 2D Y-tiled R8G8B8A8_UNORM MSS target with n samples and an MCS,
 * Index Compression Enable = bit, on a gpu with the extension or not. */
static void fx_init(fx *f, unsigned n, unsigned w, unsigned h, bool ext, bool bit)
{
    memset(f, 0, sizeof *f);
    g7sf_gpu_options o = { .platform = G7SF_IVB, .extensions = ext ? G7SF_EXT_MSAA_INDEX : 0 };
    f->gpu = g7sf_gpu_create_ex(&o);
    f->n = n, f->w = w, f->h = h;
    g7sf_render_surface_state *ss = &f->ss;
    ss->surface_type = G7SF_SURFTYPE_2D;
    ss->surface_format = G7SF_FORMAT_R8G8B8A8_UNORM;
    ss->tiled_surface = 1;
    ss->tile_walk = G7SF_TILEWALK_YMAJOR;
    ss->surface_array_spacing = G7SF_ARYSPC_LOD0;
    ss->surface_base_address = RT_MEM;
    ss->width = w - 1;
    ss->height = h - 1;
    uint32_t pitch = (w * 4 + 127) / 128 * 128, mpitch = (w * (n == 8 ? 4 : 1) + 127) / 128 * 128;
    ss->surface_pitch = pitch - 1;
    ss->number_of_multisamples = n == 4 ? G7SF_MULTISAMPLECOUNT_4 : G7SF_MULTISAMPLECOUNT_8;
    ss->multisampled_surface_storage_format = G7SF_MSFMT_MSS;
    ss->mcs_base_address = MCS_MEM;
    ss->mcs_surface_pitch = mpitch / 128 - 1;
    ss->mcs_enable = 1;
    ss->index_compression_enable = bit;
    ss->red_clear_color = ss->blue_clear_color = ss->alpha_clear_color = 1;
    const char *why = "";
    CHECKF(g7sf_rt_target_from_state(ss, G7SF_IVB, 0, n, false, &f->rt, &why) == 0, "%s", why);
    CHECK_EQ(g7sf_texture_from_state(ss, &f->tex), 0);
    f->xor_op.logic_op_enable[0] = 1;
    f->xor_op.logic_op_function[0] = G7SF_LOGICOP_XOR;
    f->gold = calloc((size_t)w * h * n, 4);   /* zeroed memory: MCS 0, every sample 0 */
}

static void fx_fini(fx *f)
{
    free(f->gold);
    g7sf_gpu_destroy(f->gpu);
}

static uint32_t ctl_addr(const fx *f, uint32_t x, uint32_t y)
{
    uint32_t a = 0;
    CHECK_EQ(g7sf_surface_msaa_control_address(&f->rt.s, x, y, 0, &a), 0);
    return a;
}
static uint8_t ctl(const fx *f, uint32_t x, uint32_t y)
{
    uint8_t b = 0xEE;
    g7sf_mem_read(f->gpu, ctl_addr(f, x, y), &b, 1);
    return b;
}

/* A driver's fast clear: MCS all ones (cleared), control 0 everywhere. */
static void fx_clear(fx *f)
{
    CHECK_EQ(g7sf_render_cache_flush(f->gpu), 0);
    g7sf_surface m;
    CHECK_EQ(g7sf_surface_mcs(&f->rt.s, &m), 0);
    size_t sz = (size_t)g7sf_surface_size(&m);
    uint8_t *ones = malloc(sz);
    memset(ones, 0xFF, sz);
    CHECK_EQ(g7sf_mem_write(f->gpu, MCS_MEM, ones, sz), 0);
    free(ones);
    uint32_t tiles = (f->w + 7) / 8 * ((f->h + 3) / 4);
    uint8_t zero[4096] = { 0 };
    CHECK_EQ(g7sf_mem_write(f->gpu, ctl_addr(f, 0, 0), zero, tiles), 0);
    for (size_t i = 0; i < (size_t)f->w * f->h * f->n; i++)
        f->gold[i] = CLEAR;
}

static g7sf_texel rgba(uint32_t c)
{
    g7sf_texel t;
    for (unsigned k = 0; k < 4; k++)
        t.f[k] = (float)(c >> 8 * k & 0xff) / 255.0f;
    return t;
}

/* Writes colour c to the samples cover[i] of pixels px (count m); xor:
 * LOGICOP_XOR instead of a plain write.  Returns g7sf_rt_write's code. */
static int fx_draw(fx *f, const uint32_t (*xy)[2], const uint32_t *cover, unsigned m, uint32_t c,
                   bool xor_op, const char **why)
{
    g7sf_rt_pixel px[128];
    for (unsigned i = 0; i < m; i++) {
        px[i] = (g7sf_rt_pixel){ .x = xy[i][0], .y = xy[i][1], .cover = cover[i], .alpha = 1.0f };
        px[i].src0 = rgba(c);
    }
    int r = g7sf_rt_write(f->gpu, &f->rt, xor_op ? &f->xor_op : &f->plain, 0, &f->cc, px, m,
                          false, why);
    if (!r)
        for (unsigned i = 0; i < m; i++)
            for (unsigned s = 0; s < f->n; s++)
                if (cover[i] >> s & 1 && xy[i][0] < f->w && xy[i][1] < f->h) {
                    uint32_t *g = &f->gold[(xy[i][1] * f->w + xy[i][0]) * f->n + s];
                    *g = xor_op ? *g ^ c : c;
                }
    return r;
}

/* One pixel's samples through ld_mcs then ld2dms (op LD2DMS) or ld2dss. */
static int fx_read(fx *f, uint32_t x, uint32_t y, unsigned op, uint32_t *out, uint32_t *mcs_y)
{
    g7sf_sample_args a;
    g7sf_sample_result r;
    memset(&a, 0, sizeof a);
    a.op = G7SF_OP_LD_MCS;
    a.n = 4;
    a.mask = 1;
    a.p[G7SF_PARAM_U][0].i = (int32_t)x;
    a.p[G7SF_PARAM_V][0].i = (int32_t)y;
    int e = g7sf_sample(f->gpu, &f->tex, NULL, &a, &r);
    if (e)
        return e;
    uint32_t mcs = r.px[0].u[0];
    if (mcs_y)
        *mcs_y = r.px[0].u[1];
    a.op = op;
    a.p[G7SF_PARAM_MCS][0].u = mcs;
    for (unsigned s = 0; s < f->n; s++) {
        a.p[G7SF_PARAM_SI][0].u = s;
        if ((e = g7sf_sample(f->gpu, &f->tex, NULL, &a, &r)))
            return e;
        uint32_t v = 0;
        for (unsigned k = 0; k < 4; k++)
            v |= (uint32_t)(r.px[0].f[k] * 255.0f + 0.5f) << 8 * k;
        out[s] = v;
    }
    return 0;
}

/* Every pixel read back (after a flush) equals the golden copy. */
static bool fx_check_all(fx *f, const char *when)
{
    CHECK_EQ(g7sf_render_cache_flush(f->gpu), 0);
    unsigned bad = 0;
    for (uint32_t y = 0; y < f->h; y++)
        for (uint32_t x = 0; x < f->w; x++) {
            uint32_t v[8];
            int e = fx_read(f, x, y, G7SF_OP_LD2DMS, v, NULL);
            for (unsigned s = 0; s < f->n; s++) {
                uint32_t want = f->gold[(y * f->w + x) * f->n + s];
                if ((e || v[s] != want) && bad++ < 4)
                    t_fail(__FILE__, __LINE__, "%s: (%u,%u) sample %u: %08x want %08x (e %d, "
                           "control %x)", when, x, y, s, e ? 0 : v[s], want, e, ctl(f, x, y));
            }
        }
    for (uint32_t ty = 0; ty < (f->h + 3) / 4; ty++)
        for (uint32_t tx = 0; tx < (f->w + 7) / 8; tx++) {
            uint8_t b = ctl(f, tx * 8, ty * 4);
            CHECKF(b <= 2 || b == 0xF, "%s: tile (%u,%u) control %02x", when, tx, ty, b);
        }
    return bad == 0;
}

/* ---- the patent's scene ---- */

/* L22: blue fills one 4x tile (an 8x4 surface, opted in), then a green
 * triangle covers a third of it (below x + 2y = 6.5, sample positions at
 * quarter offsets, as test_msaa_index's patent_l22_scene_traffic).  The
 * tile stays in the render cache.  tri (may be NULL) gets the triangle's
 * coverage per pixel. */
static void draw_l22_scene(fx *f, uint32_t tri_out[32])
{
    static const float sx[4] = { 0.375f, 0.875f, 0.125f, 0.625f };
    static const float sy[4] = { 0.125f, 0.375f, 0.625f, 0.875f };
    fx_init(f, 4, 8, 4, true, true);
    uint32_t xy[32][2], full[32], tri[32];
    for (unsigned p = 0; p < 32; p++) {
        xy[p][0] = p % 8, xy[p][1] = p / 8, full[p] = 0xF, tri[p] = 0;
        for (unsigned s = 0; s < 4; s++)
            if ((float)(p % 8) + sx[s] + 2.0f * ((float)(p / 8) + sy[s]) < 6.5f)
                tri[p] |= 1u << s;
    }
    CHECK_EQ(fx_draw(f, xy, full, 32, BLUE, false, NULL), 0);
    CHECK_EQ(fx_draw(f, xy, tri, 32, GREEN, false, NULL), 0);
    if (tri_out)
        memcpy(tri_out, tri, sizeof tri);
}

TEST(patent_l22_scene_through_render_target_writes)
{
    fx f;
    draw_l22_scene(&f, NULL);
    CHECK_EQ(ctl(&f, 0, 0), 0);   /* still in the cache */
    CHECK_EQ(g7sf_render_cache_flush(f.gpu), 0);
    CHECK_EQ(ctl(&f, 0, 0), G7SF_MSAA_CTRL_INDEX);
    g7sf_msaa_stats st;
    g7sf_msaa_traffic tr;
    CHECK_EQ(g7sf_msaa_stats_read(f.gpu, &st, 1), 0);
    CHECK_EQ(g7sf_msaa_tile_traffic(4, g7sf_msaa_tile_planes(f.gold, 4), &tr), 0);
    CHECK_EQ(tr.index_mode, 256);
    CHECK_EQ(tr.uncompressed, 2304);
    CHECK_EQ(st.tiles_evicted, 1);
    CHECK_EQ(st.tiles_index, 1);
    CHECK_EQ(st.bytes_written, tr.index_mode / 8 + 1);        /* 32 bytes of index bits + control */
    CHECK_EQ(st.baseline_written, tr.uncompressed / 8);       /* MCS + 2 planes: 288 bytes */
    CHECK_EQ(st.bytes_read, 1 + 32);                          /* the fill: control + MCS */
    CHECK_EQ(st.baseline_read, 32);
    /* the planes were not touched: memory holds zeros where Gen7 would
     * have put blue and green */
    uint32_t addr, v = 1;
    CHECK_EQ(g7sf_surface_texel_address(&f.rt.s, 7, 3, 0, 0, 0, &addr), 0);
    g7sf_mem_read(f.gpu, addr, &v, 4);
    CHECK_EQ(v, 0);
    fx_check_all(&f, "L22");
    CHECK_EQ(g7sf_msaa_stats_read(f.gpu, &st, 0), 0);
    /* every pixel by ld_mcs and four ld2dms, one pixel a message: the
     * sampler counts 64-byte lines missing in its L1 model (the layout in
     * sampler_reads_count_cache_lines below).  The extension: the control
     * byte's line and the one line of the tile's 32 MCS bytes, 128 bytes
     * for the whole tile.  Gen7: the MCS line, and planes 0 and 1 (blue
     * and green pixels both sides) of the left and right 4x4 halves, each
     * half of a plane one line: 5 x 64 */
    CHECK_EQ(st.bytes_read, 2 * 64);
    CHECK_EQ(st.baseline_read, 5 * 64);
    fx_fini(&f);
}

/* ---- the sampler's reads: lines missing in a modelled L1 ---- */

/* A SIMD16 message (op) over the 4x4 block at (x0, 0) of an 8x4 tile:
 * pixel i of subspan i / 4 at (x0 + 2 (i / 4 % 2) + i % 2, 2 (i / 8) +
 * i % 4 / 2); for ld2dms sample si with each pixel's mcs[i]. */
static int block16(fx *f, unsigned op, uint32_t x0, uint32_t si, uint32_t mcs[16])
{
    g7sf_sample_args a;
    g7sf_sample_result r;
    memset(&a, 0, sizeof a);
    a.op = op;
    a.n = 16;
    a.mask = 0xFFFF;
    for (unsigned i = 0; i < 16; i++) {
        a.p[G7SF_PARAM_U][i].i = (int32_t)(x0 + 2 * (i / 4 % 2) + i % 2);
        a.p[G7SF_PARAM_V][i].i = (int32_t)(2 * (i / 8) + i % 4 / 2);
        a.p[G7SF_PARAM_SI][i].u = si;
        a.p[G7SF_PARAM_MCS][i].u = mcs[i];
    }
    int e = g7sf_sample(f->gpu, &f->tex, NULL, &a, &r);
    if (!e && op == G7SF_OP_LD_MCS)
        for (unsigned i = 0; i < 16; i++)
            mcs[i] = r.px[i].u[0];
    return e;
}

/* A resolve's messages for the block at (x0, 0): ld_mcs, then ld2dms of
 * each sample; the bytes the stats gained, the extension's and Gen7's. */
static void resolve_block(fx *f, uint32_t x0, uint64_t *ext, uint64_t *gen7)
{
    g7sf_msaa_stats a, b;
    uint32_t mcs[16];
    CHECK_EQ(g7sf_msaa_stats_read(f->gpu, &a, 0), 0);
    CHECK_EQ(block16(f, G7SF_OP_LD_MCS, x0, 0, mcs), 0);
    for (unsigned s = 0; s < f->n; s++)
        CHECK_EQ(block16(f, G7SF_OP_LD2DMS, x0, s, mcs), 0);
    CHECK_EQ(g7sf_msaa_stats_read(f->gpu, &b, 0), 0);
    *ext = b.bytes_read - a.bytes_read;
    *gen7 = b.baseline_read - a.baseline_read;
}

typedef struct reader { fx *f; uint64_t ext, gen7; } reader;

static void *read_left_block(void *arg)
{
    reader *r = arg;
    resolve_block(r->f, 0, &r->ext, &r->gen7);
    return NULL;
}

static uint32_t line_of(uint32_t addr) { return addr >> 6; }

/* The L22 tile (4x, INDEX: blue and green) resolved as gen7sf-tex does.
 * Layout (Y tiles: 16-byte columns of 32 rows, a 64-byte line is 4 rows of
 * one column): the MCS, a byte a pixel, holds the tile's 32 bytes in one
 * line; each plane, 4 bytes a pixel, holds a 4x4 half in one line (x 0..3
 * column 0, x 4..7 column 1); the control byte is one line.  The left
 * half: pixel (0,0) all green (plane 0 only), (3,1) green in sample 0,
 * blue in 1 (planes 0 and 1, by the planes write-back: the distinct
 * colours in sample order).  The right half: (4,0) all green, (5,0)
 * samples 0 green, 1 blue: planes 0 and 1 again. */
TEST(sampler_reads_count_cache_lines)
{
    fx f;
    uint32_t tri[32];
    draw_l22_scene(&f, tri);
    CHECK_EQ(g7sf_render_cache_flush(f.gpu), 0);
    CHECK_EQ(ctl(&f, 0, 0), G7SF_MSAA_CTRL_INDEX);
    CHECK_EQ(tri[0], 0xF);
    CHECK_EQ(tri[8 + 3], 0x1 | 0x4);   /* (3,1): samples 0 and 2 green */
    CHECK_EQ(tri[4], 0xF);
    CHECK_EQ(tri[5], 0x1 | 0x4);
    /* the layout above, from the address functions */
    uint32_t m0, m1, p00, p03, p04, p10, c0;
    CHECK_EQ(g7sf_surface_mcs_address(&f.rt.s, 0, 0, 0, 0, &m0), 0);
    CHECK_EQ(g7sf_surface_mcs_address(&f.rt.s, 7, 3, 0, 0, &m1), 0);
    CHECK_EQ(line_of(m0), line_of(m1));
    CHECK_EQ(g7sf_surface_texel_address(&f.rt.s, 0, 0, 0, 0, 0, &p00), 0);
    CHECK_EQ(g7sf_surface_texel_address(&f.rt.s, 3, 3, 0, 0, 0, &p03), 0);
    CHECK_EQ(g7sf_surface_texel_address(&f.rt.s, 4, 0, 0, 0, 0, &p04), 0);
    CHECK_EQ(g7sf_surface_texel_address(&f.rt.s, 0, 0, 0, 0, 1, &p10), 0);
    CHECK_EQ(line_of(p00), line_of(p03));
    CHECK(line_of(p00) != line_of(p04) && line_of(p00) != line_of(p10));
    c0 = ctl_addr(&f, 7, 3);
    CHECK(line_of(c0) != line_of(m0) && line_of(c0) != line_of(p00));
    uint64_t ext, gen7;
    CHECK_EQ(g7sf_msaa_stats_read(f.gpu, NULL, 1), 0);
    /* the left half: ld_mcs misses the control and MCS lines (Gen7: the
     * MCS line); the four ld2dms hit them (the index bits are the MCS
     * line), Gen7 misses planes 0 and 1 */
    resolve_block(&f, 0, &ext, &gen7);
    CHECK_EQ(ext, 2 * 64);
    CHECK_EQ(gen7, 3 * 64);
    /* the right half: the extension hits everything; Gen7 hits the MCS,
     * misses the right halves of planes 0 and 1 */
    resolve_block(&f, 4, &ext, &gen7);
    CHECK_EQ(ext, 0);
    CHECK_EQ(gen7, 2 * 64);
    /* the left half again in new messages: nothing missed */
    resolve_block(&f, 0, &ext, &gen7);
    CHECK_EQ(ext, 0);
    CHECK_EQ(gen7, 0);
    /* a flush empties the model: counted again */
    CHECK_EQ(g7sf_render_cache_flush(f.gpu), 0);
    resolve_block(&f, 0, &ext, &gen7);
    CHECK_EQ(ext, 2 * 64);
    CHECK_EQ(gen7, 3 * 64);
    /* so does a clear of the stats */
    CHECK_EQ(g7sf_msaa_stats_read(f.gpu, NULL, 1), 0);
    resolve_block(&f, 0, &ext, &gen7);
    CHECK_EQ(ext, 2 * 64);
    CHECK_EQ(gen7, 3 * 64);
    /* another host thread has its own L1: it misses what this one holds */
    reader rd = { &f, 0, 0 };
    pthread_t th;
    CHECK_EQ(pthread_create(&th, NULL, read_left_block, &rd), 0);
    pthread_join(th, NULL);
    CHECK_EQ(rd.ext, 2 * 64);
    CHECK_EQ(rd.gen7, 3 * 64);
    resolve_block(&f, 0, &ext, &gen7);   /* and this one still holds its lines */
    CHECK_EQ(ext, 0);
    CHECK_EQ(gen7, 0);
    /* a second gpu (the same addresses) does not share the thread's L1 */
    fx g;
    draw_l22_scene(&g, NULL);
    CHECK_EQ(g7sf_render_cache_flush(g.gpu), 0);
    CHECK_EQ(g7sf_msaa_stats_read(g.gpu, NULL, 1), 0);
    resolve_block(&g, 0, &ext, &gen7);
    CHECK_EQ(ext, 2 * 64);
    CHECK_EQ(gen7, 3 * 64);
    fx_fini(&g);
    /* a Gen7 planes tile (control 0): both schemes read the MCS and the
     * sample's plane; the extension the control line too.  Every pixel
     * samples 0, 1 in plane 0 and 2, 3 in plane 1 (MCS 0x50). */
    for (unsigned p = 0; p < 32; p++) {
        uint32_t addr;
        uint8_t mcs = 0x50;
        CHECK_EQ(g7sf_surface_mcs_address(&f.rt.s, p % 8, p / 8, 0, 0, &addr), 0);
        g7sf_mem_write(f.gpu, addr, &mcs, 1);
    }
    uint8_t zero = 0;
    g7sf_mem_write(f.gpu, ctl_addr(&f, 0, 0), &zero, 1);
    CHECK_EQ(g7sf_render_cache_flush(f.gpu), 0);
    resolve_block(&f, 0, &ext, &gen7);
    CHECK_EQ(ext, 4 * 64);    /* control, MCS, planes 0 and 1 */
    CHECK_EQ(gen7, 3 * 64);   /* MCS, planes 0 and 1 */
    fx_fini(&f);
}

/* ---- model-based random sequences ---- */

static const uint32_t palette[10] = { CLEAR, BLUE, GREEN, 0xFF0000FFu, 0xFF808080u, 0x80204060u,
                                      0xFF808081u, 0xFF818080u, 0x10101010u, 0x00000000u };

static void random_sequence(unsigned n, unsigned steps)
{
    fx f;
    fx_init(&f, n, 96, 32, true, true);   /* 12 x 8 = 96 tiles: more than the cache holds */
    fx_clear(&f);
    unsigned colours = 2, checks = 0;
    for (unsigned step = 0; step < steps && !t_failed(); step++) {
        unsigned op = (unsigned)(t_rand() % 1000);
        if (op < 8) {
            fx_clear(&f);
            /* 2..6 (4x) or 2..10 (8x) palette colours in play */
            colours = 2 + (unsigned)(t_rand() % (n == 8 ? 9 : 5));
        } else if (op < 80) {
            CHECK_EQ(g7sf_render_cache_flush(f.gpu), 0);
        } else if (op < 84) {
            fx_check_all(&f, "random");
            checks++;
        } else if (op < 130) {   /* a few pixels read back after a flush */
            CHECK_EQ(g7sf_render_cache_flush(f.gpu), 0);
            for (unsigned k = 0; k < 8; k++) {
                uint32_t x = (uint32_t)(t_rand() % f.w), y = (uint32_t)(t_rand() % f.h), v[8];
                CHECK_EQ(fx_read(&f, x, y, G7SF_OP_LD2DMS, v, NULL), 0);
                for (unsigned s = 0; s < n; s++)
                    CHECKF(v[s] == f.gold[(y * f.w + x) * n + s], "(%u,%u) s%u: %08x want %08x",
                           x, y, s, v[s], f.gold[(y * f.w + x) * n + s]);
            }
        } else {   /* a partial draw */
            uint32_t xy[128][2], cover[128];
            uint32_t x0 = (uint32_t)(t_rand() % f.w), y0 = (uint32_t)(t_rand() % f.h);
            uint32_t rw = 1 + (uint32_t)(t_rand() % 12), rh = 1 + (uint32_t)(t_rand() % 6);
            unsigned m = 0;
            for (uint32_t y = y0; y < y0 + rh; y++)
                for (uint32_t x = x0; x < x0 + rw; x++) {   /* some fall outside: dropped */
                    uint32_t c = t_rand() % 3 ? (1u << n) - 1 : (uint32_t)t_rand();
                    xy[m][0] = x, xy[m][1] = y, cover[m++] = c & ((1u << n) - 1);
                }
            bool xo = t_rand() % 16 == 0;
            /* now and then a colour off the palette (noise: no encoding fits) */
            uint32_t c = t_rand() % 20 ? palette[t_rand() % colours] : (uint32_t)t_rand();
            const char *why = "";
            CHECKF(fx_draw(&f, xy, cover, m, c, xo, &why) == 0, "%s", why);
        }
    }
    fx_check_all(&f, "end");
    g7sf_msaa_stats st;
    CHECK_EQ(g7sf_msaa_stats_read(f.gpu, &st, 0), 0);
    CHECKF(st.tiles_index > 0 && st.tiles_index < st.tiles_evicted, "index %llu of %llu",
           (unsigned long long)st.tiles_index, (unsigned long long)st.tiles_evicted);
    CHECK_EQ(st.tiles_evicted, st.tiles_index + st.tiles_delta + st.tiles_palette +
                                   st.tiles_uncompressed);
    CHECK(st.bytes_written < st.baseline_written);
    printf("  %ux: %u full checks; tiles %llu: index %llu, delta %llu, palette %llu, plain %llu; "
           "written %llu (baseline %llu), read %llu (baseline %llu)\n", n, checks,
           (unsigned long long)st.tiles_evicted, (unsigned long long)st.tiles_index,
           (unsigned long long)st.tiles_delta, (unsigned long long)st.tiles_palette,
           (unsigned long long)st.tiles_uncompressed, (unsigned long long)st.bytes_written,
           (unsigned long long)st.baseline_written, (unsigned long long)st.bytes_read,
           (unsigned long long)st.baseline_read);
    fx_fini(&f);
}

TEST(random_sequences_4x_match_the_golden_copy)
{
    for (unsigned seed = 0; seed < 3; seed++)
        random_sequence(4, 2500);
}

TEST(random_sequences_8x_match_the_golden_copy)
{
    for (unsigned seed = 0; seed < 2; seed++)
        random_sequence(8, 2000);
}

/* ---- planes, cached or not ---- */

TEST(partial_write_to_a_planes_tile_only_caches_what_it_reads)
{
    /* tile 0 as Gen7 planes: every pixel samples 0,1 in plane 0 (A) and
     * 2,3 in plane 1 (B) (MCS 01 01 00 00 = 0x50), pixel 0 all in plane 0 */
    const uint32_t A = 0xFF112233u, B = 0xFF445566u;
    fx f;
    fx_init(&f, 4, 8, 4, true, true);
    for (unsigned p = 0; p < 32; p++) {
        uint32_t addr, x = p % 8, y = p / 8;
        uint8_t mcs = p ? 0x50 : 0x00;
        CHECK_EQ(g7sf_surface_mcs_address(&f.rt.s, x, y, 0, 0, &addr), 0);
        g7sf_mem_write(f.gpu, addr, &mcs, 1);
        CHECK_EQ(g7sf_surface_texel_address(&f.rt.s, x, y, 0, 0, 0, &addr), 0);
        g7sf_mem_write(f.gpu, addr, &A, 4);
        CHECK_EQ(g7sf_surface_texel_address(&f.rt.s, x, y, 0, 0, 1, &addr), 0);
        g7sf_mem_write(f.gpu, addr, &B, 4);
        for (unsigned s = 0; s < 4; s++)
            f.gold[p * 4 + s] = p == 0 || s < 2 ? A : B;
    }
    /* pixel 0 written whole: nothing to read, plane 1 never cached, so
     * the tile leaves as planes although its colours (A, B) would fit */
    const uint32_t xy0[1][2] = { { 0, 0 } }, all = 0xF;
    CHECK_EQ(fx_draw(&f, xy0, &all, 1, A, false, NULL), 0);
    CHECK_EQ(g7sf_render_cache_flush(f.gpu), 0);
    uint8_t code = ctl(&f, 0, 0);
    CHECKF(code <= G7SF_MSAA_CTRL_PLANES_PALETTE, "control %x: not INDEX", code);
    g7sf_msaa_stats st;
    CHECK_EQ(g7sf_msaa_stats_read(f.gpu, &st, 1), 0);
    CHECK_EQ(st.bytes_read, 1 + 32);   /* control + MCS, no plane */
    CHECK_EQ(st.tiles_index, 0);
    CHECK_EQ(st.baseline_written, 32 + 128);   /* pixel 0's one plane */
    fx_check_all(&f, "after the whole-pixel write");
    /* pixel 1 written in sample 0 only: samples 1-3 are kept, so planes 0
     * and 1 are read; with them every sample is known, and the tile (A, B:
     * Mode A) goes to the index bits */
    CHECK_EQ(g7sf_msaa_stats_read(f.gpu, NULL, 1), 0);
    const uint32_t xy1[1][2] = { { 1, 0 } }, s0 = 0x1;
    CHECK_EQ(fx_draw(&f, xy1, &s0, 1, A, false, NULL), 0);
    CHECK_EQ(g7sf_render_cache_flush(f.gpu), 0);
    CHECK_EQ(ctl(&f, 0, 0), G7SF_MSAA_CTRL_INDEX);
    CHECK_EQ(g7sf_msaa_stats_read(f.gpu, &st, 1), 0);
    CHECK_EQ(st.bytes_read, 1 + 32 + 2 * 128);
    CHECK_EQ(st.tiles_index, 1);
    fx_check_all(&f, "after the partial write");
    /* and back to planes: five colours fail the codec; every pixel is
     * rewritten (the planes in memory were stale) */
    const uint32_t xy2[1][2] = { { 2, 0 } };
    const uint32_t cov[3] = { 0x1, 0x2, 0x4 };
    for (unsigned k = 0; k < 3; k++)
        CHECK_EQ(fx_draw(&f, xy2, &cov[k], 1, palette[3 + k], false, NULL), 0);
    CHECK_EQ(g7sf_render_cache_flush(f.gpu), 0);
    code = ctl(&f, 0, 0);
    CHECKF(code <= G7SF_MSAA_CTRL_PLANES_PALETTE, "control %x", code);
    fx_check_all(&f, "INDEX back to planes");
    fx_fini(&f);
}

TEST(fit_boundaries_through_the_cache)
{
    fx f;
    fx_init(&f, 4, 8, 4, true, true);
    uint32_t xy[32][2], cover[32];
    for (unsigned p = 0; p < 32; p++)
        xy[p][0] = p % 8, xy[p][1] = p / 8;
    /* two colours in any per-sample pattern: Mode A, always INDEX */
    for (unsigned trial = 0; trial < 20; trial++) {
        uint32_t c0 = (uint32_t)t_rand() | 0xFF000000u, c1 = (uint32_t)t_rand() & 0x00FFFFFFu;
        for (unsigned p = 0; p < 32; p++)
            cover[p] = 0xF;
        CHECK_EQ(fx_draw(&f, xy, cover, 32, c0, false, NULL), 0);
        for (unsigned p = 0; p < 32; p++)
            cover[p] = (uint32_t)t_rand() & 0xF;
        CHECK_EQ(fx_draw(&f, xy, cover, 32, c1, false, NULL), 0);
        CHECK_EQ(g7sf_render_cache_flush(f.gpu), 0);
        CHECKF(ctl(&f, 0, 0) == G7SF_MSAA_CTRL_INDEX, "trial %u: control %x", trial, ctl(&f, 0, 0));
    }
    fx_check_all(&f, "two colours");
    /* four colours in every pixel (one a sample): no encoding fits, planes */
    CHECK_EQ(g7sf_msaa_stats_read(f.gpu, NULL, 1), 0);
    for (unsigned s = 0; s < 4; s++) {
        for (unsigned p = 0; p < 32; p++)
            cover[p] = 1u << s;
        CHECK_EQ(fx_draw(&f, xy, cover, 32, palette[1 + s], false, NULL), 0);
    }
    CHECK_EQ(g7sf_render_cache_flush(f.gpu), 0);
    CHECKF(ctl(&f, 0, 0) <= G7SF_MSAA_CTRL_PLANES_PALETTE, "control %x", ctl(&f, 0, 0));
    g7sf_msaa_stats st;
    CHECK_EQ(g7sf_msaa_stats_read(f.gpu, &st, 0), 0);
    /* 4 planes, each one colour: delta 4 x (32 + 16) bits = 24 bytes beats
     * palette (8 + 4 x 32 + 128 x 2 bits = 49 bytes) and 512 uncompressed */
    CHECK_EQ(ctl(&f, 0, 0), G7SF_MSAA_CTRL_PLANES_DELTA);
    CHECK_EQ(st.tiles_delta, 1);
    CHECK_EQ(st.bytes_written, 32 + 24 + 1);
    CHECK_EQ(st.baseline_written, 32 + 4 * 128);
    fx_check_all(&f, "four colours");
    /* the same colours rotated from pixel to pixel: deltas of 9 bits in R,
     * G and B (48 + 31 x 27 bits = 111 bytes a plane), palette 49 bytes */
    CHECK_EQ(g7sf_msaa_stats_read(f.gpu, NULL, 1), 0);
    for (unsigned s = 0; s < 4; s++)
        for (unsigned p = 0; p < 32; p++) {
            const uint32_t one[1][2] = { { p % 8, p / 8 } }, bit = 1u << s;
            CHECK_EQ(fx_draw(&f, one, &bit, 1, palette[1 + (s + p) % 4], false, NULL), 0);
        }
    CHECK_EQ(g7sf_render_cache_flush(f.gpu), 0);
    CHECK_EQ(g7sf_msaa_stats_read(f.gpu, &st, 0), 0);
    CHECK_EQ(ctl(&f, 0, 0), G7SF_MSAA_CTRL_PLANES_PALETTE);
    CHECK_EQ(st.tiles_palette, 1);
    CHECK_EQ(st.bytes_written, 32 + 49 + 1);
    fx_check_all(&f, "four colours rotated");
    /* one plane of 32 random colours: delta (9-bit deltas: 146 bytes) and
     * palette (149 bytes) both lose to 128 uncompressed: code 0 */
    CHECK_EQ(g7sf_msaa_stats_read(f.gpu, NULL, 1), 0);
    for (unsigned p = 0; p < 32; p++)
        cover[p] = 0xF;
    for (unsigned p = 0; p < 32; p++)
        CHECK_EQ(fx_draw(&f, &xy[p], &cover[p], 1, (uint32_t)t_rand(), false, NULL), 0);
    CHECK_EQ(g7sf_render_cache_flush(f.gpu), 0);
    CHECK_EQ(g7sf_msaa_stats_read(f.gpu, &st, 0), 0);
    CHECK_EQ(ctl(&f, 0, 0), G7SF_MSAA_CTRL_PLANES);
    CHECK_EQ(st.tiles_uncompressed, 1);
    CHECK_EQ(st.bytes_written, 32 + 128 + 1);
    CHECK_EQ(st.baseline_written, 32 + 128);
    fx_check_all(&f, "random colours");
    fx_fini(&f);
}

/* ---- off by default ---- */

static void off_sequence(fx *f, uint64_t seed)
{
    uint64_t x = seed;
    for (unsigned step = 0; step < 600; step++) {
        x ^= x << 13, x ^= x >> 7, x ^= x << 17;
        uint32_t xy[16][2], cover[16];
        unsigned m = 1 + (unsigned)(x % 16);
        for (unsigned i = 0; i < m; i++) {
            x ^= x << 13, x ^= x >> 7, x ^= x << 17;
            xy[i][0] = (uint32_t)(x % 20), xy[i][1] = (uint32_t)(x >> 8) % 10;
            cover[i] = (uint32_t)(x >> 20) & ((1u << f->n) - 1);
        }
        CHECK_EQ(fx_draw(f, xy, cover, m, palette[(x >> 40) % 6], (x >> 50) % 8 == 0, NULL), 0);
        if (step % 50 == 0)
            CHECK_EQ(g7sf_render_cache_flush(f->gpu), 0);
    }
}

TEST(surface_bit_without_the_gpu_extension_changes_nothing)
{
    for (unsigned n = 4; n <= 8; n += 4) {
        fx a, b;
        fx_init(&a, n, 16, 8, false, true);    /* the bit, no extension */
        fx_init(&b, n, 16, 8, false, false);   /* neither */
        CHECK_EQ(a.rt.s.index_compression_enable, 1);
        CHECK_EQ(b.rt.s.index_compression_enable, 0);
        off_sequence(&a, 0x1234567u + n);
        off_sequence(&b, 0x1234567u + n);
        /* render target, MCS and the would-be control surface: identical */
        const uint32_t regions[3][2] = { { RT_MEM, 0x10000 }, { MCS_MEM, 0x2000 },
                                         { ctl_addr(&a, 0, 0), 64 } };
        for (unsigned k = 0; k < 3; k++) {
            uint8_t *pa = malloc(regions[k][1]), *pb = malloc(regions[k][1]);
            g7sf_mem_read(a.gpu, regions[k][0], pa, regions[k][1]);
            g7sf_mem_read(b.gpu, regions[k][0], pb, regions[k][1]);
            CHECKF(!memcmp(pa, pb, regions[k][1]), "%ux region %u differs", n, k);
            free(pa);
            free(pb);
        }
        g7sf_msaa_stats st;
        CHECK_EQ(g7sf_msaa_stats_read(a.gpu, &st, 0), 0);
        CHECK_EQ(st.tiles_evicted, 0);
        CHECK_EQ(st.bytes_read, 0);
        fx_check_all(&a, "no extension");
        fx_fini(&a);
        fx_fini(&b);
    }
}

/* ---- garbage ---- */

TEST(garbage_control_bytes_are_illegal_state)
{
    static const uint8_t bad[] = { 0x03, 0x07, 0x0E, 0x10, 0x1F, 0xF0, 0xFF };
    for (unsigned k = 0; k < sizeof bad; k++) {
        fx f;
        fx_init(&f, 4, 16, 4, true, true);
        g7sf_mem_write(f.gpu, ctl_addr(&f, 8, 0), &bad[k], 1);
        const uint32_t xy[2][2] = { { 9, 1 }, { 0, 0 } }, cover[2] = { 0xF, 0xF };
        const char *why = NULL;
        CHECK_EQ(fx_draw(&f, xy, cover, 1, BLUE, false, &why), G7SF_ESTATE);
        CHECKF(why && strstr(why, "MSAA control"), "why: %s", why ? why : "(none)");
        CHECK_EQ(fx_draw(&f, xy + 1, cover, 1, BLUE, false, NULL), 0);   /* tile 0 is fine */
        uint32_t v[4];
        CHECK_EQ(fx_read(&f, 9, 1, G7SF_OP_LD2DMS, v, NULL), G7SF_ESTATE);
        CHECK_EQ(fx_read(&f, 0, 0, G7SF_OP_LD2DMS, v, NULL), 0);
        CHECK_EQ(g7sf_render_cache_flush(f.gpu), 0);
        fx_fini(&f);
    }
    /* INDEX over malformed index bits (the tag 111 on pixel 1), and INDEX
     * on a tile partly outside the surface */
    fx f;
    fx_init(&f, 4, 12, 4, true, true);
    uint8_t idx = G7SF_MSAA_CTRL_INDEX, mcs = 0x38;   /* pixel 1's status 111 */
    uint32_t addr, v[4];
    g7sf_mem_write(f.gpu, ctl_addr(&f, 0, 0), &idx, 1);
    CHECK_EQ(g7sf_surface_mcs_address(&f.rt.s, 0, 0, 0, 0, &addr), 0);
    g7sf_mem_write(f.gpu, addr, &mcs, 1);
    CHECK_EQ(fx_read(&f, 3, 2, G7SF_OP_LD2DMS, v, NULL), G7SF_ESTATE);
    const uint32_t xy[2][2] = { { 3, 2 }, { 9, 0 } }, cover = 0x1;
    const char *why = NULL;
    CHECK_EQ(fx_draw(&f, xy, &cover, 1, BLUE, false, &why), G7SF_ESTATE);
    CHECKF(why && strstr(why, "malformed"), "why: %s", why ? why : "(none)");
    g7sf_mem_write(f.gpu, ctl_addr(&f, 8, 0), &idx, 1);   /* tile 1: pixels 8..15, width 12 */
    CHECK_EQ(fx_draw(&f, xy + 1, &cover, 1, BLUE, false, &why), G7SF_ESTATE);
    CHECK_EQ(fx_read(&f, 9, 0, G7SF_OP_LD2DMS, v, NULL), G7SF_ESTATE);
    fx_fini(&f);
}

/* ---- the control surface, ld_mcs, messages ---- */

TEST(control_surface_address_and_ld_mcs)
{
    fx f;
    fx_init(&f, 8, 20, 10, true, true);   /* 3 x 3 tiles, the last row and column partial */
    g7sf_surface m;
    CHECK_EQ(g7sf_surface_mcs(&f.rt.s, &m), 0);
    uint32_t base = (uint32_t)((MCS_MEM + g7sf_surface_size(&m) + 4095) / 4096 * 4096), a = 0;
    CHECK_EQ(g7sf_surface_msaa_control_address(&f.rt.s, 0, 0, 0, &a), 0);
    CHECK_EQ(a, base);
    CHECK_EQ(g7sf_surface_msaa_control_address(&f.rt.s, 19, 9, 0, &a), 0);
    CHECK_EQ(a, base + 2 * 3 + 2);
    CHECK_EQ(g7sf_surface_msaa_control_address(&f.rt.s, 8, 4, 0, &a), 0);
    CHECK_EQ(a, base + 4);
    CHECK_EQ(g7sf_surface_msaa_control_address(&f.rt.s, 20, 0, 0, &a), G7SF_ERANGE);
    CHECK_EQ(g7sf_surface_msaa_control_address(&f.rt.s, 0, 10, 0, &a), G7SF_ERANGE);
    CHECK_EQ(g7sf_surface_msaa_control_address(&f.rt.s, 0, 0, 1, &a), G7SF_ERANGE);
    CHECK_EQ(g7sf_surface_msaa_control_address(NULL, 0, 0, 0, &a), G7SF_EINVAL);
    g7sf_surface nomcs = f.rt.s;
    nomcs.mcs_enable = 0;
    CHECK_EQ(g7sf_surface_msaa_control_address(&nomcs, 0, 0, 0, &a), G7SF_EINVAL);
    /* a whole 8x tile with two colours goes INDEX; the partial tiles never */
    uint32_t xy[128][2], cover[128];
    unsigned k = 0;
    for (uint32_t y = 0; y < 10; y++)
        for (uint32_t x = 0; x < 20; x++)
            if (x < 8 || y < 4 || (x + y) % 3 == 0) {
                xy[k][0] = x, xy[k][1] = y, cover[k++] = (x + y) % 2 ? 0xFF : 0x0F;
                if (k == 128) {
                    CHECK_EQ(fx_draw(&f, xy, cover, k, GREEN, false, NULL), 0);
                    k = 0;
                }
            }
    CHECK_EQ(fx_draw(&f, xy, cover, k, GREEN, false, NULL), 0);
    CHECK_EQ(g7sf_render_cache_flush(f.gpu), 0);
    CHECK_EQ(ctl(&f, 0, 0), G7SF_MSAA_CTRL_INDEX);
    CHECK_EQ(ctl(&f, 8, 0), G7SF_MSAA_CTRL_INDEX);
    CHECKF(ctl(&f, 16, 0) <= 2, "partial tile control %x", ctl(&f, 16, 0));
    CHECKF(ctl(&f, 0, 8) <= 2, "partial tile control %x", ctl(&f, 0, 8));
    /* ld_mcs on an INDEX tile: .x the pixel's raw MCS bytes, .y the code */
    uint32_t v[8], code = 99, raw = 0;
    CHECK_EQ(fx_read(&f, 3, 1, G7SF_OP_LD2DMS, v, &code), 0);
    CHECK_EQ(code, G7SF_MSAA_CTRL_INDEX);
    CHECK_EQ(fx_read(&f, 17, 1, G7SF_OP_LD2DMS, v, &code), 0);
    CHECK(code <= 2);
    g7sf_sample_args sa;
    g7sf_sample_result sr;
    memset(&sa, 0, sizeof sa);
    sa.op = G7SF_OP_LD_MCS, sa.n = 4, sa.mask = 1;
    sa.p[G7SF_PARAM_U][0].i = 3, sa.p[G7SF_PARAM_V][0].i = 1;
    CHECK_EQ(g7sf_sample(f.gpu, &f.tex, NULL, &sa, &sr), 0);
    CHECK_EQ(g7sf_surface_mcs_address(&f.rt.s, 3, 1, 0, 0, &a), 0);
    g7sf_mem_read(f.gpu, a, &raw, 4);
    CHECK_EQ(sr.px[0].u[0], raw);
    fx_check_all(&f, "8x partial tiles");
    fx_fini(&f);
}

TEST(render_cache_memory_fence_writes_back)
{
    fx f;
    fx_init(&f, 4, 8, 4, true, true);
    g7sf_thread thr;
    memset(&thr, 0, sizeof thr);
    fx_clear(&f);   /* every sample known: the tile can go INDEX */
    const uint32_t xy[1][2] = { { 0, 0 } }, cover = 0xF;
    CHECK_EQ(fx_draw(&f, xy, &cover, 1, GREEN, false, NULL), 0);
    CHECK_EQ(ctl(&f, 0, 0), 0);
    g7sf_reg p[1];
    memset(p, 0, sizeof p);
    /* the data cache's fence leaves the render cache alone */
    CHECK_EQ(t_send(f.gpu, &thr, G7SF_SFID_DATA_CACHE, t_desc(1, 0, 1, 0x7, 0, 0), 0, p, NULL), 0);
    CHECK_EQ(ctl(&f, 0, 0), 0);
    CHECK_EQ(t_send(f.gpu, &thr, G7SF_SFID_RENDER_CACHE, t_desc(1, 0, 1, 0x7, 0, 0), 0, p, NULL),
             0);
    CHECK_EQ(ctl(&f, 0, 0), G7SF_MSAA_CTRL_INDEX);
    fx_check_all(&f, "fence");
    fx_fini(&f);
}

/* ---- host threads ---- */

typedef struct band { fx *f; unsigned y0; uint64_t seed; } band;

/* Draws into rows y0..y0+7 only (its own tiles, and the gold rows no
 * other thread touches). */
static void *draw_band(void *arg)
{
    band *b = arg;
    uint64_t x = b->seed;
    for (unsigned step = 0; step < 400; step++) {
        uint32_t xy[8][2], cover[8];
        for (unsigned i = 0; i < 8; i++) {
            x ^= x << 13, x ^= x >> 7, x ^= x << 17;
            xy[i][0] = (uint32_t)(x % b->f->w), xy[i][1] = b->y0 + (uint32_t)(x >> 12) % 8;
            cover[i] = (uint32_t)(x >> 24) & ((1u << b->f->n) - 1);
        }
        if (fx_draw(b->f, xy, cover, 8, palette[(x >> 40) % 4], false, NULL))
            return b;
        if (step % 97 == 0 && g7sf_render_cache_flush(b->f->gpu))
            return b;
    }
    return NULL;
}

TEST(threads_share_the_render_cache)
{
    /* four threads, 64 x 32 at 4x: 8 x 8 = 64 tiles, all in the cache at
     * once, flushed from any thread */
    fx f;
    fx_init(&f, 4, 64, 32, true, true);
    fx_clear(&f);
    pthread_t th[4];
    band b[4];
    for (unsigned k = 0; k < 4; k++) {
        b[k] = (band){ &f, 8 * k, 0x9E3779B97F4A7C15ull * (k + 1) };
        CHECK_EQ(pthread_create(&th[k], NULL, draw_band, &b[k]), 0);
    }
    for (unsigned k = 0; k < 4; k++) {
        void *r = &b[k];
        pthread_join(th[k], &r);
        CHECKF(r == NULL, "thread %u failed", k);
    }
    fx_check_all(&f, "threads");
    fx_fini(&f);
}

/* ---- through g7sf_send ---- */

TEST(messages_write_fence_and_read_an_index_tile)
{
    g7sf_gpu_options o = { .platform = G7SF_IVB, .extensions = G7SF_EXT_MSAA_INDEX };
    g7sf_gpu *gpu = g7sf_gpu_create_ex(&o);
    g7sf_thread thr;
    memset(&thr, 0, sizeof thr);
    thr.binding_table = T_BINDING_TABLE;
    g7sf_set_base(gpu, G7SF_BASE_SURFACE, T_SURFACE_BASE, T_SURFACE_BOUND);
    g7sf_set_base(gpu, G7SF_BASE_DYNAMIC, RT_DYNAMIC, 0);
    const uint32_t bsp[2] = { 0x78240000u, RT_BLEND | 1 };
    CHECK_EQ(g7sf_render_cache_command(gpu, bsp, 2), 0);
    const uint32_t ms[4] = { 0x790D0002u, 2u << 1, 0, 0 };   /* 3DSTATE_MULTISAMPLE 4x */
    CHECK_EQ(g7sf_render_cache_command(gpu, ms, 4), 0);
    /* 8x4 Y-tiled R8G8B8A8_UNORM, 4x MSS, ARYSPC_LOD0; DW6 MCS at MCS_MEM,
     * pitch 128, MCS Enable, Index Compression Enable; Clear R, B, A */
    const uint32_t ss[8] = { rt_ss_dw0(1, 0x0C7, 1) | 1u << 10, RT_BASE, 3u << 16 | 7, 127,
                             2u << 3, 0, MCS_MEM | 2 | 1, 1u << 31 | 1u << 29 | 1u << 28 };
    t_bind_state(gpu, RT_BTI, ss);
    t_bind_state(gpu, 3, ss);
    uint8_t ones[4096];
    memset(ones, 0xFF, sizeof ones);   /* fast clear: MCS all ones, control 0 */
    CHECK_EQ(g7sf_mem_write(gpu, MCS_MEM, ones, sizeof ones), 0);
    /* SIMD8, slots 0 and 1: pixels (0,0) and (1,0) */
    g7sf_reg p[6];
    const uint16_t xy[4][2] = { { 0, 0 }, { 2, 0 }, { 0, 0 }, { 0, 0 } };
    rt_header(p, 0, 0, xy, 0x3);
    rt_colors(&p[2], 8);
    CHECK_EQ(rt_send(gpu, &thr, rt_desc(6, 1, RT_SIMD8, 0), p), 0);
    /* the render cache's Memory Fence writes the tile back: clear + two
     * colours, one per pixel, in the index bits */
    g7sf_reg f[1];
    memset(f, 0, sizeof f);
    CHECK_EQ(t_send(gpu, &thr, G7SF_SFID_RENDER_CACHE, t_desc(1, 0, 1, 0x7, 0, 0), 0, f, NULL), 0);
    g7sf_surface s;
    g7sf_render_surface_state rss;
    g7sf_state_unpack(&g7sf_desc_RENDER_SURFACE_STATE, ss, &rss);
    CHECK_EQ(rss.index_compression_enable, 1);
    CHECK_EQ(g7sf_surface_from_state(&rss, &s), 0);
    CHECK_EQ(s.index_compression_enable, 1);
    uint32_t a;
    uint8_t code = 0;
    CHECK_EQ(g7sf_surface_msaa_control_address(&s, 0, 0, 0, &a), 0);
    g7sf_mem_read(gpu, a, &code, 1);
    CHECK_EQ(code, G7SF_MSAA_CTRL_INDEX);
    /* ld_mcs (type 29) then ld2dms (type 30: SI, MCS, U, V) of (0,0),
     * (1,0), (5,3), SIMD8 header-less messages */
    g7sf_reg q[6], wb[4];
    memset(q, 0, sizeof q);
    const uint32_t qx[3] = { 0, 1, 5 }, qy[3] = { 0, 0, 3 };
    const uint32_t want[3] = { rt_slot_rgba8(0), rt_slot_rgba8(1), CLEAR };
    for (unsigned i = 0; i < 3; i++)
        q[0].ud[i] = qx[i], q[1].ud[i] = qy[i];
    CHECK_EQ(t_send(gpu, &thr, G7SF_SFID_SAMPLER, 4u << 25 | 4u << 20 | 1u << 17 | 29u << 12 | 3,
                    0x7, q, wb), 0);
    for (unsigned i = 0; i < 3; i++)
        CHECKF(wb[1].ud[i] == G7SF_MSAA_CTRL_INDEX, "ld_mcs .y %u", wb[1].ud[i]);
    for (unsigned si = 0; si < 4; si++) {
        g7sf_reg r[6];
        memset(r, 0, sizeof r);
        for (unsigned i = 0; i < 3; i++)
            r[0].ud[i] = si, r[1].ud[i] = 0x12345678u, r[2].ud[i] = qx[i], r[3].ud[i] = qy[i];
        CHECK_EQ(t_send(gpu, &thr, G7SF_SFID_SAMPLER, 6u << 25 | 4u << 20 | 1u << 17 | 30u << 12 | 3,
                        0x7, r, wb), 0);
        for (unsigned i = 0; i < 3; i++) {
            uint32_t v = 0;
            for (unsigned k = 0; k < 4; k++) {
                float c;
                memcpy(&c, &wb[k].ud[i], 4);
                v |= (uint32_t)(c * 255.0f + 0.5f) << 8 * k;
            }
            CHECKF(v == want[i], "(%u,%u) sample %u: %08x want %08x", qx[i], qy[i], si, v, want[i]);
        }
    }
    g7sf_gpu_destroy(gpu);
}
