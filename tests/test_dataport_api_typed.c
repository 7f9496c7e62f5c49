/* Typed surfaces called directly (dataport.h): g7sf_dp_typed_from_surface,
 * g7sf_dp_typed_address, g7sf_dp_typed_read/write.  Addresses by hand
 * from the address parameters by surface type (spec 9248-9256) and the
 * layout rules of docs/spec-notes.md "Surface layout" (QPitch, 3D slices,
 * LOD1 below LOD0); texel values from "Format conversion" (UNORM decode
 * v / (2^n - 1) correctly rounded; encode clamps, NaN -> 0, rounds half
 * away from zero). */
#include <math.h>

#include "dp_api_setup.h"
#include "gpu_setup.h"
#include "harness.h"

#define TEX 0x00700000u

/* Float bits: 1.0f, 51/255 = 0.2f, 102/255 = 0.4f, 128/255 */
#define F_ONE 0x3F800000u
#define F_51 0x3E4CCCCDu
#define F_102 0x3ECCCCCDu
#define F_128 0x3F008081u

/* from_surface on ss, the result checked to be `want`; on a refusal the
 * reason must be set. */
static g7sf_dp_typed typed(const g7sf_render_surface_state *ss, enum g7sf_platform p,
                           unsigned cap, int want)
{
    g7sf_dp_typed ts;
    const char *why = NULL;
    int r = g7sf_dp_typed_from_surface(ss, p, cap, &ts, &why);
    CHECKF(r == want, "from_surface: %d, want %d (%s)", r, want, why ? why : "no reason");
    if (want)
        CHECKF(why != NULL && *why, "a refusal without a reason");
    return ts;
}

/* The address of uvrl, or 0 when out of bounds. */
static uint32_t addr_of(const g7sf_dp_typed *ts, uint32_t u, uint32_t v, uint32_t r, uint32_t l)
{
    const uint32_t uvrl[4] = { u, v, r, l };
    uint32_t a = 0;
    return g7sf_dp_typed_address(ts, uvrl, &a) ? a : 0;
}

TEST(typed_from_surface_refusals_give_a_reason)
{
    g7sf_render_surface_state ss;
    /* surface types other than 1D, 2D, 3D, BUFFER */
    ss = dpa_image_ss(G7SF_SURFTYPE_CUBE, G7SF_FORMAT_R32_UINT, TEX, 4, 4, 1, 16);
    typed(&ss, G7SF_IVB, G7SF_CAP_TYPED_READ, G7SF_ESTATE);
    ss = dpa_buffer_ss(G7SF_SURFTYPE_STRBUF, G7SF_FORMAT_R32_UINT, TEX, 4, 16);
    typed(&ss, G7SF_IVB, G7SF_CAP_TYPED_READ, G7SF_ESTATE);
    /* a format without the capability: R8G8B8A8_UNORM has typed writes
     * but no typed reads on either platform; R8G8B8A8_UINT reads on
     * Haswell only */
    ss = dpa_image_ss(G7SF_SURFTYPE_2D, G7SF_FORMAT_R8G8B8A8_UNORM, TEX, 4, 4, 1, 16);
    typed(&ss, G7SF_IVB, G7SF_CAP_TYPED_READ, G7SF_ESTATE);
    typed(&ss, G7SF_HSW, G7SF_CAP_TYPED_READ, G7SF_ESTATE);
    typed(&ss, G7SF_IVB, G7SF_CAP_TYPED_WRITE, 0);
    typed(&ss, G7SF_IVB, 0, G7SF_ESTATE);   /* atomics: R32_UINT / R32_SINT only */
    ss.surface_format = G7SF_FORMAT_R8G8B8A8_UINT;
    typed(&ss, G7SF_IVB, G7SF_CAP_TYPED_READ, G7SF_ESTATE);
    typed(&ss, G7SF_HSW, G7SF_CAP_TYPED_READ, 0);
    /* multisampled (MSS needs ARYSPC_LOD0 to be a valid surface at all) */
    ss = dpa_image_ss(G7SF_SURFTYPE_2D, G7SF_FORMAT_R32_UINT, TEX, 4, 4, 1, 16);
    ss.number_of_multisamples = G7SF_MULTISAMPLECOUNT_4;
    ss.surface_array_spacing = G7SF_ARYSPC_LOD0;
    typed(&ss, G7SF_IVB, G7SF_CAP_TYPED_READ, G7SF_ESTATE);
    /* Vertical Line Stride: 2D non-array only */
    ss = dpa_image_ss(G7SF_SURFTYPE_2D, G7SF_FORMAT_R32_UINT, TEX, 4, 4, 1, 16);
    ss.vertical_line_stride = 1;
    typed(&ss, G7SF_IVB, G7SF_CAP_TYPED_READ, 0);
    ss = dpa_image_ss(G7SF_SURFTYPE_2D, G7SF_FORMAT_R32_UINT, TEX, 4, 4, 2, 16);
    ss.vertical_line_stride = 1;
    typed(&ss, G7SF_IVB, G7SF_CAP_TYPED_READ, G7SF_ESTATE);
    ss = dpa_image_ss(G7SF_SURFTYPE_3D, G7SF_FORMAT_R32_UINT, TEX, 4, 4, 2, 16);
    ss.vertical_line_stride = 1;
    typed(&ss, G7SF_IVB, G7SF_CAP_TYPED_READ, G7SF_ESTATE);
    /* no valid surface: 8 texels of 4 bytes do not fit a 16-byte pitch */
    ss = dpa_image_ss(G7SF_SURFTYPE_2D, G7SF_FORMAT_R32_UINT, TEX, 8, 4, 1, 16);
    typed(&ss, G7SF_IVB, G7SF_CAP_TYPED_READ, G7SF_ESTATE);
    /* why may be NULL */
    g7sf_dp_typed ts;
    CHECK_EQ(g7sf_dp_typed_from_surface(&ss, G7SF_IVB, G7SF_CAP_TYPED_READ, &ts, NULL),
             G7SF_ESTATE);
    /* SURFTYPE_NULL: accepted, every slot out of bounds */
    ss.surface_type = G7SF_SURFTYPE_NULL;
    ts = typed(&ss, G7SF_IVB, G7SF_CAP_TYPED_READ, 0);
    CHECK(ts.null);
    CHECK_EQ(addr_of(&ts, 0, 0, 0, 0), 0);
}

TEST(typed_address_by_surface_type)
{
    g7sf_render_surface_state ss;
    g7sf_dp_typed ts;
    /* 1D array of 3 slices, 8 x R32_UINT, pitch 32, VALIGN_2, ARYSPC_FULL:
     * QPitch = h0 + h1 + 12j = 2 + 2 + 24 = 28 rows (heights 1 aligned to
     * 2).  (U, V = slice): TEX + 28 x 32 x V + 4U; R and LOD 0 */
    ss = dpa_image_ss(G7SF_SURFTYPE_1D, G7SF_FORMAT_R32_UINT, TEX, 8, 1, 3, 32);
    ts = typed(&ss, G7SF_IVB, G7SF_CAP_TYPED_READ, 0);
    CHECK_EQ(addr_of(&ts, 5, 2, 9, 0), TEX + 2 * 28 * 32 + 20);
    CHECK_EQ(addr_of(&ts, 7, 0, 0, 0), TEX + 28);
    CHECK_EQ(addr_of(&ts, 8, 0, 0, 0), 0);   /* U past the width */
    CHECK_EQ(addr_of(&ts, 0, 3, 0, 0), 0);   /* slice 3 of 3 */
    /* 1D without Surface Array: V is no slice */
    ss = dpa_image_ss(G7SF_SURFTYPE_1D, G7SF_FORMAT_R32_UINT, TEX, 8, 1, 1, 32);
    ts = typed(&ss, G7SF_IVB, G7SF_CAP_TYPED_READ, 0);
    CHECK_EQ(addr_of(&ts, 5, 7, 0, 0), TEX + 20);
    /* 2D 4 x 4, pitch 16: (U, V) at TEX + 16V + 4U; R unused */
    ss = dpa_image_ss(G7SF_SURFTYPE_2D, G7SF_FORMAT_R32_UINT, TEX, 4, 4, 1, 16);
    ts = typed(&ss, G7SF_IVB, G7SF_CAP_TYPED_READ, 0);
    CHECK_EQ(addr_of(&ts, 3, 2, 5, 0), TEX + 44);
    CHECK_EQ(addr_of(&ts, 0, 4, 0, 0), 0);
    CHECK_EQ(addr_of(&ts, 4, 0, 0, 0), 0);
    /* Vertical Line Stride 1, offset 1: V counts rows 2V + 1 of the field */
    ss.vertical_line_stride = 1;
    ss.vertical_line_stride_offset = 1;
    ts = typed(&ss, G7SF_IVB, G7SF_CAP_TYPED_READ, 0);
    CHECK_EQ(addr_of(&ts, 1, 1, 0, 0), TEX + 3 * 16 + 4);
    CHECK_EQ(addr_of(&ts, 1, 2, 0, 0), 0);   /* row 5 of 4 */
    /* 2D array of 2, ARYSPC_LOD0: QPitch = align(4, 2) = 4 rows; slice R */
    ss = dpa_image_ss(G7SF_SURFTYPE_2D, G7SF_FORMAT_R32_UINT, TEX, 4, 4, 2, 16);
    ss.surface_array_spacing = G7SF_ARYSPC_LOD0;
    ts = typed(&ss, G7SF_IVB, G7SF_CAP_TYPED_READ, 0);
    CHECK_EQ(addr_of(&ts, 1, 1, 1, 0), TEX + (4 + 1) * 16 + 4);
    CHECK_EQ(addr_of(&ts, 1, 1, 2, 0), 0);
    /* 3D 4 x 2 x 3: LOD0's slice z starts at row h0 z = 2z */
    ss = dpa_image_ss(G7SF_SURFTYPE_3D, G7SF_FORMAT_R32_UINT, TEX, 4, 2, 3, 16);
    ts = typed(&ss, G7SF_IVB, G7SF_CAP_TYPED_READ, 0);
    CHECK_EQ(addr_of(&ts, 1, 1, 2, 0), TEX + 5 * 16 + 4);
    CHECK_EQ(addr_of(&ts, 1, 1, 3, 0), 0);
    CHECK_EQ(addr_of(&ts, 1, 2, 0, 0), 0);
    /* BUFFER of 10 R32_UINT: U only, 4 bytes an entry */
    ss = dpa_buffer_ss(G7SF_SURFTYPE_BUFFER, G7SF_FORMAT_R32_UINT, TEX, 10, 1);
    ts = typed(&ss, G7SF_IVB, G7SF_CAP_TYPED_READ, 0);
    CHECK_EQ(addr_of(&ts, 7, 99, 99, 0), TEX + 28);
    CHECK_EQ(addr_of(&ts, 10, 0, 0, 0), 0);
}

TEST(typed_address_lods)
{
    /* 4 x 4, MIP Count 1: LOD1 (2 x 2) at (0, h0) = row 4 */
    g7sf_render_surface_state ss = dpa_image_ss(G7SF_SURFTYPE_2D, G7SF_FORMAT_R32_UINT, TEX,
                                                4, 4, 1, 16);
    ss.mip_count_lod = 1;
    g7sf_dp_typed ts = typed(&ss, G7SF_IVB, G7SF_CAP_TYPED_READ, 0);
    CHECK_EQ(addr_of(&ts, 1, 1, 0, 1), TEX + 5 * 16 + 4);
    CHECK_EQ(addr_of(&ts, 2, 0, 0, 1), 0);   /* past LOD1's width */
    CHECK_EQ(addr_of(&ts, 0, 0, 0, 2), 0);   /* LOD beyond MIP Count */
    CHECK_EQ(addr_of(&ts, 0, 0, 0, 0xFFFFFFFFu), 0);
    /* Surface Min LOD 1, MIP Count 0: LOD 0 is level 1 */
    ss.mip_count_lod = 0;
    ss.surface_min_lod = 1;
    ts = typed(&ss, G7SF_IVB, G7SF_CAP_TYPED_READ, 0);
    CHECK_EQ(addr_of(&ts, 1, 1, 0, 0), TEX + 5 * 16 + 4);
    CHECK_EQ(addr_of(&ts, 0, 0, 0, 1), 0);
}

/* A 2 x 1 R8G8B8A8_UNORM surface (typed writes; the function level reads
 * it as well) at TEX, pitch 16 (the level is HALIGN_4 = 4 texels wide in
 * memory): texel x at TEX + 4x, bytes 8-15 padding. */
static g7sf_dp_typed rgba8_surface(void)
{
    g7sf_render_surface_state ss = dpa_image_ss(G7SF_SURFTYPE_2D, G7SF_FORMAT_R8G8B8A8_UNORM,
                                                TEX, 2, 1, 1, 16);
    return typed(&ss, G7SF_IVB, G7SF_CAP_TYPED_WRITE, 0);
}

TEST(typed_read_unorm8_gives_floats)
{
    g7sf_gpu *gpu = g7sf_gpu_create();
    const g7sf_dp_typed ts = rgba8_surface();
    t_poke(gpu, TEX, 0x663300FFu);       /* R FF, G 00, B 33, A 66 */
    t_poke(gpu, TEX + 4, 0x01FF0080u);   /* R 80, G 00, B FF, A 01 */
    /* channels 1101b (R, B, A), 3 slots: the second at x = 2 is outside */
    const uint32_t uvrl[3][4] = { { 0, 0, 0, 0 }, { 2, 0, 0, 0 }, { 1, 0, 0, 0 } };
    uint32_t d[9];
    dpa_set(d, 9, DPA_SENTINEL);
    CHECK_EQ(g7sf_dp_typed_read(gpu, &ts, uvrl, 3, 0x7, 0xD, d), 0);
    const uint32_t want[9] = { F_ONE, 0, F_128,       /* R of slots 0, 1, 2 */
                               F_51, 0, F_ONE,        /* B */
                               F_102, 0, 0x3B808081u  /* A (1/255) */ };
    for (unsigned i = 0; i < 9; i++)
        CHECKF(d[i] == want[i], "data[%u]: 0x%08x, want 0x%08x", i, d[i], want[i]);
    /* a disabled slot keeps its data */
    dpa_set(d, 9, DPA_SENTINEL);
    CHECK_EQ(g7sf_dp_typed_read(gpu, &ts, uvrl, 3, 0x4, 0xD, d), 0);
    CHECK_EQ(d[0], DPA_SENTINEL);
    CHECK_EQ(d[2], F_128);
    CHECK_EQ(d[3], DPA_SENTINEL);
    g7sf_gpu_destroy(gpu);
}

TEST(typed_write_keeps_the_channels_not_taken)
{
    g7sf_gpu *gpu = g7sf_gpu_create();
    const g7sf_dp_typed ts = rgba8_surface();
    t_poke(gpu, TEX, 0x44332211u);
    t_poke(gpu, TEX + 4, 0x88776655u);
    t_poke(gpu, TEX + 8, DPA_SENTINEL);
    /* slot 0 texel 1: channels 0101b (R, B): R 0.5 -> 127.5 -> 128 (half
     * away from zero), B 0.25 -> 63.75 -> 64; G and A bytes kept.  Slot 1
     * at x = 2 (outside: TEX + 8 stays) */
    const uint32_t uvrl[2][4] = { { 1, 0, 0, 0 }, { 2, 0, 0, 0 } };
    const uint32_t d[4] = { dpa_f2u(0.5f), dpa_f2u(1.0f), dpa_f2u(0.25f), dpa_f2u(1.0f) };
    CHECK_EQ(g7sf_dp_typed_write(gpu, &ts, uvrl, 2, 0x3, 0x5, d), 0);
    CHECK_EQ(t_peek(gpu, TEX + 4), 0x88406680u);
    CHECK_EQ(t_peek(gpu, TEX), 0x44332211u);
    CHECK_EQ(t_peek(gpu, TEX + 8), DPA_SENTINEL);
    /* all four: -1 clamps to 0, 2 to 255, NaN is 0, 0.2f x 255 = 51 */
    const uint32_t all[4] = { dpa_f2u(-1.0f), dpa_f2u(2.0f), dpa_f2u(NAN), dpa_f2u(0.2f) };
    CHECK_EQ(g7sf_dp_typed_write(gpu, &ts, uvrl, 1, 0x1, 0xF, all), 0);
    CHECK_EQ(t_peek(gpu, TEX + 4), 0x3300FF00u);
    /* errors */
    CHECK_EQ(g7sf_dp_typed_write(gpu, &ts, uvrl, 1, 0x1, 0x10, all), G7SF_EINVAL);
    CHECK_EQ(g7sf_dp_typed_write(gpu, &ts, uvrl, 33, 0x1, 0x1, all), G7SF_EINVAL);
    CHECK_EQ(g7sf_dp_typed_write(gpu, &ts, NULL, 1, 0x1, 0x1, all), G7SF_EINVAL);
    CHECK_EQ(t_peek(gpu, TEX + 4), 0x3300FF00u);
    g7sf_gpu_destroy(gpu);
}

TEST(typed_r32_uint_round_trip_and_out_of_bounds_zero)
{
    g7sf_gpu *gpu = g7sf_gpu_create();
    g7sf_render_surface_state ss = dpa_image_ss(G7SF_SURFTYPE_2D, G7SF_FORMAT_R32_UINT, TEX,
                                                4, 4, 1, 16);
    const g7sf_dp_typed ts = typed(&ss, G7SF_IVB, G7SF_CAP_TYPED_READ, 0);
    /* texel (2, 3) at TEX + 56 */
    const uint32_t uvrl[2][4] = { { 2, 3, 0, 0 }, { 4, 0, 0, 0 } };
    const uint32_t v[1] = { 0xDEADBEEFu };
    CHECK_EQ(g7sf_dp_typed_write(gpu, &ts, uvrl, 1, 1, 0x1, v), 0);
    CHECK_EQ(t_peek(gpu, TEX + 56), 0xDEADBEEFu);
    CHECK_EQ(t_peek(gpu, TEX + 52), 0);
    CHECK_EQ(t_peek(gpu, TEX + 60), 0);
    /* a write without R changes nothing: R32 has no other channel */
    const uint32_t gba[3] = { 1, 2, 3 };
    CHECK_EQ(g7sf_dp_typed_write(gpu, &ts, uvrl, 1, 1, 0xE, gba), 0);
    CHECK_EQ(t_peek(gpu, TEX + 56), 0xDEADBEEFu);
    /* read RGBA: R as U32, the absent G, B as 0 and A as 1; the slot
     * outside (x = 4) reads 0 in every channel, A included */
    uint32_t d[8];
    dpa_set(d, 8, DPA_SENTINEL);
    CHECK_EQ(g7sf_dp_typed_read(gpu, &ts, uvrl, 2, 0x3, 0xF, d), 0);
    const uint32_t want[8] = { 0xDEADBEEFu, 0, 0, 0, 0, 0, 1, 0 };
    for (unsigned i = 0; i < 8; i++)
        CHECKF(d[i] == want[i], "data[%u]: 0x%08x, want 0x%08x", i, d[i], want[i]);
    /* a NULL surface reads 0 everywhere and takes no write */
    ss.surface_type = G7SF_SURFTYPE_NULL;
    const g7sf_dp_typed nul = typed(&ss, G7SF_IVB, G7SF_CAP_TYPED_READ, 0);
    dpa_set(d, 8, DPA_SENTINEL);
    CHECK_EQ(g7sf_dp_typed_read(gpu, &nul, uvrl, 1, 1, 0xF, d), 0);
    CHECK(d[0] == 0 && d[1] == 0 && d[2] == 0 && d[3] == 0);
    CHECK_EQ(g7sf_dp_typed_write(gpu, &nul, uvrl, 1, 1, 0x1, gba), 0);
    CHECK_EQ(t_peek(gpu, TEX + 56), 0xDEADBEEFu);
    g7sf_gpu_destroy(gpu);
}

/* A g7sf_dp_typed whose texel size disagrees with its format (or exceeds
 * 16 bytes) is G7SF_EINVAL, never an overrun of the 16-byte texel buffer. */
TEST(typed_surface_built_wrong_is_refused)
{
    g7sf_thread thr;
    g7sf_gpu *gpu = t_gpu(G7SF_HSW, &thr);
    g7sf_render_surface_state ss = dpa_image_ss(G7SF_SURFTYPE_2D, G7SF_FORMAT_R32_UINT, TEX, 4, 4,
                                                1, 16);
    g7sf_dp_typed ts;
    CHECK_EQ(g7sf_dp_typed_from_surface(&ss, G7SF_HSW, G7SF_CAP_TYPED_READ, &ts, NULL), 0);
    const uint32_t uvrl[1][4] = { { 0, 0, 0, 0 } };
    uint32_t data[4] = { 0 };
    CHECK_EQ(g7sf_dp_typed_read(gpu, &ts, uvrl, 1, 1, 1, data), 0);
    ts.bytes = 64;
    CHECK_EQ(g7sf_dp_typed_read(gpu, &ts, uvrl, 1, 1, 1, data), G7SF_EINVAL);
    CHECK_EQ(g7sf_dp_typed_write(gpu, &ts, uvrl, 1, 1, 1, data), G7SF_EINVAL);
    ts.bytes = 8;   /* R32_UINT is 4 bytes */
    CHECK_EQ(g7sf_dp_typed_read(gpu, &ts, uvrl, 1, 1, 1, data), G7SF_EINVAL);
    g7sf_gpu_destroy(gpu);
}
