/* The video pipeline (gen7sf/vpp.h, src/vpp) on fuzzed configurations and
 * pictures: small frames of any content, every deinterlace mode, rate,
 * field order, denoise strength, chroma, output chroma, platform and
 * statistics layout, one or two threads, pictures kept or not, scaling
 * (16..128 x 8..96, even), sharpening, ProcAmp and the other colour pipe
 * stages (CSC, ACE, TCC, skin tone, gamut) or not, up to 40 frames (past the
 * film look-ahead's window and its rings).
 * Contract: every configuration built here is valid, so create succeeds;
 * push and flush return 0; outputs come in input order, each from a frame
 * already pushed, with strides that hold the configured size (the last
 * byte of each plane readable); their count is the rate's (2N
 * at field rate for the deinterlacing modes and weave, N at frame rate and
 * for off, N at film rate without film detection, at most 2N with it). */
#include <string.h>

#include "fuzz.h"
#include "gen7sf/vpp.h"

typedef struct tally {
    const g7sf_vpp_config *c;
    long pushed, n, last_input;
} tally;

static int count(void *user, const g7sf_vpp_picture *out, const g7sf_vpp_stats *st)
{
    tally *t = user;
    const g7sf_vpp_config *c = t->c;
    FUZZ_CHECK(out && out->data[0] && out->data[1] && out->data[2], "an output without planes");
    int w = c->scale_width ? c->scale_width : c->width;
    int h = c->scale_height ? c->scale_height : c->height, cw = (w + 1) / 2;
    FUZZ_CHECK(out->stride[0] >= w && out->stride[1] >= cw && out->stride[2] >= cw,
               "strides %d, %d, %d for width %d", out->stride[0], out->stride[1], out->stride[2],
               w);
    FUZZ_CHECK(st->input_frame >= t->last_input && st->input_frame < t->pushed,
               "output of frame %ld after frame %ld, %ld pushed", st->input_frame, t->last_input,
               t->pushed);
    FUZZ_CHECK(st->field >= -1 && st->field <= 1, "field %d", st->field);
    /* the last byte of each plane is readable (ASan checks the extent) */
    int ch = c->chroma == G7SF_CHROMA_420 && !c->output_422 ? (h + 1) / 2 : h;
    volatile uint8_t sink = out->data[0][(size_t)(h - 1) * out->stride[0] + w - 1];
    for (int i = 1; i < 3; i++)
        sink = out->data[i][(size_t)(ch - 1) * out->stride[i] + cw - 1];
    (void)sink;
    t->last_input = st->input_frame;
    t->n++;
    return 0;
}

/* Fills n bytes from the input, then from a generator seeded by the
 * frame index, so short inputs still give frames that differ. */
static void fill(fuzz_in *in, uint8_t *dst, size_t n, uint32_t seed)
{
    size_t k = fuzz_left(in) < n ? fuzz_left(in) : n;
    fuzz_bytes(in, dst, k);
    uint32_t x = seed * 2654435761u + 1;
    for (size_t i = k; i < n; i++) {
        x ^= x << 13, x ^= x >> 17, x ^= x << 5;
        dst[i] = (uint8_t)(x >> 24);
    }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    fuzz_in in = { data, size };
    uint8_t b[11];
    fuzz_bytes(&in, b, sizeof b);
    g7sf_vpp_config c = {
        .width = 16 + b[0] % 49,
        .height = 8 + b[1] % 41,
        .chroma = b[2] & 1 ? G7SF_CHROMA_422 : G7SF_CHROMA_420,
        .output_422 = b[2] >> 1 & 1,
        .top_first = b[2] >> 2 & 1,
        .threads = 1 + (b[2] >> 3 & 1),
        .platform = b[2] >> 4 & 1 ? G7SF_HSW : G7SF_IVB,
        .stat_layout = (enum g7sf_vpp_stat_layout)(b[2] >> 5 & 3) % 3,
        .deinterlace = (enum g7sf_vpp_deinterlace)(b[3] % 6),
        .rate = (enum g7sf_vpp_rate)(b[3] / 6 % 3),
        .denoise = b[4] % 67 - 2 < -1 ? -1 : b[4] % 67 - 2,
        .keep = b[6] % 9,
        /* b[7] bit 0: scale to an even 16..128 x 8..96 (within 1/16 and 16
         * times the 16..64 x 8..48 input), bit 1: sharpen by b[9] */
        .scale_width = b[7] & 1 ? 16 + 2 * (b[8] % 57) : 0,
        .scale_height = b[7] & 1 ? 8 + 2 * (b[10] % 45) : 0,
        .sharpen = b[7] & 2 ? b[9] : 0,
        /* b[7] bit 2: ProcAmp within VA-API's ranges */
        .procamp = b[7] & 4, .brightness = b[9] % 201 - 100, .contrast = b[10] % 101 / 10.0,
        .hue = b[8] % 361 - 180, .saturation = b[6] % 101 / 10.0,
        /* b[7] bits 3-7: the CSC, ACE, TCC, skin tone and gamut stages */
        .csc = b[7] >> 3 & 1, .csc_from = (enum g7sf_vpp_matrix)(b[8] & 1),
        .csc_to = (enum g7sf_vpp_matrix)(b[9] & 1), .csc_from_full = b[10] & 1,
        .csc_to_full = b[10] >> 1 & 1,
        .ace = b[7] >> 4 & 1, .ace_strength = b[9] % 101,
        .tcc = b[7] >> 5 & 1,
        .tcc_saturation = { b[0] % 200 / 100.0, b[1] % 200 / 100.0, b[4] % 200 / 100.0,
                            b[6] % 200 / 100.0, b[8] % 200 / 100.0, b[10] % 200 / 100.0 },
        .skin_tone = b[7] >> 6 & 1, .skin_tone_strength = b[10] % 101,
        .gamut = b[7] >> 7 ? (b[8] & 2 ? G7SF_VPP_GAMUT_ADVANCED : G7SF_VPP_GAMUT_BASIC)
                           : G7SF_VPP_GAMUT_OFF,
    };
    long frames = 1 + b[5] % 40;
    int err;
    g7sf_vpp *v = g7sf_vpp_create(&c, &err);
    FUZZ_CHECK(v && !err, "create refused a valid configuration (%d)", err);
    int cw = (c.width + 1) / 2, ch = c.chroma == G7SF_CHROMA_420 ? (c.height + 1) / 2 : c.height;
    size_t ly = (size_t)c.width * c.height, lc = (size_t)cw * ch;
    uint8_t *buf = malloc(ly + 2 * lc);
    FUZZ_CHECK(buf, "out of memory");
    tally t = { &c, 0, 0, 0 };
    for (long f = 0; f < frames; f++) {
        fill(&in, buf, ly + 2 * lc, (uint32_t)f);
        g7sf_vpp_picture p = { { buf, buf + ly, buf + ly + lc }, { c.width, cw, cw } };
        t.pushed++;
        err = g7sf_vpp_push(v, &p, count, &t);
        FUZZ_CHECK(!err, "push %ld: %d", f, err);
    }
    err = g7sf_vpp_flush(v, count, &t);
    FUZZ_CHECK(!err, "flush: %d", err);
    FUZZ_CHECK(g7sf_vpp_flush(v, count, &t) == 0, "a second flush failed");
    g7sf_vpp_destroy(v);
    free(buf);
    bool di = c.deinterlace != G7SF_VPP_DI_OFF;
    if (c.rate == G7SF_VPP_RATE_FIELD && di)
        FUZZ_CHECK(t.n == 2 * frames, "%ld outputs at field rate for %ld frames", t.n, frames);
    else if (c.rate == G7SF_VPP_RATE_FILM && c.deinterlace == G7SF_VPP_DI_AUTO)
        FUZZ_CHECK(t.n <= 2 * frames, "%ld outputs at film rate for %ld frames", t.n, frames);
    else
        FUZZ_CHECK(t.n == frames, "%ld outputs for %ld frames (mode %d, rate %d)", t.n, frames,
                   (int)c.deinterlace, (int)c.rate);
    return 0;
}
