/* The synthetic scenes and the bitmap font (see synth.h). */
#include <math.h>
#include <string.h>

#include "synth.h"

/* 5x7 glyphs, one byte per row, bit 4 the leftmost pixel. */
static const struct { char c; uint8_t rows[7]; } font[] = {
    { 'A', { 0x0E, 0x11, 0x11, 0x1F, 0x11, 0x11, 0x11 } },
    { 'B', { 0x1E, 0x11, 0x11, 0x1E, 0x11, 0x11, 0x1E } },
    { 'C', { 0x0E, 0x11, 0x10, 0x10, 0x10, 0x11, 0x0E } },
    { 'D', { 0x1E, 0x11, 0x11, 0x11, 0x11, 0x11, 0x1E } },
    { 'E', { 0x1F, 0x10, 0x10, 0x1E, 0x10, 0x10, 0x1F } },
    { 'F', { 0x1F, 0x10, 0x10, 0x1E, 0x10, 0x10, 0x10 } },
    { 'G', { 0x0E, 0x11, 0x10, 0x17, 0x11, 0x11, 0x0F } },
    { 'H', { 0x11, 0x11, 0x11, 0x1F, 0x11, 0x11, 0x11 } },
    { 'I', { 0x0E, 0x04, 0x04, 0x04, 0x04, 0x04, 0x0E } },
    { 'J', { 0x07, 0x02, 0x02, 0x02, 0x02, 0x12, 0x0C } },
    { 'K', { 0x11, 0x12, 0x14, 0x18, 0x14, 0x12, 0x11 } },
    { 'L', { 0x10, 0x10, 0x10, 0x10, 0x10, 0x10, 0x1F } },
    { 'M', { 0x11, 0x1B, 0x15, 0x15, 0x11, 0x11, 0x11 } },
    { 'N', { 0x11, 0x11, 0x19, 0x15, 0x13, 0x11, 0x11 } },
    { 'O', { 0x0E, 0x11, 0x11, 0x11, 0x11, 0x11, 0x0E } },
    { 'P', { 0x1E, 0x11, 0x11, 0x1E, 0x10, 0x10, 0x10 } },
    { 'Q', { 0x0E, 0x11, 0x11, 0x11, 0x15, 0x12, 0x0D } },
    { 'R', { 0x1E, 0x11, 0x11, 0x1E, 0x14, 0x12, 0x11 } },
    { 'S', { 0x0F, 0x10, 0x10, 0x0E, 0x01, 0x01, 0x1E } },
    { 'T', { 0x1F, 0x04, 0x04, 0x04, 0x04, 0x04, 0x04 } },
    { 'U', { 0x11, 0x11, 0x11, 0x11, 0x11, 0x11, 0x0E } },
    { 'V', { 0x11, 0x11, 0x11, 0x11, 0x11, 0x0A, 0x04 } },
    { 'W', { 0x11, 0x11, 0x11, 0x15, 0x15, 0x15, 0x0A } },
    { 'X', { 0x11, 0x11, 0x0A, 0x04, 0x0A, 0x11, 0x11 } },
    { 'Y', { 0x11, 0x11, 0x0A, 0x04, 0x04, 0x04, 0x04 } },
    { 'Z', { 0x1F, 0x01, 0x02, 0x04, 0x08, 0x10, 0x1F } },
    { '0', { 0x0E, 0x11, 0x13, 0x15, 0x19, 0x11, 0x0E } },
    { '1', { 0x04, 0x0C, 0x04, 0x04, 0x04, 0x04, 0x0E } },
    { '2', { 0x0E, 0x11, 0x01, 0x02, 0x04, 0x08, 0x1F } },
    { '3', { 0x1F, 0x02, 0x04, 0x02, 0x01, 0x11, 0x0E } },
    { '4', { 0x02, 0x06, 0x0A, 0x12, 0x1F, 0x02, 0x02 } },
    { '5', { 0x1F, 0x10, 0x1E, 0x01, 0x01, 0x11, 0x0E } },
    { '6', { 0x06, 0x08, 0x10, 0x1E, 0x11, 0x11, 0x0E } },
    { '7', { 0x1F, 0x01, 0x02, 0x04, 0x08, 0x08, 0x08 } },
    { '8', { 0x0E, 0x11, 0x11, 0x0E, 0x11, 0x11, 0x0E } },
    { '9', { 0x0E, 0x11, 0x11, 0x0F, 0x01, 0x02, 0x0C } },
    { '.', { 0x00, 0x00, 0x00, 0x00, 0x00, 0x0C, 0x0C } },
    { ':', { 0x00, 0x0C, 0x0C, 0x00, 0x0C, 0x0C, 0x00 } },
    { '-', { 0x00, 0x00, 0x00, 0x1F, 0x00, 0x00, 0x00 } },
    { '/', { 0x01, 0x01, 0x02, 0x04, 0x08, 0x10, 0x10 } },
};

/* Characters advance 6 font pixels: 5 of glyph, 1 of spacing. */
enum { GLYPH_W = 5, GLYPH_H = 7, ADVANCE = 6 };

static const uint8_t *glyph(char c)
{
    for (size_t i = 0; i < sizeof font / sizeof font[0]; i++)
        if (font[i].c == c)
            return font[i].rows;
    return NULL;
}

/* Is font pixel (fx, fy) of string s set (fx, fy relative to its top left)? */
static bool text_pixel(const char *s, size_t len, long fx, long fy)
{
    if (fx < 0 || fy < 0 || fy >= GLYPH_H || fx >= (long)len * ADVANCE)
        return false;
    long col = fx % ADVANCE;
    const uint8_t *g = glyph(s[fx / ADVANCE]);
    return g && col < GLYPH_W && (g[fy] >> (GLYPH_W - 1 - col) & 1);
}

void synth_text(vio_frame *f, int p, int x, int y, int scale, uint8_t v, const char *s)
{
    if (!f || p < 0 || p >= f->planes || scale < 1 || !s)
        return;
    size_t len = strlen(s);
    for (int py = 0; py < f->height[p]; py++) {
        long dy = (long)py - y;
        if (dy < 0 || dy >= (long)GLYPH_H * scale)
            continue;
        uint8_t *row = f->data[p] + py * f->stride[p];
        for (int px = 0; px < f->width[p]; px++) {
            long dx = (long)px - x;
            if (dx >= 0 && text_pixel(s, len, dx / scale, dy / scale))
                row[px] = v;
        }
    }
}

/* ---- scenes: each gives Y, Cb, Cr at a point in luma coordinates ------- */

typedef struct scene_ctx {
    int w, h;
    double t;
    /* zone plate */
    double cx, cy, k;
    /* edges and text */
    long bar_x, box_y, diag, scroll;
} scene_ctx;

static const char scroll_text[] = "GEN7SF VPP 0123456789 THE QUICK BROWN FOX JUMPS 4:2:0/4:2:2.";
static const char static_text[] = "GEN7SF";

static uint8_t clamp8(double v)
{
    return v <= 0 ? 0 : v >= 255 ? 255 : (uint8_t)(v + 0.5);
}

/* A triangle wave between 0 and span: positions that bounce. */
static long bounce(double pos, long span)
{
    if (span <= 0)
        return 0;
    long p = (long)floor(pos) % (2 * span);
    if (p < 0)
        p += 2 * span;
    return p < span ? p : 2 * span - p;
}

static void zone_setup(scene_ctx *c)
{
    /* the centre wanders, the rings zoom in and out; the ring frequency
     * a * r / pi cycles per pixel reaches 0.3 at the far corner at most:
     * above the field Nyquist limit (0.25) there, below it nearer the centre */
    double r = hypot(c->w, c->h) * 0.65;
    c->cx = c->w * (0.5 + 0.12 * sin(0.05 * c->t));
    c->cy = c->h * (0.5 + 0.10 * cos(0.037 * c->t));
    c->k = M_PI * 0.3 / r * (0.75 + 0.25 * sin(0.06 * c->t));
}

static double zone_pixel(const scene_ctx *c, double x, double y, int p)
{
    double dx = x - c->cx, dy = y - c->cy;
    if (p == 1)
        return 128 + 40 * cos(2 * M_PI * x / c->w);
    if (p == 2)
        return 128 + 40 * sin(2 * M_PI * y / c->h);
    return 128 + 100 * cos(c->k * (dx * dx + dy * dy));
}

static void edges_setup(scene_ctx *c)
{
    c->bar_x = bounce(4 * c->t, c->w - c->w / 5);
    c->box_y = bounce(2 * c->t, c->h - c->h / 4);
    c->diag = (long)floor(3 * c->t);
    c->scroll = (long)floor(3 * c->t);
}

static double edges_pixel(const scene_ctx *c, double x, double y, int p)
{
    double v[3];
    long ix = (long)floor(x), iy = (long)floor(y);
    int scale = c->h >= 96 ? 3 : 1;
    v[0] = 40 + 50.0 * iy / c->h;
    v[1] = v[2] = 128;
    /* a bright red bar moving sideways, a dark blue box moving down */
    if (ix >= c->bar_x && ix < c->bar_x + c->w / 5 && iy >= c->h / 8 && iy < c->h / 8 + c->h / 4) {
        v[0] = 220, v[1] = 90, v[2] = 200;
    }
    if (ix >= c->w / 2 && ix < c->w / 2 + c->w / 6 && iy >= c->box_y && iy < c->box_y + c->h / 4) {
        v[0] = 20, v[1] = 180, v[2] = 100;
    }
    /* a 3-pixel diagonal stripe at about 63 degrees, moving right */
    long d = ix - iy / 2 - c->diag;
    long m = ((d % 97) + 97) % 97;
    if (m < 3)
        v[0] = 200;
    /* scrolling text on a band near the bottom, static text at the top */
    long ty = c->h - c->h / 6;
    if (text_pixel(scroll_text, sizeof scroll_text - 1, (ix + c->scroll) / scale % 420,
                   (iy - ty) / scale) && iy >= ty)
        v[0] = 235, v[1] = v[2] = 128;
    if (ix >= 4 && iy >= 4 &&
        text_pixel(static_text, sizeof static_text - 1, (ix - 4) / scale, (iy - 4) / scale))
        v[0] = 16, v[1] = v[2] = 128;
    return v[p];
}

/* Value noise on a lattice of the given spacing: a smooth random field. */
static double lattice(long ix, long iy)
{
    uint64_t s = (uint64_t)ix * 0x9E3779B97F4A7C15ull ^ (uint64_t)iy * 0xC2B2AE3D27D4EB4Full;
    return (double)(synth_rand(&s) >> 56);   /* 0..255 */
}

static double value_noise(double u, double v, double cell)
{
    double fu = floor(u / cell), fv = floor(v / cell);
    double a = u / cell - fu, b = v / cell - fv;
    a = a * a * (3 - 2 * a);
    b = b * b * (3 - 2 * b);
    long iu = (long)fu, iv = (long)fv;
    double top = lattice(iu, iv) * (1 - a) + lattice(iu + 1, iv) * a;
    double bot = lattice(iu, iv + 1) * (1 - a) + lattice(iu + 1, iv + 1) * a;
    return top * (1 - b) + bot * b;
}

static double pan_pixel(const scene_ctx *c, double x, double y, int p)
{
    double u = x + 2.5 * c->t, w = y + 1.25 * c->t;
    if (p == 1)
        return 128 + 30 * sin(0.02 * u);
    if (p == 2)
        return 128 + 30 * cos(0.025 * w + 0.01 * u);
    return 128 + 40 * sin(0.07 * u + 0.03 * w) + 0.35 * (value_noise(u, w, 8) - 128) +
           0.2 * (value_noise(u, w, 3) - 128);
}

/* The smooth scene: Y, Cb, Cr at luma point (x, y) at time t: broad
 * gradients with no texture, the hard case for film detection at HD sizes,
 * where a pan changes each pixel by about one level per field; two broad
 * waves (periods of about the picture size) panning right and down, 3 and
 * 1 pixels per unit of t at 1080 lines (scaled with the height). */
static double smooth_pixel(const scene_ctx *c, double x, double y, int p)
{
    double s = c->h / 1080.0;
    double u = (x + 3 * s * c->t) / c->w, v = (y + s * c->t) / c->h;
    if (p == 1)
        return 128 + 24 * sin(2 * M_PI * (0.7 * u + 0.2 * v));
    if (p == 2)
        return 128 + 24 * cos(2 * M_PI * (0.4 * u - 0.6 * v));
    return 120 + 60 * sin(2 * M_PI * (0.9 * u + 0.3 * v)) +
           35 * cos(2 * M_PI * (0.35 * u - 0.8 * v));
}

const char *synth_scene_name(enum synth_scene s)
{
    switch (s) {
    case SYNTH_ZONE_PLATE: return "zoneplate";
    case SYNTH_EDGES_TEXT: return "text";
    case SYNTH_PAN: return "pan";
    case SYNTH_SMOOTH: return "smooth";
    }
    return NULL;
}

int synth_render(vio_frame *f, enum synth_scene s, double t)
{
    if (!f || !f->data[0] || f->planes != 3 ||
        (f->chroma != VIO_CHROMA_420 && f->chroma != VIO_CHROMA_422) || !synth_scene_name(s) ||
        !isfinite(t))
        return VIO_E_ARG;
    scene_ctx c = { .w = f->width[0], .h = f->height[0], .t = t };
    double (*pixel)(const scene_ctx *, double, double, int) = zone_pixel;
    if (s == SYNTH_ZONE_PLATE)
        zone_setup(&c);
    else if (s == SYNTH_EDGES_TEXT)
        edges_setup(&c), pixel = edges_pixel;
    else if (s == SYNTH_SMOOTH)
        pixel = smooth_pixel;
    else
        pixel = pan_pixel;
    /* chroma samples sit at the centre of the luma area they cover */
    int sy = f->chroma == VIO_CHROMA_420 ? 2 : 1;
    for (int p = 0; p < 3; p++) {
        int mx = p ? 2 : 1, my = p ? sy : 1;
        for (int y = 0; y < f->height[p]; y++) {
            uint8_t *row = f->data[p] + y * f->stride[p];
            double ly = y * my + (my - 1) * 0.5;
            for (int x = 0; x < f->width[p]; x++) {
                row[x] = clamp8(pixel(&c, x * mx + (mx - 1) * 0.5, ly, p));
            }
        }
    }
    return 0;
}
