/* The render cache's colour pipeline against Mesa's llvmpipe: random
 * BLEND_STATEs (factors, functions, independent alpha, constant colour,
 * write masks, logic ops, dual source), formats and colours.  GL draws a
 * quad whose fragment shader returns texels of random source textures into
 * an FBO texture holding random destination texels; gen7sf writes the same
 * pixels with Render Target Write messages through g7sf_send, state
 * packed by hand from gen7.xml and the PRM.  Results are compared as
 * stored codes (ulps).  Tolerances and measurements: docs/spec-notes.md,
 * "Data port: blending". */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "gen7sf/format.h"
#include "gen7sf/gen7sf.h"
#include "gpu_setup.h"
#include "harness.h"
#include "mesa_gl.h"
#include "rt_setup.h"

enum kind { K_UNORM, K_SNORM, K_F16, K_F32, K_UF11, K_UF10 };

typedef struct field { uint8_t kind, shift, bits; } field;

/* A render target format: GL's internal format and the client format/type
 * whose memory layout equals the gen7sf surface format's, the stored
 * fields (for the comparison) and the tolerance in ulps of a field. */
typedef struct bfmt {
    const char *name;
    GLenum ifmt, fmt, type;
    unsigned code;       /* SURFACE_FORMAT (PRM format table) */
    unsigned bytes, nf;
    field f[4];
    int8_t comp[4];      /* field of R, G, B, A (-1: absent) */
    bool logic;          /* logic ops apply: normalized integer, not sRGB */
    float lo, hi;        /* source colour range (beyond the clamp range; SNORM: no
                          * negative values, see docs/spec-notes.md) */
    unsigned tol;        /* largest accepted blend difference, ulps (logic ops: 0) */
} bfmt;

#define U8(s) { K_UNORM, s, 8 }
#define S8(s) { K_SNORM, s, 8 }
#define U16(s) { K_UNORM, s, 16 }
#define S16(s) { K_SNORM, s, 16 }
#define H(s) { K_F16, s, 16 }
#define F(s) { K_F32, s, 32 }

/* Tolerances: the measured maxima over many seeds (docs/spec-notes.md);
 * llvmpipe blends 8-bit formats in 8-bit fixed point, the rest in float. */
#define UNORM4 { 0, 1, 2, 3 }
static const bfmt formats[] = {
    { "RGBA8", GL_RGBA8, GL_RGBA, GL_UNSIGNED_BYTE, 0x0C7 /* R8G8B8A8_UNORM */, 4, 4,
      { U8(0), U8(8), U8(16), U8(24) }, UNORM4, true, -0.25f, 1.25f, 2 },
    { "SRGB8_ALPHA8", GL_SRGB8_ALPHA8, GL_RGBA, GL_UNSIGNED_BYTE, 0x0C8 /* R8G8B8A8_UNORM_SRGB */, 4, 4,
      { U8(0), U8(8), U8(16), U8(24) }, UNORM4, false, -0.25f, 1.25f, 6 },
    { "RG8", GL_RG8, GL_RG, GL_UNSIGNED_BYTE, 0x106 /* R8G8_UNORM */, 2, 2,
      { U8(0), U8(8) }, { 0, 1, -1, -1 }, true, -0.25f, 1.25f, 2 },
    { "RGBA8_SNORM", GL_RGBA8_SNORM, GL_RGBA, GL_BYTE, 0x0C9 /* R8G8B8A8_SNORM */, 4, 4,
      { S8(0), S8(8), S8(16), S8(24) }, UNORM4, true, 0.0f, 1.25f, 2 },
    { "RGB10_A2", GL_RGB10_A2, GL_RGBA, GL_UNSIGNED_INT_2_10_10_10_REV, 0x0C2 /* R10G10B10A2_UNORM */,
      4, 4, { { K_UNORM, 0, 10 }, { K_UNORM, 10, 10 }, { K_UNORM, 20, 10 }, { K_UNORM, 30, 2 } },
      UNORM4, true, -0.25f, 1.25f, 1 },
    { "RGB565", GL_RGB565, GL_RGB, GL_UNSIGNED_SHORT_5_6_5, 0x100 /* B5G6R5_UNORM */, 2, 3,
      { { K_UNORM, 0, 5 }, { K_UNORM, 5, 6 }, { K_UNORM, 11, 5 } }, { 2, 1, 0, -1 }, true,
      -0.25f, 1.25f, 1 },
    { "RGBA16", GL_RGBA16, GL_RGBA, GL_UNSIGNED_SHORT, 0x080 /* R16G16B16A16_UNORM */, 8, 4,
      { U16(0), U16(16), U16(32), U16(48) }, UNORM4, true, -0.25f, 1.25f, 1 },
    { "RGBA16_SNORM", GL_RGBA16_SNORM, GL_RGBA, GL_SHORT, 0x081 /* R16G16B16A16_SNORM */, 8, 4,
      { S16(0), S16(16), S16(32), S16(48) }, UNORM4, true, 0.0f, 1.25f, 2 },
    { "R11F_G11F_B10F", GL_R11F_G11F_B10F, GL_RGB, GL_UNSIGNED_INT_10F_11F_11F_REV,
      0x0D3 /* R11G11B10_FLOAT */, 4, 3, { { K_UF11, 0, 11 }, { K_UF11, 11, 11 }, { K_UF10, 22, 10 } },
      { 0, 1, 2, -1 }, false, -2.0f, 2.0f, 1 },
    { "R16F", GL_R16F, GL_RED, GL_HALF_FLOAT, 0x10E /* R16_FLOAT */, 2, 1, { H(0) }, { 0, -1, -1, -1 },
      false, -2.0f, 2.0f, 1 },
    { "RGBA16F", GL_RGBA16F, GL_RGBA, GL_HALF_FLOAT, 0x084 /* R16G16B16A16_FLOAT */, 8, 4,
      { H(0), H(16), H(32), H(48) }, UNORM4, false, -2.0f, 2.0f, 1 },
    { "RGBA32F", GL_RGBA32F, GL_RGBA, GL_FLOAT, 0x000 /* R32G32B32A32_FLOAT */, 16, 4,
      { F(0), F(32), F(64), F(96) }, UNORM4, false, -2.0f, 2.0f, 4 },
};

/* BLENDFACTOR_* (gen7.xml) and the GL factor of the same meaning. */
static const struct { unsigned g7; GLenum gl; const char *name; } factors[] = {
    { 0x01, GL_ONE, "ONE" }, { 0x02, GL_SRC_COLOR, "SRC_COLOR" },
    { 0x03, GL_SRC_ALPHA, "SRC_ALPHA" }, { 0x04, GL_DST_ALPHA, "DST_ALPHA" },
    { 0x05, GL_DST_COLOR, "DST_COLOR" }, { 0x07, GL_CONSTANT_COLOR, "CONST_COLOR" },
    { 0x08, GL_CONSTANT_ALPHA, "CONST_ALPHA" }, { 0x11, GL_ZERO, "ZERO" },
    { 0x12, GL_ONE_MINUS_SRC_COLOR, "INV_SRC_COLOR" },
    { 0x13, GL_ONE_MINUS_SRC_ALPHA, "INV_SRC_ALPHA" },
    { 0x14, GL_ONE_MINUS_DST_ALPHA, "INV_DST_ALPHA" },
    { 0x15, GL_ONE_MINUS_DST_COLOR, "INV_DST_COLOR" },
    { 0x17, GL_ONE_MINUS_CONSTANT_COLOR, "INV_CONST_COLOR" },
    { 0x18, GL_ONE_MINUS_CONSTANT_ALPHA, "INV_CONST_ALPHA" },
    /* source factor only (GL 3.3 has no destination SRC_ALPHA_SATURATE) */
    { 0x06, GL_SRC_ALPHA_SATURATE, "SRC_ALPHA_SAT" },
    /* dual source only */
    { 0x09, GL_SRC1_COLOR, "SRC1_COLOR" }, { 0x0A, GL_SRC1_ALPHA, "SRC1_ALPHA" },
    { 0x19, GL_ONE_MINUS_SRC1_COLOR, "INV_SRC1_COLOR" },
    { 0x1A, GL_ONE_MINUS_SRC1_ALPHA, "INV_SRC1_ALPHA" },
};
enum { N_PLAIN = 14, I_SATURATE = 14, N_FACTORS = 19 };
static const GLenum functions[] = { GL_FUNC_ADD, GL_FUNC_SUBTRACT, GL_FUNC_REVERSE_SUBTRACT,
                                    GL_MIN, GL_MAX };
static const char *const function_names[] = { "ADD", "SUB", "REVSUB", "MIN", "MAX" };

/* LOGICOP_* order (truth table bit 3 = s&d ... bit 0 = ~s&~d) is not GL's
 * (bit 0 = s&d): the GL op of each. */
static const GLenum logic_ops[16] = {
    GL_CLEAR, GL_NOR, GL_AND_INVERTED, GL_COPY_INVERTED, GL_AND_REVERSE, GL_INVERT, GL_XOR,
    GL_NAND, GL_AND, GL_EQUIV, GL_NOOP, GL_OR_INVERTED, GL_COPY, GL_OR_REVERSE, GL_OR, GL_SET
};

/* One random configuration: indices into the tables above. */
typedef struct bstate {
    bool blend, logic, dual, independent;
    unsigned func[2], src[2], dst[2];   /* [0] colour, [1] alpha */
    unsigned logic_func, write_mask;    /* bit c: channel c written */
    float constant[4];
} bstate;

static float frand(float lo, float hi)
{
    return lo + (hi - lo) * (float)(t_rand() % 65536) / 65535.0f;
}

static unsigned pick_factor(bool dual, bool src)
{
    unsigned n = dual ? N_FACTORS : src ? N_PLAIN + 1 : N_PLAIN;
    unsigned i = (unsigned)(t_rand() % n);
    return !src && i == I_SATURATE ? 0 : i;
}

static bstate random_state(const bfmt *f, bool dual_ok)
{
    bstate s = { 0 };
    bool fixed = f->f[0].kind == K_UNORM || f->f[0].kind == K_SNORM;
    s.logic = f->logic && t_rand() % 6 == 0;
    s.blend = !s.logic;
    s.dual = dual_ok && s.blend && t_rand() % 4 == 0;
    s.independent = t_rand() % 2;
    for (unsigned a = 0; a < 2; a++) {
        s.func[a] = (unsigned)(t_rand() % 5);
        s.src[a] = pick_factor(s.dual, true);
        s.dst[a] = pick_factor(s.dual, false);
    }
    if (!s.independent)
        s.func[1] = s.func[0], s.src[1] = s.src[0], s.dst[1] = s.dst[0];
    s.logic_func = (unsigned)(t_rand() % 16);
    s.write_mask = t_rand() % 3 ? 0xF : (unsigned)(t_rand() % 16);
    for (unsigned c = 0; c < 4; c++)
        s.constant[c] = fixed ? frand(0.0f, 1.0f) : frand(-1.0f, 2.0f);
    return s;
}

static void state_name(const bstate *s, char *buf, size_t n)
{
    if (s->logic) {
        snprintf(buf, n, "LOGICOP %2u mask %X", s->logic_func, s->write_mask);
        return;
    }
    int k = snprintf(buf, n, "%s(%s,%s)", function_names[s->func[0]], factors[s->src[0]].name,
                     factors[s->dst[0]].name);
    if (s->independent && k > 0 && (size_t)k < n)
        k += snprintf(buf + k, n - (size_t)k, " a:%s(%s,%s)", function_names[s->func[1]],
                      factors[s->src[1]].name, factors[s->dst[1]].name);
    if (k > 0 && (size_t)k < n)
        snprintf(buf + k, n - (size_t)k, " mask %X", s->write_mask);
}

/* ---- BLEND_STATE / COLOR_CALC_STATE DWords by hand (gen7.xml) ------------- */

static uint32_t fbits(float v)
{
    uint32_t u;
    memcpy(&u, &v, 4);
    return u;
}

/* Entry rt of BLEND_STATE: DW0 31 blend enable, 30 independent alpha, 28:26
 * alpha function, 24:20 / 19:15 source / destination alpha factor, 13:11
 * colour function, 9:5 / 4:0 source / destination factor.  DW1 27:24 write
 * disable A R G B, 22 logic op enable, 21:18 logic op, 3:2 clamp range, 1
 * pre-blend clamp, 0 post-blend clamp.  Clamps as i965 programs them:
 * both on, RTFORMAT. */
static void pack_blend_state(const bstate *s, unsigned rt, uint32_t dw[16])
{
    memset(dw, 0, 16 * sizeof *dw);
    dw[2 * rt] = (uint32_t)s->blend << 31 | (uint32_t)s->independent << 30 |
                 s->func[1] << 26 | factors[s->src[1]].g7 << 20 | factors[s->dst[1]].g7 << 15 |
                 s->func[0] << 11 | factors[s->src[0]].g7 << 5 | factors[s->dst[0]].g7;
    dw[2 * rt + 1] = (uint32_t)!(s->write_mask & 8) << 27 | (uint32_t)!(s->write_mask & 1) << 26 |
                     (uint32_t)!(s->write_mask & 2) << 25 | (uint32_t)!(s->write_mask & 4) << 24 |
                     (uint32_t)s->logic << 22 | s->logic_func << 18 | 2u << 2 | 1u << 1 | 1u;
}

/* COLOR_CALC_STATE: DW2-DW5 the blend constant colour as floats. */
static void pack_cc_state(const bstate *s, uint32_t dw[6])
{
    memset(dw, 0, 6 * sizeof *dw);
    for (unsigned c = 0; c < 4; c++)
        dw[2 + c] = fbits(s->constant[c]);
}

/* ---- stored codes --------------------------------------------------------- */

static uint32_t get_field(const uint8_t *p, const field *f)
{
    uint32_t v = 0;
    for (unsigned b = 0; b < f->bits; b++)
        v |= (uint32_t)(p[(f->shift + b) / 8] >> (f->shift + b) % 8 & 1) << b;
    return v;
}

/* A UNORM/SNORM code on a line where neighbouring values differ by 1. */
static int64_t ordered(const field *f, uint32_t v)
{
    if (f->kind != K_SNORM)
        return v;
    int64_t s = v & (1u << (f->bits - 1)) ? (int64_t)v - (1ll << f->bits) : v;
    return s < -(1ll << (f->bits - 1)) + 1 ? s + 1 : s;   /* -128 and -127 are both -1.0 */
}

/* A float field's value, and its mantissa bits. */
static double float_value(const field *f, uint32_t v, unsigned *mbits)
{
    float x;
    switch (f->kind) {
    case K_F32:
        *mbits = 23;
        memcpy(&x, &v, 4);
        return x;
    case K_F16: {
        unsigned e = v >> 10 & 31, m = v & 1023;
        double a = e ? ldexp(1024 + m, (int)e - 25) : ldexp(m, -24);
        *mbits = 10;
        return v & 0x8000 ? -a : a;
    }
    default: {   /* unsigned 11/10-bit: 5 exponent bits, 6 or 5 mantissa bits */
        unsigned mb = f->kind == K_UF11 ? 6 : 5, e = v >> mb, m = v & ((1u << mb) - 1);
        *mbits = mb;
        return e ? ldexp((1u << mb) + m, (int)e - 15 - (int)mb) : ldexp(m, -14 - (int)mb);
    }
    }
}

/* The distance of two stored codes: ulps for UNORM/SNORM; for floats ulps
 * of the larger magnitude, at least 1.0 (results near 0 come from
 * cancellation, where equal operand errors make large relative ones). */
static int64_t distance(const field *f, uint32_t a, uint32_t b)
{
    if (f->kind == K_UNORM || f->kind == K_SNORM) {
        int64_t d = ordered(f, a) - ordered(f, b);
        return d < 0 ? -d : d;
    }
    unsigned mb;
    double x = float_value(f, a, &mb), y = float_value(f, b, &mb);
    if (x == y || (isnan(x) && isnan(y)))
        return 0;
    double m = fmax(fmax(fabs(x), fabs(y)), 1.0);
    if (isinf(m) || isnan(m))
        return INT32_MAX;
    int ex;
    frexp(m, &ex);
    return (int64_t)ceil(fabs(x - y) / ldexp(1.0, ex - 1 - (int)mb));
}

/* ---- the GL side ---------------------------------------------------------- */

static const char vs_src[] =
    "#version 330\n"
    "void main() {\n"
    "    vec2 p = vec2(gl_VertexID == 1 ? 3.0 : -1.0, gl_VertexID == 2 ? 3.0 : -1.0);\n"
    "    gl_Position = vec4(p, 0.0, 1.0);\n"
    "}\n";
static const char fs_single[] =
    "#version 330\n"
    "uniform sampler2D src0, src1;\n"
    "layout(location = 0) out vec4 o;\n"
    "void main() { o = texelFetch(src0, ivec2(gl_FragCoord.xy), 0); }\n";
static const char fs_dual[] =
    "#version 330\n"
    "uniform sampler2D src0, src1;\n"
    "layout(location = 0, index = 0) out vec4 o0;\n"
    "layout(location = 0, index = 1) out vec4 o1;\n"
    "void main() {\n"
    "    o0 = texelFetch(src0, ivec2(gl_FragCoord.xy), 0);\n"
    "    o1 = texelFetch(src1, ivec2(gl_FragCoord.xy), 0);\n"
    "}\n";

/* Draws the sources over dst (raw texels, rewritten with GL's result);
 * false with why when GL cannot render to the format. */
static bool gl_blend(const mesa_gl *gl, GLuint prog, const bfmt *f, const bstate *s, unsigned w,
                     unsigned h, const float *src0, const float *src1, uint8_t *dst, char *why,
                     size_t n)
{
    GLuint tex[3], fbo, vao;
    bool ok;
    tex[0] = mesa_gl_float_texture(gl, 0, w, h, src0);
    tex[1] = mesa_gl_float_texture(gl, 1, w, h, src1);
    gl->GenTextures(1, &tex[2]);
    gl->ActiveTexture(GL_TEXTURE2);
    gl->BindTexture(GL_TEXTURE_2D, tex[2]);
    gl->PixelStorei(GL_UNPACK_ALIGNMENT, 1);
    gl->PixelStorei(GL_PACK_ALIGNMENT, 1);
    gl->TexImage2D(GL_TEXTURE_2D, 0, (GLint)f->ifmt, (GLsizei)w, (GLsizei)h, 0, f->fmt, f->type,
                   dst);
    gl->GenFramebuffers(1, &fbo);
    gl->BindFramebuffer(GL_FRAMEBUFFER, fbo);
    gl->FramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, tex[2], 0);
    ok = gl->CheckFramebufferStatus(GL_FRAMEBUFFER) == GL_FRAMEBUFFER_COMPLETE;
    if (ok) {
        gl->GenVertexArrays(1, &vao);
        gl->BindVertexArray(vao);
        gl->UseProgram(prog);
        gl->Uniform1i(gl->GetUniformLocation(prog, "src0"), 0);
        gl->Uniform1i(gl->GetUniformLocation(prog, "src1"), 1);
        /* the blend unit's clamps, not the shader's ([0, 1] even for SNORM) */
        gl->ClampColor(GL_CLAMP_FRAGMENT_COLOR, GL_FALSE);
        gl->Enable(GL_FRAMEBUFFER_SRGB);
        (s->blend ? gl->Enable : gl->Disable)(GL_BLEND);
        (s->logic ? gl->Enable : gl->Disable)(GL_COLOR_LOGIC_OP);
        gl->BlendFuncSeparate(factors[s->src[0]].gl, factors[s->dst[0]].gl,
                              factors[s->src[1]].gl, factors[s->dst[1]].gl);
        gl->BlendEquationSeparate(functions[s->func[0]], functions[s->func[1]]);
        gl->BlendColor(s->constant[0], s->constant[1], s->constant[2], s->constant[3]);
        gl->LogicOp(logic_ops[s->logic_func]);
        gl->ColorMask(s->write_mask & 1, s->write_mask >> 1 & 1, s->write_mask >> 2 & 1,
                      s->write_mask >> 3 & 1);
        gl->Viewport(0, 0, (GLsizei)w, (GLsizei)h);
        gl->DrawArrays(GL_TRIANGLES, 0, 3);
        gl->ColorMask(1, 1, 1, 1);
        gl->Disable(GL_BLEND);
        gl->Disable(GL_COLOR_LOGIC_OP);
        gl->GetTexImage(GL_TEXTURE_2D, 0, f->fmt, f->type, dst);
        gl->UseProgram(0);
        gl->BindVertexArray(0);
        gl->DeleteVertexArrays(1, &vao);
        GLenum e = gl->GetError();
        if (e != GL_NO_ERROR) {
            snprintf(why, n, "GL error 0x%x", e);
            ok = false;
        }
    } else {
        snprintf(why, n, "%s is not colour-renderable here", f->name);
    }
    gl->BindFramebuffer(GL_FRAMEBUFFER, 0);
    gl->DeleteFramebuffers(1, &fbo);
    gl->DeleteTextures(3, tex);
    return ok;
}

/* ---- the gen7sf side ------------------------------------------------------ */

/* Through g7sf_send: BLEND_STATE entry 0 at RT_BLEND (named by the
 * 3DSTATE_BLEND_STATE_POINTERS rt_gpu sends), COLOR_CALC_STATE at RT_CC
 * (M0.1), a linear 2D RENDER_SURFACE_STATE, all by hand; the pixels in 8x2
 * blocks of four 2x2 subspans, as SIMD16 single source messages or pairs
 * of SIMD8 dual source low/high messages (PRM 10357-10500). */
static void g7_blend(const bfmt *f, const bstate *s, unsigned w, unsigned h, const float *src0,
                     const float *src1, uint8_t *dst)
{
    g7sf_thread thr;
    g7sf_gpu *gpu = rt_gpu(&thr);
    uint32_t bdw[16], cdw[6], pitch = w * f->bytes;
    pack_blend_state(s, 0, bdw);
    rt_blend_entry(gpu, 0, bdw[0], bdw[1]);
    pack_cc_state(s, cdw);
    for (unsigned i = 0; i < 6; i++)
        t_poke(gpu, RT_DYNAMIC + RT_CC + 4 * i, cdw[i]);
    /* DW2 Height [29:16] / Width [13:0] minus 1, DW3 Surface Pitch [17:0] minus 1 */
    const uint32_t ss[8] = { rt_ss_dw0(1, f->code, 0), RT_BASE, (h - 1) << 16 | (w - 1),
                             pitch - 1 };
    t_bind_state(gpu, RT_BTI, ss);
    g7sf_mem_write(gpu, RT_BASE, dst, (size_t)pitch * h);
    for (unsigned y0 = 0; y0 < h; y0 += 2)
        for (unsigned x0 = 0; x0 < w; x0 += 8) {
            const uint16_t xy[4][2] = { { (uint16_t)x0, (uint16_t)y0 },
                                        { (uint16_t)(x0 + 2), (uint16_t)y0 },
                                        { (uint16_t)(x0 + 4), (uint16_t)y0 },
                                        { (uint16_t)(x0 + 6), (uint16_t)y0 } };
            g7sf_reg p[10];
            /* slot i: subspan i / 4, pixel (i & 1, i >> 1 & 1) in it */
            float v[2][4][16];
            for (unsigned i = 0; i < 16; i++) {
                unsigned px = (y0 + (i >> 1 & 1)) * w + x0 + 2 * (i / 4) + (i & 1);
                for (unsigned c = 0; c < 4; c++) {
                    v[0][c][i] = src0[4 * px + c];
                    v[1][c][i] = src1[4 * px + c];
                }
            }
            rt_header(p, 0, 0, xy, 0xFFFF);
            if (!s->dual) {
                /* M2-M9: R slots 7:0, R 15:8, G, G, B, B, A, A */
                for (unsigned c = 0; c < 4; c++)
                    for (unsigned i = 0; i < 16; i++)
                        p[2 + 2 * c + i / 8].ud[i % 8] = fbits(v[0][c][i]);
                CHECK_EQ(rt_send(gpu, &thr, rt_desc(10, 1, RT_SIMD16, 0), p), 0);
                continue;
            }
            /* M2-M5 source 0 R G B A, M6-M9 source 1; low: slots 7:0 = pixel
             * enables 7:0, high: slots 7:0 = pixel enables 15:8 */
            for (unsigned half = 0; half < 2; half++) {
                for (unsigned k = 0; k < 2; k++)
                    for (unsigned c = 0; c < 4; c++)
                        for (unsigned i = 0; i < 8; i++)
                            p[2 + 4 * k + c].ud[i] = fbits(v[k][c][8 * half + i]);
                CHECK_EQ(rt_send(gpu, &thr, rt_desc(10, 1, half ? RT_DUAL_HI : RT_DUAL_LO, 0),
                                 p), 0);
            }
        }
    g7sf_mem_read(gpu, RT_BASE, dst, (size_t)pitch * h);
    g7sf_gpu_destroy(gpu);
}

/* ---- the comparison ------------------------------------------------------- */

typedef struct bstats { unsigned pixels, mismatches, failures; int64_t max_ulp; } bstats;

static void compare(const bfmt *f, unsigned tol, unsigned npix, const uint8_t *a,
                    const uint8_t *b, bstats *st)
{
    for (unsigned i = 0; i < npix; i++) {
        bool mism = false, fail = false;
        for (unsigned k = 0; k < f->nf; k++) {
            const field *fd = &f->f[k];
            int64_t d = distance(fd, get_field(a + f->bytes * i, fd),
                                 get_field(b + f->bytes * i, fd));
            mism |= d != 0;
            fail |= d > tol;
            st->max_ulp = d > st->max_ulp ? d : st->max_ulp;
        }
        st->pixels++;
        st->mismatches += mism;
        st->failures += fail;
    }
}

static unsigned side(void)
{
#if defined(__SANITIZE_ADDRESS__)
    return 16;
#else
    return 32;
#endif
}

/* A random value on an exact code of component c (logic ops compare the
 * bits: rounding differences of the float conversion are not theirs). */
static float code_value(const bfmt *f, unsigned c)
{
    if (f->comp[c] < 0)
        return frand(0.0f, 1.0f);
    const field *fd = &f->f[f->comp[c]];
    if (fd->kind == K_SNORM) {
        int max = (1 << (fd->bits - 1)) - 1;
        return (float)((int)(t_rand() % (unsigned)(2 * max + 1)) - max) / (float)max;
    }
    unsigned max = (1u << fd->bits) - 1;
    return (float)(t_rand() % (max + 1)) / (float)max;
}

/* Random destination texels: raw bits for normalized formats, random
 * values stored through the format's encode for float ones. */
static void random_dst(const bfmt *f, unsigned npix, uint8_t *dst)
{
    const struct g7sf_format_info *fi = g7sf_format_info(f->code);
    bool fl = f->f[0].kind != K_UNORM && f->f[0].kind != K_SNORM;
    for (unsigned i = 0; i < npix; i++) {
        if (!fl) {
            for (unsigned b = 0; b < f->bytes; b++)
                dst[f->bytes * i + b] = (uint8_t)t_rand();
            if (f->f[0].kind == K_SNORM)   /* non-negative: clear the sign bits */
                for (unsigned k = 0; k < f->nf; k++) {
                    unsigned top = f->f[k].shift + f->f[k].bits - 1;
                    dst[f->bytes * i + top / 8] &= (uint8_t)~(1u << top % 8);
                }
            continue;
        }
        g7sf_texel t = { .f = { frand(-2.0f, 2.0f), frand(-2.0f, 2.0f), frand(-2.0f, 2.0f),
                                frand(-2.0f, 2.0f) } };
        memset(dst + f->bytes * i, 0, f->bytes);
        g7sf_texel_encode(fi, &t, dst + f->bytes * i, 0, 0);
    }
}

enum { STATES = 16 };

TEST(mesa_blend_random_states)
{
    const char *why = NULL;
    const mesa_gl *gl = mesa_gl_open(&why);
    if (!gl) {
        printf("  Mesa unavailable: %s\n", why);
        SKIP("no Mesa llvmpipe context");
    }
    char log[1024];
    bool dual_ok = mesa_gl_has_extension(gl, "GL_ARB_blend_func_extended");
    GLuint prog[2] = { mesa_gl_program(gl, vs_src, fs_single, log, sizeof log),
                       dual_ok ? mesa_gl_program(gl, vs_src, fs_dual, log, sizeof log) : 0 };
    CHECKF(prog[0] && (!dual_ok || prog[1]), "shader: %s", log);
    if (!prog[0] || (dual_ok && !prog[1]))
        return;
    unsigned w = side(), h = side(), npix = w * h;
    static float src0[64 * 64 * 4], src1[64 * 64 * 4];
    static uint8_t dst_gl[64 * 64 * 16], dst_g7[64 * 64 * 16];
    for (size_t fi = 0; fi < sizeof formats / sizeof formats[0]; fi++) {
        const bfmt *f = &formats[fi];
        bstats all = { 0 };
        for (unsigned k = 0; k < STATES; k++) {
            bstate s = random_state(f, dual_ok);
            unsigned tol = s.logic ? 0 : f->tol;
            for (unsigned i = 0; i < 4 * npix; i++) {
                src0[i] = s.logic ? code_value(f, i % 4) : frand(f->lo, f->hi);
                src1[i] = frand(f->lo, f->hi);
            }
            random_dst(f, npix, dst_gl);
            memcpy(dst_g7, dst_gl, f->bytes * npix);
            char err[256], name[96];
            if (!gl_blend(gl, prog[s.dual], f, &s, w, h, src0, src1, dst_gl, err, sizeof err)) {
                printf("  %-15s skipped: %s\n", f->name, err);
                break;
            }
            g7_blend(f, &s, w, h, src0, src1, dst_g7);
            bstats st = { 0 };
            compare(f, tol, npix, dst_gl, dst_g7, &st);
            state_name(&s, name, sizeof name);
            printf("  %-15s %-62s%s %4u px, %4u differ, max %lld ulp\n", f->name, name,
                   s.dual ? " dual" : "     ", st.pixels, st.mismatches, (long long)st.max_ulp);
            CHECKF(st.failures == 0, "%s %s: %u pixels beyond %u ulp", f->name, name,
                   st.failures, tol);
            all.pixels += st.pixels;
            all.mismatches += st.mismatches;
            all.max_ulp = st.max_ulp > all.max_ulp ? st.max_ulp : all.max_ulp;
        }
        printf("  %-15s total %6u px, %5u differ (%.4f), max %lld ulp\n", f->name, all.pixels,
               all.mismatches, all.pixels ? (double)all.mismatches / all.pixels : 0.0,
               (long long)all.max_ulp);
    }
    gl->DeleteProgram(prog[0]);
    if (prog[1])
        gl->DeleteProgram(prog[1]);
}
