/* Surface layout (include/gen7sf/surface.h) from arbitrary
 * RENDER_SURFACE_STATE words or arbitrary g7sf_surface values.
 *
 * Input: a mode byte (bit 0: 0 = 8 RENDER_SURFACE_STATE DWords, 1 = the
 * g7sf_surface members of surface_fields.h as u32s), then up to 8 queries
 * of u8 lod, u32 slice, u8 sample, u32 x, u32 y.
 *
 * Contract checked (on a surface validate accepts):
 *   - decoding returns 0 or G7SF_ESTATE (the state is the guest's);
 *   - level sizes are at least 1 and never grow with the level;
 *   - every texel address the layout gives is inside [base, base + size)
 *     with its whole block, and each query either has an address or a
 *     documented error; pixel positions are inside the layout's rows;
 *   - the MCS surface derived from it validates, and the UV plane of a
 *     PLANAR_420_8 surface keeps its addresses inside its size too;
 *   - a level written with g7sf_surface_write_linear reads back the same
 *     (small levels: the copy is real memory). */
#include <string.h>

#include "fuzz.h"
#include "gen7sf/dataport.h"
#include "gen7sf/sampler.h"
#include "gen7sf/state.h"
#include "gen7sf/surface.h"
#include "surface_fields.h"

static void check_level_sizes(const g7sf_surface *s)
{
    if (s->type == G7SF_SURFTYPE_BUFFER || s->type == G7SF_SURFTYPE_STRBUF ||
        s->type == G7SF_SURFTYPE_NULL)
        return;   /* no levels: only the entry count (width) means anything */
    uint32_t pw = 0, ph = 0;
    for (unsigned lod = 0; lod < s->levels && lod < 16; lod++) {
        uint32_t w, h, d;
        g7sf_surface_level_size(s, lod, &w, &h, &d);
        FUZZ_CHECK(w >= 1 && h >= 1 && d >= 1, "level %u: %ux%ux%u", lod, w, h, d);
        FUZZ_CHECK(!lod || (w <= pw && h <= ph), "level %u grows: %ux%u after %ux%u", lod, w, h,
                   pw, ph);
        pw = w, ph = h;
    }
}

static void check_query(const g7sf_surface *s, fuzz_in *in)
{
    unsigned lod = fuzz_u8(in);
    uint32_t slice = fuzz_u32(in);
    unsigned sample = fuzz_u8(in);
    uint32_t x = fuzz_u32(in), y = fuzz_u32(in);
    uint64_t size = g7sf_surface_size(s);
    uint32_t addr;
    if (s->type == G7SF_SURFTYPE_BUFFER || s->type == G7SF_SURFTYPE_STRBUF) {
        int r = g7sf_buffer_address(s, x, y, &addr);
        FUZZ_CHECK(r == 0 || r == G7SF_ERANGE || r == G7SF_EFAULT, "buffer address: %d", r);
        return;
    }
    uint32_t px, py;
    int r = g7sf_surface_pixel_position(s, x, y, slice, lod, sample, &px, &py);
    if (s->type == G7SF_SURFTYPE_NULL) {   /* no pixels at all */
        FUZZ_CHECK(r == G7SF_EINVAL, "pixel position on a NULL surface: %d", r);
        return;
    }
    FUZZ_CHECK(r == 0 || r == G7SF_ERANGE, "pixel position: %d", r);
    if (!r) {
        uint32_t ix, iy;
        g7sf_surface_image_offset(s, lod, slice, sample, &ix, &iy);
        FUZZ_CHECK((uint64_t)py / s->block_h < g7sf_surface_total_rows(s),
                   "pixel (%u, %u) of lod %u slice %u sample %u at row %u of %u", x, y, lod,
                   slice, sample, py, g7sf_surface_total_rows(s));
    }
    int ra = g7sf_surface_texel_address(s, x, y, slice, lod, sample, &addr);
    FUZZ_CHECK(ra == 0 || ra == G7SF_ERANGE || ra == G7SF_EFAULT, "texel address: %d", ra);
    FUZZ_CHECK((ra == G7SF_ERANGE) == (r == G7SF_ERANGE),
               "pixel (%u, %u, %u) lod %u sample %u: position %d, address %d", x, y, slice, lod,
               sample, r, ra);
    if (!ra) {
        uint64_t off = (uint64_t)addr - s->base;
        FUZZ_CHECK(addr >= s->base && off + s->bpb / 8 <= size,
                   "pixel (%u, %u, %u) lod %u sample %u at 0x%x: outside base 0x%x size %llu",
                   x, y, slice, lod, sample, addr, s->base, (unsigned long long)size);
    }
    if (s->mcs_enable) {
        int rm = g7sf_surface_mcs_address(s, x, y, slice, lod, &addr);
        FUZZ_CHECK(rm == 0 || rm == G7SF_ERANGE || rm == G7SF_EFAULT || rm == G7SF_EINVAL,
                   "mcs address: %d", rm);
    }
    g7sf_tiled_offset(s->tiling, s->pitch, x, y);
}

/* A small level through memory: write a pattern, read it back. */
static void check_copy(const g7sf_surface *s)
{
    if (s->type == G7SF_SURFTYPE_BUFFER || s->type == G7SF_SURFTYPE_STRBUF ||
        s->type == G7SF_SURFTYPE_NULL || s->msfmt == G7SF_MSFMT_DEPTH_STENCIL)
        return;
    uint32_t w, h, d;
    g7sf_surface_level_size(s, 0, &w, &h, &d);
    uint64_t bw = (w + s->block_w - 1) / s->block_w, bh = (h + s->block_h - 1) / s->block_h;
    uint64_t pitch = bw * (s->bpb / 8);
    if (pitch * bh > 16384 || bh > 64 || g7sf_surface_size(s) > (64u << 20))
        return;
    uint8_t *src = malloc(pitch * bh + 1), *dst = calloc(1, pitch * bh + 1);
    for (uint64_t i = 0; i < pitch * bh; i++)
        src[i] = (uint8_t)(i * 131 + 7);
    g7sf_gpu *gpu = g7sf_gpu_create();
    int r = g7sf_surface_write_linear(gpu, s, 0, 0, src, pitch);
    FUZZ_CHECK(r == 0 || r == G7SF_EFAULT || r == G7SF_ERANGE, "write_linear: %d", r);
    if (!r) {
        r = g7sf_surface_read_linear(gpu, s, 0, 0, dst, pitch);
        FUZZ_CHECK(r == 0, "read_linear after write_linear: %d", r);
        FUZZ_CHECK(!memcmp(src, dst, pitch * bh), "level 0 reads back differently");
    }
    g7sf_gpu_destroy(gpu);
    free(src);
    free(dst);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    fuzz_in in = { data, size };
    g7sf_surface s;
    int r;
    if (fuzz_u8(&in) & 1) {
        memset(&s, 0, sizeof s);
#define SURFACE_FIELD(m) s.m = fuzz_u32(&in);
        SURFACE_FIELDS(SURFACE_FIELD)
#undef SURFACE_FIELD
        r = g7sf_surface_validate(&s);
        FUZZ_CHECK(r == 0 || r == G7SF_EINVAL || r == G7SF_ESTATE, "validate: %d", r);
    } else {
        uint32_t dw[G7SF_RENDER_SURFACE_STATE_DWORDS];
        for (unsigned i = 0; i < G7SF_RENDER_SURFACE_STATE_DWORDS; i++)
            dw[i] = fuzz_u32(&in);
        g7sf_render_surface_state ss;
        g7sf_state_unpack(&g7sf_desc_RENDER_SURFACE_STATE, dw, &ss);
        r = g7sf_surface_from_state(&ss, &s);
        FUZZ_CHECK(r == 0 || r == G7SF_ESTATE, "surface_from_state: %d", r);
        g7sf_texture t;
        int rt = g7sf_texture_from_state(&ss, &t);
        FUZZ_CHECK(rt == 0 || rt == G7SF_ESTATE, "texture_from_state: %d", rt);
        g7sf_dp_buffer buf;
        int rb = g7sf_dp_buffer_from_surface(&ss, 16, &buf);
        FUZZ_CHECK(rb == 0 || rb == G7SF_ESTATE, "dp_buffer_from_surface: %d", rb);
        FUZZ_CHECK(rb || buf.base == ss.surface_base_address || !buf.size, "buffer base");
    }
    if (r) {
        /* a surface validate refused: the queries still answer, without
         * dividing by its zero alignments or block sizes */
        uint32_t x, y, a;
        g7sf_surface_qpitch(&s);
        g7sf_surface_total_rows(&s);
        g7sf_surface_size(&s);
        g7sf_surface_image_offset(&s, s.levels & 15, 0, 0, &x, &y);
        g7sf_surface_pixel_position(&s, 0, 0, 0, 0, 0, &x, &y);
        g7sf_surface_texel_address(&s, 0, 0, 0, 0, 0, &a);
        return 0;
    }
    check_level_sizes(&s);
    if (s.type == G7SF_SURFTYPE_1D || s.type == G7SF_SURFTYPE_2D || s.type == G7SF_SURFTYPE_CUBE)
        g7sf_surface_qpitch(&s);   /* defined for these (surface.h) */
    g7sf_surface_total_rows(&s);
    g7sf_surface m;
    if (s.type == G7SF_SURFTYPE_2D && s.mcs_enable && s.samples > 1 && s.msfmt == G7SF_MSFMT_MSS) {
        int rm = g7sf_surface_mcs(&s, &m);
        FUZZ_CHECK(rm != 0 || g7sf_surface_validate(&m) == 0, "MCS surface does not validate");
    }
    const fuzz_in queries = in;
    for (int q = 0; q < 8 && fuzz_left(&in); q++)
        check_query(&s, &in);
    if (s.planar) {   /* its origin is beyond what X/Y Offset hold: no validate */
        int ru = g7sf_surface_uv_plane(&s, &m);
        FUZZ_CHECK(ru == 0, "UV plane: %d", ru);
        in = queries;   /* the same queries on the UV plane */
        for (int q = 0; q < 8 && fuzz_left(&in); q++)
            check_query(&m, &in);
    }
    check_copy(&s);
    return 0;
}
