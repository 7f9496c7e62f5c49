/* ProcAmp for the pipeline (gen7sf/vpp.h): VA-API's controls as the
 * COLOR_PROCESSING_STATE fields a driver programs, and the colour pipe's
 * ProcAmp (gen7sf/iecp.h) on 8-bit planes.  Decisions: docs/spec-notes.md,
 * "Video pipeline: ProcAmp". */
#include <math.h>

#include "gen7sf/iecp.h"
#include "gen7sf/vpp.h"
#include "scale.h"

int g7sf_vpp_procamp_state(double brightness, double contrast, double hue, double saturation,
                           g7sf_color_processing_state *st)
{
    if (!st || !(brightness >= -100 && brightness <= 100) || !(contrast >= 0 && contrast <= 10) ||
        !(hue >= -180 && hue <= 180) || !(saturation >= 0 && saturation <= 10))
        return G7SF_EINVAL;
    g7sf_iecp_state_neutral(st);
    double h = hue * 3.14159265358979323846 / 180, cs = contrast * saturation * 256;
    st->procamp_enable = 1;
    st->contrast = (uint32_t)lround(contrast * 128);      /* U4.7: at most 1280 */
    st->brightness = (int32_t)lround(brightness * 16);    /* S7.4: -1600 .. 1600 */
    st->cos_c_s = (int32_t)lround(cos(h) * cs);           /* S7.8: |v| <= 25600 */
    st->sin_c_s = (int32_t)lround(sin(h) * cs);
    return 0;
}

/* 8 bits into the pipe's 12 and back, rounded half up, saturated. */
static uint8_t to8(unsigned v)
{
    v = (v + 8) >> 4;
    return (uint8_t)(v > 255 ? 255 : v);
}

void vpp_procamp_rows(const g7sf_color_processing_state *st, uint8_t *y, size_t ny, uint8_t *u,
                      uint8_t *v, size_t nc)
{
    enum { CHUNK = 256 };
    g7sf_iecp_pixel px[CHUNK];
    /* luma alone (its chroma neutral), then the chroma samples (Y is
     * unused by their formulas) */
    for (size_t i0 = 0; i0 < ny; i0 += CHUNK) {
        size_t n = ny - i0 < CHUNK ? ny - i0 : CHUNK;
        for (size_t i = 0; i < n; i++)
            px[i] = (g7sf_iecp_pixel){ { (uint16_t)(y[i0 + i] << 4), 2048, 2048 }, 0 };
        g7sf_iecp_procamp(st, px, n);
        for (size_t i = 0; i < n; i++)
            y[i0 + i] = to8(px[i].c[0]);
    }
    for (size_t i0 = 0; i0 < nc; i0 += CHUNK) {
        size_t n = nc - i0 < CHUNK ? nc - i0 : CHUNK;
        for (size_t i = 0; i < n; i++)
            px[i] = (g7sf_iecp_pixel){ { 256, (uint16_t)(u[i0 + i] << 4),
                                         (uint16_t)(v[i0 + i] << 4) }, 0 };
        g7sf_iecp_procamp(st, px, n);
        for (size_t i = 0; i < n; i++)
            u[i0 + i] = to8(px[i].c[1]), v[i0 + i] = to8(px[i].c[2]);
    }
}
