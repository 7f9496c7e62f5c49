/* Render Target Write (§3.9.11, PRM 10158-10634) at function level: the
 * render target a write binds (10164-10188, 10395) and its pixels: alpha
 * test and alpha to coverage/one (rt_coverage.c), colour work (rt_color.c,
 * rt.h), MCS upkeep (rt_msaa.c).  The message (payload, slots, samples)
 * is src/msg/dp_rt_write.c's.  Decisions: docs/spec-notes.md "Data port:
 * render target write". */
#include <string.h>

#include "core/memory.h"
#include "dp.h"
#include "rt.h"
#include "rt_batch.h"

static int refuse(const char **why, int code, const char *reason)
{
    if (why)
        *why = reason;
    return code;
}

/* Render Target Rotation (DW4 30:29, PRM 2299-2319; docs/spec-notes.md
 * "Render Target Rotation").  The programming notes restrict it to
 * single-sampled, non-array 2D X-tiled targets of a short format list,
 * even Width and Height, and X/Y Offset zero (2449); Width and Height are
 * the target before rotation, so memory holds it Height pixels wide and
 * Width rows tall: rt->s becomes that layout (write_pixel maps). */
static int rotated(const g7sf_render_surface_state *ss, g7sf_rt_target *rt, const char **why)
{
    /* the formats legible in the list at 2314-2318 */
    static const unsigned ok[] = {
        G7SF_FORMAT_B5G6R5_UNORM, G7SF_FORMAT_B5G6R5_UNORM_SRGB,
        G7SF_FORMAT_B8G8R8A8_UNORM, G7SF_FORMAT_B8G8R8A8_UNORM_SRGB,
        G7SF_FORMAT_B8G8R8X8_UNORM, G7SF_FORMAT_B8G8R8X8_UNORM_SRGB,
        G7SF_FORMAT_B10G10R10A2_UNORM, G7SF_FORMAT_B10G10R10X2_UNORM,
        G7SF_FORMAT_R10G10B10A2_UNORM,
        G7SF_FORMAT_R16G16B16A16_FLOAT, G7SF_FORMAT_R16G16B16X16_FLOAT,
    };
    unsigned i = 0;
    while (i < sizeof ok / sizeof ok[0] && ok[i] != ss->surface_format)
        i++;
    if (ss->render_target_rotation != G7SF_RTROTATE_90DEG &&
        ss->render_target_rotation != G7SF_RTROTATE_270DEG)
        return refuse(why, G7SF_ESTATE, "Render Target Rotation 2 (reserved)");
    if (ss->surface_type != G7SF_SURFTYPE_2D || ss->surface_array || ss->depth ||
        rt->s.samples != 1 || ss->mip_count_lod)
        return refuse(why, G7SF_ESTATE, "Render Target Rotation on a target other than a "
                      "single-sampled, non-array 2D surface written at LOD 0");
    if (rt->s.tiling != G7SF_TILING_X)
        return refuse(why, G7SF_ESTATE, "Render Target Rotation on a surface not X-tiled");
    if (i == sizeof ok / sizeof ok[0])
        return refuse(why, G7SF_ESTATE, "Render Target Rotation with a surface format outside "
                      "its list");
    if (rt->s.width % 2 || rt->s.height % 2)
        return refuse(why, G7SF_ESTATE, "Render Target Rotation with an odd Width or Height");
    if (rt->s.x_offset || rt->s.y_offset)
        return refuse(why, G7SF_ESTATE, "Render Target Rotation with X or Y Offset not zero");
    /* the rotated rows are Height pixels long: they must fit the pitch */
    if ((uint64_t)rt->s.height * (rt->fmt->unit_bytes / rt->fmt->unit_w) > rt->s.pitch)
        return refuse(why, G7SF_ESTATE, "Render Target Rotation with Height wider than the "
                      "Surface Pitch");
    uint32_t w = rt->s.width;
    rt->s.width = rt->s.height;
    rt->s.height = w;
    rt->rotation = (uint8_t)ss->render_target_rotation;
    return 0;
}

int g7sf_rt_target_from_state(const g7sf_render_surface_state *ss, enum g7sf_platform p,
                              uint32_t rtai, unsigned num_samples, bool need_tiled,
                              g7sf_rt_target *rt, const char **why)
{
    if (!ss || !rt || (p != G7SF_IVB && p != G7SF_HSW))
        return G7SF_EINVAL;
    memset(rt, 0, sizeof *rt);
    rt->null = ss->surface_type == G7SF_SURFTYPE_NULL;
    if (rt->null)
        return 0;
    if (g7sf_surface_from_state(ss, &rt->s))
        return refuse(why, G7SF_ESTATE, "RENDER_SURFACE_STATE describes no valid surface");
    rt->fmt = g7sf_format_info(ss->surface_format);
    /* the formats of the list at 10200-10255 (the format table's
     * G7SF_CAP_RENDER follows it: docs/spec-notes.md) */
    if (ss->surface_type == G7SF_SURFTYPE_STRBUF)
        return refuse(why, G7SF_ESTATE, "SURFTYPE_STRBUF");
    if (!(rt->fmt->caps[p] & G7SF_CAP_RENDER))
        return refuse(why, G7SF_ESTATE, "a surface format the message does not accept");
    if (ss->vertical_line_stride)
        return refuse(why, G7SF_ESTATE, "Vertical Line Stride 1 (field mode)");
    if (need_tiled && rt->s.tiling == G7SF_TILING_LINEAR)
        return refuse(why, G7SF_ESTATE, "a linear surface (replicated data and image write need "
                      "a tiled one)");
    if (rt->s.samples != num_samples)
        return refuse(why, G7SF_ESTATE, "a sample count 3DSTATE_MULTISAMPLE disagrees with");
    if (ss->render_target_rotation != G7SF_RTROTATE_0DEG) {
        int r = rotated(ss, rt, why);
        if (r)
            return r;
    }
    rt->lod = ss->mip_count_lod;   /* a render target's LOD field */
    /* Render Target Array Index outside [Minimum Array Element, Depth] (cube:
     * 5) is replaced by the Minimum Array Element (10395); buffers use 0 */
    uint32_t max = ss->surface_type == G7SF_SURFTYPE_CUBE ? 5 : ss->depth;
    rt->slice = ss->surface_type == G7SF_SURFTYPE_BUFFER ? 0
              : rtai < ss->minimum_array_element || rtai > max ? ss->minimum_array_element : rtai;
    rt->mcs = rt->s.mcs_enable && rt->s.msfmt == G7SF_MSFMT_MSS && rt->s.samples > 1;
    if (rt->mcs) {
        g7sf_texel clear;
        const unsigned bits[4] = { ss->red_clear_color, ss->green_clear_color,
                                   ss->blue_clear_color, ss->alpha_clear_color };
        for (unsigned k = 0; k < 4; k++) {
            if (rt->fmt->texel == G7SF_TEXEL_FLOAT)
                clear.f[k] = (float)bits[k];
            else
                clear.u[k] = bits[k];
        }
        g7sf_texel_encode(rt->fmt, &clear, rt->clear_unit, 0, 0);
    }
    return 0;
}

/* Writes the samples `cover` of pixel (x, y); pixels outside the surface
 * are dropped (10188).  A rotated target's pixel (x, y) of its W x H
 * (Width x Height) is turned clockwise into memory's H x W: 90 degrees to
 * (H-1-y, x), 270 to (y, W-1-x) (docs/spec-notes.md "Render Target
 * Rotation"); its formats are one pixel per unit. */
static int write_pixel(g7sf_gpu *gpu, const g7sf_rt_target *rt, const rt_color *rc, uint32_t x,
                       uint32_t y, uint32_t cover, const g7sf_texel *src0, const g7sf_texel *src1)
{
    const struct g7sf_format_info *f = rt->fmt;
    if (rt->rotation) {   /* s is memory's layout: width H, height W */
        uint32_t w = rt->s.height, h = rt->s.width;
        if (x >= w || y >= h)
            return 0;
        uint32_t mx = rt->rotation == G7SF_RTROTATE_90DEG ? h - 1 - y : y;
        y = rt->rotation == G7SF_RTROTATE_90DEG ? x : w - 1 - x;
        x = mx;
    }
    uint32_t ux = x - x % f->unit_w, addr;
    uint8_t unit[16];
    int r;
    if (rt->s.type == G7SF_SURFTYPE_BUFFER) {
        if (y || g7sf_buffer_address(&rt->s, ux, 0, &addr))
            return 0;
    } else if (rt->mcs && (r = rt_mcs_identity(gpu, &rt->s, x, y, rt->slice, rt->lod,
                                                 rt->clear_unit, f->unit_bytes))) {
        return r == G7SF_ERANGE ? 0 : r;
    }
    for (unsigned n = 0; cover >> n; n++) {
        if (!(cover >> n & 1))
            continue;
        if (rt->s.type != G7SF_SURFTYPE_BUFFER &&
            (r = g7sf_surface_texel_address(&rt->s, ux, y, rt->slice, rt->lod, n, &addr)))
            return r == G7SF_ERANGE ? 0 : r;
        uint8_t *p = g7sf_mem_span(gpu, addr, f->unit_bytes);
        if (p) {   /* in place, in a page that exists */
            rt_color_output(rc, src0, src1, p, x % f->unit_w, y);
            continue;
        }
        if ((r = g7sf_mem_read(gpu, addr, unit, f->unit_bytes)))
            return r;
        rt_color_output(rc, src0, src1, unit, x % f->unit_w, y);
        if ((r = g7sf_mem_write(gpu, addr, unit, f->unit_bytes)))
            return r;
    }
    return 0;
}

int rt_write_pixels(g7sf_gpu *gpu, const g7sf_rt_target *rt, const rt_color *rc,
                    const rt_coverage *cv, const g7sf_rt_pixel *px, unsigned n, bool dual,
                    const char **why)
{
    /* an MSAA index-compressed target (gen7sf/msaa_compress.h) is written
     * in the render cache's tiles, under its lock for the whole message */
    const bool tiles = rt_msaa_active(gpu, rt);
    int r = tiles ? rt_msaa_begin(gpu) : 0;
    const bool locked = tiles && !r;
    for (unsigned i = 0; i < n && !r; i++) {
        uint32_t cover = px[i].cover & rt_coverage_mask(cv, px[i].alpha);
        if (!cover)
            continue;
        g7sf_texel src0 = px[i].src0;
        if (cv->alpha_to_one) {
            if (rt->fmt->texel == G7SF_TEXEL_FLOAT)
                src0.f[3] = 1.0f;
            else
                src0.u[3] = 1;
        }
        r = tiles ? rt_msaa_write_pixel(gpu, rt, rc, px[i].x, px[i].y, cover, &src0,
                                        dual ? &px[i].src1 : NULL, why)
                  : write_pixel(gpu, rt, rc, px[i].x, px[i].y, cover, &src0,
                                dual ? &px[i].src1 : NULL);
    }
    if (locked)
        rt_msaa_end(gpu);
    return r;
}

int g7sf_rt_write(g7sf_gpu *gpu, const g7sf_rt_target *rt, const g7sf_blend_state *bs,
                  unsigned index, const g7sf_color_calc_state *cc, const g7sf_rt_pixel *px,
                  unsigned n, bool dual, const char **why)
{
    /* the format must be the table's entry: its unit sizes bound the buffers */
    if (!gpu || !rt || !bs || !cc || index > 7 || (n && !px) ||
        (!rt->null && (!rt->fmt || rt->fmt != g7sf_format_info(rt->fmt->code))) ||
        (rt->rotation != G7SF_RTROTATE_0DEG && rt->rotation != G7SF_RTROTATE_90DEG &&
         rt->rotation != G7SF_RTROTATE_270DEG))
        return G7SF_EINVAL;
    if (rt->null)
        return 0;
    if (dual && rt->rotation)
        return refuse(why, G7SF_ESTATE, RT_DUAL_ROTATED);
    rt_color rc;
    rt_coverage cv;
    const char *reason = "";
    if (rt_color_prepare(&rc, g7sf_gpu_platform(gpu), bs, index, cc, rt->fmt, &reason))
        return refuse(why, G7SF_ESTATE, reason);
    rt_coverage_prepare(&cv, bs, index, cc, rt->s.samples);
    return rt_write_pixels(gpu, rt, &rc, &cv, px, n, dual, why);
}
