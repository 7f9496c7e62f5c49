/* A render target write message's slots at once (rt_batch.h): what is
 * resolved once per binding or per change of BLEND_STATE, and the choice
 * between the SoA kernel (rt_kernel.c) and the per-pixel path. */
#include <math.h>
#include <string.h>

#include "core/cpu.h"
#include "core/memory.h"
#include "core/tiling.h"
#include "dataport/rt_batch.h"
#include "dataport/rt_blend.h"

bool rt_batch_generic;

void rt_place_init(rt_place *pl, const g7sf_rt_target *rt)
{
    const g7sf_surface *s = &rt->s;
    memset(pl, 0, sizeof *pl);
    /* a rotated target's pixels move (rt_write.c's write_pixel): per pixel */
    if (rt->null || rt->rotation || !rt->fmt || rt->fmt->unit_bytes != 4 || rt->fmt->unit_w != 1 ||
        rt->fmt->unit_h != 1 || s->type == G7SF_SURFTYPE_BUFFER ||
        s->type == G7SF_SURFTYPE_STRBUF || s->type == G7SF_SURFTYPE_NULL || s->samples != 1 ||
        s->bpb != 32 || s->block_w != 1 || s->block_h != 1 || s->tiling > G7SF_TILING_Y)
        return;
    uint32_t w, h, d, ox, oy;
    g7sf_surface_level_size(s, rt->lod, &w, &h, &d);
    /* a level or slice the surface lacks drops every pixel: left to the
     * per-pixel path, as are origins past 32 bits */
    if (rt->lod >= s->levels || rt->slice >= d ||
        g7sf_surface_pixel_position(s, 0, 0, rt->slice, rt->lod, 0, &ox, &oy))
        return;
    /* g7sf_tile_offset wraps a row past the pitch's whole tiles into the
     * next tile row: such surfaces alias pixels, and stay per pixel */
    uint32_t usable = s->tiling == G7SF_TILING_X ? s->pitch & ~511u
                    : s->tiling == G7SF_TILING_Y ? s->pitch & ~127u : s->pitch;
    unsigned tr = g7sf_tiling_rows(s->tiling);
    uint64_t rows = ((uint64_t)oy + h + tr - 1) / tr * tr;
    if (((uint64_t)ox + w) * 4 > usable || (uint64_t)s->base + rows * s->pitch > 0x100000000ull)
        return;
    *pl = (rt_place){ .ok = true, .base = s->base, .w = w, .h = h, .ox = ox, .oy = oy };
    /* tiling.h's tiles: X 512 bytes x 8 rows, row-major; Y 128 bytes x 32
     * rows in 16-byte columns of 32 rows; linear: one row per pitch, and X
     * (below the pitch, below 2^31) >> 31 is 0 */
    if (s->tiling == G7SF_TILING_X) {
        pl->yt = 3, pl->row_stride = (s->pitch >> 9) * 4096, pl->ym = 7, pl->ystep = 512;
        pl->ys = 9;
        pl->xt = 9, pl->tile_bytes = 4096, pl->cm = 0, pl->xm = 511;
    } else if (s->tiling == G7SF_TILING_Y) {
        pl->yt = 5, pl->row_stride = (s->pitch >> 7) * 4096, pl->ym = 31, pl->ystep = 16;
        pl->ys = 4;
        pl->xt = 7, pl->tile_bytes = 4096, pl->cm = 7, pl->xm = 15;
    } else {
        pl->yt = 0, pl->row_stride = s->pitch, pl->ym = 0, pl->ystep = 0;
        pl->xt = 31, pl->tile_bytes = 0, pl->cm = 0, pl->xm = 0xFFFFFFFFu;
    }
    pl->down = s->tiling == G7SF_TILING_LINEAR ? s->pitch : pl->ystep;
}

/* Factor f for channel c as rt_blend.c's factor() computes it: a constant
 * (ONE, CONST_*, SRC_ALPHA_SATURATE on alpha) is computed here once. */
static void factor(rt_pipeline *p, rt_factor *out, unsigned char *sel, unsigned i, unsigned f,
                   unsigned c)
{
    float *kv = p->kv[i][c];
    static const unsigned char row[] = { [RT_FSRC_CONST] = RT_SEL_K, [RT_FSRC_S] = RT_SEL_S,
                                         [RT_FSRC_SA] = RT_SEL_S + 3, [RT_FSRC_D] = RT_SEL_D,
                                         [RT_FSRC_DA] = RT_SEL_D + 3, [RT_FSRC_SAT] = RT_SEL_SAT,
                                         [RT_FSRC_S1] = RT_SEL_S1, [RT_FSRC_S1A] = RT_SEL_S1 + 3 };
    const rt_color *rc = &p->rc;
    bool inv = f & RT_BLENDFACTOR_INV;
    float k = 1.0f;
    unsigned src = RT_FSRC_CONST;
    switch (f & ~(unsigned)RT_BLENDFACTOR_INV) {
    case G7SF_BLENDFACTOR_SRC_COLOR: src = RT_FSRC_S; break;
    case G7SF_BLENDFACTOR_SRC_ALPHA: src = RT_FSRC_SA; break;
    case G7SF_BLENDFACTOR_DST_ALPHA: src = RT_FSRC_DA; break;
    case G7SF_BLENDFACTOR_DST_COLOR: src = RT_FSRC_D; break;
    case G7SF_BLENDFACTOR_SRC_ALPHA_SATURATE: src = c == 3 ? RT_FSRC_CONST : RT_FSRC_SAT; break;
    case G7SF_BLENDFACTOR_CONST_COLOR: k = rc->constant[c]; break;
    case G7SF_BLENDFACTOR_CONST_ALPHA: k = rc->constant[3]; break;
    case G7SF_BLENDFACTOR_SRC1_COLOR: src = RT_FSRC_S1; break;
    case G7SF_BLENDFACTOR_SRC1_ALPHA: src = RT_FSRC_S1A; break;
    default: break;   /* ONE */
    }
    *out = (rt_factor){ .src = src, .inv = inv, .lo = p->pre_lo[c], .hi = p->pre_hi[c] };
    /* the per-channel sources read channel c */
    bool per_channel = src == RT_FSRC_S || src == RT_FSRC_D || src == RT_FSRC_S1;
    *sel = (unsigned char)(row[src] + (src == RT_FSRC_CONST ? 4 * i + c : per_channel ? c : 0));
    if (src != RT_FSRC_CONST)
        return;
    k = inv ? 1.0f - k : k;
    k = k < out->lo ? out->lo : k > out->hi ? out->hi : k;
    for (unsigned l = 0; l < 16; l++)
        kv[l] = k;
    *out = (rt_factor){ .src = RT_FSRC_CONST, .lo = -INFINITY, .hi = INFINITY };
}

void rt_pipeline_prepare(rt_pipeline *p, enum g7sf_platform plat, const struct g7sf_format_info *fmt,
                         const g7sf_blend_state *bs, unsigned index,
                         const g7sf_color_calc_state *cc, unsigned samples, unsigned cpu)
{
    memset(p, 0, sizeof *p);
    p->err = rt_color_prepare(&p->rc, plat, bs, index, cc, fmt, &p->why);
    if (p->err)
        return;
    rt_coverage_prepare(&p->cv, bs, index, cc, samples);
    const rt_color *rc = &p->rc;
    if (rc->unorm8 && !rc->logic_op && !rc->int_format && fmt->unit_bytes == 4 && samples == 1)
        p->kernel = rt_kernel_unorm8_for(cpu);
    uint32_t present = 0, written = 0;
    for (unsigned c = 0; c < 4; c++) {
        p->pre_lo[c] = rc->pre_clamp ? rc->lo[c] : -INFINITY;
        p->pre_hi[c] = rc->pre_clamp ? rc->hi[c] : INFINITY;
        if (rc->byte_of[c] >= 0)
            present |= 0xFFu << 8 * rc->byte_of[c];
        written |= (uint32_t)rc->write_bits[c] << 8 * c;
        p->func[c] = c == 3 ? rc->alpha_func : rc->color_func;
        factor(p, &p->sf[c], &p->sel[0][c], 0,
               c == 3 ? rc->src_alpha_factor : rc->src_factor, c);
        factor(p, &p->df[c], &p->sel[1][c], 1,
               c == 3 ? rc->dst_alpha_factor : rc->dst_factor, c);
        /* MIN and MAX read no factor */
        bool factors = rc->blend && p->func[c] < G7SF_BLENDFUNCTION_MIN;
        for (unsigned k = 0; k < 2 && factors; k++) {
            unsigned src = (k ? p->df : p->sf)[c].src;
            p->need_s1 |= src == RT_FSRC_S1 || src == RT_FSRC_S1A;
            p->need_sat |= src == RT_FSRC_SAT;
            p->need_k |= src == RT_FSRC_CONST;
        }
    }
    /* rt_color's store: the encoded channels over the destination, or only
     * the written bits when a channel is disabled; nothing without a mask */
    p->keep = !rc->write_mask ? 0 : rc->merge ? written : present;
    p->read_dst = rc->blend || p->keep != 0xFFFFFFFFu;
    memset(p->pack, 0x80, sizeof p->pack);
    for (unsigned c = 0; c < 4; c++)
        for (unsigned l = 0; l < 4 && rc->byte_of[c] >= 0; l++)
            p->pack[4 * l + (unsigned)rc->byte_of[c]] = (unsigned char)(4 * c + l);
    /* A factor's clamp is its channel's pre-blend clamp.  Off (+-inf), it
     * is no clamp; on with [0, 1] for every channel, every factor value is
     * NaN (which passes) or in [0, 1] already: sources and SRC1 clamped to
     * it, destinations decoded from UNORM or missing (0 or 1), saturate
     * their minimum, 1 - x of those too.  SNORM's [-1, 1] lets 1 - x reach 2. */
    p->fclamp = false;
    for (unsigned c = 0; c < 4; c++)
        p->fclamp |= rc->pre_clamp && !(p->pre_lo[c] == 0.0f && p->pre_hi[c] == 1.0f &&
                                         rc->missing[c] >= 0.0f && rc->missing[c] <= 1.0f);
}

/* Four 32-bit lanes, one per subspan (GCC's and clang's vector
 * extensions: SSE2 on x86-64, plain code elsewhere); comparisons give
 * v4i, -1 where true. */
typedef uint32_t v4u __attribute__((vector_size(16)));
typedef int32_t v4i __attribute__((vector_size(16)));
#define ROT1(v) ((__typeof__(v)){ (v)[1], (v)[2], (v)[3], (v)[0] })
#define ROT2(v) ((__typeof__(v)){ (v)[2], (v)[3], (v)[0], (v)[1] })

static inline v4u load4(const uint32_t *p)
{
    v4u v;
    memcpy(&v, p, sizeof v);
    return v;
}

static inline v4u splat(uint32_t u) { return (v4u){ u, u, u, u }; }

static inline bool any4(v4i v)
{
    uint64_t h[2];
    memcpy(h, &v, sizeof h);
    return (h[0] | h[1]) != 0;
}

/* Two subspans with slots in `lanes` share a pixel: x and y within one of
 * each other (modulo 2^32, as the slots' coordinates are).  Subspan s
 * against s + 1 and s + 2 (mod 4) covers the six pairs. */
static bool overlap(const rt_batch *b, uint32_t lanes)
{
    v4u x = load4(b->x), y = load4(b->y), one = splat(1), three = splat(3);
    v4i has = (splat(lanes) & (v4u){ 0xF, 0xF0, 0xF00, 0xF000 }) != splat(0);
    v4i n1 = (x - ROT1(x) + one < three) & (y - ROT1(y) + one < three) & has & ROT1(has);
    v4i n2 = (x - ROT2(x) + one < three) & (y - ROT2(y) + one < three) & has & ROT2(has);
    return any4(n1 | n2);
}

/* The host pointer of layout pixel (x, y) of pl's level, through a cache
 * of the last page (*page_of its number).  NULL when the 4 bytes from
 * there plus `past` are not in one page that exists. */
static inline uint8_t *at(g7sf_gpu *gpu, const rt_place *pl, uint32_t x, uint32_t y,
                          uint32_t past, uint32_t *page_of, uint8_t **page)
{
    /* rt_place_init bounded every term and their sum below 4 GiB - base */
    uint32_t bx = (pl->ox + x) * 4, by = pl->oy + y;
    uint32_t addr = pl->base + (by >> pl->yt) * pl->row_stride + (by & pl->ym) * pl->ystep +
                    (bx >> pl->xt) * pl->tile_bytes + ((bx >> 4) & pl->cm) * 512 +
                    (bx & pl->xm);
    if ((addr & (G7SF_PAGE_SIZE - 1)) + past > G7SF_PAGE_SIZE - 4)
        return NULL;
    if (!*page || addr >> G7SF_PAGE_SHIFT != *page_of) {
        *page_of = addr >> G7SF_PAGE_SHIFT;
        if (!(*page = g7sf_mem_page(gpu, addr)))
            return NULL;
    }
    return *page + (addr & (G7SF_PAGE_SIZE - 1));
}

/* The host pointers of the covered slots; pixels outside the level leave
 * `lanes` (10188).  False when one is not in a page that exists.  *quads:
 * every subspan placed whole (rt_kernel_fn's quads). */
static bool place(g7sf_gpu *gpu, const rt_place *pl, const rt_batch *b, uint32_t *lanes,
                  uint8_t *px[16], bool *quads)
{
    *quads = true;
    uint32_t page_of = 0;
    uint8_t *page = NULL;
    /* the next pixel of an even layout column is 4 bytes on, the next row
     * of an even layout row a tile row on (16 bytes in a Y tile's OWord
     * columns, 512 in an X tile), or a pitch on when linear */
    uint32_t down = pl->down;
    /* at()'s address of every subspan's upper left pixel at once, with
     * shifts for its power-of-two factors (ystep 1 << ys; tile_bytes 4096,
     * or 0 in linear, where X >> 31 is 0 for every pixel of the level) */
    v4u x = load4(b->x), y = load4(b->y), ox = splat(pl->ox), oy = splat(pl->oy);
    v4u bx = (x + ox) << 2, by = y + oy;
    v4u addr = splat(pl->base) + (by >> pl->yt) * splat(pl->row_stride) +
               ((by & splat(pl->ym)) << pl->ys) + ((bx >> pl->xt) << 12) +
               (((bx >> 4) & splat(pl->cm)) << 9) + (bx & splat(pl->xm));
    /* whole: inside the level, at an even layout column and row, its 2x2
     * pixels (down + 8 bytes from addr) in one page */
    v4u off = addr & splat(G7SF_PAGE_SIZE - 1);
    v4i whole = (x < splat(pl->w - 1)) & (y < splat(pl->h - 1)) &
                ((((x ^ ox) | (y ^ oy)) & splat(1)) == splat(0)) &
                (off + splat(down + 4) <= splat(G7SF_PAGE_SIZE - 4));
    _Pragma("GCC unroll 4") for (unsigned s = 0; s < 4; s++) {
        if (!(*lanes >> 4 * s & 15))
            continue;
        if (whole[s]) {
            if (!page || addr[s] >> G7SF_PAGE_SHIFT != page_of) {
                page_of = addr[s] >> G7SF_PAGE_SHIFT;
                if (!(page = g7sf_mem_page(gpu, addr[s])))
                    return false;   /* as its first slot's at() would */
            }
            uint8_t *q = page + off[s];
            px[4 * s] = q, px[4 * s + 1] = q + 4, px[4 * s + 2] = q + down;
            px[4 * s + 3] = q + down + 4;
            continue;
        }
        *quads = false;
        uint32_t x0 = b->x[s], y0 = b->y[s];
        for (unsigned j = 4 * s; j < 4 * s + 4; j++) {   /* pixel by pixel */
            if (!(*lanes >> j & 1))
                continue;
            uint32_t xj = x0 + (j & 1), yj = y0 + (j >> 1 & 1);
            if (xj >= pl->w || yj >= pl->h) {
                *lanes &= ~(1u << j);
                continue;
            }
            if (!(px[j] = at(gpu, pl, xj, yj, 0, &page_of, &page)))
                return false;
        }
    }
    return true;
}

/* The kernel's conditions: its format and state, a placement, no pixel
 * written twice, every page present (the per-pixel path allocates). */
static bool kernel(g7sf_gpu *gpu, const rt_place *pl, const rt_pipeline *p, const rt_batch *b,
                   uint32_t lanes)
{
    if (rt_batch_generic || !p->kernel || !pl->ok)
        return false;
    if (overlap(b, lanes))
        return false;
    uint8_t *px[16];   /* set for the slots left in lanes */
    bool quads;
    if (!place(gpu, pl, b, &lanes, px, &quads))
        return false;
    if (lanes && p->keep)
        p->kernel(p, b, lanes, px, quads);
    return true;
}

int rt_write_batch(g7sf_gpu *gpu, const g7sf_rt_target *rt, const rt_place *pl,
                   const rt_pipeline *p, const rt_batch *b, const char **why)
{
    if (rt->null)
        return 0;
    if (p->err) {
        if (why)
            *why = p->why;
        return p->err;
    }
    if (rt->s.samples != 1)
        return G7SF_EINVAL;
    if (b->dual && rt->rotation) {
        if (why)
            *why = RT_DUAL_ROTATED;
        return G7SF_ESTATE;
    }
    uint32_t lanes = b->lanes & 0xFFFF;
    if (p->cv.alpha_test)
        for (unsigned j = 0; j < 16; j++)
            if ((lanes >> j & 1) && !rt_coverage_mask(&p->cv, b->alpha[j]))
                lanes &= ~(1u << j);
    if (kernel(gpu, pl, p, b, lanes))
        return 0;
    g7sf_rt_pixel px[16];
    unsigned n = 0;
    for (unsigned j = 0; j < 16; j++) {
        if (!(b->lanes >> j & 1))
            continue;
        g7sf_rt_pixel *q = &px[n++];
        q->x = b->x[j / 4] + (j & 1);
        q->y = b->y[j / 4] + (j >> 1 & 1);
        q->cover = 1;
        q->alpha = b->alpha[j];
        for (unsigned c = 0; c < 4; c++) {   /* bits, not values: UINT/SINT colours */
            memcpy(&q->src0.u[c], &b->src0[c][j], 4);
            q->src1.u[c] = 0;
            if (b->dual)
                memcpy(&q->src1.u[c], &b->src1[c][j], 4);
        }
    }
    return rt_write_pixels(gpu, rt, &p->rc, &p->cv, px, n, b->dual, why);
}
