/* The synthetic clip generator: telecine patterns written out by hand,
 * PSNR of known differences, weave identities, noise statistics. */
#include <math.h>
#include <string.h>

#include "harness.h"
#include "synth.h"

/* Every sample of every plane set to v + plane * 1 (so planes differ). */
static void fill(vio_frame *f, int v)
{
    for (int p = 0; p < f->planes; p++)
        for (int y = 0; y < f->height[p]; y++)
            memset(f->data[p] + y * f->stride[p], v + p, (size_t)f->width[p]);
}

static bool frames_equal(const vio_frame *a, const vio_frame *b)
{
    return isinf(synth_psnr_frame(a, b, false));
}

/* Rows of plane p of f whose parity is par all hold v + p. */
static bool rows_are(const vio_frame *f, int p, int par, int v)
{
    for (int y = par; y < f->height[p]; y += 2)
        for (int x = 0; x < f->width[p]; x++)
            if (f->data[p][y * f->stride[p] + x] != v + p)
                return false;
    return true;
}

TEST(pulldown_32_field_pattern)
{
    /* film A B C D -> fields A A | B B B | C C | D D D, then A' of the next
     * cycle: sources 0 0 1 1 1 2 2 3 3 3 4 4 */
    static const long p0[12] = { 0, 0, 1, 1, 1, 2, 2, 3, 3, 3, 4, 4 };
    for (long j = 0; j < 12; j++)
        CHECKF(synth_pulldown_source(SYNTH_PULLDOWN_32, 0, j) == p0[j], "phase 0 field %ld", j);
    /* phase 1: pattern positions 1.. = A B B B C C D D D A' (minus A = 0) */
    static const long p1[10] = { 0, 1, 1, 1, 2, 2, 3, 3, 3, 4 };
    for (long j = 0; j < 10; j++)
        CHECKF(synth_pulldown_source(SYNTH_PULLDOWN_32, 1, j) == p1[j], "phase 1 field %ld", j);
    /* phase 3: positions 3.. = B B C C D D D A' A' B' (minus B = 1) */
    static const long p3[10] = { 0, 0, 1, 1, 2, 2, 2, 3, 3, 4 };
    for (long j = 0; j < 10; j++)
        CHECKF(synth_pulldown_source(SYNTH_PULLDOWN_32, 3, j) == p3[j], "phase 3 field %ld", j);
    /* 4 film frames fill 10 fields = 5 frames; 5 film frames 12 fields = 6 */
    CHECK_EQ(synth_pulldown_frames(SYNTH_PULLDOWN_32, 0, 4), 5);
    CHECK_EQ(synth_pulldown_frames(SYNTH_PULLDOWN_32, 0, 5), 6);
    CHECK_EQ(synth_pulldown_source(SYNTH_PULLDOWN_32, 10, 0), -1);
    CHECK_EQ(synth_pulldown_source(SYNTH_PULLDOWN_32, -1, 0), -1);
    CHECK_EQ(synth_pulldown_source(SYNTH_PULLDOWN_32, 0, -1), -1);
}

TEST(pulldown_22_field_pattern)
{
    /* phase 0: A A B B; phase 1: A B B C C (each frame straddles two films) */
    static const long p0[6] = { 0, 0, 1, 1, 2, 2 }, p1[6] = { 0, 1, 1, 2, 2, 3 };
    for (long j = 0; j < 6; j++) {
        CHECK_EQ(synth_pulldown_source(SYNTH_PULLDOWN_22, 0, j), p0[j]);
        CHECK_EQ(synth_pulldown_source(SYNTH_PULLDOWN_22, 1, j), p1[j]);
    }
    CHECK_EQ(synth_pulldown_source(SYNTH_PULLDOWN_22, 2, 0), -1);
    /* 3 film frames at phase 1: sources 0 1 1 2 2 (5 fields) -> 2 frames */
    CHECK_EQ(synth_pulldown_frames(SYNTH_PULLDOWN_22, 1, 3), 2);
    CHECK_EQ(synth_pulldown_frames(SYNTH_PULLDOWN_22, 0, 3), 3);
}

TEST(telecine_32_frames_by_hand)
{
    for (int tff = 0; tff < 2; tff++) {
        synth_seq film, out;
        synth_seq_init(&film, VIO_CHROMA_420, 16, 8);
        synth_seq_init(&out, VIO_CHROMA_420, 16, 8);
        for (int i = 0; i < 4; i++) {
            vio_frame *f = synth_seq_add(&film);
            CHECK(f != NULL);
            if (f)
                fill(f, 10 * (i + 1));   /* A = 10, B = 20, C = 30, D = 40 */
        }
        CHECK_EQ(synth_seq_telecine(&out, &film, SYNTH_PULLDOWN_32, 0, tff), 0);
        CHECK_EQ(out.n, 5);
        /* frames: AA, BB, BC, CD, DD (1st field, 2nd field) */
        static const int first[5] = { 10, 20, 20, 30, 40 }, second[5] = { 10, 20, 30, 40, 40 };
        int p1 = tff ? 0 : 1;   /* row parity of the 1st field */
        for (long k = 0; k < out.n; k++)
            for (int p = 0; p < 3; p++) {
                CHECKF(rows_are(&out.f[k], p, p1, first[k]), "tff %d frame %ld plane %d 1st", tff, k, p);
                CHECKF(rows_are(&out.f[k], p, !p1, second[k]), "tff %d frame %ld plane %d 2nd", tff, k, p);
            }
        synth_seq_free(&film);
        synth_seq_free(&out);
    }
}

TEST(interlace_field_k_is_truth_frame_k)
{
    for (int tff = 0; tff < 2; tff++) {
        synth_seq truth, v;
        synth_seq_init(&truth, VIO_CHROMA_422, 48, 24);
        synth_seq_init(&v, VIO_CHROMA_422, 48, 24);
        CHECK_EQ(synth_seq_render(&truth, SYNTH_EDGES_TEXT, 0, 1, 5), 0);
        CHECK_EQ(synth_seq_interlace(&v, &truth, tff), 0);
        CHECK_EQ(v.n, 2);   /* the 5th truth frame has no partner */
        int p1 = tff ? 0 : 1;
        for (long k = 0; k < v.n; k++)
            for (int p = 0; p < 3; p++)
                for (int y = 0; y < v.f[k].height[p]; y++) {
                    const vio_frame *t = &truth.f[2 * k + ((y & 1) != p1)];
                    CHECKF(!memcmp(v.f[k].data[p] + y * v.f[k].stride[p],
                                   t->data[p] + y * t->stride[p], (size_t)t->width[p]),
                           "tff %d frame %ld plane %d line %d", tff, k, p, y);
                }
        /* the moving scene really moves between fields */
        CHECK(!frames_equal(&truth.f[0], &truth.f[1]));
        synth_seq_free(&truth);
        synth_seq_free(&v);
    }
}

TEST(weave_identities)
{
    vio_frame a, b, x, y;
    CHECK_EQ(vio_frame_alloc(&a, VIO_CHROMA_420, 37, 21), 0);
    CHECK_EQ(vio_frame_alloc(&b, VIO_CHROMA_420, 37, 21), 0);
    CHECK_EQ(vio_frame_alloc(&x, VIO_CHROMA_420, 37, 21), 0);
    CHECK_EQ(vio_frame_alloc(&y, VIO_CHROMA_420, 37, 21), 0);
    CHECK_EQ(synth_render(&a, SYNTH_PAN, 0), 0);
    CHECK_EQ(synth_render(&b, SYNTH_PAN, 7), 0);
    /* weave(a, a) = a */
    CHECK_EQ(synth_weave(&x, &a, &a, true), 0);
    CHECK(frames_equal(&x, &a));
    /* a TFF weave of (a, b) is the BFF weave of (b, a) */
    CHECK_EQ(synth_weave(&x, &a, &b, true), 0);
    CHECK_EQ(synth_weave(&y, &b, &a, false), 0);
    CHECK(frames_equal(&x, &y));
    CHECK(!frames_equal(&x, &a) && !frames_equal(&x, &b));
    /* re-weaving the woven frame's own fields, or weaving in place, changes nothing */
    CHECK_EQ(synth_weave(&y, &x, &x, false), 0);
    CHECK(frames_equal(&x, &y));
    CHECK_EQ(synth_weave(&y, &y, &b, true), 0);   /* in place: top of y (= a), bottom of b */
    CHECK(frames_equal(&x, &y));
    /* shapes must match */
    vio_frame c;
    CHECK_EQ(vio_frame_alloc(&c, VIO_CHROMA_422, 37, 21), 0);
    CHECK_EQ(synth_weave(&x, &a, &c, true), VIO_E_ARG);
    CHECK(isnan(synth_psnr_frame(&a, &c, false)));
    vio_frame_free(&a), vio_frame_free(&b), vio_frame_free(&c);
    vio_frame_free(&x), vio_frame_free(&y);
}

TEST(psnr_of_known_differences)
{
    vio_frame a, b;
    CHECK_EQ(vio_frame_alloc(&a, VIO_CHROMA_420, 16, 8), 0);
    CHECK_EQ(vio_frame_alloc(&b, VIO_CHROMA_420, 16, 8), 0);
    fill(&a, 100);
    fill(&b, 110);
    /* every sample 10 off: MSE 100, 10 log10(65025 / 100) = 28.1308 dB */
    CHECKF(fabs(synth_psnr_frame(&a, &b, false) - 28.1308) < 1e-4, "%f",
           synth_psnr_frame(&a, &b, false));
    /* luma equal, chroma (2 x 8x4 = 64 samples) 4 off: SSE 64 * 16 = 1024 over
     * 128 + 64 = 192 samples, MSE 5.3333, 10 log10(12192.19) = 40.8608 */
    fill(&b, 100);
    for (int p = 1; p < 3; p++)
        for (int y = 0; y < 4; y++)
            memset(b.data[p] + y * b.stride[p], 104 + p, 8);
    CHECKF(fabs(synth_psnr_frame(&a, &b, false) - 40.8608) < 1e-4, "%f",
           synth_psnr_frame(&a, &b, false));
    CHECK(isinf(synth_psnr_frame(&a, &b, true)) && synth_psnr_frame(&a, &b, true) > 0);
    /* a run of two frame pairs, one luma sample 255 off in the first, none in
     * the second: SSE 65025 over 2 * 128 luma samples -> 10 log10(256) = 24.0824 */
    synth_err e = { 0, 0 };
    fill(&b, 100);
    b.data[0][3 * b.stride[0] + 5] = 255;
    a.data[0][3 * a.stride[0] + 5] = 0;
    CHECK_EQ(synth_err_frame(&e, &a, &b, true), 0);
    a.data[0][3 * a.stride[0] + 5] = 255;
    CHECK_EQ(synth_err_frame(&e, &a, &b, true), 0);
    CHECK_EQ(e.sse, 65025);
    CHECK_EQ(e.samples, 256);
    CHECKF(fabs(synth_err_psnr(&e) - 24.0824) < 1e-4, "%f", synth_err_psnr(&e));
    synth_err none = { 0, 0 };
    CHECK(isnan(synth_err_psnr(&none)));
    vio_frame_free(&a), vio_frame_free(&b);
}

TEST(noise_is_gaussian_and_seeded)
{
    vio_frame a, b;
    CHECK_EQ(vio_frame_alloc(&a, VIO_CHROMA_420, 256, 256), 0);
    CHECK_EQ(vio_frame_alloc(&b, VIO_CHROMA_420, 256, 256), 0);
    fill(&a, 128);
    synth_noise(&a, 5, 42);
    double sum = 0, sq = 0;
    for (int y = 0; y < 256; y++)
        for (int x = 0; x < 256; x++) {
            double d = a.data[0][y * a.stride[0] + x] - 128;
            sum += d, sq += d * d;
        }
    double mean = sum / 65536, sd = sqrt(sq / 65536 - mean * mean);
    /* rounding to integers adds 1/12 to the variance: sqrt(25 + 1/12) = 5.008;
     * the standard error of the estimate is about 5 / sqrt(2 * 65536) = 0.014 */
    CHECKF(fabs(mean) < 0.1, "mean %f", mean);
    CHECKF(fabs(sd - 5.008) < 0.07, "sd %f", sd);
    /* PSNR of sigma-5 noise: 10 log10(65025 / 25.08) = 34.14 dB */
    fill(&b, 128);
    CHECKF(fabs(synth_psnr_frame(&a, &b, false) - 34.14) < 0.15, "%f", synth_psnr_frame(&a, &b, false));
    /* the same seed gives the same noise, another seed other noise */
    synth_noise(&b, 5, 42);
    CHECK(frames_equal(&a, &b));
    fill(&b, 128);
    synth_noise(&b, 5, 43);
    CHECK(!frames_equal(&a, &b));
    vio_frame_free(&a), vio_frame_free(&b);
}

TEST(sequence_noise_does_not_depend_on_the_range)
{
    synth_seq s, t;
    synth_seq_init(&s, VIO_CHROMA_420, 32, 16);
    synth_seq_init(&t, VIO_CHROMA_420, 32, 16);
    CHECK_EQ(synth_seq_render(&s, SYNTH_ZONE_PLATE, 0, 1, 4), 0);
    CHECK_EQ(synth_seq_render(&t, SYNTH_ZONE_PLATE, 0, 1, 4), 0);
    CHECK_EQ(synth_seq_noise(&s, 0, 4, 3, 7), 0);
    CHECK_EQ(synth_seq_noise(&t, 2, 1, 3, 7), 0);
    CHECK(frames_equal(&s.f[2], &t.f[2]));
    CHECK(!frames_equal(&s.f[1], &t.f[1]));
    CHECK(!frames_equal(&s.f[1], &s.f[2]));   /* each frame its own noise */
    CHECK_EQ(synth_seq_noise(&s, 3, 2, 3, 7), VIO_E_ARG);
    CHECK_EQ(synth_seq_noise(&s, 0, 1, -1, 7), VIO_E_ARG);
    synth_seq_free(&s);
    synth_seq_free(&t);
}

TEST(splice_makes_cadence_breaks)
{
    synth_seq a, b;
    synth_seq_init(&a, VIO_CHROMA_420, 16, 8);
    synth_seq_init(&b, VIO_CHROMA_420, 16, 8);
    for (int i = 0; i < 3; i++) {
        vio_frame *f = synth_seq_add(&a);
        if (f)
            fill(f, 50 + i);
    }
    CHECK_EQ(synth_seq_splice(&b, &a, 1, 2), 0);
    CHECK_EQ(synth_seq_splice(&b, &a, 0, 1), 0);
    CHECK_EQ(b.n, 3);
    CHECK(rows_are(&b.f[0], 0, 0, 51) && rows_are(&b.f[1], 2, 1, 52) && rows_are(&b.f[2], 1, 0, 50));
    /* onto itself (the array may move while it grows) */
    CHECK_EQ(synth_seq_splice(&b, &b, 0, 3), 0);
    CHECK_EQ(b.n, 6);
    CHECK(frames_equal(&b.f[4], &b.f[1]));
    CHECK_EQ(synth_seq_splice(&b, &a, 2, 2), VIO_E_ARG);
    CHECK_EQ(synth_seq_splice(&b, &a, -1, 1), VIO_E_ARG);
    CHECK_EQ(b.n, 6);
    synth_seq_free(&a);
    synth_seq_free(&b);
}

TEST(scenes_by_hand)
{
    vio_frame f, g;
    CHECK_EQ(vio_frame_alloc(&f, VIO_CHROMA_420, 64, 40), 0);
    CHECK_EQ(vio_frame_alloc(&g, VIO_CHROMA_420, 64, 40), 0);
    /* zone plate at t = 0: centre (0.5 w, 0.6 h) = (32, 24), cos(0) -> 128 + 100 */
    CHECK_EQ(synth_render(&f, SYNTH_ZONE_PLATE, 0), 0);
    CHECK_EQ(f.data[0][24 * f.stride[0] + 32], 228);
    /* text at t = 0: "GEN7SF" at (4, 4), scale 1 (h < 96); G's first row is
     * .###. so (5, 4) is glyph (16) and (8, 4) background 40 + 50 * 4 / 40 = 45 */
    CHECK_EQ(synth_render(&f, SYNTH_EDGES_TEXT, 0), 0);
    CHECK_EQ(f.data[0][4 * f.stride[0] + 5], 16);
    CHECK_EQ(f.data[0][4 * f.stride[0] + 8], 45);
    /* deterministic; moving */
    CHECK_EQ(synth_render(&g, SYNTH_EDGES_TEXT, 0), 0);
    CHECK(frames_equal(&f, &g));
    for (int s = SYNTH_ZONE_PLATE; s <= SYNTH_PAN; s++) {
        CHECK_EQ(synth_render(&f, s, 3), 0);
        CHECK_EQ(synth_render(&g, s, 4), 0);
        CHECKF(!frames_equal(&f, &g), "%s does not move", synth_scene_name(s));
    }
    CHECK_EQ(synth_render(&f, (enum synth_scene)9, 0), VIO_E_ARG);
    CHECK_EQ(synth_render(&f, SYNTH_PAN, NAN), VIO_E_ARG);
    vio_frame_free(&f), vio_frame_free(&g);
    /* odd sizes and tiny frames (ASan checks the bounds) */
    CHECK_EQ(vio_frame_alloc(&f, VIO_CHROMA_422, 17, 9), 0);
    for (int s = SYNTH_ZONE_PLATE; s <= SYNTH_PAN; s++)
        CHECK_EQ(synth_render(&f, s, 1.5), 0);
    vio_frame_free(&f);
    CHECK_EQ(vio_frame_alloc(&f, VIO_CHROMA_444, 16, 8), 0);
    CHECK_EQ(synth_render(&f, SYNTH_PAN, 0), VIO_E_ARG);
    vio_frame_free(&f);
}

TEST(font_glyphs_by_hand)
{
    vio_frame f;
    CHECK_EQ(vio_frame_alloc(&f, VIO_CHROMA_420, 16, 16), 0);
    /* '1' is ..#.. .##.. ..#.. ..#.. ..#.. ..#.. .###.: 1+2+1+1+1+1+3 = 10 pixels */
    for (int scale = 1; scale <= 2; scale++) {
        fill(&f, 0);
        synth_text(&f, 0, 1, 1, scale, 9, "1");
        int n = 0;
        for (int y = 0; y < 16; y++)
            for (int x = 0; x < 16; x++)
                n += f.data[0][y * f.stride[0] + x] == 9;
        CHECK_EQ(n, 10 * scale * scale);
        /* top of the stem at glyph column 2: frame (1 + 2 * scale, 1) */
        CHECK_EQ(f.data[0][1 * f.stride[0] + 1 + 2 * scale], 9);
        CHECK_EQ(f.data[0][1 * f.stride[0] + 1 + 1 * scale], 0);
    }
    /* clipped at the edge: '-' at x = 13 has 3 of its 5 pixels inside */
    fill(&f, 0);
    synth_text(&f, 0, 13, 0, 1, 9, "-");
    CHECK_EQ(f.data[0][3 * f.stride[0] + 15], 9);
    CHECK_EQ(f.data[0][3 * f.stride[0] + 12], 0);
    vio_frame_free(&f);
}

TEST(clip_sections_and_their_truth)
{
    synth_clip c;
    synth_clip_init(&c, VIO_CHROMA_420, 32, 16);
    CHECK_EQ(synth_clip_section(&c, "film", 5, 0, true, 1), 0);
    /* 5 frames = 10 fields; field 9 comes from film frame 3 (A A B B B C C D D D) */
    CHECK_EQ(c.video.n, 5);
    CHECK_EQ(c.truth.n, 10);
    CHECK_EQ(c.film.n, 4);
    for (long j = 0; j < 10; j++)
        CHECKF(frames_equal(&c.truth.f[j], &c.film.f[synth_pulldown_source(SYNTH_PULLDOWN_32, 0, j)]),
               "field %ld", j);
    /* frame 2 = fields 4, 5 = film B (top) and C (bottom) */
    vio_frame w;
    CHECK_EQ(vio_frame_alloc(&w, VIO_CHROMA_420, 32, 16), 0);
    synth_weave(&w, &c.film.f[1], &c.film.f[2], true);
    CHECK(frames_equal(&w, &c.video.f[2]));
    /* a noisy video section: the input is noisy, the truth clean */
    CHECK_EQ(synth_clip_section(&c, "text", 3, 4, true, 1), 0);
    CHECK_EQ(c.video.n, 8);
    CHECK_EQ(c.truth.n, 16);
    CHECK_EQ(c.film.n, 4);
    synth_weave(&w, &c.truth.f[12], &c.truth.f[13], true);
    double p = synth_psnr_frame(&w, &c.video.f[6], false);
    /* sigma 4: about 10 log10(65025 / 16) = 36 dB */
    CHECKF(p > 33 && p < 39, "%f", p);
    CHECK_EQ(synth_clip_section(&c, "bogus", 3, 0, true, 1), VIO_E_ARG);
    CHECK_EQ(synth_clip_section(&c, "zone", 0, 0, true, 1), VIO_E_ARG);
    CHECK_EQ(c.video.n, 8);
    CHECK_EQ(c.truth.n, 16);
    vio_frame_free(&w);
    synth_clip_free(&c);
}
