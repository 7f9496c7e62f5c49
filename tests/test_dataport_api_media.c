/* Media block read/write called directly (dataport.h):
 * g7sf_dp_media_surface_from_state, g7sf_dp_media_block_read/write.
 * Expected bytes by hand from §3.9.6 (spec 8603-8650: edge pixels
 * replicated by their size, 8/16/32 bpp; writes outside dropped; X and
 * width in pixels, DWords for writes) and the row table of §3.6.2 (spec
 * 7053-7068). */
#include <string.h>

#include "dp_api_setup.h"
#include "gpu_setup.h"
#include "harness.h"

#define MED 0x00800000u   /* 32-byte aligned */
#define PITCH 64u         /* linear: a multiple of 64 */

/* A w x h linear 2D surface of `format` at MED; memory byte (bx, y) =
 * 0x20 y + bx inside the row's bytes, 0xEE in the padding and in the row
 * below the surface. */
static g7sf_gpu *media_gpu(unsigned format, uint32_t w, uint32_t h, unsigned bpp,
                           g7sf_dp_media_surface *m)
{
    g7sf_gpu *gpu = g7sf_gpu_create();
    g7sf_render_surface_state ss = dpa_image_ss(G7SF_SURFTYPE_2D, format, MED, w, h, 1, PITCH);
    const char *why = NULL;
    CHECKF(g7sf_dp_media_surface_from_state(&ss, -1, 0, m, &why) == 0, "from_state: %s",
           why ? why : "?");
    for (uint32_t y = 0; y <= h; y++)
        for (uint32_t bx = 0; bx < PITCH; bx++) {
            uint8_t b = y < h && bx < w * bpp ? (uint8_t)(0x20 * y + bx) : 0xEE;
            g7sf_mem_write(gpu, MED + y * PITCH + bx, &b, 1);
        }
    return gpu;
}

/* Reads w x h at (x, y) and compares with `want` (h rows of w bytes). */
static void check_read(g7sf_gpu *gpu, const g7sf_dp_media_surface *m, int64_t x, int64_t y,
                       unsigned w, unsigned h, const uint8_t *want)
{
    uint8_t dst[8][40];
    memset(dst, 0xAA, sizeof dst);
    CHECK_EQ(g7sf_dp_media_block_read(gpu, m, x, y, w, h, &dst[0][0], sizeof dst[0]), 0);
    for (unsigned r = 0; r < h; r++)
        for (unsigned i = 0; i < w; i++)
            CHECKF(dst[r][i] == want[r * w + i], "(%lld, %lld) row %u byte %u: 0x%02x, want 0x%02x",
                   (long long)x, (long long)y, r, i, dst[r][i], want[r * w + i]);
    CHECK_EQ(dst[0][w], 0xAA);   /* nothing past w */
}

TEST(media_from_state_linear_2d)
{
    g7sf_dp_media_surface m;
    g7sf_gpu *gpu = media_gpu(G7SF_FORMAT_R8G8B8A8_UINT, 5, 6, 4, &m);
    CHECK(!m.null);
    CHECK_EQ(m.s.base, MED);
    CHECK_EQ(m.s.pitch, PITCH);
    CHECK_EQ(m.row_bytes, 20);
    CHECK_EQ(m.bpp, 4);
    CHECK_EQ(m.y_byte, -1);
    CHECK_EQ(m.stride, 0);
    CHECK_EQ(m.offset, 0);
    CHECK_EQ(m.frame_rows, 6);
    CHECK_EQ(m.rows, 6);
    CHECK_EQ(m.mode, G7SF_MEDIA_BOUNDARY_NORMAL_MODE);
    /* the message's field override: stride 1, odd field: half the rows */
    g7sf_render_surface_state ss = dpa_image_ss(G7SF_SURFTYPE_2D, G7SF_FORMAT_R8G8B8A8_UINT,
                                                MED, 5, 6, 1, PITCH);
    CHECK_EQ(g7sf_dp_media_surface_from_state(&ss, 1, 1, &m, NULL), 0);
    CHECK_EQ(m.stride, 1);
    CHECK_EQ(m.offset, 1);
    CHECK_EQ(m.rows, 3);
    /* YCRCB_SWAPY: Y in byte 1 of each pixel */
    ss.surface_format = G7SF_FORMAT_YCRCB_SWAPY;
    CHECK_EQ(g7sf_dp_media_surface_from_state(&ss, -1, 0, &m, NULL), 0);
    CHECK_EQ(m.y_byte, 1);
    CHECK_EQ(m.bpp, 2);
    /* §3.9.6 restrictions 1, 4, 9: refused with a reason */
    const char *why;
    ss.surface_format = G7SF_FORMAT_R8_UINT;
    ss.surface_pitch = 48 - 1;
    why = NULL;
    CHECK_EQ(g7sf_dp_media_surface_from_state(&ss, -1, 0, &m, &why), G7SF_ESTATE);
    CHECK(why != NULL);
    ss.surface_pitch = PITCH - 1;
    ss.surface_base_address = MED + 16;
    why = NULL;
    CHECK_EQ(g7sf_dp_media_surface_from_state(&ss, -1, 0, &m, &why), G7SF_ESTATE);
    CHECK(why != NULL);
    ss = dpa_image_ss(G7SF_SURFTYPE_2D, G7SF_FORMAT_R8_UINT, MED, 5, 6, 2, PITCH);
    why = NULL;
    CHECK_EQ(g7sf_dp_media_surface_from_state(&ss, -1, 0, &m, &why), G7SF_ESTATE);
    CHECK(why != NULL);
    /* 24- and 48-bit pixels: no edge pixel the boundary rule can name
     * (spec 8629-8650, docs/spec-notes.md); 64-bit ones replicate whole */
    const unsigned odd_sizes[] = { G7SF_FORMAT_R8G8B8_UNORM, G7SF_FORMAT_R16G16B16_UNORM };
    for (unsigned i = 0; i < 2; i++) {
        ss = dpa_image_ss(G7SF_SURFTYPE_2D, odd_sizes[i], MED, 5, 6, 1, PITCH);
        why = NULL;
        CHECK_EQ(g7sf_dp_media_surface_from_state(&ss, -1, 0, &m, &why), G7SF_ESTATE);
        CHECK(why != NULL);
    }
    ss = dpa_image_ss(G7SF_SURFTYPE_2D, G7SF_FORMAT_R16G16B16A16_UNORM, MED, 5, 6, 1, PITCH);
    CHECK_EQ(g7sf_dp_media_surface_from_state(&ss, -1, 0, &m, NULL), 0);
    CHECK_EQ(m.bpp, 8);
    g7sf_gpu_destroy(gpu);
}

TEST(media_read_8bpp_replicates_edge_bytes)
{
    g7sf_dp_media_surface m;
    g7sf_gpu *gpu = media_gpu(G7SF_FORMAT_R8_UINT, 10, 6, 1, &m);
    /* inside */
    const uint8_t in[2 * 4] = { 0x23, 0x24, 0x25, 0x26, 0x43, 0x44, 0x45, 0x46 };
    check_read(gpu, &m, 3, 1, 4, 2, in);
    /* two columns left, one row above: columns -2, -1 take byte 0, row -1
     * takes row 0 */
    const uint8_t left_above[3 * 4] = { 0x00, 0x00, 0x00, 0x01,
                                        0x00, 0x00, 0x00, 0x01,
                                        0x20, 0x20, 0x20, 0x21 };
    check_read(gpu, &m, -2, -1, 4, 3, left_above);
    /* columns 7-12 of a 10-byte row, rows 4-7 of 6: byte 9 and row 5 */
    const uint8_t right_below[4 * 6] = { 0x87, 0x88, 0x89, 0x89, 0x89, 0x89,
                                         0xA7, 0xA8, 0xA9, 0xA9, 0xA9, 0xA9,
                                         0xA7, 0xA8, 0xA9, 0xA9, 0xA9, 0xA9,
                                         0xA7, 0xA8, 0xA9, 0xA9, 0xA9, 0xA9 };
    check_read(gpu, &m, 7, 4, 6, 4, right_below);
    /* wholly outside, far away: the corner pixel */
    const uint8_t corner[2] = { 0xA9, 0xA9 };
    check_read(gpu, &m, 1000, 1000, 2, 1, corner);
    g7sf_gpu_destroy(gpu);
}

TEST(media_read_16_and_32bpp_replicate_whole_pixels)
{
    g7sf_dp_media_surface m;
    /* 16 bpp, 3 pixels (6 bytes): left B0B1 B0B1, right B4B5 B4B5 */
    g7sf_gpu *gpu = media_gpu(G7SF_FORMAT_R16_UINT, 3, 2, 2, &m);
    const uint8_t w16[12] = { 0x20, 0x21, 0x20, 0x21, 0x20, 0x21, 0x22, 0x23, 0x24, 0x25,
                              0x24, 0x25 };
    check_read(gpu, &m, -4, 1, 12, 1, w16);
    g7sf_gpu_destroy(gpu);
    /* 32 bpp, 5 pixels (20 bytes), 3 rows */
    gpu = media_gpu(G7SF_FORMAT_R8G8B8A8_UINT, 5, 3, 4, &m);
    const uint8_t left[8] = { 0x40, 0x41, 0x42, 0x43, 0x40, 0x41, 0x42, 0x43 };
    check_read(gpu, &m, -4, 2, 8, 1, left);
    const uint8_t right[12] = { 0x50, 0x51, 0x52, 0x53, 0x50, 0x51, 0x52, 0x53,
                                0x50, 0x51, 0x52, 0x53 };
    check_read(gpu, &m, 16, 3, 12, 1, right);
    /* x and w must be whole pixels */
    uint8_t dst[4][40];
    CHECK_EQ(g7sf_dp_media_block_read(gpu, &m, 2, 0, 8, 1, &dst[0][0], 40), G7SF_EINVAL);
    CHECK_EQ(g7sf_dp_media_block_read(gpu, &m, -2, 0, 8, 1, &dst[0][0], 40), G7SF_EINVAL);
    CHECK_EQ(g7sf_dp_media_block_read(gpu, &m, 0, 0, 6, 1, &dst[0][0], 40), G7SF_EINVAL);
    /* w: 1 to 32 bytes; the destination pitch holds a row */
    CHECK_EQ(g7sf_dp_media_block_read(gpu, &m, 0, 0, 0, 1, &dst[0][0], 40), G7SF_EINVAL);
    CHECK_EQ(g7sf_dp_media_block_read(gpu, &m, 0, 0, 36, 1, &dst[0][0], 40), G7SF_EINVAL);
    CHECK_EQ(g7sf_dp_media_block_read(gpu, &m, 0, 0, 8, 2, &dst[0][0], 4), G7SF_EINVAL);
    CHECK_EQ(g7sf_dp_media_block_read(gpu, &m, 0, 0, 8, 1, NULL, 40), G7SF_EINVAL);
    g7sf_gpu_destroy(gpu);
}

TEST(media_read_ycrcb_replicates_y_inside_the_pair)
{
    g7sf_dp_media_surface m;
    /* YCRCB_NORMAL (YUYV), 4 pixels: row 0 is Y0 U0 Y1 V0 Y2 U1 Y3 V1 =
     * bytes 00-07.  Left: Y0 U0 Y0 V0; right: Y3 U1 Y3 V1 (spec 8641) */
    g7sf_gpu *gpu = media_gpu(G7SF_FORMAT_YCRCB_NORMAL, 4, 2, 2, &m);
    const uint8_t yuyv_left[4] = { 0x00, 0x01, 0x00, 0x03 };
    const uint8_t yuyv_right[4] = { 0x06, 0x05, 0x06, 0x07 };
    check_read(gpu, &m, -4, 0, 4, 1, yuyv_left);
    check_read(gpu, &m, 8, 0, 4, 1, yuyv_right);
    /* pixel pairs only */
    uint8_t dst[40];
    CHECK_EQ(g7sf_dp_media_block_read(gpu, &m, 2, 0, 4, 1, dst, 40), G7SF_EINVAL);
    CHECK_EQ(g7sf_dp_media_block_read(gpu, &m, 0, 0, 6, 1, dst, 40), G7SF_EINVAL);
    g7sf_gpu_destroy(gpu);
    /* YCRCB_SWAPY (UYVY): U0 Y0 V0 Y1 U1 Y2 V1 Y3.  Left: U0 Y0 V0 Y0;
     * right: U1 Y3 V1 Y3 (spec 8643) */
    gpu = media_gpu(G7SF_FORMAT_YCRCB_SWAPY, 4, 2, 2, &m);
    const uint8_t uyvy_left[4] = { 0x00, 0x01, 0x02, 0x01 };
    const uint8_t uyvy_right[4] = { 0x04, 0x07, 0x06, 0x07 };
    check_read(gpu, &m, -4, 0, 4, 1, uyvy_left);
    check_read(gpu, &m, 8, 0, 4, 1, uyvy_right);
    g7sf_gpu_destroy(gpu);
}

TEST(media_read_rows_follow_the_boundary_table)
{
    /* §3.6.2: a 4-row surface read at rows -4 .. 7; memory row r holds
     * '0' + r in every byte */
    static const struct { unsigned mode, stride, offset; const char *rows; } table[] = {
        { G7SF_MEDIA_BOUNDARY_NORMAL_MODE,       0, 0, "000001233333" },
        { G7SF_MEDIA_BOUNDARY_NORMAL_MODE,       1, 0, "000002222222" },
        { G7SF_MEDIA_BOUNDARY_NORMAL_MODE,       1, 1, "111113333333" },
        { G7SF_MEDIA_BOUNDARY_PROGRESSIVE_FRAME, 0, 0, "000001233333" },
        { G7SF_MEDIA_BOUNDARY_PROGRESSIVE_FRAME, 1, 0, "000002333333" },
        { G7SF_MEDIA_BOUNDARY_PROGRESSIVE_FRAME, 1, 1, "000013333333" },
        { G7SF_MEDIA_BOUNDARY_INTERLACED_FRAME,  0, 0, "010101232323" },
        { G7SF_MEDIA_BOUNDARY_INTERLACED_FRAME,  1, 0, "000002222222" },
        { G7SF_MEDIA_BOUNDARY_INTERLACED_FRAME,  1, 1, "111113333333" },
    };
    g7sf_gpu *gpu = g7sf_gpu_create();
    for (unsigned r = 0; r < 4; r++) {
        uint8_t row[4] = { (uint8_t)('0' + r), (uint8_t)('0' + r), (uint8_t)('0' + r),
                           (uint8_t)('0' + r) };
        g7sf_mem_write(gpu, MED + r * PITCH, row, 4);
    }
    g7sf_render_surface_state ss = dpa_image_ss(G7SF_SURFTYPE_2D, G7SF_FORMAT_R8_UINT, MED,
                                                4, 4, 1, PITCH);
    for (unsigned t = 0; t < sizeof table / sizeof table[0]; t++) {
        g7sf_dp_media_surface m;
        ss.media_boundary_pixel_mode = table[t].mode;
        CHECK_EQ(g7sf_dp_media_surface_from_state(&ss, (int)table[t].stride, table[t].offset,
                                                  &m, NULL), 0);
        uint8_t col[12][4];
        CHECK_EQ(g7sf_dp_media_block_read(gpu, &m, 0, -4, 1, 12, &col[0][0], 4), 0);
        char got[13] = { 0 };
        for (unsigned i = 0; i < 12; i++)
            got[i] = (char)col[i][0];
        CHECKF(strcmp(got, table[t].rows) == 0, "mode %u stride %u offset %u: %s, want %s",
               table[t].mode, table[t].stride, table[t].offset, got, table[t].rows);
    }
    g7sf_gpu_destroy(gpu);
}

TEST(media_write_row_mask_and_bounds)
{
    g7sf_dp_media_surface m;
    g7sf_gpu *gpu = media_gpu(G7SF_FORMAT_R8_UINT, 10, 6, 1, &m);
    uint8_t src[2][8];
    for (unsigned r = 0; r < 2; r++)
        for (unsigned i = 0; i < 8; i++)
            src[r][i] = (uint8_t)(0xC0 + 8 * r + i);
    /* 8 x 2 at (0, 1): row 0 takes DWord 0 only, row 1 DWord 1 only */
    const uint8_t mask[2] = { 0x1, 0x2 };
    CHECK_EQ(g7sf_dp_media_block_write(gpu, &m, 0, 1, 8, 2, &src[0][0], 8, mask), 0);
    const uint8_t row1[8] = { 0xC0, 0xC1, 0xC2, 0xC3, 0x24, 0x25, 0x26, 0x27 };
    const uint8_t row2[8] = { 0x40, 0x41, 0x42, 0x43, 0xCC, 0xCD, 0xCE, 0xCF };
    for (unsigned i = 0; i < 8; i++) {
        CHECK_EQ(dpa_peek8(gpu, MED + PITCH + i), row1[i]);
        CHECK_EQ(dpa_peek8(gpu, MED + 2 * PITCH + i), row2[i]);
    }
    /* a DWord at column 8 of a 10-byte row, rows 5 and 6 (the last and one
     * below): bytes 8, 9 of row 5 written; the padding and row 6 kept */
    CHECK_EQ(g7sf_dp_media_block_write(gpu, &m, 8, 5, 4, 2, &src[0][0], 8, NULL), 0);
    CHECK_EQ(dpa_peek8(gpu, MED + 5 * PITCH + 7), 0xA7);
    CHECK_EQ(dpa_peek8(gpu, MED + 5 * PITCH + 8), 0xC0);
    CHECK_EQ(dpa_peek8(gpu, MED + 5 * PITCH + 9), 0xC1);
    CHECK_EQ(dpa_peek8(gpu, MED + 5 * PITCH + 10), 0xEE);
    CHECK_EQ(dpa_peek8(gpu, MED + 6 * PITCH + 8), 0xEE);
    /* starting left of the surface and a row above it */
    CHECK_EQ(g7sf_dp_media_block_write(gpu, &m, -4, -1, 8, 2, &src[0][0], 8, NULL), 0);
    CHECK_EQ(dpa_peek8(gpu, MED - 1), 0);
    for (unsigned i = 0; i < 4; i++)
        CHECK_EQ(dpa_peek8(gpu, MED + i), 0xCC + i);   /* row 0 is source row 1 */
    CHECK_EQ(dpa_peek8(gpu, MED + 4), 0x04);
    /* X and width DWord aligned for writes, whatever the pixel size */
    CHECK_EQ(g7sf_dp_media_block_write(gpu, &m, 2, 0, 4, 1, &src[0][0], 8, NULL), G7SF_EINVAL);
    CHECK_EQ(g7sf_dp_media_block_write(gpu, &m, 0, 0, 6, 1, &src[0][0], 8, NULL), G7SF_EINVAL);
    CHECK_EQ(dpa_peek8(gpu, MED + 2), 0xCE);
    g7sf_gpu_destroy(gpu);
}

TEST(media_null_surface_reads_zeros)
{
    g7sf_gpu *gpu = g7sf_gpu_create();
    g7sf_render_surface_state ss = dpa_image_ss(G7SF_SURFTYPE_NULL, G7SF_FORMAT_R8_UINT, MED,
                                                4, 4, 1, PITCH);
    g7sf_dp_media_surface m;
    CHECK_EQ(g7sf_dp_media_surface_from_state(&ss, -1, 0, &m, NULL), 0);
    CHECK(m.null);
    uint8_t dst[3][12];
    memset(dst, 0xAA, sizeof dst);
    CHECK_EQ(g7sf_dp_media_block_read(gpu, &m, -5, 7, 8, 3, &dst[0][0], 12), 0);
    for (unsigned r = 0; r < 3; r++)
        for (unsigned i = 0; i < 12; i++)
            CHECK_EQ(dst[r][i], i < 8 ? 0 : 0xAA);
    CHECK_EQ(g7sf_dp_media_block_write(gpu, &m, 0, 0, 8, 3, &dst[0][0], 12, NULL), 0);
    g7sf_gpu_destroy(gpu);
}

/* A g7sf_dp_media_surface built (or altered) by the caller is checked like
 * the other arguments: sizes g7sf_dp_media_surface_from_state never gives
 * are G7SF_EINVAL, never a division by zero or an overrun of the read's
 * row buffer. */
TEST(media_surface_built_wrong_is_refused)
{
    g7sf_thread thr;
    g7sf_gpu *gpu = t_gpu(G7SF_IVB, &thr);
    g7sf_render_surface_state ss = dpa_image_ss(G7SF_SURFTYPE_2D, G7SF_FORMAT_R8G8B8A8_UINT,
                                                MED, 5, 6, 1, PITCH);
    g7sf_dp_media_surface good, m;
    CHECK_EQ(g7sf_dp_media_surface_from_state(&ss, -1, 0, &good, NULL), 0);
    uint8_t buf[32 * 4];
    CHECK_EQ(g7sf_dp_media_block_read(gpu, &good, -8, 0, 16, 2, buf, 32), 0);
    m = good, m.bpp = 0;
    CHECK_EQ(g7sf_dp_media_block_read(gpu, &m, 0, 0, 4, 1, buf, 32), G7SF_EINVAL);
    m = good, m.bpp = 3;
    CHECK_EQ(g7sf_dp_media_block_read(gpu, &m, 0, 0, 3, 1, buf, 32), G7SF_EINVAL);
    m = good, m.row_bytes = 0;   /* no edge pixel: column arithmetic would wrap */
    CHECK_EQ(g7sf_dp_media_block_read(gpu, &m, -8, 0, 16, 1, buf, 32), G7SF_EINVAL);
    m = good, m.rows = 0;
    CHECK_EQ(g7sf_dp_media_block_read(gpu, &m, 0, 0, 4, 1, buf, 32), G7SF_EINVAL);
    m = good, m.stride = 1, m.offset = 1;   /* the field's rows pass the frame */
    CHECK_EQ(g7sf_dp_media_block_write(gpu, &m, 0, 0, 4, 1, buf, 32, NULL), G7SF_EINVAL);
    g7sf_gpu_destroy(gpu);
}
