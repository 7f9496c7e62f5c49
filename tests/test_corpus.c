/* The quality corpus's small form (make quality runs the whole one): SD
 * clips of the render and, when quality/fetch-photos found them, of real
 * photographs, at field rate against their truth.  Asserts the rules the
 * default must keep (corpus_rules_broken): auto within 0.1 dB of the best
 * of mcdi, madi and bob, and madi above bob wherever part of the frame is
 * still.  Also checks the corpus itself against hand-worked values. */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "corpus.h"
#include "harness.h"
#include "vpp_probe.h"

/* A 4 x 2 canvas, Y = 10 * x + y, chroma 100 + x and 200 - y. */
static void tiny_canvas(vio_frame *c)
{
    CHECK_EQ(vio_frame_alloc(c, VIO_CHROMA_444, 4, 2), 0);
    for (int y = 0; y < 2; y++)
        for (int x = 0; x < 4; x++) {
            c->data[0][y * c->stride[0] + x] = (uint8_t)(10 * x + y);
            c->data[1][y * c->stride[1] + x] = (uint8_t)(100 + x);
            c->data[2][y * c->stride[2] + x] = (uint8_t)(200 - y);
        }
}

/* Whole-pixel pans copy the canvas, mirrored past its edges (x = -1 reads
 * column 0, x = 4 column 3), and 4:2:0 chroma is the rounded 2x2 mean. */
TEST(truth_copies_and_mirrors_at_whole_pixels)
{
    vio_frame c, f;
    tiny_canvas(&c);
    CHECK_EQ(vio_frame_alloc(&f, VIO_CHROMA_420, 4, 2), 0);
    corpus_shot s = { .name = "t", .width = 4, .height = 2, .frames = 1, .x0 = -1, .y0 = 0,
                      .dx = 2, .zoom = 1 };
    CHECK_EQ(corpus_truth(&f, &c, &s, 0), 0);
    static const uint8_t want0[2][4] = { { 0, 0, 10, 20 }, { 1, 1, 11, 21 } };
    for (int y = 0; y < 2; y++)
        for (int x = 0; x < 4; x++)
            CHECK_EQ(f.data[0][y * f.stride[0] + x], want0[y][x]);
    /* columns -1, 0 -> Cb 100, 100; 1, 2 -> 101, 102: means 100 and 101.5 -> 102 */
    CHECK_EQ(f.data[1][0], 100);
    CHECK_EQ(f.data[1][1], 102);
    CHECK_EQ(f.data[2][0], 200);    /* (200 + 200 + 199 + 199) / 4 = 199.5 -> 200 */
    /* field 1: two pixels further right: columns 1..4, 4 mirrored to 3 */
    CHECK_EQ(corpus_truth(&f, &c, &s, 1), 0);
    static const uint8_t want1[4] = { 10, 20, 30, 30 };
    for (int x = 0; x < 4; x++)
        CHECK_EQ(f.data[0][x], want1[x]);
    vio_frame_free(&f);
    vio_frame_free(&c);
}

/* Half-pixel positions are the Catmull-Rom midpoint (-a + 9b + 9c - d) / 16. */
TEST(truth_interpolates_between_pixels)
{
    vio_frame c, f;
    tiny_canvas(&c);
    CHECK_EQ(vio_frame_alloc(&f, VIO_CHROMA_420, 2, 2), 0);
    corpus_shot s = { .name = "t", .width = 2, .height = 2, .frames = 1, .x0 = 1.5, .zoom = 1 };
    CHECK_EQ(corpus_truth(&f, &c, &s, 0), 0);
    /* x = 1.5 on row 0: (-0 + 9 * 10 + 9 * 20 - 30) / 16 = 15 */
    CHECK_EQ(f.data[0][0], 15);
    /* x = 2.5: columns 1, 2, 3, 4 -> 3: (-10 + 180 + 270 - 30) / 16 = 25.6 -> 26 */
    CHECK_EQ(f.data[0][1], 26);
    vio_frame_free(&f);
    vio_frame_free(&c);
}

/* The interlaced frame weaves fields 2j (top) and 2j + 1; the truth keeps
 * one frame per field. */
TEST(clip_weaves_fields_of_the_truth)
{
    vio_frame c;
    tiny_canvas(&c);
    corpus_shot s = { .name = "t", .width = 4, .height = 2, .frames = 2, .dx = 1, .zoom = 1 };
    corpus_clip clip;
    CHECK_EQ(corpus_clip_make(&clip, &c, &s, 1), 0);
    CHECK_EQ(clip.truth.n, 4);
    CHECK_EQ(clip.video.n, 2);
    for (int j = 0; j < 2; j++)
        for (int x = 0; x < 4; x++) {
            CHECK_EQ(clip.video.f[j].data[0][x], clip.truth.f[2 * j].data[0][x]);
            CHECK_EQ(clip.video.f[j].data[0][clip.video.f[j].stride[0] + x],
                     clip.truth.f[2 * j + 1].data[0][clip.truth.f[2 * j + 1].stride[0] + x]);
        }
    corpus_clip_free(&clip);
    vio_frame_free(&c);
}

TEST(auto_keeps_the_rules_on_the_small_corpus)
{
    if (!t_vpp_can_deinterlace())
        SKIP(VPP_NO_DI);
    char dir[512], why[256] = "";
    snprintf(dir, sizeof dir, "%s/photos", t_build_dir());
    corpus_canvases cv;
    CHECK_EQ(corpus_canvases_load(&cv, dir, true, why, sizeof why), 0);
    if (!cv.have_photos)
        printf("photo clips skipped: %s\n", why);
    static const enum g7sf_vpp_deinterlace modes[4] = { G7SF_VPP_DI_AUTO, G7SF_VPP_DI_MCDI,
                                                        G7SF_VPP_DI_MADI, G7SF_VPP_DI_BOB };
    size_t n, run = 0;
    const corpus_shot *shots = corpus_shots(true, &n);
    printf("%-24s %7s %7s %7s %7s\n", "clip", "auto", "mcdi", "madi", "bob");
    for (size_t k = 0; k < n; k++) {
        const vio_frame *canvas = corpus_canvas_of(&cv, shots[k].source);
        if (!canvas)
            continue;
        corpus_clip clip;
        CHECK_EQ(corpus_clip_make(&clip, canvas, &shots[k], 1), 0);
        double p[4];
        for (int m = 0; m < 4; m++)
            p[m] = corpus_psnr(&clip, modes[m], -1, 2, NULL);
        printf("%-24s %7.2f %7.2f %7.2f %7.2f\n", shots[k].name, p[0], p[1], p[2], p[3]);
        const char *bad = corpus_rules_broken(&shots[k], p);
        CHECKF(!bad, "%s: %s", shots[k].name, bad ? bad : "");
        corpus_clip_free(&clip);
        run++;
    }
    CHECK(run >= 3);    /* the render clips run without photographs */
    corpus_canvases_free(&cv);
}
