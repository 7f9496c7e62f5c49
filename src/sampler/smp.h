/* Internal: the sampling engine's stages and what they share.  One file per
 * stage: lod.c (LOD and level selection), address.c (address modes),
 * texel.c (fetch, decode cache, border, prefilter), filter.c (nearest,
 * linear, mip blend), cube.c, aniso.c, gather.c, shadow.c, chromakey.c,
 * mono.c, msaa.c, info.c (resinfo, sampleinfo), ld.c, sample.c (the sample*
 * and LOD operations over a message), pixel.c (the same for one pixel: the
 * reference), fast2d.c and lanes.c (faster paths equal to it), inplace.h
 * and unit_fast.c (texels read in place), unit_cache.c/.h (the decode
 * cache's lookup and miss), channel_select.c (Haswell's
 * Shader Channel Select), sampler.c (g7sf_sample, the context). */
#ifndef G7SF_SAMPLER_SMP_H
#define G7SF_SAMPLER_SMP_H

#include <math.h>
#include <stdbool.h>
#include <stdint.h>

#include "core/tiling.h"
#include "gen7sf/minmax.h"
#include "gen7sf/sampler.h"

/* The filter's fixed-point precision, kept here and nowhere else: texel
 * positions are rounded to SMP_SUB_BITS fraction bits before a filter picks
 * texels and weights (so weights are multiples of 1/256), and the LOD is
 * rounded to SMP_LOD_BITS fraction bits (as the U4.8 LOD state fields). */
#define SMP_SUB_BITS 8
#define SMP_SUB_ONE  (1 << SMP_SUB_BITS)
#define SMP_LOD_BITS 8

/* Decoded texels kept per message, in lines of one decode unit (1 texel,
 * a YCrCb pair, a 4x4 or 8x4 block), direct-mapped by unit address: a 16:1
 * anisotropic footprint of uncompressed texels still fits. */
#define SMP_CACHE_TEXELS 1024
#define SMP_UNIT_BYTES_MAX 32          /* the largest decode unit: 256-bit texels */
typedef struct smp_cache {
    unsigned lines;                    /* SMP_CACHE_TEXELS / texels per unit */
    uint64_t valid[SMP_CACHE_TEXELS / 64];
    uint32_t tag[SMP_CACHE_TEXELS];    /* unit address per line */
    g7sf_texel t[SMP_CACHE_TEXELS];    /* line i holds texels i * unit .. */
} smp_cache;

/* One level as a filter sees it. */
typedef struct smp_level {
    unsigned lod;              /* physical level: Surface Min LOD included */
    uint32_t size[3];          /* width, height, depth (3D only, else 1) in texels */
    uint32_t slice;            /* array slice (6 * cube + face for cubes); 3D: unused */
} smp_level;

/* One pixel's level selection (lod.c). */
typedef struct smp_lodsel {
    unsigned lod0, lod1;       /* physical levels (lod1 used when beta > 0) */
    float beta;                /* weight of lod1, a multiple of 2^-SMP_LOD_BITS */
    bool mag;                  /* magnified: MagFilter applies */
    bool out_of_bounds;        /* Resource Min LOD above MIPCnt: texels are 0 */
    float lod_unclamped;       /* what the LOD message returns in green */
    float lod_clamped;         /* ... and in red */
} smp_lodsel;

/* lod.c's constants of one message: the SAMPLER_STATE and view fields of
 * the LOD pseudocode, as floats (smp_lod_prepare). */
typedef struct smp_lodconst {
    float bias, min_lod, max_lod, base, adj_min, adj_max, drop;
    bool out_of_bounds, preclamp;
    unsigned mip, surface_min_lod;
} smp_lodconst;

/* Where an image (level, slice) starts in the surface's 2D layout. */
typedef struct smp_image { unsigned lod, z; bool valid; uint32_t x, y; } smp_image;

/* What a surface's layout gives, kept per host thread across messages
 * while the surface stays the same byte for byte (sampler.c): whether it
 * is valid, and the origins of the images read lately. */
#define SMP_MEMO_IMAGES 8
typedef struct smp_surface_memo {
    bool known;
    int valid;                          /* g7sf_surface_validate's answer */
    g7sf_surface surf;
    smp_image image[SMP_MEMO_IMAGES];   /* by lod parity and z mod 4 */
} smp_surface_memo;

/* One message's resolved state, and the per-pixel prefilter inputs. */
typedef struct smp_ctx {
    g7sf_gpu *gpu;
    enum g7sf_platform platform;       /* the gpu's */
    const g7sf_texture *tex;
    const g7sf_sampler *smp;           /* NULL for the ld family, resinfo, sampleinfo */
    const struct g7sf_format_info *fmt;
    unsigned op;
    unsigned cls;                      /* G7SF_TEXEL_FLOAT / UINT / SINT */
    unsigned dims;                     /* filtered axes: 1, 2 or 3 (cube: 2 per face) */
    bool cube;                         /* a CUBE surface sampled by direction */
    uint32_t base[3];                  /* size of the view's first level (Surface
                                          Min LOD): normalized coordinates scale by it */
    unsigned mode[3];                  /* TCX/TCY/TCZ; CLAMP for the ld family */
    bool round[3];                     /* address rounding enables of the filter in
                                          use (mag or min), per axis */
    g7sf_texel border;                 /* border colour in the format's class */
    bool scs;                          /* Haswell's Shader Channel Select is not
                                          R, G, B, A: smp_channel_select applies */
    /* prefilter, per pixel */
    bool compare;                      /* sample_c family, gather4_c family */
    float ref;                         /* its reference value */
    bool chroma;                       /* ChromaKey Enable on a keyable format */
    bool chroma_matched;               /* set when a texel of this pixel matched */
    int err;                           /* first error while fetching (G7SF_EFAULT) */
    bool quad;                         /* smp_quad applies: 2D, single-sampled, not
                                          planar, no border address mode on u, v */
    /* min/max reduction (gen7sf ext, G7SF_EXT_MINMAX_FILTER; pixel.c):
     * SMP_REDUCE_MIN / _MAX fold every texel of non-zero weight into the
     * pixel's result instead of acc += w * texel; region: the patent's
     * separable footprint in the 8x8 region instead of the filters' */
    unsigned reduce;                   /* SMP_REDUCE_NONE, _MIN, _MAX */
    bool reduce_region;
    int region_w, region_h;            /* 1..8 */
    /* texel.c's addressing: log2 of the decode unit's width and height and
     * of the surface block's, bytes per block; per lod parity (trilinear
     * alternates two levels), the origin in the 2D layout of the last
     * image read */
    uint8_t unit_wshift, unit_hshift, block_wshift, block_hshift;
    uint8_t fast;                      /* smp_fast_kind of the format */
    bool direct;                       /* fast format, not the reference path:
                                          smp_quad reads texels in place */
    bool fast2d;                       /* fast2d.c runs the pixels (smp_fast2d_plan) */
    bool lanes;                        /* ... over all lanes at once (lanes.c) */
    bool aniso;                        /* ... LEGACY anisotropic minification too */
    uint32_t level_known;              /* fast2d: levels whose size[] is filled */
    smp_lodconst lodk;                 /* fast2d: the LOD constants of the message */
    bool sel_known;                    /* fast2d: sel holds the choice for */
    uint32_t sel_key[7];               /* these derivative / LOD / bias bits */
    smp_lodsel sel;
    uint32_t page_tag;                 /* fast2d: page number of page_host, */
    const uint8_t *page_host;          /* the last page read (NULL: none yet) */
    uint32_t level_size[32][2];        /* fast2d: width, height of each level, */
    float level_ratio[32][2];          /* and over the first level's (base) */
    uint32_t block_bytes;
    smp_surface_memo *memo;            /* the thread's, for tex's surface */
    unsigned unit_shift;               /* log2 of the decode unit's size, for the cache */
    smp_cache cache;
} smp_ctx;

/* One pixel's position and footprint, in texels of the view's first level
 * (Surface Min LOD); cubes: on their face (pixel.c). */
typedef struct smp_pixel {
    float p[3];                /* position */
    float d[2][3];             /* d/dx, d/dy */
    uint32_t slice;            /* array slice, or 6 * cube + face */
} smp_pixel;

/* sampler.c: sets up c for one message (cache empty, border colour, modes)
 * and checks the state combinations the operation forbids. */
int smp_ctx_init(smp_ctx *c, g7sf_gpu *gpu, const g7sf_texture *tex,
                 const g7sf_sampler *smp, unsigned op);

/* ---- channel_select.c ---- */
/* Sets c->scs (Haswell, selects other than R, G, B, A) or returns
 * G7SF_ESTATE for a reserved select; c->platform and c->tex set. */
int smp_channel_select_init(smp_ctx *c);
/* Shader Channel Select (Haswell) on one result t of the format's class:
 * channel i becomes channel_select[i]'s surface channel, or 0 / 1 (1.0 for
 * float results).  Only when c->scs. */
void smp_channel_select(const smp_ctx *c, g7sf_texel *t, bool float_result);
/* The surface channel (0-3) that Shader Channel Select routes to result
 * channel i, or -1 for SCS_ZERO, -2 for SCS_ONE (i itself unless c->scs). */
int smp_channel_source(const smp_ctx *c, unsigned i);

/* ---- rounding ----
 * floorf, ceilf and rintf (round half to even) equal to libm's bit for bit,
 * signed zeros and NaNs included (tests/test_sampler_core.c checks them
 * against libm): without SSE4.1 the compiler calls libm for each, and the
 * filter rounds every coordinate and LOD.  Floats of magnitude 2^23 and
 * above, infinities and NaNs are whole already and come back as they are. */
static inline float smp_floorf(float x)
{
    if (!(fabsf(x) < 0x1p23f) || x == 0.0f)
        return x;
    float t = (float)(int32_t)x;   /* toward zero, exact */
    return t > x ? t - 1.0f : t;
}

static inline float smp_ceilf(float x)
{
    return -smp_floorf(-x);
}

static inline float smp_rintf(float x)
{
    if (!(fabsf(x) < 0x1p23f))
        return x;
    float r = (fabsf(x) + 0x1p23f) - 0x1p23f;   /* the sum rounds half to even */
    return copysignf(r, x);
}

/* ---- fast2d.c ----
 * The sample* and sample*_c operations on the commonest textures, bit for
 * bit as pixel.c's reference: 2D, single-sampled, float results, NEAREST
 * or LINEAR filters, address modes without border, no chroma key or
 * anisotropy; fast formats (c->direct) are read in place, others through
 * the decode cache.  smp_fast2d_plan decides
 * per message (sets c->fast2d); smp_fast2d_pixel replaces sample_pixel. */
void smp_fast2d_plan(smp_ctx *c, const g7sf_sample_args *a);
/* pixel.c's smp_setup_pixels for these surfaces: the same positions and
 * derivatives without the other surface types' cases. */
void smp_fast2d_setup(const smp_ctx *c, const g7sf_sample_args *a, unsigned first,
                      unsigned count, smp_pixel *px);
void smp_fast2d_pixel(smp_ctx *c, const g7sf_sample_args *a, unsigned i, const smp_pixel *q,
                      g7sf_texel *out);
/* When c->lanes: the message's lanes, grouped by their level selection
 * and slice, each group through lanes.c's kernel (smp_fast2d_pixel for a
 * group the kernel sends back). */
void smp_fast2d_lanes(smp_ctx *c, const g7sf_sample_args *a, g7sf_sample_result *out);

/* ---- lanes.c ----
 * One level's NEAREST or LINEAR filter over a group of a message's lanes,
 * structure of arrays (fast2d.c prepares both). */
#define SMP_LANES 16
typedef struct smp_lanes {
    float p[3][SMP_LANES];     /* u, v, r in texels of the view's first level */
    float ref[SMP_LANES];      /* the sample*_c reference value */
    float w[SMP_LANES];        /* the weight of the level filtered */
    uint32_t texel[2][SMP_LANES];   /* ld: the texel's x, y */
    int act[SMP_LANES];        /* 1: the lane is in the group */
    unsigned n;                /* lanes of the message: 8 or 16 */
} smp_lanes;
typedef struct smp_lanes_level {
    unsigned dims;             /* 2, or 3 on a 3D surface */
    unsigned lod;              /* physical level */
    const smp_image *m;        /* 2D: the level's image (smp_image_at) */
    uint32_t org[2];           /* 3D: where slice 0 of the level starts, */
    uint32_t step[2];          /* how far apart its slices lie, */
    unsigned row_shift;        /* log2 of the slices a row holds */
    uint32_t row_mask;         /* and that count - 1 (g7sf_surface_image_offset) */
    uint32_t size[3];          /* the level's width, height, depth */
    float ratio[3];            /* over the view's first level's */
    float off[3];              /* the message's texel offsets */
    bool linear;               /* LINEAR, else NEAREST */
    bool round[3];             /* address rounding enables of u, v, r */
    unsigned mode[3];          /* TCX, TCY, TCZ (no border modes) */
    bool cube;                 /* a cube face: TEXCOORDMODE_CUBE leaves it (the
                                  kernel then sends the group back) */
    unsigned channel;          /* gather4: the channel gathered */
} smp_lanes_level;
/* The kernel's jobs, on the lanes of g (lv: the level):
 * SMP_LANES_FILTER: out[channel][lane] += g->w[lane] * the NEAREST or
 *   LINEAR filtered texel;
 * SMP_LANES_GATHER: out[k][lane] = channel lv->channel of the LINEAR
 *   footprint's texel k (R, G, B, A order: gather4), the positions at the
 *   level (lv->ratio 1, lv->off 0);
 * SMP_LANES_LD: out[channel][lane] = the texel at g->texel (ld), in range.
 * false (out then partly written) when a lane's position, image or texel
 * bytes need the per-pixel path.  Formats: the fast ones in place, the
 * others through the decode cache.  The C instance (the reference) or the
 * AVX2 one, as smp_lanes_avx2() says. */
enum smp_lanes_job { SMP_LANES_FILTER, SMP_LANES_GATHER, SMP_LANES_LD };
bool smp_lanes_run(enum smp_lanes_job job, smp_ctx *c, const smp_lanes *g,
                   const smp_lanes_level *lv, float out[4][SMP_LANES]);
/* Whether the AVX2 kernel runs (the CPU has it and G7SF_CPU allows it,
 * read once); tests switch with smp_set_lanes_avx2 (true only where the
 * CPU has AVX2). */
bool smp_lanes_avx2(void);
void smp_set_lanes_avx2(bool on);
/* Whether the AVX2 kernel can run here (CPU and G7SF_CPU). */
bool smp_lanes_avx2_available(void);
/* Groups the kernel has filtered on the calling thread (for tests: that a
 * comparison reached it). */
unsigned long smp_lanes_groups(void);
extern _Thread_local unsigned long smp_lanes_count;


/* ---- address.c ---- */
/* A texel-space coordinate (float) to fixed point with SMP_SUB_BITS
 * fraction bits, rounded to nearest (round) or truncated toward minus
 * infinity, saturated far outside any surface (1e12: beyond any surface
 * and wrap count, yet exact in 64 bits); NaN gives 0.  Inline: twice per
 * tap of every filter. */
static inline int64_t smp_fixed(float t, bool round)
{
    if (isnan(t))
        return 0;
    float x = t * (float)SMP_SUB_ONE;
    if (x > 1.0e12f)
        x = 1.0e12f;
    if (x < -1.0e12f)
        x = -1.0e12f;
    return (int64_t)(round ? smp_floorf(x + 0.5f) : smp_floorf(x));
}

/* Where integer texel index i (of an axis of n texels) lands under address
 * mode `mode`: an index in [0, n), or SMP_OUTSIDE for the border of
 * CLAMP_BORDER / HALF_BORDER (HALF_BORDER: *edge gets the nearest edge
 * index, for the halfway value).  CUBE behaves as CLAMP here; cube.c crosses
 * faces before this is asked. */
#define SMP_OUTSIDE (-1)
/* The address modes with a border (CLAMP_BORDER, HALF_BORDER). */
static inline bool smp_border_mode(unsigned m)
{
    return m == G7SF_TEXCOORDMODE_CLAMP_BORDER || m == G7SF_TEXCOORDMODE_HALF_BORDER;
}
int32_t smp_address(unsigned mode, int64_t i, uint32_t n, int32_t *edge);
/* smp_address for the modes without border (no SMP_OUTSIDE): an index
 * inside stays, inline; others ask smp_address. */
static inline uint32_t smp_address_in(unsigned mode, int64_t i, uint32_t n)
{
    return i >= 0 && i < n ? (uint32_t)i : (uint32_t)smp_address(mode, i, n, NULL);
}



/* ---- texel.c ---- */
/* Per-message fetch setup (empty cache, unit and block shifts); c->fmt and
 * c->tex validated. */
void smp_fetch_init(smp_ctx *c);
/* The prefiltered texel at (x, y, z) of level L (z: 3D depth; arrays and
 * cubes use L->slice), coordinates first run through the address modes
 * (and across cube faces): border colour for CLAMP_BORDER outside, halfway
 * for HALF_BORDER, border colour on a cube face Cube Face Enables disable;
 * palette and sRGB applied by decode; then chroma key and
 * shadow compare.  In the format's class (float, or integers). */
void smp_texel_at(smp_ctx *c, const smp_level *L, int64_t x, int64_t y, int64_t z,
                  g7sf_texel *out);
/* The origin of image (lod, z) of a single-sampled 2D-laid-out surface,
 * computed once per image, not per texel nor per message (the thread's
 * surface memo keeps it by lod parity, as trilinear alternates two levels,
 * and z), or NULL when the surface lacks it.  Valid until the next call. */
static inline const smp_image *smp_image_at(smp_ctx *c, unsigned lod, uint32_t z)
{
    const g7sf_surface *s = &c->tex->surf;
    smp_image *m = &c->memo->image[(lod & 1) | (z & 3) << 1];
    if (!m->valid || m->lod != lod || m->z != z) {
        uint32_t w, h, d;
        g7sf_surface_level_size(s, lod, &w, &h, &d);
        if (lod >= s->levels || z >= d)
            return NULL;
        g7sf_surface_image_offset(s, lod, z, 0, &m->x, &m->y);
        m->lod = lod, m->z = z, m->valid = true;
    }
    return m;
}
/* Address of the unit at (ux, uy) of image m (ranges are the caller's:
 * the address modes keep indices in the level): 0, G7SF_ESTATE for a
 * missing image, G7SF_EFAULT past 4 GiB. */
static inline int smp_unit_address(const smp_ctx *c, const smp_image *m, uint32_t ux,
                                   uint32_t uy, uint32_t *addr)
{
    const g7sf_surface *s = &c->tex->surf;
    if (!m)   /* the view reaches a level or slice its surface lacks */
        return G7SF_ESTATE;
    uint64_t px = (uint64_t)m->x + ux, py = (uint64_t)m->y + uy;
    uint64_t a = s->base + g7sf_tile_offset(s->tiling, s->pitch,
                                            (px >> c->block_wshift) * c->block_bytes,
                                            py >> c->block_hshift);
    if (a + c->fmt->unit_bytes > (1ull << 32))
        return G7SF_EFAULT;
    *addr = (uint32_t)a;
    return 0;
}
/* The decode cache's miss (unit_cache.c): unit addr read and decoded into
 * line `line`, whose first texel is texels (unit_cache.h looks up). */
void smp_load_unit(smp_ctx *c, uint32_t addr, unsigned line, g7sf_texel *texels);
/* Texel (x, y) of image m (smp_image_at) of a single-sampled surface laid
 * out in 2D, not planar, through the decode cache: what smp_fetch reads for
 * such a surface, the image looked up by the caller (valid until the next
 * fetch). */
const g7sf_texel *smp_texel_cached(smp_ctx *c, const smp_image *m, uint32_t x, uint32_t y);
/* acc += w * texel, for float-class formats; when c->reduce, the texel
 * folds into acc by min/max if w is not 0 (smp_quad likewise). */
void smp_tap(smp_ctx *c, const smp_level *L, int64_t x, int64_t y, int64_t z, float w,
             float acc[4]);
/* When c->quad: acc += wt[j] * the prefiltered texel (x[j & 1], y[j >> 1])
 * of level L for j = 0..3, indices in range, zero weights skipped (as
 * smp_tap over the 2x2 in that order, without the address modes). */
void smp_quad(smp_ctx *c, const smp_level *L, const uint32_t x[2], const uint32_t y[2],
              const float wt[4], float acc[4]);
/* The texel at in-range (x, y, slice-or-z) of physical level lod, decoded
 * through the cache, without address modes or prefilter (ld uses this;
 * sample * = MSAA sample index). */
void smp_fetch(smp_ctx *c, unsigned lod, uint32_t x, uint32_t y, uint32_t z,
               unsigned sample, g7sf_texel *out);

/* ---- unit_fast.c ---- */
/* Whether the sampler runs its reference path: the per-texel pipeline
 * through the decode cache, which every fast path equals bit for bit.
 * G7SF_CPU=c selects it (read once); tests switch with smp_set_reference. */
bool smp_reference(void);
void smp_set_reference(bool on);
/* Fast decoders of common formats' units (all 1x1 texel), equal to
 * g7sf_unit_decode bit for bit: the kind for a Surface Format, or
 * SMP_FAST_NONE. */
enum { SMP_FAST_NONE, SMP_FAST_RGBA8, SMP_FAST_BGRA8, SMP_FAST_RGBA8_SRGB,
       SMP_FAST_BGRA8_SRGB, SMP_FAST_R32F, SMP_FAST_RGBA32F, SMP_FAST_RGBA16F,
       SMP_FAST_R24X8 };
unsigned smp_fast_kind(unsigned format);
/* Fills the decoders' tables; once, before the first smp_fast_decode. */
void smp_fast_init(void);


/* ---- reading in place (inplace.h; texel.c) ----
 * smp_fetch of texel (x, y) of image m (level lod, slice or depth z) of a
 * single-sampled surface laid out in 2D: read in place when the format
 * allows (c->direct) and its bytes are there, else through smp_fetch. */
void smp_fetch_2d(smp_ctx *c, const smp_image *m, unsigned lod, uint32_t x, uint32_t y,
                  uint32_t z, g7sf_texel *t);

/* ---- min/max reduction (minmax.c, pixel.c) ----
 * The comparison of every block of the patent's tree (minmax.h, "Comparison
 * rule"), for the standard footprints too: op G7SF_MINMAX_MIN or _MAX; a
 * NaN loses, of two NaNs the smaller pattern wins, -0 below +0. */
enum { SMP_REDUCE_NONE = 0, SMP_REDUCE_MIN = 1, SMP_REDUCE_MAX = 2 };
float smp_minmax_pick(unsigned op, float a, float b);
/* The value a reduction starts from: the NaN of the largest pattern
 * (0xffffffff), which loses to every texel under that rule (a number wins
 * over a NaN, a texel NaN has a pattern at most as large), so it acts as
 * the tree's status flag (L146) without one: an all-NaN footprint gives
 * its own NaN, as g7sf_minmax_quads does. */
float smp_reduce_start(void);
/* acc = op(acc, t) per channel, op from c->reduce. */
static inline void smp_reduce_fold(const smp_ctx *c, float acc[4], const float t[4])
{
    unsigned op = c->reduce == SMP_REDUCE_MIN ? G7SF_MINMAX_MIN : G7SF_MINMAX_MAX;
    for (unsigned i = 0; i < 4; i++)
        acc[i] = smp_minmax_pick(op, acc[i], t[i]);
}

/* ---- filter.c ---- */
/* acc += w * filter at level L around texel-space position p (already in
 * texels of L, texel offsets added): MAPFILTER_NEAREST or _LINEAR over
 * c->dims axes. */
void smp_nearest(smp_ctx *c, const smp_level *L, const float p[3], float w, float acc[4]);
void smp_linear(smp_ctx *c, const smp_level *L, const float p[3], float w, float acc[4]);
/* The 2x2 (1D: 2, 3D: 2x2x2) bilinear footprint of p over c->dims axes:
 * first texel index per axis and the weight of the second one, in
 * 1/SMP_SUB_ONE units (0 on unused axes). */
void smp_linear_footprint(const smp_ctx *c, const float p[3], int64_t i0[3], unsigned w1[3]);

/* ---- shadow.c ---- */
/* The shadow prefilter compare (§2.4): 0.0 when `texel OP ref` holds, else
 * 1.0, by Shadow Function. */
float smp_shadow_compare(unsigned shadow_function, float texel, float ref);
/* The relations (SMP_REL_*) of texel to ref for which Shadow Function
 * `shadow_function` holds: smp_shadow_compare gives 0.0 on them. */
enum { SMP_REL_LT = 1, SMP_REL_EQ = 2, SMP_REL_GT = 4, SMP_REL_UN = 8 };
unsigned smp_shadow_holds(unsigned shadow_function);
/* That compare on one texel (texel.c's prefilter without chroma key), for
 * the sample*_c and gather4*_c operations: the result in every channel. */
static inline void smp_compare_texel(const smp_ctx *c, g7sf_texel *t)
{
    float v = smp_shadow_compare(c->smp->state.shadow_function, t->f[0], c->ref);
    t->f[0] = t->f[1] = t->f[2] = t->f[3] = v;
}

/* ---- chromakey.c ---- */
/* Whether texel t (decoded, in the format's class) lies in the key range
 * [low, high] of 3DSTATE_CHROMA_KEY on every channel (§2.3.1.1).  right:
 * NULL, or for a YCrCb texel without chrominance of its own (the second of
 * a pair) the first texel of the next pair: Cr and Cb are then keyed on
 * the mean of the two (§2.12.6, line 4329). */
bool smp_chroma_match(const smp_ctx *c, const g7sf_texel *t, const g7sf_texel *right);

/* ---- cube.c ---- */
/* Face selection (§2.1.2) for one pixel: the face (enum g7sf_cube_face) of
 * direction dir, its face coordinates st in [0, 1] (before scaling by the
 * face size), and their derivatives dst[0] = d(s,t)/dx, dst[1] = d(s,t)/dy
 * from the direction's derivatives ddir[0] = d/dx, ddir[1] = d/dy. */
void smp_cube_map(const float dir[3], const float ddir[2][3], unsigned *face, float st[2],
                  float dst[2][2]);
/* The face (enum g7sf_cube_face) of slice `slice` of a cube view whose
 * first slice is `first` (Minimum Array Element): the faces of each cube
 * follow in order from there (smp_slice). */
static inline unsigned smp_cube_face(uint32_t slice, uint32_t first)
{
    return (slice - first) % 6;
}
/* TEXCOORDMODE_CUBE: maps (x, y) outside face smp_cube_face(*slice, first)
 * of an n x n face onto the adjacent face of the same cube; returns false
 * when both coordinates are outside (a corner), which the caller resolves
 * by clamping. */
bool smp_cube_cross(uint32_t n, uint32_t first, int64_t *x, int64_t *y, uint32_t *slice);

/* ---- lod.c ---- */
/* Level selection for one pixel after §2.2.1.5 (smp_lodsel, above).
 * lod: the LOD computed from gradients, or the lod parameter of sample_l /
 * sample_l_c (which replaces it); bias_param: sample_b's, else 0. */
void smp_lod_select(const smp_ctx *c, float lod, float bias_param, smp_lodsel *out);
/* The same in two steps: what depends on the state only (smp_lodconst),
 * once per message, then per pixel. */
void smp_lod_prepare(const smp_ctx *c, smp_lodconst *k);
void smp_lod_choose(const smp_lodconst *k, float lod, float bias_param, smp_lodsel *out);
/* log2 of rho (§2.2.1.1) from texel-space derivatives d[0] = d/dx, d[1] = d/dy
 * of (u, v, r). */
float smp_lod_from_grad(const float d[2][3], unsigned dims);

/* ---- aniso.c ---- */
typedef struct smp_aniso {
    float lod;                 /* log2 of the minor axis (before bias/clamp) */
    float ratio;               /* major / minor, capped by Maximum Anisotropy */
    float d[2][3];             /* derivatives in base-level texels, for the probes / EWA */
} smp_aniso;
void smp_aniso_setup(const smp_ctx *c, const float d[2][3], smp_aniso *out);
/* The LEGACY probes' direction (the footprint's major axis) at a level
 * whose axes scale the view's first level's by scale[]. */
void smp_aniso_direction(const smp_aniso *a, const double scale[2], float dir[2]);
/* acc += w * the anisotropic filter at level L around p (texels of L). */
void smp_aniso_filter(smp_ctx *c, const smp_level *L, const float p[3], const smp_aniso *a,
                      float w, float acc[4]);

/* ---- mono.c ---- */
/* MAPFILTER_MONO at level L around p: the intensity, replicated by the caller. */
float smp_mono_filter(smp_ctx *c, const smp_level *L, const float p[3]);

/* ---- whole operations: sample.c (sample*, LOD), ld.c, gather.c, msaa.c,
 * info.c ---- */
int smp_sample_ops(smp_ctx *c, const g7sf_sample_args *a, g7sf_sample_result *out);
/* pixel.c's steps, for the lanes driver (fast2d.c) on cubes and 3D: the pixels
 * of one subspan (count 4) or SIMD4x2 sample (count 1) in texels, and the
 * reference's whole sample of pixel i. */
void smp_setup_pixels(const smp_ctx *c, const g7sf_sample_args *a, unsigned first,
                      unsigned count, smp_pixel *px);
void smp_sample_pixel(smp_ctx *c, const g7sf_sample_args *a, unsigned i, const smp_pixel *q,
                      g7sf_texel *out);
/* Whether cube slice `slice` is a face Cube Face Enables disable (texel.c). */
bool smp_face_disabled(const smp_ctx *c, uint32_t slice);
/* An array index parameter rounded to nearest and clamped to [0, n). */
static inline uint32_t smp_array_index(float ai, uint32_t n)
{
    float r = smp_floorf(ai + 0.5f);
    return !(r > 0.0f) || n == 0 ? 0 : r >= (float)n ? n - 1 : (uint32_t)r;
}
/* The array slice of array index parameter ai (nearest, clamped to the
 * view); for cubes, of face `face` of cube ai. */
static inline uint32_t smp_slice(const smp_ctx *c, float ai, unsigned face)
{
    const g7sf_texture *t = c->tex;
    if (c->cube)
        return t->min_array_element + 6 * smp_array_index(ai, t->array_len / 6) + face;
    return t->min_array_element + smp_array_index(ai, t->array_len);
}
int smp_ld(smp_ctx *c, const g7sf_sample_args *a, g7sf_sample_result *out);
/* What a texel outside the surface or MIP range reads (§2.2.1.5, ld): zero,
 * alpha one for formats without alpha. */
void smp_zero_texel(const smp_ctx *c, g7sf_texel *t);
int smp_gather4(smp_ctx *c, const g7sf_sample_args *a, g7sf_sample_result *out);
int smp_ld_msaa(smp_ctx *c, const g7sf_sample_args *a, g7sf_sample_result *out);  /* ld_mcs, ld2dms, ld2dss */
int smp_resinfo(smp_ctx *c, const g7sf_sample_args *a, g7sf_sample_result *out);
int smp_sampleinfo(smp_ctx *c, const g7sf_sample_args *a, g7sf_sample_result *out);

#endif
