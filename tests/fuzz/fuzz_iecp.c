/* The colour pipe (gen7sf/iecp.h) on fuzzed state and pixels:
 * COLOR_PROCESSING_STATE unpacked from any 67 dwords (every enable, PWLF,
 * margin, matrix and gamut field), 0..96 pixels of any 16-bit values
 * (beyond 12 bits too: the pipe reads them as 4095), any flags.
 * Contract: g7sf_iecp_run returns 0, or G7SF_EINVAL with a reason exactly
 * for unknown flags or an odd count in pairs, the pixels then untouched;
 * on 0 every channel is within 0 .. 4095, alpha is
 * unchanged, and in 4:2:2 pairs without the CSC both pixels of a pair
 * leave with the same U and V; the statistics count every pixel ACE saw
 * once.  Each stage alone keeps its outputs in range and scores 0 .. 31. */
#include <string.h>

#include "fuzz.h"
#include "gen7sf/iecp.h"

enum { MAXN = 96 };

static void check_range(const g7sf_iecp_pixel *p, size_t n, const char *what)
{
    for (size_t i = 0; i < n; i++)
        for (int c = 0; c < 3; c++)
            FUZZ_CHECK(p[i].c[c] <= G7SF_IECP_MAX, "%s: pixel %zu channel %d is %u", what, i, c,
                       p[i].c[c]);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    fuzz_in in = { data, size };
    uint32_t dw[G7SF_COLOR_PROCESSING_STATE_DWORDS];
    fuzz_bytes(&in, dw, sizeof dw);
    g7sf_color_processing_state s;
    g7sf_state_unpack(&g7sf_desc_COLOR_PROCESSING_STATE, dw, &s);
    uint8_t b = fuzz_u8(&in);
    size_t n = fuzz_u8(&in) % (MAXN + 1);
    unsigned flags = b & 1 ? G7SF_IECP_PAIRS : 0;
    if (b & 2)
        flags |= (unsigned)fuzz_u8(&in) << 1;   /* unknown flags */
    bool wide = b & 4;   /* values beyond 12 bits */
    g7sf_iecp_pixel p[MAXN], q[MAXN];
    for (size_t i = 0; i < n; i++) {
        for (int c = 0; c < 3; c++)
            p[i].c[c] = (uint16_t)(fuzz_u16(&in) & (wide ? 0xFFFF : 0xFFF));
        p[i].a = fuzz_u16(&in);
        if (flags & G7SF_IECP_PAIRS && i % 2)   /* a pair shares U, V */
            p[i].c[1] = p[i - 1].c[1], p[i].c[2] = p[i - 1].c[2];
    }
    memcpy(q, p, sizeof p);
    g7sf_iecp_stats st;
    g7sf_iecp_stats_clear(&st);
    const char *why = NULL;
    int r = g7sf_iecp_run(&s, q, n, flags, &st, &why);
    bool bad = (flags & ~G7SF_IECP_PAIRS) || (flags & G7SF_IECP_PAIRS && n % 2);
    FUZZ_CHECK(r == (bad ? G7SF_EINVAL : 0), "run returned %d (why: %s)", r, why ? why : "-");
    if (r) {
        FUZZ_CHECK(why && *why, "an error without a reason");
        FUZZ_CHECK(!memcmp(p, q, n * sizeof *p), "pixels changed on an error");
        return 0;
    }
    check_range(q, n, "run");
    uint64_t sum = 0;
    for (int i = 0; i < 256; i++)
        sum += st.histogram[i];
    FUZZ_CHECK(st.pixels == (s.ace_enable ? n : 0), "%llu pixels counted of %zu",
               (unsigned long long)st.pixels, n);
    FUZZ_CHECK(sum == st.pixels, "histogram sums to %llu, %llu pixels", (unsigned long long)sum,
               (unsigned long long)st.pixels);
    FUZZ_CHECK(st.skin_pixels <= st.pixels, "more skin than pixels");
    for (size_t i = 0; i < n; i++) {
        FUZZ_CHECK(q[i].a == p[i].a, "alpha of pixel %zu changed", i);
        if (flags & G7SF_IECP_PAIRS && i % 2 && !s.transform_enable)
            FUZZ_CHECK(q[i].c[1] == q[i - 1].c[1] && q[i].c[2] == q[i - 1].c[2],
                       "pair %zu leaves with different U, V", i / 2);
    }
    /* each stage alone, whatever the enables say (12-bit pixels: the
     * stages' own contract) */
    for (size_t i = 0; wide && i < n; i++)
        for (int c = 0; c < 3; c++)
            p[i].c[c] &= 0xFFF;
    unsigned pf = flags & G7SF_IECP_PAIRS;
    uint8_t score[MAXN];
    memset(score, 0xEE, sizeof score);
    g7sf_iecp_std(&s, p, score, n, pf);
    for (size_t i = 0; i < n; i++)
        FUZZ_CHECK(score[i] <= G7SF_IECP_SCORE_MAX, "score %u", score[i]);
    memcpy(q, p, sizeof p);
    g7sf_iecp_ste(&s, q, score, n, pf);
    check_range(q, n, "ste");
    memcpy(q, p, sizeof p);
    g7sf_iecp_gamut(&s, q, n, pf, &st);
    check_range(q, n, "gamut");
    memcpy(q, p, sizeof p);
    g7sf_iecp_tcc(&s, q, score, n);
    check_range(q, n, "tcc");
    memcpy(q, p, sizeof p);
    g7sf_iecp_ace_skin(&s, q, score, n, NULL);
    check_range(q, n, "ace");
    return 0;
}
