/* The sample* filters (NEAREST, LINEAR, on 2D, cube and 3D surfaces) and
 * gather4 over a message's lanes at once (smp.h, "lanes.c"): structure of
 * arrays, every loop over the lanes straight-line so the compiler makes
 * it vector code, one body per format and lane count.  Formats with an
 * in-place decoder (RGBA8 and BGRA8 with their sRGB forms, R24_UNORM_X8,
 * R32_FLOAT, RGBA16_FLOAT, RGBA32_FLOAT) are read from their pages, the
 * others through the decode cache.  Each lane does the reference filter's
 * float operations in its order on the same values, so the results are
 * the reference's bit for bit (tests/test_sampler_paths.c runs both
 * instances against the reference path):
 *   - positions are rounded to SMP_SUB_BITS fraction bits as smp_fixed
 *     does; a lane whose rounded position is not below 2^30 in magnitude
 *     (huge, infinite or NaN) sends the whole group back;
 *   - UNORM channels are (float)v / 255.0f or / 16777215.0f, the
 *     division conv_unorm_to_float makes (the vector division rounds the
 *     same);
 *   - a LINEAR tap of weight 0 adds +0.0 where the reference skips it:
 *     the sum starts at +0.0 and a sum of round-to-nearest additions is
 *     -0.0 only when both addends are, so it never is, and x + +0.0 = x.
 * A missing image or page, a texel past 4 GiB, a footprint leaving its
 * cube face or a failed fetch also sends the group back: the caller's
 * per-pixel path then gives what the reference gives.
 *
 * The plain instance is the C reference of the kernel; the AVX2 instance
 * is the same source compiled for 8-float vectors, chosen by
 * smp_lanes_avx2() (G7SF_CPU narrows it; tests pick either). */
#include <math.h>
#include <string.h>

#include "core/cpu.h"
#include "core/tiling.h"
#include "inplace.h"
#include "unit_cache.h"

enum { L = SMP_LANES };
/* the formats without an in-place decoder: through the decode cache */
enum { SMP_LANES_CACHED = 255 };

#define INLINE static inline __attribute__((always_inline))
/* a loop over the lanes, kept a loop so it is vectorised as one */
/* (nl: the lanes filtered, 8 or 16, a constant in each instance) */
#define EACH_LANE _Pragma("GCC unroll 1") for (unsigned l = 0; l < nl; l++)

/* Texel bytes for lanes outside the group: never added (their sums are
 * not stored), read so that every lane loads. */
static const uint8_t no_texel[16];

/* Rounded fixed-point positions (smp_fixed, when every lane in the group
 * lies below 2^30 in magnitude) of axis k at the level: false when some
 * lane does not. */
INLINE bool fixed_positions(const unsigned nl, const smp_lanes *g, const smp_lanes_level *lv,
                            unsigned k, int32_t out[L])
{
    /* x + 0.0 is x but for -0.0, which becomes +0.0: both floor to 0 */
    const float ratio = lv->ratio[k], off = lv->off[k], half = lv->round[k] ? 0.5f : 0.0f;
    int bad = 0;
    EACH_LANE {
        float x = (g->p[k][l] * ratio + off) * (float)SMP_SUB_ONE;
        float r = x + half;
        int ok = fabsf(r) < 0x1p30f;   /* NaN fails */
        bad |= (ok ^ 1) & g->act[l];
        /* s = ok ? r : +0.0 as a select of bits, which vectorises (a
         * select of floats feeding a conversion does not) */
        uint32_t bits;
        memcpy(&bits, &r, 4);
        bits &= 0u - (uint32_t)ok;
        float s;
        memcpy(&s, &bits, 4);
        int32_t t = (int32_t)s;        /* toward zero, exact */
        out[l] = t - ((float)t > s);   /* smp_floorf */
    }
    return !bad;
}

/* Indices i (+1 when two) of an axis of n texels through address mode
 * `mode` (smp_address_in): in range, as they are for most lanes; the
 * others one by one. */
INLINE bool address_axis(const unsigned nl, const smp_lanes *g, unsigned mode, bool cube,
                         uint32_t n, const int32_t i[L], unsigned taps, uint32_t out[2][L])
{
    const int32_t last = (int32_t)n - (int32_t)taps;   /* n is below 2^15 */
    int outside = 0;
    EACH_LANE {
        out[0][l] = (uint32_t)i[l], out[1][l] = (uint32_t)i[l] + 1;
        outside |= (i[l] < 0) | (i[l] > last);
    }
    if (!outside)
        return true;
    if (cube && mode == G7SF_TEXCOORDMODE_CUBE)
        return false;   /* onto the next face: cube.c's crossing, per pixel */
    /* address.c's modes, straight-line where they are (WRAP and MIRROR
     * on power-of-two sizes, where the floored modulo is a mask; the
     * clamps); lanes outside the group go along harmlessly */
    const int32_t top = (int32_t)n - 1;
    const bool pow2 = !(n & (n - 1));
    switch (mode) {
    case G7SF_TEXCOORDMODE_WRAP:
        if (!pow2)
            break;
        for (unsigned d = 0; d < taps; d++)
            EACH_LANE
                out[d][l] = (uint32_t)(i[l] + (int32_t)d) & (n - 1);
        return true;
    case G7SF_TEXCOORDMODE_MIRROR:
        if (!pow2)
            break;
        for (unsigned d = 0; d < taps; d++)
            EACH_LANE {
                uint32_t m = (uint32_t)(i[l] + (int32_t)d) & (2 * n - 1);
                out[d][l] = m < n ? m : 2 * n - 1 - m;
            }
        return true;
    case G7SF_TEXCOORDMODE_MIRROR_ONCE:
        for (unsigned d = 0; d < taps; d++)
            EACH_LANE {
                int32_t j = i[l] + (int32_t)d;
                j = j < 0 ? -1 - j : j;
                out[d][l] = (uint32_t)(j > top ? top : j);
            }
        return true;
    case G7SF_TEXCOORDMODE_CLAMP:
    case G7SF_TEXCOORDMODE_CUBE:
        for (unsigned d = 0; d < taps; d++)
            EACH_LANE {
                int32_t j = i[l] + (int32_t)d;
                j = j < 0 ? 0 : j;
                out[d][l] = (uint32_t)(j > top ? top : j);
            }
        return true;
    default:
        break;
    }
    for (unsigned l = 0; l < nl; l++)
        if (g->act[l])
            for (unsigned d = 0; d < taps; d++)
                out[d][l] = smp_address_in(mode, (int64_t)i[l] + d, n);
    return true;
}

/* Graphics addresses of the taps (x[dx], y[dy], z[dz]) of the level, tap
 * j = dx + 2 dy + 4 dz (n: 1 or 2 indices per axis; z NULL on 2D
 * surfaces, whose image is lv->m): rows and columns apart (g7sf_tile_row
 * + g7sf_tile_col), a loop per tiling so each is straight-line.  A 3D
 * slice's image starts at lv->org plus lv->step times its column and row
 * among the level's slices.  Image positions stay below 2^31 (surfaces
 * are at most 16384 rows of 2048 slices). */
#define TILE_LOOPS(tiling)                                                                 \
    do {                                                                                   \
        for (unsigned dz = 0; dz < nz; dz++)                                               \
            for (unsigned d = 0; d < n; d++)                                               \
                EACH_LANE {                                                                \
                    uint64_t bx = (uint64_t)(mx[dz][l] + x[d][l]) * bytes;                 \
                    row[dz][d][l] = g7sf_tile_row(tiling, pitch, my[dz][l] + y[d][l]);     \
                    col[dz][d][l] = g7sf_tile_col(tiling, bx);                             \
                }                                                                          \
    } while (0)
INLINE void tap_addresses(const unsigned nl, const smp_ctx *c, const smp_lanes_level *lv,
                          unsigned n, uint32_t x[2][L], uint32_t y[2][L], uint32_t (*z)[L],
                          uint64_t a[8][L])
{
    const g7sf_surface *s = &c->tex->surf;
    const uint32_t pitch = s->pitch, bytes = c->block_bytes;
    const unsigned nz = z ? n : 1;
    uint32_t mx[2][L], my[2][L];
    uint64_t row[2][2][L], col[2][2][L];
    if (z)
        for (unsigned dz = 0; dz < nz; dz++)
            EACH_LANE {
                mx[dz][l] = lv->org[0] + lv->step[0] * (z[dz][l] & lv->row_mask);
                my[dz][l] = lv->org[1] + lv->step[1] * (z[dz][l] >> lv->row_shift);
            }
    else
        EACH_LANE
            mx[0][l] = lv->m->x, my[0][l] = lv->m->y;
    switch (s->tiling) {
    case G7SF_TILING_LINEAR: TILE_LOOPS(G7SF_TILING_LINEAR); break;
    case G7SF_TILING_X:      TILE_LOOPS(G7SF_TILING_X); break;
    case G7SF_TILING_Y:      TILE_LOOPS(G7SF_TILING_Y); break;
    default:                 TILE_LOOPS(s->tiling); break;
    }
    const uint64_t base = s->base;
    for (unsigned j = 0; j < n * n * nz; j++) {
        const unsigned dx = j & 1, dy = j >> 1 & 1, dz = j >> 2;
        EACH_LANE
            a[j][l] = base + row[dz][dy][l] + col[dz][dx][l];
    }
}

/* Host bytes of the taps a[tap][lane] of the group's lanes: one page
 * asked for when all lie in it (a footprint mostly does), else each
 * texel's; false when one is missing or past 4 GiB. */
INLINE bool tap_bytes(const unsigned nl, smp_ctx *c, const smp_lanes *g, unsigned taps,
                      uint64_t a[8][L], const uint8_t *host[8][L])
{
    const unsigned bytes = c->block_bytes;
    /* past 4 GiB: the reference's smp_fetch answers; else the span of
     * the low words (lanes outside the group count as UINT32_MAX, 0) */
    uint64_t over = 0;
    uint32_t lo = UINT32_MAX, hi = 0;
    for (unsigned j = 0; j < taps; j++)
        EACH_LANE {
            uint32_t in = 0u - (uint32_t)g->act[l], v = (uint32_t)a[j][l] & in;
            over |= (a[j][l] + bytes - 1) >> 32 & in;
            lo = (v | ~in) < lo ? (v | ~in) : lo;
            hi = v > hi ? v : hi;
        }
    if (over)
        return false;
    const uint8_t *page;
    if (lo >> G7SF_PAGE_SHIFT == (hi + bytes - 1) >> G7SF_PAGE_SHIFT &&
        (page = smp_host_bytes(c, lo & ~(G7SF_PAGE_SIZE - 1), 1))) {
        /* lanes outside the group read the page's first bytes */
        for (unsigned j = 0; j < taps; j++)
            EACH_LANE
                host[j][l] = page + (a[j][l] & (G7SF_PAGE_SIZE - 1) & (0 - (uint64_t)g->act[l]));
        return true;
    }
    for (unsigned j = 0; j < taps; j++)
        for (unsigned l = 0; l < nl; l++) {
            host[j][l] = no_texel;
            if (g->act[l] && !(host[j][l] = smp_host_bytes(c, (uint32_t)a[j][l], bytes)))
                return false;
        }
    return true;
}

/* Four bytes as a little-endian word (one load on x86) */
static inline uint32_t load_le32(const uint8_t *b)
{
    return (uint32_t)b[0] | (uint32_t)b[1] << 8 | (uint32_t)b[2] << 16 | (uint32_t)b[3] << 24;
}

/* conv_half_to_float without branches: a subnormal is m * 2^-24 (exact),
 * the rest rebiased bits (exponent 31 to 255); the sign flipped in after,
 * as the negation there flips it (tests/test_sampler_paths.c compares all
 * 65536 halves). */
INLINE float half_to_float(uint32_t h)
{
    int32_t e = (int32_t)(h >> 10 & 31), m = (int32_t)(h & 0x3FF);
    float f = (float)m * 0x1p-24f;   /* a signed conversion: one instruction */
    uint32_t sub, bits, is_sub = 0u - (uint32_t)(e == 0), is_inf = 0u - (uint32_t)(e == 31);
    memcpy(&sub, &f, 4);
    bits = ((uint32_t)(e + 112) | (is_inf & 0xFFu)) << 23 | (uint32_t)m << 13;
    bits = ((sub & is_sub) | (bits & ~is_sub)) ^ (h & 0x8000) << 16;
    memcpy(&f, &bits, 4);
    return f;
}

/* The lanes' texels of one tap, decoded: t[channel][lane]. */
INLINE void decode(const unsigned nl, unsigned kind, const uint8_t *const host[L], float t[4][L])
{
    /* UNORM: the bytes little-endian; float32: as stored; RGBA16F: the
     * halves little-endian, two a word */
    uint32_t w[4][L];
    if (kind == SMP_FAST_RGBA32F)
        for (unsigned k = 0; k < 4; k++)
            for (unsigned l = 0; l < nl; l++)
                memcpy(&w[k][l], host[l] + 4 * k, 4);
    else if (kind == SMP_FAST_R32F)
        for (unsigned l = 0; l < nl; l++)
            memcpy(&w[0][l], host[l], 4);
    else
        for (unsigned k = 0; k < (kind == SMP_FAST_RGBA16F ? 2u : 1u); k++)
            for (unsigned l = 0; l < nl; l++)
                w[k][l] = load_le32(host[l] + 4 * k);
    switch (kind) {
    case SMP_FAST_RGBA8:
    case SMP_FAST_BGRA8: {
        const unsigned r = kind == SMP_FAST_RGBA8 ? 0 : 2;
        const unsigned at[4] = { r, 1, 2 - r, 3 };
        for (unsigned k = 0; k < 4; k++)
            EACH_LANE
                t[k][l] = (float)(w[0][l] >> 8 * at[k] & 255) / 255.0f;
        break;
    }
    case SMP_FAST_RGBA8_SRGB:
    case SMP_FAST_BGRA8_SRGB: {
        const unsigned r = kind == SMP_FAST_RGBA8_SRGB ? 0 : 2;
        const unsigned at[3] = { r, 1, 2 - r };
        for (unsigned k = 0; k < 3; k++)
            EACH_LANE
                t[k][l] = smp_srgb8_table[w[0][l] >> 8 * at[k] & 255];
        EACH_LANE
            t[3][l] = (float)(w[0][l] >> 24) / 255.0f;
        break;
    }
    case SMP_FAST_R32F:
        EACH_LANE {
            memcpy(&t[0][l], &w[0][l], 4);
            t[1][l] = t[2][l] = 0.0f, t[3][l] = 1.0f;
        }
        break;
    case SMP_FAST_R24X8:
        EACH_LANE {
            t[0][l] = (float)(w[0][l] & 0xFFFFFF) / 16777215.0f;
            t[1][l] = t[2][l] = 0.0f, t[3][l] = 1.0f;
        }
        break;
    case SMP_FAST_RGBA16F:
        for (unsigned k = 0; k < 4; k++)
            EACH_LANE
                t[k][l] = half_to_float(w[k >> 1][l] >> 16 * (k & 1) & 0xFFFF);
        break;
    default:   /* SMP_FAST_RGBA32F */
        memcpy(t, w, sizeof w);
        break;
    }
}

/* The lanes' texels (x[l], y[l]) (z: of 3D slices z[l]) of the level
 * through the decode cache, the reference's own fetch for these formats:
 * compressed, packed and the other formats without an in-place decoder.
 * false (the group to the per-pixel path) for a unit past 4 GiB. */
INLINE bool cached(const unsigned nl, smp_ctx *c, const smp_lanes *g, const smp_lanes_level *lv,
                   const uint32_t x[L], const uint32_t y[L], const uint32_t *z, float t[4][L])
{
    if (z) {   /* a 3D slice: the reference's fetch finds its image */
        for (unsigned l = 0; l < nl; l++) {
            g7sf_texel v = { .f = { 0.0f } };
            if (g->act[l])
                smp_fetch(c, lv->lod, x[l], y[l], z[l], 0, &v);
            for (unsigned k = 0; k < 4; k++)
                t[k][l] = v.f[k];
        }
        return true;
    }
    /* 2D: each lane's unit address as smp_unit_address makes it (the
     * unit's first texel, in blocks), then the cache's texel; past 4 GiB
     * the per-pixel path answers */
    const g7sf_surface *s = &c->tex->surf;
    const unsigned uw = c->unit_wshift, uh = c->unit_hshift;
    const unsigned bw = c->block_wshift, bh = c->block_hshift, tiling = s->tiling;
    const uint32_t mx = lv->m->x, my = lv->m->y, bytes = c->block_bytes;
    const uint64_t last = (1ull << 32) - c->fmt->unit_bytes;
    uint64_t a[L];
    uint64_t over = 0;
    EACH_LANE {
        uint32_t px = mx + (x[l] >> uw << uw), py = my + (y[l] >> uh << uh);
        a[l] = s->base + g7sf_tile_row(tiling, s->pitch, py >> bh) +
               g7sf_tile_col(tiling, (uint64_t)(px >> bw) * bytes);
        over |= (uint64_t)(a[l] > last) & (uint64_t)g->act[l];
    }
    if (over)
        return false;
    for (unsigned l = 0; l < nl; l++) {
        if (!g->act[l]) {
            t[0][l] = t[1][l] = t[2][l] = t[3][l] = 0.0f;
            continue;
        }
        const g7sf_texel *v = smp_unit_texels(c, (uint32_t)a[l]) +
                              ((y[l] & ((1u << uh) - 1)) << uw) + (x[l] & ((1u << uw) - 1));
        for (unsigned k = 0; k < 4; k++)
            t[k][l] = v->f[k];
    }
    return true;
}

/* The sample*_c compare (smp_shadow_compare) on each lane's texel: the
 * relation of texel to reference as one bit of each comparison, all
 * made (so the loop vectorises), 0.0 where Shadow Function holds on it. */
INLINE void compare(const unsigned nl, const smp_ctx *c, const smp_lanes *g, float t[4][L])
{
    const unsigned holds = smp_shadow_holds(c->smp->state.shadow_function);
    EACH_LANE {
        float x = t[0][l], r = g->ref[l];
        unsigned lt = x < r, gt = x > r, eq = x == r;
        unsigned rel = lt * SMP_REL_LT | gt * SMP_REL_GT | eq * SMP_REL_EQ |
                       (1u ^ (lt | gt | eq)) * SMP_REL_UN;
        float v = holds & rel ? 0.0f : 1.0f;
        t[0][l] = t[1][l] = t[2][l] = t[3][l] = v;
    }
}

/* acc += wt * t on the lanes in the group (act), a LINEAR tap of weight 0
 * adding +0.0 (see the top): the product's bits masked, the comparison
 * made on every lane (a select of floats behind a condition does not
 * vectorise).  A lane outside the group adds +0.0 too, whatever it read:
 * it may be in the caller's sum (a lane without a second level, a probe
 * it does not have). */
INLINE void accumulate(const unsigned nl, const int act[L], const float wt[L], bool skip_zero,
                       float t[4][L], float acc[4][L])
{
    uint32_t keep[L];
    EACH_LANE
        keep[l] = 0u - (uint32_t)(!((wt[l] == 0.0f) & skip_zero) & (act[l] != 0));
    for (unsigned k = 0; k < 4; k++)
        EACH_LANE {
            float v = wt[l] * t[k][l];
            uint32_t b;
            memcpy(&b, &v, 4);
            b &= keep[l];
            memcpy(&v, &b, 4);
            acc[k][l] += v;
        }
}

INLINE bool level_body(smp_ctx *c, const smp_lanes *g, const smp_lanes_level *lv,
                       float acc[4][L], const unsigned kind, const unsigned nl)
{
    const bool linear = lv->linear;
    const unsigned dims = lv->dims, n = linear ? 2 : 1;
    int32_t f[3][L];
    uint32_t xyz[3][2][L];
    float wk[3][2][L];
    const float unit = 1.0f / SMP_SUB_ONE;
    for (unsigned k = 0; k < dims; k++) {
        if (!fixed_positions(nl, g, lv, k, f[k]))
            return false;
        int32_t i[L];
        if (linear)
            EACH_LANE {
                int32_t h = f[k][l] - SMP_SUB_ONE / 2;   /* texel centres at half-integers */
                int32_t w1 = h & (SMP_SUB_ONE - 1);
                i[l] = h >> SMP_SUB_BITS;
                wk[k][0][l] = (float)(SMP_SUB_ONE - w1) * unit, wk[k][1][l] = (float)w1 * unit;
            }
        else
            EACH_LANE
                i[l] = f[k][l] >> SMP_SUB_BITS;
        if (!address_axis(nl, g, lv->mode[k], lv->cube, lv->size[k], i, n, xyz[k]))
            return false;
    }
    /* 2D: the third axis's weight (SMP_SUB_ONE - 0) * unit = 1.0,
     * multiplied as the reference does */
    if (dims == 2)
        EACH_LANE
            wk[2][0][l] = (float)SMP_SUB_ONE * unit;
    const unsigned taps = linear ? (dims == 3 ? 8 : 4) : 1;
    uint32_t (*z)[L] = dims == 3 ? xyz[2] : NULL;
    uint64_t a[8][L];
    const uint8_t *host[8][L];
    const int err = c->err;
    if (kind != SMP_LANES_CACHED) {
        tap_addresses(nl, c, lv, n, xyz[0], xyz[1], z, a);
        if (!tap_bytes(nl, c, g, taps, a, host))
            return false;
    }
    for (unsigned j = 0; j < taps; j++) {   /* x fastest, then y, then z: smp_linear's order */
        const unsigned dx = j & 1, dy = j >> 1 & 1, dz = j >> 2;
        float t[4][L], wt[L];
        if (kind == SMP_LANES_CACHED) {
            if (!cached(nl, c, g, lv, xyz[0][dx], xyz[1][dy], z ? z[dz] : NULL, t))
                return false;
        } else
            decode(nl, kind, host[j], t);
        if (c->compare)
            compare(nl, c, g, t);
        if (linear)
            EACH_LANE
                wt[l] = g->w[l] * wk[0][dx][l] * wk[1][dy][l] * wk[2][dz][l];
        else
            EACH_LANE
                wt[l] = g->w[l];
        accumulate(nl, g->act, wt, linear, t, acc);
    }
    /* a texel the reference may not have read (a tap of weight 0) failed:
     * the per-pixel path says which error, if any */
    if (c->err != err) {
        c->err = err;
        return false;
    }
    return true;
}

/* gather4 (gather.c): the 2x2 LINEAR footprint's texels, out[k] the one
 * at corner k (red (0, 1), green (1, 1), blue (1, 0), alpha (0, 0) from the
 * upper left), channel lv->channel of each, compared for gather4_c.  The
 * positions come in at the level (ratio 1, offsets added). */
INLINE bool gather_body(smp_ctx *c, const smp_lanes *g, const smp_lanes_level *lv,
                        float out[4][L], const unsigned kind, const unsigned nl)
{
    uint32_t xy[2][2][L];
    for (unsigned k = 0; k < 2; k++) {
        int32_t f[L], i[L];
        if (!fixed_positions(nl, g, lv, k, f))
            return false;
        EACH_LANE
            i[l] = (f[l] - SMP_SUB_ONE / 2) >> SMP_SUB_BITS;   /* texel centres at halves */
        if (!address_axis(nl, g, lv->mode[k], false, lv->size[k], i, 2, xy[k]))
            return false;
    }
    uint64_t a[8][L];
    const uint8_t *host[8][L];
    const int err = c->err;
    if (kind != SMP_LANES_CACHED) {
        tap_addresses(nl, c, lv, 2, xy[0], xy[1], NULL, a);
        if (!tap_bytes(nl, c, g, 4, a, host))
            return false;
    }
    static const uint8_t tap_of[4] = { 2, 3, 1, 0 };   /* corner k's tap: dx + 2 dy */
    for (unsigned k = 0; k < 4; k++) {
        const unsigned j = tap_of[k];
        float t[4][L];
        if (kind == SMP_LANES_CACHED) {
            if (!cached(nl, c, g, lv, xy[0][j & 1], xy[1][j >> 1], NULL, t))
                return false;
        } else
            decode(nl, kind, host[j], t);
        if (c->compare)
            compare(nl, c, g, t);
        memcpy(out[k], t[lv->channel], sizeof out[k]);
    }
    if (c->err != err) {   /* as level_body */
        c->err = err;
        return false;
    }
    return true;
}

/* ld: the texel at integer (g->texel[0][l], g->texel[1][l]) of image lv->m
 * for each lane, in range already (ld.c checks), unfiltered. */
INLINE bool ld_body(smp_ctx *c, const smp_lanes *g, const smp_lanes_level *lv, float out[4][L],
                    const unsigned kind, const unsigned nl)
{
    uint32_t xy[2][2][L];
    for (unsigned k = 0; k < 2; k++)
        EACH_LANE
            xy[k][0][l] = g->texel[k][l];
    uint64_t a[8][L];
    const uint8_t *host[8][L];
    const int err = c->err;
    if (kind == SMP_LANES_CACHED) {
        if (!cached(nl, c, g, lv, xy[0][0], xy[1][0], NULL, out))
            return false;
    } else {
        tap_addresses(nl, c, lv, 1, xy[0], xy[1], NULL, a);
        if (!tap_bytes(nl, c, g, 1, a, host))
            return false;
        decode(nl, kind, host[0], out);
    }
    if (c->err != err) {   /* as level_body */
        c->err = err;
        return false;
    }
    return true;
}

/* One body per format and lane count (both constants in each): straight-
 * line decodes, loops of 8 lanes for SIMD8, as a JIT specialises per state.
 * body(c, g, lv, out, kind, nl). */
#define BY_FORMAT(body, out, nl)                                                          \
    switch (c->fast) {                                                                    \
    case SMP_FAST_RGBA8:      return body(c, g, lv, out, SMP_FAST_RGBA8, nl);             \
    case SMP_FAST_BGRA8:      return body(c, g, lv, out, SMP_FAST_BGRA8, nl);             \
    case SMP_FAST_RGBA8_SRGB: return body(c, g, lv, out, SMP_FAST_RGBA8_SRGB, nl);        \
    case SMP_FAST_BGRA8_SRGB: return body(c, g, lv, out, SMP_FAST_BGRA8_SRGB, nl);        \
    case SMP_FAST_R32F:       return body(c, g, lv, out, SMP_FAST_R32F, nl);              \
    case SMP_FAST_RGBA32F:    return body(c, g, lv, out, SMP_FAST_RGBA32F, nl);           \
    case SMP_FAST_RGBA16F:    return body(c, g, lv, out, SMP_FAST_RGBA16F, nl);           \
    case SMP_FAST_R24X8:      return body(c, g, lv, out, SMP_FAST_R24X8, nl);             \
    default:                  return body(c, g, lv, out, SMP_LANES_CACHED, nl);           \
    }
#define BY_FORMAT_AND_LANES(body, out)                                                    \
    do {                                                                                  \
        if (g->n <= 8)                                                                    \
            BY_FORMAT(body, out, 8)                                                       \
        BY_FORMAT(body, out, 16)                                                          \
    } while (0)

INLINE bool level_by_format(smp_ctx *c, const smp_lanes *g, const smp_lanes_level *lv,
                            float acc[4][L])
{
    BY_FORMAT_AND_LANES(level_body, acc);
}

INLINE bool gather_by_format(smp_ctx *c, const smp_lanes *g, const smp_lanes_level *lv,
                             float out[4][L])
{
    BY_FORMAT_AND_LANES(gather_body, out);
}

INLINE bool ld_by_format(smp_ctx *c, const smp_lanes *g, const smp_lanes_level *lv,
                         float out[4][L])
{
    BY_FORMAT_AND_LANES(ld_body, out);
}

/* The instances: plain C (the reference) and AVX2, the same source. */
typedef bool kernel_fn(smp_ctx *c, const smp_lanes *g, const smp_lanes_level *lv,
                       float out[4][SMP_LANES]);

static bool level_c(smp_ctx *c, const smp_lanes *g, const smp_lanes_level *lv,
                    float acc[4][SMP_LANES])
{
    return level_by_format(c, g, lv, acc);
}

static bool gather_c(smp_ctx *c, const smp_lanes *g, const smp_lanes_level *lv,
                     float out[4][SMP_LANES])
{
    return gather_by_format(c, g, lv, out);
}

static bool ld_c(smp_ctx *c, const smp_lanes *g, const smp_lanes_level *lv,
                 float out[4][SMP_LANES])
{
    return ld_by_format(c, g, lv, out);
}

#if CPU_X86
#define AVX2 __attribute__((target("avx2")))
static AVX2 bool level_avx2(smp_ctx *c, const smp_lanes *g, const smp_lanes_level *lv,
                            float acc[4][SMP_LANES])
{
    return level_by_format(c, g, lv, acc);
}

static AVX2 bool gather_avx2(smp_ctx *c, const smp_lanes *g, const smp_lanes_level *lv,
                             float out[4][SMP_LANES])
{
    return gather_by_format(c, g, lv, out);
}

static AVX2 bool ld_avx2(smp_ctx *c, const smp_lanes *g, const smp_lanes_level *lv,
                         float out[4][SMP_LANES])
{
    return ld_by_format(c, g, lv, out);
}
#else   /* no AVX2 instance: smp_lanes_avx2() is false */
#define level_avx2 level_c
#define gather_avx2 gather_c
#define ld_avx2 ld_c
#endif

bool smp_lanes_run(enum smp_lanes_job job, smp_ctx *c, const smp_lanes *g,
                   const smp_lanes_level *lv, float out[4][SMP_LANES])
{
    static kernel_fn *const kernels[2][3] = {
        [0] = { [SMP_LANES_FILTER] = level_c, [SMP_LANES_GATHER] = gather_c,
                [SMP_LANES_LD] = ld_c },
        [1] = { [SMP_LANES_FILTER] = level_avx2, [SMP_LANES_GATHER] = gather_avx2,
                [SMP_LANES_LD] = ld_avx2 },
    };
    return kernels[smp_lanes_avx2()][job](c, g, lv, out);
}
