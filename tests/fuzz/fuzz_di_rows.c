/* The deinterlacer along lines (g7sf_di_rows) against block by block
 * (g7sf_di_block) on fuzzed states, sizes, chroma, contents and line
 * ranges: small frames of 16..96 x 4..40, the controls decoded from a
 * fuzzed sampler state or raw (then often outside their fields), a saved
 * STMM of any bytes, working memory kept or not.
 * Contract: g7sf_di_rows accepts exactly what g7sf_di_block accepts for
 * the range's blocks (else G7SF_EINVAL and nothing handed over); when it
 * runs, it hands over each band of the range once, in order, and every
 * block of every band is byte for byte g7sf_di_block's. */
#include <string.h>

#include "fuzz.h"
#include "gen7sf/media.h"
#include "gen7sf/state_sampler.h"

enum { MW = 96, MH = 40 };

typedef struct check {
    const g7sf_di_params *p;
    const g7sf_yuv *cur, *prev;
    const uint8_t *stmm;
    int stride, next_by, bands;
} check;

static void put(void *ctx, const g7sf_di_band *b)
{
    check *k = ctx;
    FUZZ_CHECK(b->by == k->next_by, "band %d handed over, %d expected", b->by, k->next_by);
    k->next_by += 4;
    k->bands++;
    for (int bx = 0; bx < k->cur->y.width; bx += 16) {
        g7sf_di_block_out o;
        int err = g7sf_di_block(k->p, k->cur, k->prev, k->stmm, k->stride, bx, b->by, &o);
        FUZZ_CHECK(!err, "g7sf_di_block refused block (%d, %d) that the lines ran", bx, b->by);
        for (int l = 0; l < 4; l++) {
            FUZZ_CHECK(!memcmp(o.prev2_y[l], b->prev2_y[l] + bx, 16) &&
                           !memcmp(o.cur1_y[l], b->cur1_y[l] + bx, 16) &&
                           !memcmp(o.prev2_c[l], b->prev2_c[l] + bx, 16) &&
                           !memcmp(o.cur1_c[l], b->cur1_c[l] + bx, 16) &&
                           !memcmp(o.stmm[l], b->stmm[l] + bx / 2, 8),
                       "block (%d, %d) line %d differs from g7sf_di_block", bx, b->by, l);
        }
    }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static uint8_t fy[2][MH][MW], fc[2][2][MH][MW], stmm[MH][MW / 2];
    fuzz_in in = { data, size };
    uint8_t b[8];
    fuzz_bytes(&in, b, sizeof b);
    int w = 16 * (1 + b[0] % (MW / 16)), h = 4 * (1 + b[1] % (MH / 4));
    static const enum g7sf_chroma chromas[] = { G7SF_CHROMA_420, G7SF_CHROMA_422,
                                                G7SF_CHROMA_411 };
    enum g7sf_chroma c = chromas[b[2] % 3];
    int cw = c == G7SF_CHROMA_411 ? w / 4 : w / 2, ch = c == G7SF_CHROMA_420 ? h / 2 : h;
    g7sf_sampler_state_di s;
    fuzz_bytes(&in, &s, sizeof s);
    g7sf_di_params p;
    g7sf_di_params_from_state(&s, &p);
    if (b[3] & 1)       /* a control raw, maybe outside its field */
        p.sdi_th = fuzz_u32(&in);
    if (b[3] & 2)
        p.stmm_c2 = fuzz_u32(&in);
    p.first_frame = b[3] >> 2 & 1;
    p.mcdi = b[3] >> 3 & 1;
    /* the range: usually the frame or a stripe of it, sometimes anything */
    int y0 = 4 * (b[4] % (h / 4 + 1)), y1 = y0 + 4 * (b[5] % ((h - y0) / 4 + 1));
    if (b[6] == 255)
        y0 = (int8_t)b[7], y1 = y0 + (int8_t)fuzz_u8(&in);
    int stride = b[6] == 254 ? w / 2 - 1 : MW / 2;
    for (int f = 0; f < 2; f++) {
        fuzz_bytes(&in, fy[f], sizeof fy[f]);
        fuzz_bytes(&in, fc[f], sizeof fc[f]);
    }
    fuzz_bytes(&in, stmm, sizeof stmm);
    g7sf_yuv fr[2];
    for (int f = 0; f < 2; f++)
        fr[f] = (g7sf_yuv){ .y = { &fy[f][0][0], MW, w, h },
                            .cb = { &fc[f][0][0][0], MW, cw, ch },
                            .cr = { &fc[f][1][0][0], MW, cw, ch },
                            .chroma = c };
    const g7sf_yuv *prev = b[7] == 0 ? NULL : &fr[0];
    /* what g7sf_di_block says of the first block of the range */
    g7sf_di_block_out o;
    int want = g7sf_di_block(&p, &fr[1], prev, &stmm[0][0], stride, 0, y0 < h ? y0 : 0, &o);
    bool range_ok = y0 >= 0 && y1 >= y0 && y0 % 4 == 0 && y1 % 4 == 0 && y1 <= h;
    g7sf_di_rows_mem *mem = b[2] & 8 ? g7sf_di_rows_mem_new(w) : NULL;
    check k = { &p, &fr[1], prev, &stmm[0][0], stride, y0, 0 };
    int err = g7sf_di_rows(&p, &fr[1], prev, &stmm[0][0], stride, y0, y1, mem, put, &k);
    if (!range_ok)
        FUZZ_CHECK(err == G7SF_EINVAL, "range [%d, %d) of %d lines: %d", y0, y1, h, err);
    else if (y0 < y1)
        FUZZ_CHECK(err == want, "g7sf_di_rows %d where g7sf_di_block %d", err, want);
    FUZZ_CHECK(err || k.bands == (y1 - y0) / 4, "%d bands for [%d, %d)", k.bands, y0, y1);
    FUZZ_CHECK(!err || k.bands == 0, "bands handed over before an error");
    g7sf_di_rows_mem_free(mem);
    return 0;
}
