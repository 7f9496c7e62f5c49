/* gen7sf-tex msaa's scene against Mesa's llvmpipe: the same flat triangles
 * drawn into a multisampled GL_RGBA8 renderbuffer (glClear for the
 * background, one draw of flat-shaded triangles), resolved by
 * glBlitFramebuffer and read back, beside gen7sf's render target writes,
 * ld_mcs / ld2dms and mean (tools/lib/tex_msaa.c), with and without the
 * index-bit compression opt-in.
 *
 * Coverage agrees by construction.  gen7sf's rasteriser is given
 * llvmpipe's sample positions (GL_SAMPLE_POSITION).  llvmpipe snaps
 * vertices to 1/256 pixel (FIXED_ORDER 8), where the scenes' vertices
 * already lie, and the frame is 128x128, so that NDC (p / 128 * 2 - 1) and
 * the viewport transform back are exact in float.  Its fill rule is
 * top-left in its framebuffer's memory order, row 0 first, and a GL
 * framebuffer object keeps GL's window row 0 (the bottom) there: in GL's
 * y-up window coordinates the rule is bottom-left.  So the image is drawn
 * with GL y = image y (GL row 0 is image row 0, the picture upside down
 * as GL sees it), which makes llvmpipe's rule gen7sf's top-left one of the
 * image.  Measured: drawn the other way up (y_gl = H - y_img), every
 * horizontal edge through a row of samples gave a row of wrong pixels in
 * the mesh scene; this way none.  Vertices are kept inside the frame, so
 * nothing is clipped.  Differences can then come only from the mean's
 * rounding: gen7sf rounds (sum + n/2) / n, halves up, in integers;
 * llvmpipe's blit averages floats and rounds some exact halves down.
 * Hence: pixels whose samples are one colour (the interior) must be
 * exact, the others within 1, and off by 1 only where a channel's mean is
 * an exact half (measured, 4x: 223 and 56 pixels of 16384 off by 1, all
 * on halves; llvmpipe has no 8x, GL_MAX_SAMPLES 4, so 8x is skipped with
 * that reason). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "harness.h"
#include "mesa_gl.h"
#include "msaa_scene.h"
#include "tex_msaa.h"

#define W 128
#define H 128

static const char vs_src[] =
    "#version 330\n"
    "layout(location = 0) in vec2 p;\n"   /* GL window coordinates, pixels */
    "layout(location = 1) in vec4 c;\n"
    "flat out vec4 col;\n"
    "void main() { gl_Position = vec4(p / 128.0 * 2.0 - 1.0, 0.0, 1.0); col = c; }\n";
static const char fs_src[] =
    "#version 330\n"
    "flat in vec4 col;\n"
    "out vec4 o;\n"
    "void main() { o = col; }\n";

typedef struct vtx { float x, y; uint8_t c[4]; } vtx;

/* The scene through llvmpipe at n samples, GL's window y the image's y
 * (GL row 0 is image row 0): the resolved image in out and the sample
 * positions (1/256 pixel) in pos; 0, or 1 with why when GL cannot. */
static int gl_render(const mesa_gl *gl, const tex_msaa_scene *sc, unsigned n, uint8_t *out,
                     uint8_t pos[8][2], char *why, size_t wn)
{
    GLint max = 0;
    gl->GetIntegerv(GL_MAX_SAMPLES, &max);
    if ((GLint)n > max) {
        snprintf(why, wn, "GL_MAX_SAMPLES is %d", max);
        return 1;
    }
    GLuint rb[2], fb[2];
    gl->GenRenderbuffers(2, rb);
    gl->GenFramebuffers(2, fb);
    gl->BindRenderbuffer(GL_RENDERBUFFER, rb[0]);
    gl->RenderbufferStorageMultisample(GL_RENDERBUFFER, (GLsizei)n, GL_RGBA8, W, H);
    GLint got = 0;
    gl->GetRenderbufferParameteriv(GL_RENDERBUFFER, GL_RENDERBUFFER_SAMPLES, &got);
    gl->BindRenderbuffer(GL_RENDERBUFFER, rb[1]);
    gl->RenderbufferStorageMultisample(GL_RENDERBUFFER, 0, GL_RGBA8, W, H);
    gl->BindFramebuffer(GL_FRAMEBUFFER, fb[1]);
    gl->FramebufferRenderbuffer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_RENDERBUFFER, rb[1]);
    gl->BindFramebuffer(GL_FRAMEBUFFER, fb[0]);
    gl->FramebufferRenderbuffer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_RENDERBUFFER, rb[0]);
    int rc = 0;
    if (got != (GLint)n) {
        snprintf(why, wn, "a %u-sample renderbuffer has %d samples", n, got);
        rc = 1;
    } else if (gl->CheckFramebufferStatus(GL_FRAMEBUFFER) != GL_FRAMEBUFFER_COMPLETE) {
        snprintf(why, wn, "the %u-sample framebuffer is incomplete", n);
        rc = 1;
    }
    for (unsigned s = 0; s < n && !rc; s++) {
        GLfloat v[2];
        gl->GetMultisamplefv(GL_SAMPLE_POSITION, s, v);
        float x = v[0] * 256.0f, y = v[1] * 256.0f;   /* GL y is the image's y */
        if (x != (float)(int)x || y != (float)(int)y || x < 0 || x > 255 || y < 0 || y > 255) {
            snprintf(why, wn, "sample %u at (%g, %g) is off the 1/256 grid", s, v[0], v[1]);
            rc = 1;
        }
        pos[s][0] = (uint8_t)x, pos[s][1] = (uint8_t)y;
    }
    char log[1024];
    GLuint prog = rc ? 0 : mesa_gl_program(gl, vs_src, fs_src, log, sizeof log);
    if (!rc && !prog) {
        snprintf(why, wn, "shader: %.200s", log);
        rc = 1;
    }
    if (!rc) {
        vtx *v = malloc(sizeof *v * 3 * (sc->n ? sc->n : 1));
        for (unsigned i = 0; i < sc->n; i++)
            for (unsigned k = 0; k < 3; k++) {
                vtx *p = &v[3 * i + k];
                p->x = (float)sc->tri[i].x[k] / 256.0f;
                p->y = (float)sc->tri[i].y[k] / 256.0f;
                for (unsigned ch = 0; ch < 4; ch++)
                    p->c[ch] = (uint8_t)(sc->tri[i].rgba >> (8 * ch));
            }
        GLuint vao, vbo;
        gl->GenVertexArrays(1, &vao);
        gl->BindVertexArray(vao);
        gl->GenBuffers(1, &vbo);
        gl->BindBuffer(GL_ARRAY_BUFFER, vbo);
        gl->BufferData(GL_ARRAY_BUFFER, (GLsizeiptr)(sizeof *v * 3 * sc->n), v, GL_STATIC_DRAW);
        gl->VertexAttribPointer(0, 2, GL_FLOAT, GL_FALSE, sizeof *v, (void *)0);
        gl->VertexAttribPointer(1, 4, GL_UNSIGNED_BYTE, GL_TRUE, sizeof *v,
                                (void *)offsetof(vtx, c));
        gl->EnableVertexAttribArray(0);
        gl->EnableVertexAttribArray(1);
        gl->Viewport(0, 0, W, H);
        gl->Disable(GL_BLEND);
        gl->Disable(GL_DEPTH_TEST);
        gl->Disable(GL_CULL_FACE);
        gl->Disable(GL_FRAMEBUFFER_SRGB);
        gl->Enable(GL_MULTISAMPLE);
        gl->ClearColor((float)(sc->background & 0xFF) / 255.0f,
                       (float)(sc->background >> 8 & 0xFF) / 255.0f,
                       (float)(sc->background >> 16 & 0xFF) / 255.0f,
                       (float)(sc->background >> 24) / 255.0f);
        gl->Clear(GL_COLOR_BUFFER_BIT);
        gl->UseProgram(prog);
        gl->DrawArrays(GL_TRIANGLES, 0, (GLsizei)(3 * sc->n));
        gl->BindFramebuffer(GL_READ_FRAMEBUFFER, fb[0]);
        gl->BindFramebuffer(GL_DRAW_FRAMEBUFFER, fb[1]);
        gl->BlitFramebuffer(0, 0, W, H, 0, 0, W, H, GL_COLOR_BUFFER_BIT, GL_NEAREST);
        gl->BindFramebuffer(GL_FRAMEBUFFER, fb[1]);
        gl->PixelStorei(GL_PACK_ALIGNMENT, 1);
        gl->ReadPixels(0, 0, W, H, GL_RGBA, GL_UNSIGNED_BYTE, out);
        GLenum e = gl->GetError();
        if (e != GL_NO_ERROR) {
            snprintf(why, wn, "GL error 0x%x", e);
            rc = 1;
        }
        gl->UseProgram(0);
        gl->DeleteProgram(prog);
        gl->BindVertexArray(0);
        gl->DeleteVertexArrays(1, &vao);
        gl->BindBuffer(GL_ARRAY_BUFFER, 0);
        gl->DeleteBuffers(1, &vbo);
        free(v);
    }
    gl->BindFramebuffer(GL_FRAMEBUFFER, 0);
    gl->DeleteFramebuffers(2, fb);
    gl->DeleteRenderbuffers(2, rb);
    return rc;
}

/* Whether every sample of pixel (x, y) has one colour; *half: whether a
 * channel's mean is an exact half (sum = n/2 mod n: rounding decides). */
static bool interior(const tex_msaa_scene *sc, unsigned n, const uint8_t (*pos)[2], unsigned x,
                     unsigned y, bool *half)
{
    uint32_t first = 0;
    unsigned sum[4] = { 0 };
    bool same = true;
    for (unsigned s = 0; s < n; s++) {
        uint32_t c = msaa_scene_colour(sc, 256 * (int64_t)x + pos[s][0],
                                       256 * (int64_t)y + pos[s][1]);
        for (unsigned ch = 0; ch < 4; ch++)
            sum[ch] += c >> (8 * ch) & 0xFF;
        same = same && (!s || c == first);
        first = c;
    }
    *half = false;
    for (unsigned ch = 0; ch < 4; ch++)
        *half = *half || sum[ch] % n == n / 2;
    return same;
}

/* A mesh on the 1/16 grid, where the sample positions lie: 16x16-pixel
 * cells, corners of odd rows and columns jittered by up to 2 px, of even
 * ones set on a line of samples (so that horizontal and vertical edges
 * run through samples), each cell two triangles of
 * different colours along a diagonal that alternates.  Samples fall on
 * shared edges by the hundred, where only the fill rule decides. */
static void mesh_scene(tex_msaa_scene *sc)
{
    static const uint32_t pal[5] = { 0xFF3151E3u, 0xFF41C2F1u, 0xFF33A141u, 0xFFE3E1DEu,
                                     0xFFB341A3u };
    int32_t cx[9][9], cy[9][9];
    uint32_t r = 12345;
    for (unsigned j = 0; j <= 8; j++)
        for (unsigned i = 0; i <= 8; i++) {
            r = r * 1103515245u + 12345u;
            int jx = (int)(r >> 16 & 63) - 32, jy = (int)(r >> 8 & 63) - 32;
            /* odd rows / columns jittered; even ones inside the frame at
             * 96/256 (y) and 160/256 (x) past the pixel edge, where 4x
             * samples sit in image coordinates */
            int32_t x = (int32_t)(16 * i * 256) + (i % 8 ? i % 2 ? 16 * jx : 160 : 0);
            int32_t y = (int32_t)(16 * j * 256) + (j % 8 ? j % 2 ? 16 * jy : 96 : 0);
            cx[j][i] = x, cy[j][i] = y;
        }
    sc->background = 0xFF000000u;
    sc->n = 0;
    for (unsigned j = 0; j < 8; j++)
        for (unsigned i = 0; i < 8; i++) {
            int32_t ax = cx[j][i], ay = cy[j][i], bx = cx[j][i + 1], by = cy[j][i + 1];
            int32_t qx = cx[j + 1][i], qy = cy[j + 1][i], dx = cx[j + 1][i + 1], dy = cy[j + 1][i + 1];
            /* the two sides of every edge differ in colour */
            uint32_t c0 = pal[(i + 2 * j) % 5], c1 = pal[(i + 2 * j + 1) % 5];
            tex_msaa_tri *t = &sc->tri[sc->n];
            if ((i + j) % 2) {   /* diagonal a-d */
                t[0] = (tex_msaa_tri){ { ax, bx, dx }, { ay, by, dy }, c0 };
                t[1] = (tex_msaa_tri){ { ax, dx, qx }, { ay, dy, qy }, c1 };
            } else {             /* diagonal b-q, the other winding */
                t[0] = (tex_msaa_tri){ { bx, ax, qx }, { by, ay, qy }, c0 };
                t[1] = (tex_msaa_tri){ { bx, qx, dx }, { by, qy, dy }, c1 };
            }
            sc->n += 2;
        }
}

/* Samples of the frame lying exactly on an edge of a triangle of sc. */
static unsigned ties(const tex_msaa_scene *sc, unsigned n, const uint8_t (*pos)[2])
{
    unsigned k = 0;
    for (unsigned y = 0; y < H; y++)
        for (unsigned x = 0; x < W; x++)
            for (unsigned s = 0; s < n; s++) {
                int64_t px = 256 * (int64_t)x + pos[s][0], py = 256 * (int64_t)y + pos[s][1];
                bool on = false;
                for (unsigned i = 0; i < sc->n && !on; i++)
                    for (unsigned e = 0; e < 3 && !on; e++) {
                        const tex_msaa_tri *t = &sc->tri[i];
                        int64_t x0 = t->x[e], y0 = t->y[e], x1 = t->x[(e + 1) % 3],
                                y1 = t->y[(e + 1) % 3];
                        on = (x1 - x0) * (py - y0) == (y1 - y0) * (px - x0) &&
                             px >= (x0 < x1 ? x0 : x1) && px <= (x0 < x1 ? x1 : x0) &&
                             py >= (y0 < y1 ? y0 : y1) && py <= (y0 < y1 ? y1 : y0);
                    }
                k += on;
            }
    return k;
}

TEST(msaa_scene_matches_llvmpipe)
{
    const char *why = NULL;
    const mesa_gl *gl = mesa_gl_open(&why);
    if (!gl) {
        printf("  Mesa unavailable: %s\n", why);
        SKIP("no Mesa llvmpipe context");
    }
    static tex_msaa_scene sc;
    static uint8_t ref[W * H * 4], got[W * H * 4], plain[W * H * 4];
    unsigned compared = 0;
    for (unsigned run = 0; run < 4; run++) {
        unsigned n = run < 2 ? 4 : 8;
        uint8_t pos[8][2];
        char whyb[256];
        if (run % 2)
            mesh_scene(&sc);
        else
            tex_msaa_scene_make(W, H, 48, 11 + n, &sc);
        if (gl_render(gl, &sc, n, ref, pos, whyb, sizeof whyb)) {
            printf("  %ux %s skipped: %s\n", n, run % 2 ? "mesh" : "scene", whyb);
            continue;
        }
        for (unsigned compress = 0; compress < 2; compress++) {
            tex_msaa_opts o = { .w = W, .h = H, .samples = n, .compress = compress,
                                .scene = &sc, .positions = (const uint8_t (*)[2])pos };
            vio_error e;
            int rc = tex_msaa_render(&o, got, NULL, &e);
            CHECKF(rc == 0, "%ux: %s", n, e.msg);
            if (rc)
                continue;
            /* the opt-in changes the traffic, never the picture */
            if (compress)
                CHECKF(!memcmp(got, plain, sizeof got), "%ux %s: the compressed resolve "
                       "differs", n, run % 2 ? "mesh" : "scene");
            else
                memcpy(plain, got, sizeof got);
            unsigned exact = 0, one = 0, maxd = 0, inner = 0, inner_bad = 0, edge = 0, halves = 0,
                     off_half = 0;
            for (unsigned y = 0; y < H; y++)
                for (unsigned x = 0; x < W; x++) {
                    unsigned d = 0;
                    for (unsigned ch = 0; ch < 4; ch++) {
                        int k = got[(y * W + x) * 4 + ch] - ref[(y * W + x) * 4 + ch];
                        d = (unsigned)abs(k) > d ? (unsigned)abs(k) : d;
                    }
                    exact += d == 0, one += d <= 1, maxd = d > maxd ? d : maxd;
                    bool half;
                    if (interior(&sc, n, (const uint8_t (*)[2])pos, x, y, &half)) {
                        inner++;
                        if (d && inner_bad++ < 5)
                            t_fail(__FILE__, __LINE__, "%ux interior pixel (%u,%u) differs by %u",
                                   n, x, y, d);
                    } else {
                        edge++;
                        halves += half;
                        if (d && !half && off_half++ < 5)
                            t_fail(__FILE__, __LINE__, "%ux edge pixel (%u,%u) differs by %u "
                                   "with no half to round", n, x, y, d);
                    }
                }
            printf("  %ux %s%s: %u pixels (%u interior, %u edge, %u with a half to round; "
                   "%u samples on an edge): %u exact, %u within 1, max %u; positions", n,
                   run % 2 ? "mesh" : "scene", compress ? " compressed" : "", W * H, inner, edge,
                   halves, ties(&sc, n, (const uint8_t (*)[2])pos), exact, one, maxd);
            for (unsigned s = 0; s < n; s++)
                printf(" (%u,%u)", pos[s][0], pos[s][1]);
            printf("/256\n");
            CHECKF(inner_bad == 0, "%ux: %u interior pixels differ", n, inner_bad);
            CHECKF(maxd <= 1, "%ux: max difference %u", n, maxd);
            CHECK(edge > 100);   /* the comparison saw edges */
            compared++;
        }
    }
    if (!compared)
        SKIP("llvmpipe rendered no multisampled scene");
}
