/* The smooth panning scene (see synth.h): broad gradients with no texture,
 * the hard case for film detection at HD sizes, where a pan changes each
 * pixel by about one level per field and the field differences of matching
 * and mismatched pairs are both small. */
#include <math.h>

#include "synth.h"

static uint8_t clamp8(double v)
{
    return v <= 0 ? 0 : v >= 255 ? 255 : (uint8_t)(v + 0.5);
}

/* Y, Cb, Cr at luma point (x, y) of a w x h picture at time t: two broad
 * waves (periods of about the picture size) panning right and down, 3 and
 * 1 pixels per unit of t at 1080 lines (scaled with the height). */
static double smooth_pixel(double w, double h, double t, double x, double y, int p)
{
    double s = h / 1080.0;
    double u = (x + 3 * s * t) / w, v = (y + s * t) / h;
    if (p == 1)
        return 128 + 24 * sin(2 * M_PI * (0.7 * u + 0.2 * v));
    if (p == 2)
        return 128 + 24 * cos(2 * M_PI * (0.4 * u - 0.6 * v));
    return 120 + 60 * sin(2 * M_PI * (0.9 * u + 0.3 * v)) + 35 * cos(2 * M_PI * (0.35 * u - 0.8 * v));
}

int synth_render_smooth(vio_frame *f, double t)
{
    if (!f || !f->data[0] || f->planes != 3 ||
        (f->chroma != VIO_CHROMA_420 && f->chroma != VIO_CHROMA_422) || !isfinite(t))
        return VIO_E_ARG;
    double w = f->width[0], h = f->height[0];
    int sy = f->chroma == VIO_CHROMA_420 ? 2 : 1;
    for (int p = 0; p < 3; p++) {
        int mx = p ? 2 : 1, my = p ? sy : 1;
        for (int y = 0; y < f->height[p]; y++) {
            uint8_t *row = f->data[p] + y * f->stride[p];
            /* chroma at the centre of the luma it covers, as synth_render */
            double ly = y * my + (my - 1) * 0.5;
            for (int x = 0; x < f->width[p]; x++)
                row[x] = clamp8(smooth_pixel(w, h, t, x * mx + (mx - 1) * 0.5, ly, p));
        }
    }
    return 0;
}
