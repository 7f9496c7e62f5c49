/* g7sf_va_morph_block (erode / dilate on the min/max tree) on fuzzed source
 * types (and a bad one), sizes (now and then past a 1024-pixel strip),
 * strides (sometimes a byte short), footprints (separable 0..9, quad masks,
 * a bad kind), ops, edges, paths and blocks (sometimes outside).  The
 * source lies in a buffer exactly stride x height long, so a read past it
 * is an ASan finding.  Contract: G7SF_EINVAL / G7SF_ERANGE with a reason
 * and an untouched destination, or 0 with every block pixel equal to a
 * brute-force min / max over the footprint (written here), the other path
 * giving the same pixels and counters, and nothing written past the block
 * (nor the spare bits of a U1 row). */
#include <stdlib.h>
#include <string.h>

#include "fuzz.h"
#include "gen7sf/va_morph.h"

enum { GUARD = 0x5A };

static size_t row_len(unsigned type, int w)
{
    return type == G7SF_VA_U1 ? ((size_t)w + 7) / 8 : type == G7SF_VA_U8 ? (size_t)w : 2 * (size_t)w;
}

static int32_t at(const uint8_t *p, size_t stride, unsigned type, int x, int y)
{
    const uint8_t *r = p + (size_t)y * stride;
    if (type == G7SF_VA_U1)
        return r[x / 8] >> (7 - x % 8) & 1;
    if (type == G7SF_VA_U8)
        return r[x];
    uint16_t v;
    memcpy(&v, r + 2 * (size_t)x, 2);
    return type == G7SF_VA_S16 ? (int16_t)v : v;
}

static bool in_fp(const g7sf_minmax_footprint *f, int dx, int dy)
{
    if (f->kind == G7SF_MINMAX_SEPARABLE)
        return dx >= -(f->width - 1) / 2 && dx <= f->width / 2 && dy >= -(f->height - 1) / 2 &&
               dy <= f->height / 2;
    int q = (dx + 3) / 2 + 4 * ((dy + 3) / 2);
    return f->quad_mask >> q & 1;
}

static int32_t brute(const g7sf_va_image *s, const g7sf_va_morph *m, int x, int y)
{
    bool any = false;
    int32_t best = 0;
    for (int dy = -3; dy <= 4; dy++)
        for (int dx = -3; dx <= 4; dx++) {
            if (!in_fp(&m->footprint, dx, dy))
                continue;
            int sx = x + dx, sy = y + dy;
            if (sx < 0 || sy < 0 || sx >= s->width || sy >= s->height) {
                if (m->edge == G7SF_VA_EDGE_IGNORE)
                    continue;
                sx = sx < 0 ? 0 : sx >= s->width ? s->width - 1 : sx;
                sy = sy < 0 ? 0 : sy >= s->height ? s->height - 1 : sy;
            }
            int32_t v = at(s->data, s->stride, s->type, sx, sy);
            if (!any || (m->op == G7SF_MINMAX_MIN ? v < best : v > best))
                best = v;
            any = true;
        }
    if (any)
        return best;
    int32_t hi = s->type == G7SF_VA_U1 ? 1 : s->type == G7SF_VA_U8 ? 255
                                         : s->type == G7SF_VA_U16 ? 65535 : 32767;
    int32_t lo = s->type == G7SF_VA_S16 ? -32768 : 0;
    return m->op == G7SF_MINMAX_MIN ? hi : lo;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    fuzz_in in = { data, size };
    uint8_t b[16];
    fuzz_bytes(&in, b, sizeof b);
    unsigned type = b[0] % 5;           /* 4: not a type */
    int iw = b[1] & 0x80 ? 1000 + b[1] % 100 : 1 + b[1] % 80, ih = 1 + b[2] % 24;
    size_t stride = row_len(type < 4 ? type : 0, iw) + (b[3] & 3) - (b[3] & 4 ? 1 : 0);
    g7sf_va_morph m = { { b[4] % 3, b[5] % 10, b[6] % 10, (uint16_t)(b[7] | b[8] << 8) },
                        b[9] % 3u, b[10] % 3u, b[9] & 0x80 };
    int x0 = (int8_t)b[11] % 16, y0 = (int8_t)b[12] % 8;
    int w = b[13] & 0x80 ? iw - (b[13] & 0x7F) % 8 : b[13] % 90, h = b[14] % 26;
    size_t ds = row_len(type < 4 ? type : 0, w > 0 ? w : 1) + (b[15] & 3) - (b[15] & 4 ? 1 : 0);
    size_t n = stride * (size_t)ih;
    uint8_t *src = malloc(n ? n : 1);
    if (!src)
        return 0;
    fuzz_bytes(&in, src, n);
    g7sf_va_image s = { src, stride, iw, ih, type };
    size_t dn = ds * (size_t)(h > 0 ? h : 1) + 8;
    uint8_t *dst = malloc(dn), *ref = malloc(dn);
    if (!dst || !ref) {
        free(src), free(dst), free(ref);
        return 0;
    }
    memset(dst, GUARD, dn);
    const char *why = NULL;
    g7sf_va_morph_stats st;
    int err = g7sf_va_morph_block(&m, &s, x0, y0, w, h, dst, ds, &st, &why);
    FUZZ_CHECK(err == 0 || err == G7SF_EINVAL || err == G7SF_ERANGE, "code %d", err);
    FUZZ_CHECK(!err == !why, "reason %s with code %d", why ? why : "(none)", err);
    for (size_t i = 0; err && i < dn; i++)
        FUZZ_CHECK(dst[i] == GUARD, "byte %zu written on error %d", i, err);
    if (!err) {
        size_t used = row_len(type, w);
        for (size_t i = 0; i < dn; i++) {
            size_t j = i / ds, k = i % ds;
            if (j >= (size_t)h || k >= used)
                FUZZ_CHECK(dst[i] == GUARD, "byte %zu outside the block written", i);
            else if (type == G7SF_VA_U1 && k == used - 1 && w % 8)
                FUZZ_CHECK((dst[i] & ((1u << (8 - w % 8)) - 1)) ==
                           (GUARD & ((1u << (8 - w % 8)) - 1)), "spare bits of row %zu", j);
        }
        for (int j = 0; j < h; j++)
            for (int i = 0; i < w; i++) {
                int32_t got = at(dst, ds, type, i, j), want = brute(&s, &m, x0 + i, y0 + j);
                FUZZ_CHECK(got == want, "pixel (%d, %d) of the block: %d, brute force %d", i, j,
                           got, want);
            }
        /* the other path, on blocks the tree does quickly */
        if ((long)w * h <= 4096) {
            g7sf_va_morph o = m;
            o.tree = !m.tree;
            g7sf_va_morph_stats so;
            memcpy(ref, dst, dn);
            FUZZ_CHECK(g7sf_va_morph_block(&o, &s, x0, y0, w, h, ref, ds, &so, NULL) == 0,
                       "the other path failed");
            FUZZ_CHECK(memcmp(ref, dst, dn) == 0, "the paths differ");
            FUZZ_CHECK(memcmp(&so, &st, sizeof st) == 0, "the paths' counters differ");
        }
    }
    free(ref);
    free(dst);
    free(src);
    return 0;
}
