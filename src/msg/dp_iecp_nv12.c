/* Colour processing into an NV12 surface (§3.9.6, lines 8651-8670): the
 * surface is bound as R16_UNORM, its Width in Words (RENDER_SURFACE_STATE
 * Width, line ~2240), so a row of the Y plane holds 2 (Width + 1) luma
 * bytes, one a pixel, and the interleaved U, V plane (one U, V byte pair
 * per 2 x 2 pixels) starts at DW6's X / Y Offset for UV Plane.  The
 * message's pixels run through the pipe as on any surface (dp_iecp.c);
 * the Y plane takes each pixel's Y, the UV plane each 2 x 2 quad's U, V:
 * pixel_0's for 4:4:4 input, the top pair's for 4:2:2 (line 8668).  The
 * bytes are written by g7sf_dp_media_block_write, which drops what falls
 * outside the plane (line 8634).  Decisions: docs/spec-notes.md, "IECP". */
#include <string.h>

#include "dp_msg.h"

int dp_iecp_nv12_surface(g7sf_msg_ctx *c, const dp_msg_type *t, const g7sf_render_surface_state *ss)
{
    if (ss->surface_type == G7SF_SURFTYPE_NULL)   /* writes dropped, fields ignored */
        return 0;
    const char *why = NULL;
    /* Width + 1 Words = 2 (Width + 1) luma pixels, "multiples of 4pixels"
     * (8653); "Height should be in multiples of 2pixel" (8654) */
    if ((ss->width + 1) % 2)
        why = "Width + 1 (Words) must be even: the NV12 width is a multiple of 4 pixels (line 8653)";
    else if ((ss->height + 1) % 2)
        why = "Height + 1 must be even for NV12 (line 8654)";
    else if (ss->vertical_line_stride)
        why = "IECP into NV12 needs Vertical Line Stride 0 (line 8670)";
    else if (ss->y_offset_for_uv_plane % 2)   /* DW6 13:0 "must indicate an even number" */
        why = "Y Offset for UV Plane must be even";
    else if (ss->x_offset_for_uv_plane % 2)   /* DW6 29:16 "an even number of pixels" */
        why = "X Offset for UV Plane must be even";
    else if ((uint64_t)ss->x_offset_for_uv_plane + 2 * ((uint64_t)ss->width + 1) >
             (uint64_t)ss->surface_pitch + 1)
        why = "X Offset for UV Plane + the row's bytes exceed the Surface Pitch";
    if (why)
        return g7sf_msg_fail(c, G7SF_ESTATE, "%s: NV12 (R16_UNORM) surface: %s", t->name, why);
    return 0;
}

int dp_iecp_nv12_write(g7sf_msg_ctx *c, const dp_msg_type *t, const g7sf_render_surface_state *ss,
                       const g7sf_dp_media_surface *m, int64_t x, int64_t y, unsigned w,
                       unsigned h, unsigned pitch, const uint8_t *data)
{
    unsigned format = c->msg->payload[0].ud[3] >> 2 & 3;
    /* message bytes a pixel: 4:2:2 8-bit 2, 4:2:2 16-bit and 4:4:4 8-bit 4 */
    unsigned pb = format == 0 ? 2 : 4, px_w = w / pb;
    const char *why = NULL;
    if (format == 3)
        why = "4:4:4 16-bit input cannot be written as NV12 (line 8667)";
    else if (w % pb || !(px_w == 4 || (px_w == 8 && format == 0)))
        why = "the block must be 8 or 4 pixels wide in 4:2:2 8-bit, 4 in 4:2:2 16-bit and "
              "4:4:4 8-bit (lines 8661-8666)";
    else if (h % 2)
        why = "the block must be a multiple of 2 rows high (line 8668)";
    else if (x % (4 * pb))   /* M0.0 counts message bytes (the X offset note of M0.0) */
        why = "the X offset must be a multiple of 4 pixels (line 8658)";
    else if (y % 2)
        why = "the Y offset must be even (line 8656)";
    else if (m->stride)
        why = "the descriptor overrides Vertical Line Stride to 1; IECP needs 0 (line 8670)";
    if (why)
        return g7sf_msg_fail(c, G7SF_EPAYLOAD, "%s: colour processing into NV12: %s", t->name, why);
    /* the UV plane: rows half the Y plane's, its origin DW6's offsets from
     * the Surface Base Address (in place of DW5's X / Y Offset, as for
     * PLANAR_420_8); its X offset counts bytes (Y-plane pixels), half as
     * many R16 pixels */
    g7sf_dp_media_surface uv = *m;
    uv.s.x_offset = ss->x_offset_for_uv_plane / 2;
    uv.s.y_offset = ss->y_offset_for_uv_plane;
    uv.frame_rows = uv.rows = m->frame_rows / 2;
    unsigned tile_rows = uv.s.tiling == G7SF_TILING_X ? 8 : uv.s.tiling == G7SF_TILING_Y ? 32 : 1;
    uint64_t span = (uint64_t)uv.s.pitch *
                    ((uv.s.y_offset + uv.rows + tile_rows - 1) / tile_rows * tile_rows);
    if (!m->null && (uint64_t)uv.s.base + span > 0x100000000ull)
        return g7sf_msg_fail(c, G7SF_ESTATE, "%s: NV12 (R16_UNORM) surface: the UV plane passes "
                             "4 GiB", t->name);
    dp_iecp_block b;
    int r = dp_iecp_run_block(c, t, w, h, pitch, data, &b);
    if (r || m->null)
        return r;
    /* the planes' bytes: Y one a pixel; U, V of each quad from its top row */
    enum { P = 8 };
    uint8_t yb[32 * P], uvb[16 * P];
    bool in422 = format != 1;
    for (unsigned r0 = 0; r0 < h; r0++) {
        const g7sf_iecp_pixel *p = b.px + (size_t)r0 * px_w;
        for (unsigned i = 0; i < px_w; i++)
            yb[r0 * P + i] = (uint8_t)dp_iecp_to8(p[i].c[0]);
        for (unsigned i = 0; r0 % 2 == 0 && i < px_w; i += 2)
            for (int ch = 1; ch < 3; ch++) {
                /* 4:2:2: the pair's one U, V as the repacker makes it, the
                 * average of the two (line 6063); 4:4:4: pixel_0's alone */
                unsigned v = in422 ? (p[i].c[ch] + p[i + 1].c[ch] + 1u) >> 1 : p[i].c[ch];
                uvb[r0 / 2 * P + i + (unsigned)ch - 1] = (uint8_t)dp_iecp_to8(v);
            }
    }
    int64_t xp = x / pb;
    if ((r = g7sf_dp_media_block_write(c->gpu, m, xp, y, px_w, h, yb, P, NULL)))
        return dp_fail(c, t, r);
    if ((r = g7sf_dp_media_block_write(c->gpu, &uv, xp, y / 2, px_w, h / 2, uvb, P, NULL)))
        return dp_fail(c, t, r);
    return 0;
}
