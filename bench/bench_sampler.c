/* make bench: SIMD16 sample messages per second through g7sf_send(), and
 * the same pixels through Mesa's llvmpipe in the same run (a quad of the
 * same size, a fragment shader doing the same lookup with an equivalent
 * sampler, glFinish), as a ratio; maxdiff is the largest difference, in
 * 1/255, between gen7sf's answers and llvmpipe's rendered pixels on blocks
 * along the diagonal (reported, never a failure; anisotropic filters differ
 * by design on this noise texture: llvmpipe reads one level, gen7sf two).
 * Workloads: bilinear RGBA8 linear and Y-tiled, trilinear, 16x
 * anisotropic, BC1, shadow compare on R32_FLOAT.
 * llvmpipe runs on one thread (LP_NUM_THREADS=1 unless set), as gen7sf
 * does.  Where Mesa is missing the gen7sf numbers are printed with the
 * reason. */
#include <dlfcn.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <EGL/egl.h>

#include "gen7sf/gen7sf.h"
#include "gen7sf/format.h"
#include "gen7sf/state.h"
#include "gen7sf/surface.h"
#include "../tests/mesa_gl.h"

#define TEX 256u            /* texture side */
#define SCREEN 512u         /* pixels per frame: SCREEN x SCREEN */
#define SURFACE_BASE 0x00010000u
#define DYNAMIC_BASE 0x00020000u
#define TEXTURE_BASE 0x00100000u

static double now(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return t.tv_sec + t.tv_nsec * 1e-9;
}

static unsigned seed = 7;
static uint8_t rnd(void)
{
    seed = seed * 1103515245u + 12345u;
    return (uint8_t)(seed >> 24);
}

enum kind { BILINEAR, TRILINEAR, ANISO, SHADOW };

typedef struct workload {
    const char *name;
    unsigned format;       /* Surface Format */
    int tiled;             /* Y-tiled */
    enum kind kind;
    float du, dv;          /* texels per pixel along x and y */
} workload;

static const workload loads[] = {
    { "bilinear RGBA8 linear", G7SF_FORMAT_R8G8B8A8_UNORM, 0, BILINEAR, 0.7f, 0.7f },
    { "bilinear RGBA8 Y-tiled", G7SF_FORMAT_R8G8B8A8_UNORM, 1, BILINEAR, 0.7f, 0.7f },
    { "trilinear RGBA8", G7SF_FORMAT_R8G8B8A8_UNORM, 1, TRILINEAR, 1.4f, 1.4f },
    { "16x aniso RGBA8", G7SF_FORMAT_R8G8B8A8_UNORM, 1, ANISO, 1.0f, 8.0f },
    { "bilinear BC1", G7SF_FORMAT_BC1_UNORM, 1, BILINEAR, 0.7f, 0.7f },
    { "shadow R32_FLOAT", G7SF_FORMAT_R32_FLOAT, 1, SHADOW, 0.7f, 0.7f },
};

/* Random texels for every level: bytes, or floats in [0, 1) for R32_FLOAT
 * (the shadow map).  The same bytes go to both sides. */
static uint8_t *level_data(unsigned format, uint32_t w, uint32_t h, size_t *n)
{
    const struct g7sf_format_info *f = g7sf_format_info(format);
    uint32_t bw = (w + f->block_w - 1) / f->block_w, bh = (h + f->block_h - 1) / f->block_h;
    *n = (size_t)bw * bh * f->bits_per_block / 8;
    uint8_t *d = malloc(*n);
    if (!d)
        return NULL;
    for (size_t i = 0; i < *n; i++)
        d[i] = rnd();
    if (format == G7SF_FORMAT_R32_FLOAT)
        for (size_t i = 0; i < *n / 4; i++) {
            float v = rnd() / 256.0f;
            memcpy(d + 4 * i, &v, 4);
        }
    return d;
}

static unsigned levels_of(void)
{
    unsigned l = 1;
    while (TEX >> l)
        l++;
    return l;
}

/* The texture, its state and one sampler in graphics memory. */
static int g7_setup(g7sf_gpu *gpu, const workload *w, uint8_t *const *data)
{
    const struct g7sf_format_info *f = g7sf_format_info(w->format);
    unsigned levels = levels_of();
    uint32_t bpp = f->bits_per_block / 8 / f->block_w;   /* bytes per pixel column */
    uint32_t chain = TEX / 2 + TEX / 4 > TEX ? TEX / 2 + TEX / 4 : TEX;
    g7sf_render_surface_state ss = {
        .surface_type = G7SF_SURFTYPE_2D, .surface_format = w->format,
        .tiled_surface = (uint32_t)w->tiled, .tile_walk = G7SF_TILEWALK_YMAJOR,
        .surface_base_address = TEXTURE_BASE,
        .width = TEX - 1, .height = TEX - 1, .surface_pitch = ((chain * bpp + 127) & ~127u) - 1,
        .mip_count_lod = levels - 1,
        .surface_vertical_alignment = G7SF_VALIGN_4, .surface_horizontal_alignment = G7SF_HALIGN_8,
    };
    g7sf_surface s;
    uint32_t dw[8], bt = 0x40;
    if (g7sf_surface_from_state(&ss, &s) || g7sf_state_pack(&g7sf_desc_RENDER_SURFACE_STATE, &ss, dw))
        return -1;
    for (unsigned l = 0; l < levels; l++) {
        uint32_t lw = TEX >> l, bw = (lw + f->block_w - 1) / f->block_w;
        if (g7sf_surface_write_linear(gpu, &s, l, 0, data[l], (size_t)bw * f->bits_per_block / 8))
            return -1;
    }
    g7sf_sampler_state st = {
        .lod_preclamp_enable = G7SF_LOD_PRECLAMP_OGL, .max_lod = (levels - 1) << 8,
        .border_color_pointer = 0x100, .mag_mode_filter = G7SF_MAPFILTER_LINEAR,
        .min_mode_filter = w->kind == ANISO ? G7SF_MAPFILTER_ANISOTROPIC : G7SF_MAPFILTER_LINEAR,
        .mip_mode_filter = w->kind == TRILINEAR || w->kind == ANISO ? G7SF_MIPFILTER_LINEAR
                                                                   : G7SF_MIPFILTER_NONE,
        .maximum_anisotropy = w->kind == ANISO ? G7SF_ANISORATIO_16 : G7SF_ANISORATIO_2,
        /* GL_LEQUAL as i965 programs it: PREFILTEROP_LESS (the PRM inverts GL) */
        .shadow_function = w->kind == SHADOW ? G7SF_PREFILTEROP_LESS : G7SF_PREFILTEROP_ALWAYS,
    };
    uint32_t sdw[4];
    g7sf_set_base(gpu, G7SF_BASE_SURFACE, SURFACE_BASE, 0);
    g7sf_set_base(gpu, G7SF_BASE_DYNAMIC, DYNAMIC_BASE, 0);
    return g7sf_state_pack(&g7sf_desc_SAMPLER_STATE, &st, sdw) ||
           g7sf_mem_write(gpu, DYNAMIC_BASE, sdw, sizeof sdw) ||
           g7sf_mem_write(gpu, SURFACE_BASE + 0x40, dw, sizeof dw) ||
           g7sf_mem_write(gpu, SURFACE_BASE, &bt, 4) ? -1 : 0;
}

/* One SIMD16 message: the 4x4 pixel block at (bx, by) in four subspans, u v
 * (sample) or ref u v (sample_c); the writeback in wb. */
static int g7_block(g7sf_gpu *gpu, const workload *w, uint32_t bx, uint32_t by, g7sf_reg wb[8])
{
    static const g7sf_thread thr = { 0 };
    unsigned shadow = w->kind == SHADOW, nparam = 2 + shadow;
    uint32_t desc = (2 * nparam) << 25 | 8u << 20 | 2u << 17 | (shadow ? 3u : 0u) << 12;
    g7sf_reg pl[6];
    for (unsigned i = 0; i < 16; i++) {
        unsigned s = i / 4, p = i % 4;
        float x = bx + 2 * (s & 1) + (p & 1) + 0.5f;
        float y = by + 2 * (s >> 1) + (p >> 1) + 0.5f;
        float u = x * w->du / TEX, v = y * w->dv / TEX, ref = 0.5f;
        memcpy(&pl[2 * shadow + i / 8].ud[i % 8], &u, 4);
        memcpy(&pl[2 * shadow + 2 + i / 8].ud[i % 8], &v, 4);
        if (shadow)
            memcpy(&pl[i / 8].ud[i % 8], &ref, 4);
    }
    g7sf_msg m = { G7SF_SFID_SAMPLER, desc, false, 0xFFFF, pl };
    return g7sf_send(gpu, &thr, &m, wb);
}

/* Messages per second: SCREEN x SCREEN pixels in 4x4 blocks, frames for
 * ~0.3 s. */
static double g7_run(g7sf_gpu *gpu, const workload *w, int *err)
{
    g7sf_reg wb[8];
    unsigned long msgs = 0;
    double t0 = now(), t;
    *err = 0;
    do {
        for (uint32_t by = 0; by < SCREEN; by += 4)
            for (uint32_t bx = 0; bx < SCREEN; bx += 4) {
                if ((*err = g7_block(gpu, w, bx, by, wb)))
                    return 0;
                msgs++;
            }
        t = now() - t0;
    } while (t < 0.3);
    return msgs / t;
}

/* The largest difference, in 1/255, between gen7sf's RGBA and llvmpipe's
 * RGBA8 render (rgba, SCREEN x SCREEN, bottom row first as gl_FragCoord
 * counts) over blocks along the diagonal; -1 when a message fails. */
static double g7_compare(g7sf_gpu *gpu, const workload *w, const uint8_t *rgba)
{
    double worst = 0;
    for (uint32_t b = 0; b < SCREEN; b += SCREEN / 16) {
        g7sf_reg wb[8];
        if (g7_block(gpu, w, b, b, wb))
            return -1;
        for (unsigned i = 0; i < 16; i++) {
            unsigned s = i / 4, p = i % 4;
            uint32_t x = b + 2 * (s & 1) + (p & 1), y = b + 2 * (s >> 1) + (p >> 1);
            for (unsigned ch = 0; ch < 4; ch++) {
                float g;
                memcpy(&g, &wb[2 * ch + i / 8].ud[i % 8], 4);
                double d = fabs(g * 255.0 - rgba[((size_t)y * SCREEN + x) * 4 + ch]);
                worst = d > worst ? d : worst;
            }
        }
    }
    return worst;
}

/* The GL entry points beyond mesa_gl's, loaded here. */
static struct {
    PFNGLCREATESHADERPROC CreateShader;
    PFNGLSHADERSOURCEPROC ShaderSource;
    PFNGLCOMPILESHADERPROC CompileShader;
    PFNGLGETSHADERIVPROC GetShaderiv;
    PFNGLCREATEPROGRAMPROC CreateProgram;
    PFNGLATTACHSHADERPROC AttachShader;
    PFNGLLINKPROGRAMPROC LinkProgram;
    PFNGLGETPROGRAMIVPROC GetProgramiv;
    PFNGLUSEPROGRAMPROC UseProgram;
    PFNGLDELETEPROGRAMPROC DeleteProgram;
    PFNGLDELETESHADERPROC DeleteShader;
    PFNGLGETUNIFORMLOCATIONPROC GetUniformLocation;
    PFNGLUNIFORM2FPROC Uniform2f;
    PFNGLGENFRAMEBUFFERSPROC GenFramebuffers;
    PFNGLBINDFRAMEBUFFERPROC BindFramebuffer;
    PFNGLFRAMEBUFFERTEXTURE2DPROC FramebufferTexture2D;
    PFNGLCHECKFRAMEBUFFERSTATUSPROC CheckFramebufferStatus;
    PFNGLGENVERTEXARRAYSPROC GenVertexArrays;
    PFNGLBINDVERTEXARRAYPROC BindVertexArray;
    void (APIENTRY *TexParameteri)(GLenum, GLenum, GLint);
    void (APIENTRY *TexParameterf)(GLenum, GLenum, GLfloat);
    void (APIENTRY *Viewport)(GLint, GLint, GLsizei, GLsizei);
    void (APIENTRY *DrawArrays)(GLenum, GLint, GLsizei);
    void (APIENTRY *Finish)(void);
} gx;

static const char *gl_load(void)
{
    void *lib = dlopen("libEGL.so.1", RTLD_NOW | RTLD_NOLOAD);
    PFNEGLGETPROCADDRESSPROC gpa = NULL;
    if (lib)
        *(void **)&gpa = dlsym(lib, "eglGetProcAddress");
    if (!gpa)
        return "eglGetProcAddress not found";
    static const char *const names[] = {
        "glCreateShader", "glShaderSource", "glCompileShader", "glGetShaderiv",
        "glCreateProgram", "glAttachShader", "glLinkProgram", "glGetProgramiv", "glUseProgram",
        "glDeleteProgram", "glDeleteShader", "glGetUniformLocation", "glUniform2f",
        "glGenFramebuffers", "glBindFramebuffer", "glFramebufferTexture2D",
        "glCheckFramebufferStatus", "glGenVertexArrays", "glBindVertexArray",
        "glTexParameteri", "glTexParameterf", "glViewport", "glDrawArrays", "glFinish" };
    void (**slot)(void) = (void (**)(void))&gx;
    _Static_assert(sizeof gx == sizeof names / sizeof names[0] * sizeof(void (*)(void)),
                   "one name per entry point");
    for (size_t i = 0; i < sizeof names / sizeof names[0]; i++)
        if (!(slot[i] = gpa(names[i])))
            return "GL lacks an entry point the benchmark needs";
    return NULL;
}

static const char *vs_src =
    "#version 330\n"
    "void main() {\n"
    "    vec2 p = vec2(gl_VertexID & 1, gl_VertexID >> 1) * 4.0 - 1.0;\n"
    "    gl_Position = vec4(p, 0.0, 1.0);\n"
    "}\n";
static const char *fs_color =
    "#version 330\n"
    "uniform sampler2D t; uniform vec2 scale; out vec4 o;\n"
    "void main() { o = texture(t, gl_FragCoord.xy * scale); }\n";
static const char *fs_shadow =
    "#version 330\n"
    "uniform sampler2DShadow t; uniform vec2 scale; out vec4 o;\n"
    "void main() { o = vec4(texture(t, vec3(gl_FragCoord.xy * scale, 0.5))); }\n";

static GLuint gl_program(const char *fs)
{
    GLuint p = gx.CreateProgram(), s[2] = { gx.CreateShader(GL_VERTEX_SHADER),
                                            gx.CreateShader(GL_FRAGMENT_SHADER) };
    const char *src[2] = { vs_src, fs };
    GLint ok = 1, part;
    for (int i = 0; i < 2; i++) {
        gx.ShaderSource(s[i], 1, &src[i], NULL);
        gx.CompileShader(s[i]);
        gx.GetShaderiv(s[i], GL_COMPILE_STATUS, &part);
        ok &= part;
        gx.AttachShader(p, s[i]);
    }
    gx.LinkProgram(p);
    gx.GetProgramiv(p, GL_LINK_STATUS, &part);
    gx.DeleteShader(s[0]);
    gx.DeleteShader(s[1]);
    if (!ok || !part) {
        gx.DeleteProgram(p);
        return 0;
    }
    return p;
}

/* The same texture and filter in GL; returns SIMD16-message equivalents
 * (pixels / 16) per second, or 0 with *why; the last frame in rgba. */
static double gl_run(const mesa_gl *gl, const workload *w, uint8_t *const *data,
                     const char **why, uint8_t *rgba)
{
    GLuint tex, fbo, target, vao, prog = gl_program(w->kind == SHADOW ? fs_shadow : fs_color);
    if (!prog) {
        *why = "shader did not compile";
        return 0;
    }
    gl->GenTextures(1, &tex);
    gl->BindTexture(GL_TEXTURE_2D, tex);
    gl->PixelStorei(GL_UNPACK_ALIGNMENT, 1);
    unsigned levels = levels_of();
    for (unsigned l = 0; l < levels; l++) {
        GLsizei s = (GLsizei)(TEX >> l);
        if (w->format == G7SF_FORMAT_BC1_UNORM)
            gl->CompressedTexImage2D(GL_TEXTURE_2D, (GLint)l, GL_COMPRESSED_RGBA_S3TC_DXT1_EXT, s,
                                     s, 0, ((s + 3) / 4) * ((s + 3) / 4) * 8, data[l]);
        else if (w->kind == SHADOW)
            gl->TexImage2D(GL_TEXTURE_2D, (GLint)l, GL_DEPTH_COMPONENT32F, s, s, 0,
                           GL_DEPTH_COMPONENT, GL_FLOAT, data[l]);
        else
            gl->TexImage2D(GL_TEXTURE_2D, (GLint)l, GL_RGBA8, s, s, 0, GL_RGBA,
                           GL_UNSIGNED_BYTE, data[l]);
    }
    int mips = w->kind == TRILINEAR || w->kind == ANISO;
    gx.TexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER,
                     mips ? GL_LINEAR_MIPMAP_LINEAR : GL_LINEAR);
    gx.TexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_LINEAR);
    if (w->kind == ANISO)
        gx.TexParameterf(GL_TEXTURE_2D, GL_TEXTURE_MAX_ANISOTROPY_EXT, 16.0f);
    if (w->kind == SHADOW) {
        gx.TexParameteri(GL_TEXTURE_2D, GL_TEXTURE_COMPARE_MODE, GL_COMPARE_REF_TO_TEXTURE);
        gx.TexParameteri(GL_TEXTURE_2D, GL_TEXTURE_COMPARE_FUNC, GL_LEQUAL);
    }
    gl->GenTextures(1, &target);
    gl->BindTexture(GL_TEXTURE_2D, target);
    gl->TexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, SCREEN, SCREEN, 0, GL_RGBA, GL_UNSIGNED_BYTE, NULL);
    gx.GenFramebuffers(1, &fbo);
    gx.BindFramebuffer(GL_FRAMEBUFFER, fbo);
    gx.FramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, target, 0);
    gl->BindTexture(GL_TEXTURE_2D, tex);
    gx.GenVertexArrays(1, &vao);
    gx.BindVertexArray(vao);
    gx.UseProgram(prog);
    gx.Uniform2f(gx.GetUniformLocation(prog, "scale"), w->du / TEX, w->dv / TEX);
    gx.Viewport(0, 0, SCREEN, SCREEN);
    double rate = 0;
    if (gx.CheckFramebufferStatus(GL_FRAMEBUFFER) != GL_FRAMEBUFFER_COMPLETE || gl->GetError()) {
        *why = "GL refused the texture or the framebuffer";
    } else {
        gx.DrawArrays(GL_TRIANGLES, 0, 3);   /* warm-up: shader compile */
        gx.Finish();
        unsigned long frames = 0;
        double t0 = now(), t;
        do {
            gx.DrawArrays(GL_TRIANGLES, 0, 3);
            gx.Finish();
            frames++;
            t = now() - t0;
        } while (t < 0.3);
        rate = frames * (SCREEN * SCREEN / 16.0) / t;
        gl->ReadPixels(0, 0, SCREEN, SCREEN, GL_RGBA, GL_UNSIGNED_BYTE, rgba);
    }
    gx.UseProgram(0);
    gx.DeleteProgram(prog);
    gx.BindFramebuffer(GL_FRAMEBUFFER, 0);
    gl->DeleteTextures(1, &tex);
    gl->DeleteTextures(1, &target);
    return rate;
}

int main(void)
{
    const char *why = NULL;
    setenv("LP_NUM_THREADS", "1", 0);
    const mesa_gl *gl = mesa_gl_open(&why);
    if (gl && (why = gl_load()))
        gl = NULL;
    printf("%-24s %16s %16s %8s %10s\n", "workload (SIMD16 msg/s)", "gen7sf", "llvmpipe", "ratio",
           "maxdiff");
    static uint8_t rgba[SCREEN * SCREEN * 4];
    for (size_t i = 0; i < sizeof loads / sizeof loads[0]; i++) {
        const workload *w = &loads[i];
        uint8_t *data[16] = { 0 };
        size_t n;
        unsigned levels = levels_of();
        for (unsigned l = 0; l < levels; l++)
            if (!(data[l] = level_data(w->format, TEX >> l, TEX >> l, &n)))
                return 1;
        g7sf_gpu *gpu = g7sf_gpu_create();
        int err = gpu ? g7_setup(gpu, w, data) : -1;
        double g7 = err ? 0 : g7_run(gpu, w, &err);
        if (err) {
            printf("%-24s %16s (%s)\n", w->name, "-", err < 0 ? g7sf_strerror(err) : "setup");
        } else {
            const char *gwhy = why;
            double mesa = gl ? gl_run(gl, w, data, &gwhy, rgba) : 0;
            /* maxdiff: gen7sf vs the render, in 1/255 (not a pass/fail) */
            if (mesa > 0)
                printf("%-24s %16.0f %16.0f %8.3f %10.2f\n", w->name, g7, mesa, g7 / mesa,
                       g7_compare(gpu, w, rgba));
            else
                printf("%-24s %16.0f %16s (no ratio: %s)\n", w->name, g7, "-", gwhy);
        }
        g7sf_gpu_destroy(gpu);
        for (unsigned l = 0; l < levels; l++)
            free(data[l]);
    }
    return 0;
}
