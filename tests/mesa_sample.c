/* The sampler differential test's machinery (mesa_sample.h): textures with
 * random content in both GL and gen7sf, random per-pixel inputs, one
 * fragment shader draw on Mesa, the same lookups through g7sf_sample, and
 * the comparison. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gen7sf/gen7sf.h"
#include "gen7sf/surface.h"
#include "harness.h"
#include "mesa_sample.h"

/* SAMPLER_STATE values (PRM 2.12.3.1). */
enum { MAPFILTER_NEAREST = 0, MAPFILTER_LINEAR = 1, MAPFILTER_ANISOTROPIC = 2 };
enum { MIPFILTER_NONE = 0, MIPFILTER_NEAREST = 1, MIPFILTER_LINEAR = 3 };
enum { TEXCOORDMODE_WRAP = 0, TEXCOORDMODE_MIRROR = 1, TEXCOORDMODE_CLAMP = 2,
       TEXCOORDMODE_CUBE = 3, TEXCOORDMODE_CLAMP_BORDER = 4, TEXCOORDMODE_MIRROR_ONCE = 5 };
enum { PREFILTER_ALWAYS, PREFILTER_NEVER, PREFILTER_LESS, PREFILTER_EQUAL,
       PREFILTER_LEQUAL, PREFILTER_GREATER, PREFILTER_NOTEQUAL, PREFILTER_GEQUAL };

#define TEX_BASE 0x100000u     /* graphics address of the texture */

/* What a GL target is to GLSL and to gen7sf.  in0 = (u, v, r, layer),
 * in1 = (du/dx, dv/dx, dr/dx, lod or bias), in2 = (du/dy, dv/dy, dr/dy, ref). */
typedef struct target_info {
    GLenum target;
    const char *sampler;       /* GLSL type without "Shadow" */
    const char *p, *p_shadow;  /* coordinate; with the reference folded in
                                  (NULL: the reference is a separate argument) */
    const char *grad;          /* swizzle of in1/in2 for the gradients */
    const char *fetch;         /* integer coordinate of texelFetch (NULL: none) */
    const char *qlod;          /* coordinate of textureQueryLod (no layer) */
    unsigned coords;           /* coordinate components (cube: a direction) */
    unsigned dims;             /* filtered axes of one image */
    int layer_role;            /* gen7sf parameter carrying the layer, or -1 */
    unsigned surftype;
    bool cube;
} target_info;

static const target_info targets[] = {
    { GL_TEXTURE_1D, "sampler1D", "a.x", "vec3(a.x, 0.0, c.w)", "x", "int(a.x)", "a.x",
      1, 1, -1, G7SF_SURFTYPE_1D, false },
    { GL_TEXTURE_1D_ARRAY, "sampler1DArray", "vec2(a.x, a.w)", "vec3(a.x, a.w, c.w)", "x",
      "ivec2(a.x, a.w)", "a.x", 1, 1, G7SF_PARAM_V, G7SF_SURFTYPE_1D, false },
    { GL_TEXTURE_2D, "sampler2D", "a.xy", "vec3(a.xy, c.w)", "xy", "ivec2(a.xy)", "a.xy",
      2, 2, -1, G7SF_SURFTYPE_2D, false },
    { GL_TEXTURE_2D_ARRAY, "sampler2DArray", "vec3(a.xy, a.w)", "vec4(a.xy, a.w, c.w)", "xy",
      "ivec3(a.xy, a.w)", "a.xy", 2, 2, G7SF_PARAM_R, G7SF_SURFTYPE_2D, false },
    { GL_TEXTURE_3D, "sampler3D", "a.xyz", NULL, "xyz", "ivec3(a.xyz)", "a.xyz",
      3, 3, -1, G7SF_SURFTYPE_3D, false },
    { GL_TEXTURE_CUBE_MAP, "samplerCube", "a.xyz", "vec4(a.xyz, c.w)", "xyz", NULL, "a.xyz",
      3, 2, -1, G7SF_SURFTYPE_CUBE, true },
    { GL_TEXTURE_CUBE_MAP_ARRAY, "samplerCubeArray", "vec4(a.xyz, a.w)", NULL, "xyz", NULL,
      "a.xyz", 3, 2, G7SF_PARAM_AI, G7SF_SURFTYPE_CUBE, true },
};

static const target_info *target_of(GLenum t)
{
    for (size_t i = 0; i < sizeof targets / sizeof targets[0]; i++)
        if (targets[i].target == t)
            return &targets[i];
    return NULL;
}

/* What a format is to GL (internal format, and the upload's format and
 * type) and to gen7sf.  channels and bits: what i965's Haswell border
 * colour code reads (_mesa_get_format_bits of red, the base format). */
typedef struct format_info {
    enum ms_format fmt;
    GLint internal;
    GLenum format, type;
    unsigned code;             /* Surface Format */
    unsigned bytes;            /* per texel */
    unsigned channels, bits;
    unsigned texel;            /* G7SF_TEXEL_FLOAT, _UINT or _SINT */
} format_info;

static const format_info formats[] = {
    { MS_RGBA8, GL_RGBA8, GL_RGBA, GL_UNSIGNED_BYTE, G7SF_FORMAT_R8G8B8A8_UNORM, 4, 4, 8,
      G7SF_TEXEL_FLOAT },
    { MS_RGBA32F, GL_RGBA32F, GL_RGBA, GL_FLOAT, G7SF_FORMAT_R32G32B32A32_FLOAT, 16, 4, 32,
      G7SF_TEXEL_FLOAT },
    { MS_DEPTH32F, GL_DEPTH_COMPONENT32F, GL_DEPTH_COMPONENT, GL_FLOAT, G7SF_FORMAT_R32_FLOAT,
      4, 1, 32, G7SF_TEXEL_FLOAT },
    { MS_RGBA8UI, GL_RGBA8UI, GL_RGBA_INTEGER, GL_UNSIGNED_BYTE, G7SF_FORMAT_R8G8B8A8_UINT,
      4, 4, 8, G7SF_TEXEL_UINT },
    { MS_RGBA16I, GL_RGBA16I, GL_RGBA_INTEGER, GL_SHORT, G7SF_FORMAT_R16G16B16A16_SINT,
      8, 4, 16, G7SF_TEXEL_SINT },
    { MS_RGBA16UI, GL_RGBA16UI, GL_RGBA_INTEGER, GL_UNSIGNED_SHORT,
      G7SF_FORMAT_R16G16B16A16_UINT, 8, 4, 16, G7SF_TEXEL_UINT },
    { MS_RGBA32UI, GL_RGBA32UI, GL_RGBA_INTEGER, GL_UNSIGNED_INT,
      G7SF_FORMAT_R32G32B32A32_UINT, 16, 4, 32, G7SF_TEXEL_UINT },
    { MS_RG32UI, GL_RG32UI, GL_RG_INTEGER, GL_UNSIGNED_INT, G7SF_FORMAT_R32G32_UINT,
      8, 2, 32, G7SF_TEXEL_UINT },
    { MS_R8I, GL_R8I, GL_RED_INTEGER, GL_BYTE, G7SF_FORMAT_R8_SINT, 1, 1, 8, G7SF_TEXEL_SINT },
};

static const format_info *format_of(enum ms_format f)
{
    for (size_t i = 0; i < sizeof formats / sizeof formats[0]; i++)
        if (formats[i].fmt == f)
            return &formats[i];
    return &formats[0];
}

static bool is_integer(const ms_config *c)
{
    return format_of(c->fmt)->texel != G7SF_TEXEL_FLOAT;
}

static bool is_gather(enum ms_func f)
{
    return f == MS_GATHER || f == MS_GATHER_OFFSET || f == MS_GATHER_PO;
}

/* Lookups whose derivatives come from the 2x2 quad (affine inputs). */
static bool quad_lod(enum ms_func f)
{
    return f == MS_IMPLICIT || f == MS_BIAS || f == MS_QUERY_LOD;
}

static float frand(float lo, float hi)
{
    return lo + (hi - lo) * (float)(t_rand() >> 40) * (1.0f / (float)(1u << 24));
}

/* ---- GL state to gen7sf state (as i965's gen7 driver programs it) --------- */

static unsigned wrap_mode(GLenum w)
{
    switch (w) {
    case GL_CLAMP_TO_EDGE: return TEXCOORDMODE_CLAMP;
    case GL_CLAMP_TO_BORDER: return TEXCOORDMODE_CLAMP_BORDER;
    case GL_MIRRORED_REPEAT: return TEXCOORDMODE_MIRROR;
    case GL_MIRROR_CLAMP_TO_EDGE: return TEXCOORDMODE_MIRROR_ONCE;
    default: return TEXCOORDMODE_WRAP;
    }
}

/* GL passes when `ref OP texel`; the hardware returns 0.0 when `texel OP
 * ref` holds: the function programmed is the negation of GL's, swapped. */
static unsigned prefilter_op(GLenum f)
{
    switch (f) {
    case GL_NEVER: return PREFILTER_ALWAYS;
    case GL_LESS: return PREFILTER_LEQUAL;
    case GL_EQUAL: return PREFILTER_NOTEQUAL;
    case GL_LEQUAL: return PREFILTER_LESS;
    case GL_GREATER: return PREFILTER_GEQUAL;
    case GL_NOTEQUAL: return PREFILTER_EQUAL;
    case GL_GEQUAL: return PREFILTER_GREATER;
    default: return PREFILTER_NEVER;   /* GL_ALWAYS */
    }
}

static float clampf(float v, float lo, float hi) { return v < lo ? lo : v > hi ? hi : v; }

static void gl_lod_range(const ms_config *c, float *min_lod, float *max_lod)
{
    bool set = c->min_lod != 0.0f || c->max_lod != 0.0f;
    *min_lod = set ? c->min_lod : -1000.0f;
    *max_lod = set ? c->max_lod : 1000.0f;
}

/* An integer texture's border colour as i965 programs it.  Haswell: the
 * 20-DWord SAMPLER_BORDER_COLOR_STATE, zero but for DW16-19, which hold the
 * colour at the width of the format's channels (10-bit ones as 16);
 * channels the format lacks are 0, alpha 1; RG32 puts green where blue
 * goes and alpha 1.  Ivy Bridge: the four float DWords, holding the
 * integers' bits (i965 copies its colour union). */
static void integer_border(const ms_config *c, g7sf_sampler_border_color_state *b)
{
    const format_info *fi = format_of(c->fmt);
    if (!c->hsw) {
        memcpy(&b->border_color_red, &c->iborder[0], 4);
        memcpy(&b->border_color_green, &c->iborder[1], 4);
        memcpy(&b->border_color_blue, &c->iborder[2], 4);
        memcpy(&b->border_color_alpha, &c->iborder[3], 4);
        return;
    }
    uint32_t v[4] = { 0, 0, 0, 1 };
    for (unsigned k = 0; k < fi->channels; k++)
        v[k] = c->iborder[k];
    if (fi->bits == 8) {
        b->border_color_8bit_red = v[0] & 0xFF;
        b->border_color_8bit_green = v[1] & 0xFF;
        b->border_color_8bit_blue = v[2] & 0xFF;
        b->border_color_8bit_alpha = v[3] & 0xFF;
    } else if (fi->bits <= 16) {
        b->border_color_16bit_red = v[0] & 0xFFFF;
        b->border_color_16bit_green = v[1] & 0xFFFF;
        b->border_color_16bit_blue = v[2] & 0xFFFF;
        b->border_color_16bit_alpha = v[3] & 0xFFFF;
    } else if (fi->channels == 2) {
        b->border_color_32bit_red = v[0];
        b->border_color_32bit_blue = v[1];
        b->border_color_32bit_alpha = 1;
    } else {
        b->border_color_32bit_red = v[0];
        b->border_color_32bit_green = v[1];
        b->border_color_32bit_blue = v[2];
        b->border_color_32bit_alpha = v[3];
    }
}

void ms_sampler_from_gl(const ms_config *c, g7sf_sampler *smp)
{
    memset(smp, 0, sizeof *smp);
    g7sf_sampler_state *s = &smp->state;
    unsigned minf = MAPFILTER_NEAREST, mip = MIPFILTER_NONE;
    switch (c->min_filter) {
    case GL_LINEAR: minf = MAPFILTER_LINEAR; break;
    case GL_NEAREST_MIPMAP_NEAREST: mip = MIPFILTER_NEAREST; break;
    case GL_LINEAR_MIPMAP_NEAREST: minf = MAPFILTER_LINEAR; mip = MIPFILTER_NEAREST; break;
    case GL_NEAREST_MIPMAP_LINEAR: mip = MIPFILTER_LINEAR; break;
    case GL_LINEAR_MIPMAP_LINEAR: minf = MAPFILTER_LINEAR; mip = MIPFILTER_LINEAR; break;
    default: break;
    }
    unsigned magf = c->mag_filter == GL_LINEAR ? MAPFILTER_LINEAR : MAPFILTER_NEAREST;
    unsigned ratio = 0;
    if (c->aniso > 1.0f) {
        minf = magf = MAPFILTER_ANISOTROPIC;
        if (c->aniso > 2.0f)
            ratio = (unsigned)fminf((c->aniso - 2.0f) / 2.0f, 7.0f);
        s->anisotropic_algorithm = 1;   /* EWA */
    }
    s->min_mode_filter = minf;
    s->mag_mode_filter = magf;
    s->mip_mode_filter = mip;
    s->maximum_anisotropy = ratio;
    bool rmin = minf != MAPFILTER_NEAREST, rmag = magf != MAPFILTER_NEAREST;
    s->u_address_min_rounding = s->v_address_min_rounding = s->r_address_min_rounding = rmin;
    s->u_address_mag_rounding = s->v_address_mag_rounding = s->r_address_mag_rounding = rmag;

    unsigned tc[3];
    for (int i = 0; i < 3; i++)
        tc[i] = wrap_mode(c->wrap[i]);
    const target_info *ti = target_of(c->target);
    if (ti && ti->cube) {
        bool both_nearest = c->min_filter == GL_NEAREST && c->mag_filter == GL_NEAREST;
        unsigned m = c->seamless && !both_nearest ? TEXCOORDMODE_CUBE : TEXCOORDMODE_CLAMP;
        tc[0] = tc[1] = tc[2] = m;
    } else if (c->target == GL_TEXTURE_1D) {
        tc[1] = TEXCOORDMODE_WRAP;     /* i965: keeps border texels out of 1D */
    }
    s->tcx_address_control_mode = tc[0];
    s->tcy_address_control_mode = tc[1];
    s->tcz_address_control_mode = tc[2];

    if (c->compare)
        s->shadow_function = prefilter_op(c->compare);
    float min_lod, max_lod;
    gl_lod_range(c, &min_lod, &max_lod);
    s->min_lod = (uint32_t)(clampf(min_lod, 0.0f, 13.0f) * 256.0f);   /* U4.8 */
    s->max_lod = (uint32_t)(clampf(max_lod, 0.0f, 13.0f) * 256.0f);
    s->texture_lod_bias = (int32_t)(clampf(c->bias, -16.0f, 15.0f) * 256.0f);  /* S4.8 */
    s->base_mip_level = 0;
    s->lod_preclamp_enable = 1;   /* OGL */
    if (c->reduction) {   /* the min/max extension (gen7sf ext bits) */
        s->reduction_type_enable = 1;
        s->reduction_type = c->reduction == GL_MIN ? G7SF_REDUCTION_MINIMUM
                                                   : G7SF_REDUCTION_MAXIMUM;
    }

    if (is_integer(c)) {
        integer_border(c, &smp->border);
        return;
    }
    /* Depth textures: GL takes the border from red, the sampler from the
     * channel it returns; red goes everywhere. */
    bool depth = c->fmt == MS_DEPTH32F;
    smp->border.border_color_red = c->border[0];
    smp->border.border_color_green = depth ? c->border[0] : c->border[1];
    smp->border.border_color_blue = depth ? c->border[0] : c->border[2];
    smp->border.border_color_alpha = depth ? c->border[0] : c->border[3];
}

static unsigned bytes_per_texel(enum ms_format f) { return format_of(f)->bytes; }

/* Levels of the full chain of c. */
static unsigned chain_levels(const ms_config *c)
{
    uint32_t m = c->w > c->h ? c->w : c->h;
    if (c->target == GL_TEXTURE_3D && c->d > m)
        m = c->d;
    unsigned n = 1;
    while (m >> n)
        n++;
    return n;
}

static unsigned last_level(const ms_config *c)
{
    unsigned last = chain_levels(c) - 1;
    if (c->max_level > 0 && (unsigned)c->max_level < last)
        last = (unsigned)c->max_level;
    return last;
}

/* A letter of ms_config.swizzle as GL's GL_TEXTURE_SWIZZLE_* value. */
static GLenum gl_swizzle(char s)
{
    switch (s) {
    case '0': return GL_ZERO;
    case '1': return GL_ONE;
    case 'G': return GL_GREEN;
    case 'B': return GL_BLUE;
    case 'A': return GL_ALPHA;
    default: return GL_RED;
    }
}

/* GL_TEXTURE_SWIZZLE_* as Haswell's Shader Channel Select, as i965 maps it:
 * GL_RED .. GL_ALPHA to SCS_RED .. SCS_ALPHA, GL_ZERO / GL_ONE to the
 * constants. */
static unsigned channel_select(GLenum s)
{
    switch (s) {
    case GL_ZERO: return G7SF_SCS_ZERO;
    case GL_ONE: return G7SF_SCS_ONE;
    case GL_GREEN: return G7SF_SCS_GREEN;
    case GL_BLUE: return G7SF_SCS_BLUE;
    case GL_ALPHA: return G7SF_SCS_ALPHA;
    default: return G7SF_SCS_RED;
    }
}

void ms_texture_from_gl(const ms_config *c, unsigned levels, uint32_t base,
                        g7sf_texture *t)
{
    const target_info *ti = target_of(c->target);
    memset(t, 0, sizeof *t);
    g7sf_surface *s = &t->surf;
    s->type = ti->surftype;
    s->tiling = s->type == G7SF_SURFTYPE_1D ? G7SF_TILING_LINEAR : G7SF_TILING_Y;
    s->base = base;
    s->width = c->w;
    s->height = ti->dims >= 2 ? c->h : 1;
    s->depth = c->d ? c->d : 1;
    s->levels = levels;
    s->bpb = 8 * bytes_per_texel(c->fmt);
    s->block_w = s->block_h = 1;
    s->halign = 4;
    s->valign = 4;
    s->samples = 1;
    /* Wide enough for the mip chain (and a 3D level's row of slices). */
    uint32_t px = 2 * c->w + 64;
    s->pitch = (px * bytes_per_texel(c->fmt) + 127) / 128 * 128;
    t->format = format_of(c->fmt)->code;
    t->integer_surface_format = is_integer(c);
    t->surface_array = c->target == GL_TEXTURE_1D_ARRAY || c->target == GL_TEXTURE_2D_ARRAY
                    || c->target == GL_TEXTURE_CUBE_MAP_ARRAY;
    t->cube_face_enables = ti->cube ? 0x3F : 0;
    for (unsigned i = 0; i < 4; i++)   /* i965 on Haswell: the GL swizzle */
        t->channel_select[i] = c->swizzle ? channel_select(gl_swizzle(c->swizzle[i]))
                                          : G7SF_SCS_RED + i;
    t->array_len = c->target == GL_TEXTURE_3D ? 1 : s->depth;
    /* i965: Surface Min LOD = GL_TEXTURE_BASE_LEVEL, MIP Count = the last
     * level the view reaches minus it. */
    t->surface_min_lod = (unsigned)c->base_level;
    t->mip_count = last_level(c) - (unsigned)c->base_level;
}

/* ---- the texture's content -------------------------------------------------- */

typedef struct tex_data {
    unsigned levels;
    uint32_t w[16], h[16], d[16];   /* d: 3D depth or layers */
    uint8_t *level[16];
    size_t bytes;                   /* per texel */
} tex_data;

/* Level 0: per channel a sum of two low-frequency waves (periods of many
 * texels, phases at random); level l > 0: the 2x2 box filter of level l-1
 * (edge texels repeated where a level is odd). */
static void smooth_level(tex_data *td, unsigned l)
{
    uint8_t *dst = td->level[l];
    if (l == 0) {
        float ph[4][2];
        for (unsigned ch = 0; ch < 4; ch++)
            ph[ch][0] = frand(0.0f, 6.2832f), ph[ch][1] = frand(0.0f, 6.2832f);
        for (uint32_t y = 0; y < td->h[0]; y++)
            for (uint32_t x = 0; x < td->w[0]; x++)
                for (unsigned ch = 0; ch < 4; ch++) {
                    float v = 0.5f + 0.25f * sinf(6.2832f * (float)x / 16.0f + ph[ch][0]) +
                              0.2f * sinf(6.2832f * (float)y / 12.0f + ph[ch][1]);
                    dst[(y * td->w[0] + x) * 4 + ch] = (uint8_t)(v * 255.0f + 0.5f);
                }
        return;
    }
    const uint8_t *src = td->level[l - 1];
    uint32_t sw = td->w[l - 1], sh = td->h[l - 1];
    for (uint32_t y = 0; y < td->h[l]; y++)
        for (uint32_t x = 0; x < td->w[l]; x++)
            for (unsigned ch = 0; ch < 4; ch++) {
                uint32_t x0 = 2 * x < sw ? 2 * x : sw - 1, x1 = 2 * x + 1 < sw ? 2 * x + 1 : sw - 1;
                uint32_t y0 = 2 * y < sh ? 2 * y : sh - 1, y1 = 2 * y + 1 < sh ? 2 * y + 1 : sh - 1;
                unsigned sum = src[(y0 * sw + x0) * 4 + ch] + src[(y0 * sw + x1) * 4 + ch] +
                               src[(y1 * sw + x0) * 4 + ch] + src[(y1 * sw + x1) * 4 + ch];
                dst[(y * td->w[l] + x) * 4 + ch] = (uint8_t)((sum + 2) / 4);
            }
}

static void tex_make(const ms_config *c, const target_info *ti, tex_data *td)
{
    memset(td, 0, sizeof *td);
    td->levels = chain_levels(c);
    td->bytes = bytes_per_texel(c->fmt);
    for (unsigned l = 0; l < td->levels; l++) {
        td->w[l] = c->w >> l ? c->w >> l : 1;
        td->h[l] = ti->dims >= 2 ? (c->h >> l ? c->h >> l : 1) : 1;
        td->d[l] = c->target == GL_TEXTURE_3D ? (c->d >> l ? c->d >> l : 1)
                 : (c->d ? c->d : 1);
        size_t n = (size_t)td->w[l] * td->h[l] * td->d[l];
        td->level[l] = malloc(n * td->bytes);
        if (c->smooth && c->fmt == MS_RGBA8 && c->target == GL_TEXTURE_2D) {
            smooth_level(td, l);
        } else if (c->fmt == MS_RGBA8 || is_integer(c)) {   /* every bit pattern a texel */
            for (size_t i = 0; i < n * td->bytes; i++)
                td->level[l][i] = (uint8_t)t_rand();
        } else {
            float *f = (float *)td->level[l];
            for (size_t i = 0; i < n * td->bytes / 4; i++)
                f[i] = frand(0.0f, 1.0f);
        }
    }
}

static void tex_free(tex_data *td)
{
    for (unsigned l = 0; l < td->levels; l++)
        free(td->level[l]);
}

/* GL_TEXTURE_BORDER_COLOR: integer textures take theirs as integers. */
static void gl_border(const mesa_gl *gl, const ms_config *c)
{
    unsigned texel = format_of(c->fmt)->texel;
    if (texel == G7SF_TEXEL_UINT) {
        gl->TexParameterIuiv(c->target, GL_TEXTURE_BORDER_COLOR, c->iborder);
    } else if (texel == G7SF_TEXEL_SINT) {
        GLint b[4];
        memcpy(b, c->iborder, sizeof b);
        gl->TexParameterIiv(c->target, GL_TEXTURE_BORDER_COLOR, b);
    } else {
        gl->TexParameterfv(c->target, GL_TEXTURE_BORDER_COLOR, c->border);
    }
}

static GLuint gl_texture(const mesa_gl *gl, const ms_config *c, const tex_data *td)
{
    const format_info *fi = format_of(c->fmt);
    GLint internal = fi->internal;
    GLenum format = fi->format, type = fi->type;
    GLuint t;
    gl->GenTextures(1, &t);
    gl->ActiveTexture(GL_TEXTURE0);
    gl->BindTexture(c->target, t);
    gl->PixelStorei(GL_UNPACK_ALIGNMENT, 1);
    for (unsigned l = 0; l < td->levels; l++) {
        GLint L = (GLint)l;
        GLsizei w = (GLsizei)td->w[l], h = (GLsizei)td->h[l], d = (GLsizei)td->d[l];
        const uint8_t *p = td->level[l];
        switch (c->target) {
        case GL_TEXTURE_1D:
            gl->TexImage1D(c->target, L, internal, w, 0, format, type, p);
            break;
        case GL_TEXTURE_1D_ARRAY:
            gl->TexImage2D(c->target, L, internal, w, d, 0, format, type, p);
            break;
        case GL_TEXTURE_2D:
            gl->TexImage2D(c->target, L, internal, w, h, 0, format, type, p);
            break;
        case GL_TEXTURE_CUBE_MAP:
            for (unsigned f = 0; f < 6; f++)
                gl->TexImage2D(GL_TEXTURE_CUBE_MAP_POSITIVE_X + f, L, internal, w, h, 0,
                               format, type, p + (size_t)f * w * h * td->bytes);
            break;
        default:   /* 3D, 2D arrays, cube arrays */
            gl->TexImage3D(c->target, L, internal, w, h, d, 0, format, type, p);
            break;
        }
    }
    GLenum tg = c->target;
    gl->TexParameteri(tg, GL_TEXTURE_MIN_FILTER, (GLint)c->min_filter);
    gl->TexParameteri(tg, GL_TEXTURE_MAG_FILTER, (GLint)c->mag_filter);
    static const GLenum wrap_names[3] = { GL_TEXTURE_WRAP_S, GL_TEXTURE_WRAP_T,
                                          GL_TEXTURE_WRAP_R };
    for (int i = 0; i < 3; i++)
        gl->TexParameteri(tg, wrap_names[i], (GLint)(c->wrap[i] ? c->wrap[i] : GL_REPEAT));
    float min_lod, max_lod;
    gl_lod_range(c, &min_lod, &max_lod);
    gl->TexParameterf(tg, GL_TEXTURE_LOD_BIAS, c->bias);
    gl->TexParameterf(tg, GL_TEXTURE_MIN_LOD, min_lod);
    gl->TexParameterf(tg, GL_TEXTURE_MAX_LOD, max_lod);
    gl->TexParameteri(tg, GL_TEXTURE_BASE_LEVEL, c->base_level);
    gl->TexParameteri(tg, GL_TEXTURE_MAX_LEVEL, (GLint)last_level(c));
    gl_border(gl, c);
    if (c->swizzle)
        for (unsigned i = 0; i < 4; i++)
            gl->TexParameteri(tg, GL_TEXTURE_SWIZZLE_R + i, (GLint)gl_swizzle(c->swizzle[i]));
    gl->TexParameterf(tg, GL_TEXTURE_MAX_ANISOTROPY, c->aniso > 1.0f ? c->aniso : 1.0f);
    if (c->compare) {
        gl->TexParameteri(tg, GL_TEXTURE_COMPARE_MODE, GL_COMPARE_REF_TO_TEXTURE);
        gl->TexParameteri(tg, GL_TEXTURE_COMPARE_FUNC, (GLint)c->compare);
    }
    if (c->reduction)
        gl->TexParameteri(tg, GL_TEXTURE_REDUCTION_MODE_ARB, (GLint)c->reduction);
    if (c->seamless)
        gl->Enable(GL_TEXTURE_CUBE_MAP_SEAMLESS);
    else
        gl->Disable(GL_TEXTURE_CUBE_MAP_SEAMLESS);
    return t;
}

static int g7_texture(g7sf_gpu *gpu, const ms_config *c, const tex_data *td, g7sf_texture *t)
{
    unsigned last = last_level(c);
    ms_texture_from_gl(c, last + 1, TEX_BASE, t);
    int err = g7sf_surface_validate(&t->surf);
    for (unsigned l = 0; l <= last && !err; l++) {
        size_t slice = (size_t)td->w[l] * td->h[l] * td->bytes;
        for (uint32_t z = 0; z < td->d[l] && !err; z++)
            err = g7sf_surface_write_linear(gpu, &t->surf, l, z, td->level[l] + z * slice,
                                            td->w[l] * td->bytes);
    }
    return err;
}

/* ---- per-pixel inputs ------------------------------------------------------- */

/* A random vector of length len in n dimensions. */
static void rand_vec(unsigned n, float len, float *v)
{
    float s = 0.0f;
    do {
        s = 0.0f;
        for (unsigned i = 0; i < n; i++) {
            v[i] = frand(-1.0f, 1.0f);
            s += v[i] * v[i];
        }
    } while (s < 0.01f || s > 1.0f);
    s = len / sqrtf(s);
    for (unsigned i = 0; i < n; i++)
        v[i] *= s;
}

typedef struct inputs {
    unsigned w, h;
    float *in[3];   /* RGBA per pixel, row y = GL window y */
} inputs;

static uint32_t base_size(const ms_config *c, const target_info *ti)
{
    uint32_t m = c->w;
    if (ti->dims >= 2 && c->h > m)
        m = c->h;
    if (ti->dims == 3 && c->d > m)
        m = c->d;
    return m;
}

/* whole_lod's gradients: texel-space axes major and major / ratio at a
 * random angle, major = 2^(L + 1/1024) min(ratio, cap) so that the LOD of
 * the clamped minor axis is L (gen7sf rounds the 1/1024 away; a filter
 * that truncates keeps L). */
static void whole_lod_grads(const ms_config *c, float *gx, float *gy)
{
    int lo = (int)ceilf(c->lod[0]), hi = (int)floorf(c->lod[1]);
    int lv = lo + (int)(t_rand() % (unsigned)(hi - lo + 1));
    float ratio = frand(1.0f, c->aniso_ratio > 1.0f ? c->aniso_ratio : 1.0f);
    float major = exp2f((float)lv + 1.0f / 1024.0f) * fminf(ratio, fmaxf(c->aniso, 1.0f));
    float a = frand(0.0f, 6.2832f), minor = major / ratio;
    gx[0] = major * cosf(a) / (float)c->w, gx[1] = major * sinf(a) / (float)c->h;
    gy[0] = -minor * sinf(a) / (float)c->w, gy[1] = minor * cosf(a) / (float)c->h;
}

/* Coordinates and gradients x, y (each 4 floats: u v r, w unused) of one
 * sample or quad. */
static void draw_coord(const ms_config *c, const target_info *ti, float *p, float *gx,
                       float *gy)
{
    uint32_t size = base_size(c, ti);
    float lod = frand(c->lod[0], c->lod[1]);
    float major = exp2f(lod) / (float)size;
    float ratio = frand(1.0f, c->aniso_ratio > 1.0f ? c->aniso_ratio : 1.0f);
    float k = 1.0f;
    if (ti->cube) {
        /* A direction with a random major axis, scaled at random; the
         * gradients scale with it so that the face LOD stays as drawn. */
        rand_vec(3, 1.0f, p);
        unsigned ax = (unsigned)(t_rand() % 3);
        p[ax] = p[ax] < 0.0f ? -1.0f : 1.0f;
        k = frand(0.5f, 2.0f);
        for (int i = 0; i < 3; i++)
            p[i] *= k;
        major *= 2.0f * k;   /* face coordinates span 2 direction units */
    } else {
        for (unsigned i = 0; i < ti->coords; i++)
            p[i] = frand(c->coord[0], c->coord[1]);
    }
    if (c->whole_lod) {
        whole_lod_grads(c, gx, gy);
    } else {
        rand_vec(ti->coords, major, gx);
        rand_vec(ti->coords, major / ratio, gy);
    }
    if (t_rand() & 1) {
        float tmp[4];
        memcpy(tmp, gx, sizeof tmp);
        memcpy(gx, gy, sizeof tmp);
        memcpy(gy, tmp, sizeof tmp);
    }
}

static void make_inputs(const ms_config *c, const target_info *ti, const tex_data *td,
                        inputs *in)
{
    unsigned n = in->w * in->h;
    for (int i = 0; i < 3; i++)
        in->in[i] = calloc((size_t)n * 4, sizeof(float));
    uint32_t layers = c->d ? c->d : 1;
    if (ti->cube)
        layers /= 6;
    for (unsigned qy = 0; qy < in->h; qy += 2)
        for (unsigned qx = 0; qx < in->w; qx += 2) {
            float p[4] = { 0 }, gx[4] = { 0 }, gy[4] = { 0 };
            draw_coord(c, ti, p, gx, gy);
            for (unsigned j = 0; j < 4; j++) {
                unsigned x = qx + (j & 1), y = qy + (j >> 1);
                float *a = in->in[0] + 4 * ((size_t)y * in->w + x);
                float *b = in->in[1] + 4 * ((size_t)y * in->w + x);
                float *cc = in->in[2] + 4 * ((size_t)y * in->w + x);
                if (quad_lod(c->func)) {
                    /* affine over the quad: every derivative rule agrees */
                    for (unsigned k = 0; k < 3; k++)
                        a[k] = p[k] + (float)(j & 1) * gx[k] + (float)(j >> 1) * gy[k];
                } else {
                    if (j)
                        draw_coord(c, ti, p, gx, gy);
                    memcpy(a, p, 3 * sizeof(float));
                    memcpy(b, gx, 3 * sizeof(float));
                    memcpy(cc, gy, 3 * sizeof(float));
                }
                /* layers a little outside the range too, and off-centre */
                a[3] = ti->layer_role >= 0 ? frand(-0.7f, (float)layers - 0.3f) : 0.0f;
                b[3] = frand(c->lod[0], c->lod[1]);
                cc[3] = frand(-0.1f, 1.1f);
                if (c->func == MS_FETCH) {
                    unsigned last = last_level(c) - (unsigned)c->base_level;
                    unsigned lv = (unsigned)(t_rand() % (last + 1));
                    unsigned L = lv + (unsigned)c->base_level;
                    a[0] = (float)(t_rand() % td->w[L]);
                    a[1] = (float)(t_rand() % td->h[L]);
                    a[2] = c->target == GL_TEXTURE_3D ? (float)(t_rand() % td->d[L]) : 0.0f;
                    if (ti->layer_role >= 0)
                        a[3] = (float)(t_rand() % layers);
                    b[3] = (float)lv;
                }
                if (c->func == MS_GATHER_PO) {
                    b[0] = (float)((int)(t_rand() % 16) - 8);
                    b[1] = (float)((int)(t_rand() % 16) - 8);
                }
            }
        }
}

/* ---- the GL side ------------------------------------------------------------ */

static const char vs_src[] =
    "#version 330\n"
    "void main() {\n"
    "    vec2 p = vec2(gl_VertexID == 1 ? 3.0 : -1.0, gl_VertexID == 2 ? 3.0 : -1.0);\n"
    "    gl_Position = vec4(p, 0.0, 1.0);\n"
    "}\n";

static void offset_text(const ms_config *c, const target_info *ti, char *buf, size_t n)
{
    if (c->func == MS_GATHER_PO)
        snprintf(buf, n, "ivec2(b.xy)");
    else if (ti->dims == 1)
        snprintf(buf, n, "%d", c->offset[0]);
    else if (ti->dims == 2)
        snprintf(buf, n, "ivec2(%d, %d)", c->offset[0], c->offset[1]);
    else
        snprintf(buf, n, "ivec3(%d, %d, %d)", c->offset[0], c->offset[1], c->offset[2]);
}

/* The lookup expression of c, as a vec4. */
static void lookup_text(const ms_config *c, const target_info *ti, char *buf, size_t n)
{
    bool sh = c->compare != 0;
    /* gather and cube arrays take the reference as a separate argument */
    bool sep = sh && (is_gather(c->func) || !ti->p_shadow);
    const char *p = sh && !sep ? ti->p_shadow : ti->p;
    char dx[32], dy[32], off[48], comp[16];
    snprintf(dx, sizeof dx, "b.%s", ti->grad);
    snprintf(dy, sizeof dy, "c.%s", ti->grad);
    offset_text(c, ti, off, sizeof off);
    if (sep)
        snprintf(comp, sizeof comp, "c.w");
    else
        snprintf(comp, sizeof comp, "%u", c->comp);
    char e[256];
    switch (c->func) {
    case MS_GRAD:
        snprintf(e, sizeof e, "textureGrad(tex, %s, %s, %s)", p, dx, dy);
        break;
    case MS_GRAD_OFFSET:
        snprintf(e, sizeof e, "textureGradOffset(tex, %s, %s, %s, %s)", p, dx, dy, off);
        break;
    case MS_LOD:
        snprintf(e, sizeof e, "textureLod(tex, %s, b.w)", p);
        break;
    case MS_IMPLICIT:
        snprintf(e, sizeof e, "texture(tex, %s%s)", p, sep ? ", c.w" : "");
        break;
    case MS_BIAS:
        snprintf(e, sizeof e, "texture(tex, %s%s, b.w)", p, sep ? ", c.w" : "");
        break;
    case MS_FETCH:
        snprintf(e, sizeof e, "texelFetch(tex, %s, int(b.w))", ti->fetch);
        break;
    case MS_QUERY_LOD:
        snprintf(e, sizeof e, "vec4(textureQueryLod(tex, %s), 0.0, 0.0)", ti->qlod);
        break;
    case MS_GATHER:
        snprintf(e, sizeof e, "textureGather(tex, %s, %s)", p, comp);
        break;
    default:   /* gather with offsets: the reference before, the component after */
        if (sep)
            snprintf(e, sizeof e, "textureGatherOffset(tex, %s, c.w, %s)", p, off);
        else
            snprintf(e, sizeof e, "textureGatherOffset(tex, %s, %s, %s)", p, off, comp);
        break;
    }
    if (sh && !is_gather(c->func))
        snprintf(buf, n, "vec4(%s, 0.0, 0.0, 1.0)", e);
    else
        snprintf(buf, n, "%s", e);
}

/* The render target of c's results: RGBA32F, or RGBA32UI / RGBA32I for an
 * integer texture's (read back as integers, compared exactly). */
typedef struct rt_info {
    const char *prefix;        /* of the GLSL sampler and output types */
    GLint internal;
    GLenum format, type;
} rt_info;

static rt_info rt_of(const ms_config *c)
{
    switch (format_of(c->fmt)->texel) {
    case G7SF_TEXEL_UINT: return (rt_info){ "u", GL_RGBA32UI, GL_RGBA_INTEGER, GL_UNSIGNED_INT };
    case G7SF_TEXEL_SINT: return (rt_info){ "i", GL_RGBA32I, GL_RGBA_INTEGER, GL_INT };
    default: return (rt_info){ "", GL_RGBA32F, GL_RGBA, GL_FLOAT };
    }
}

/* Draws c's lookup at every pixel into out (RGBA floats, or integers). */
static bool gl_run(const mesa_gl *gl, const ms_config *c, const target_info *ti,
                   const tex_data *td, const inputs *in, g7sf_texel *out, char *why, size_t n)
{
    rt_info rti = rt_of(c);
    char look[512], fs[1536];
    lookup_text(c, ti, look, sizeof look);
    /* GLSL 3.30 (softpipe's) unless gather, textureQueryLod or cube arrays
     * need 4.00 */
    bool v400 = is_gather(c->func) || c->func == MS_QUERY_LOD ||
                c->target == GL_TEXTURE_CUBE_MAP_ARRAY;
    snprintf(fs, sizeof fs,
             "#version %s\n"
             "uniform %s%s%s tex;\n"
             "uniform sampler2D in0, in1, in2;\n"
             "layout(location = 0) out %svec4 o;\n"
             "void main() {\n"
             "    ivec2 q = ivec2(gl_FragCoord.xy);\n"
             "    vec4 a = texelFetch(in0, q, 0), b = texelFetch(in1, q, 0),"
             " c = texelFetch(in2, q, 0);\n"
             "    o = %s;\n"
             "}\n", v400 ? "400" : "330", rti.prefix, ti->sampler, c->compare ? "Shadow" : "",
             rti.prefix, look);
    GLuint prog = mesa_gl_program(gl, vs_src, fs, why, n);
    if (!prog)
        return false;
    GLuint tex = gl_texture(gl, c, td);
    GLuint itex[3];
    for (unsigned i = 0; i < 3; i++)
        itex[i] = mesa_gl_float_texture(gl, 1 + i, in->w, in->h, in->in[i]);
    GLuint rt, fbo, vao;
    gl->GenTextures(1, &rt);
    gl->ActiveTexture(GL_TEXTURE4);
    gl->BindTexture(GL_TEXTURE_2D, rt);
    gl->TexImage2D(GL_TEXTURE_2D, 0, rti.internal, (GLsizei)in->w, (GLsizei)in->h, 0,
                   rti.format, rti.type, NULL);
    gl->GenFramebuffers(1, &fbo);
    gl->BindFramebuffer(GL_FRAMEBUFFER, fbo);
    gl->FramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, rt, 0);
    bool ok = gl->CheckFramebufferStatus(GL_FRAMEBUFFER) == GL_FRAMEBUFFER_COMPLETE;
    if (ok) {
        gl->GenVertexArrays(1, &vao);
        gl->BindVertexArray(vao);
        gl->UseProgram(prog);
        static const char *const units[4] = { "tex", "in0", "in1", "in2" };
        for (GLint u = 0; u < 4; u++)
            gl->Uniform1i(gl->GetUniformLocation(prog, units[u]), u);
        gl->Viewport(0, 0, (GLsizei)in->w, (GLsizei)in->h);
        gl->DrawArrays(GL_TRIANGLES, 0, 3);
        gl->ReadPixels(0, 0, (GLsizei)in->w, (GLsizei)in->h, rti.format, rti.type, out);
        gl->UseProgram(0);
        gl->BindVertexArray(0);
        gl->DeleteVertexArrays(1, &vao);
        GLenum e = gl->GetError();
        if (e != GL_NO_ERROR) {
            snprintf(why, n, "GL error 0x%x", e);
            ok = false;
        }
    } else {
        snprintf(why, n, "framebuffer of internal format 0x%x incomplete",
                 (unsigned)rti.internal);
    }
    gl->BindFramebuffer(GL_FRAMEBUFFER, 0);
    gl->DeleteFramebuffers(1, &fbo);
    gl->DeleteTextures(1, &rt);
    gl->DeleteTextures(3, itex);
    gl->DeleteTextures(1, &tex);
    gl->DeleteProgram(prog);
    return ok;
}

/* ---- the gen7sf side -------------------------------------------------------- */

static unsigned g7_op(const ms_config *c)
{
    bool sh = c->compare != 0;
    switch (c->func) {
    case MS_GRAD:
    case MS_GRAD_OFFSET: return sh ? G7SF_OP_SAMPLE_D_C : G7SF_OP_SAMPLE_D;
    case MS_LOD: return sh ? G7SF_OP_SAMPLE_L_C : G7SF_OP_SAMPLE_L;
    case MS_IMPLICIT: return sh ? G7SF_OP_SAMPLE_C : G7SF_OP_SAMPLE;
    case MS_BIAS: return sh ? G7SF_OP_SAMPLE_B_C : G7SF_OP_SAMPLE_B;
    case MS_FETCH: return G7SF_OP_LD;
    case MS_QUERY_LOD: return G7SF_OP_LOD;
    case MS_GATHER:
    case MS_GATHER_OFFSET: return sh ? G7SF_OP_GATHER4_C : G7SF_OP_GATHER4;
    default: return sh ? G7SF_OP_GATHER4_PO_C : G7SF_OP_GATHER4_PO;
    }
}

/* A change of one quad's inputs, to see whether a disagreement sits on a
 * texel or LOD boundary or comes from Mesa's LOD approximation. */
typedef struct nudge {
    float dc[3];    /* added to the coordinates of every pixel of the quad */
    float dlod;     /* LOD change: lod / bias added, gradients scaled by 2^dlod;
                       implicit LOD: sample_b with this bias instead of sample */
} nudge;

typedef struct g7_run {
    g7sf_gpu *gpu;
    const ms_config *c;
    const target_info *ti;
    g7sf_texture tex;
    g7sf_sampler smp;
    unsigned op;
    g7sf_sample_args a;
    g7sf_sample_result r;
} g7_run;

/* sample_d on a cube takes face coordinates (PRM §2.13.1.5, sample_d: u, v
 * already on the face, in [-1, 1]; r = the face): the face of direction
 * r by GL 4.5 table 8.19 (major axis, ties to Z then Y), u = sc / |ma|,
 * v = tc / |ma|, and by the quotient rule du = (dsc |ma| - sc d|ma|) / ma^2
 * (dv alike).  Written out per face here, apart from cube.c. */
static unsigned cube_face_coords(const float r[3], const float dr[2][3], float uv[2],
                                 float duv[2][2])
{
    double ax = fabs(r[0]), ay = fabs(r[1]), az = fabs(r[2]);
    unsigned m = az >= ax && az >= ay ? 2 : ay >= ax ? 1 : 0;
    unsigned face = 2 * m + (r[m] < 0.0f);
    /* (sc, tc) = (sgn_s r[is], sgn_t r[it]) */
    int is, it;
    double sgn_s, sgn_t;
    switch (face) {
    case 0: is = 2, sgn_s = -1, it = 1, sgn_t = -1; break;   /* +X: -rz, -ry */
    case 1: is = 2, sgn_s = +1, it = 1, sgn_t = -1; break;   /* -X: +rz, -ry */
    case 2: is = 0, sgn_s = +1, it = 2, sgn_t = +1; break;   /* +Y: +rx, +rz */
    case 3: is = 0, sgn_s = +1, it = 2, sgn_t = -1; break;   /* -Y: +rx, -rz */
    case 4: is = 0, sgn_s = +1, it = 1, sgn_t = -1; break;   /* +Z: +rx, -ry */
    default: is = 0, sgn_s = -1, it = 1, sgn_t = -1; break;  /* -Z: -rx, -ry */
    }
    double ma = fabs((double)r[m]), sgn_m = r[m] < 0.0f ? -1.0 : 1.0;
    double sc = sgn_s * r[is], tc = sgn_t * r[it];
    uv[0] = (float)(sc / ma);
    uv[1] = (float)(tc / ma);
    for (int k = 0; k < 2; k++) {
        double dma = sgn_m * dr[k][m];
        duv[k][0] = (float)((sgn_s * dr[k][is] * ma - sc * dma) / (ma * ma));
        duv[k][1] = (float)((sgn_t * dr[k][it] * ma - tc * dma) / (ma * ma));
    }
    return face;
}

/* Whether c sends sample_d to a cube (face coordinates from the test). */
static bool cube_grad(const ms_config *c, const target_info *ti)
{
    return ti->cube && (c->func == MS_GRAD || c->func == MS_GRAD_OFFSET);
}

/* Fills the subspan at quad (qx, qy) into g->a, nudged by nd when not NULL. */
static void fill_args(g7_run *g, const inputs *in, unsigned qx, unsigned qy, const nudge *nd)
{
    g7sf_sample_args *a = &g->a;
    const ms_config *c = g->c;
    memset(a, 0, sizeof *a);
    a->op = g->op;
    a->n = 4;
    a->mask = 0xF;
    a->gather_channel = c->comp;
    if (c->func == MS_GRAD_OFFSET || c->func == MS_GATHER_OFFSET)
        memcpy(a->offset, c->offset, sizeof a->offset);
    float s = nd ? exp2f(nd->dlod) : 1.0f, dl = nd ? nd->dlod : 0.0f;
    if (nd && c->func == MS_IMPLICIT)
        a->op = c->compare ? G7SF_OP_SAMPLE_B_C : G7SF_OP_SAMPLE_B;
    for (unsigned j = 0; j < 4; j++) {
        size_t i = (size_t)(qy + (j >> 1)) * in->w + qx + (j & 1);
        const float *pa = in->in[0] + 4 * i, *pb = in->in[1] + 4 * i, *pc = in->in[2] + 4 * i;
        const float *ul = in->in[0] + 4 * ((size_t)qy * in->w + qx);
        float p[3];
        for (int k = 0; k < 3; k++) {
            p[k] = pa[k] + (nd ? nd->dc[k] : 0.0f);
            if (c->func == MS_QUERY_LOD)   /* the quad scaled about UL: LOD + dlod */
                p[k] += (s - 1.0f) * (pa[k] - ul[k]);
        }
        if (c->func == MS_FETCH) {
            a->p[G7SF_PARAM_U][j].i = (int32_t)p[0];
            a->p[G7SF_PARAM_V][j].i = (int32_t)p[1];
            a->p[G7SF_PARAM_R][j].i = (int32_t)p[2];
            if (g->ti->layer_role >= 0)
                a->p[g->ti->layer_role][j].i = (int32_t)pa[3];
            a->p[G7SF_PARAM_LOD][j].i = (int32_t)pb[3];
            continue;
        }
        for (unsigned k = 0; k < g->ti->coords; k++)
            a->p[G7SF_PARAM_U + k][j].f = p[k];
        if (g->ti->layer_role >= 0)
            a->p[g->ti->layer_role][j].f = pa[3];
        static const unsigned dx[3] = { G7SF_PARAM_DUDX, G7SF_PARAM_DVDX, G7SF_PARAM_DRDX };
        static const unsigned dy[3] = { G7SF_PARAM_DUDY, G7SF_PARAM_DVDY, G7SF_PARAM_DRDY };
        for (unsigned k = 0; k < g->ti->coords; k++) {
            a->p[dx[k]][j].f = pb[k] * s;
            a->p[dy[k]][j].f = pc[k] * s;
        }
        if (cube_grad(c, g->ti)) {
            float dr[2][3] = { { pb[0], pb[1], pb[2] }, { pc[0], pc[1], pc[2] } }, uv[2], duv[2][2];
            unsigned face = cube_face_coords(p, (const float(*)[3])dr, uv, duv);
            a->p[G7SF_PARAM_U][j].f = uv[0];
            a->p[G7SF_PARAM_V][j].f = uv[1];
            a->p[G7SF_PARAM_R][j].f = (float)face;
            for (unsigned k = 0; k < 3; k++) {
                a->p[dx[k]][j].f = k < 2 ? duv[0][k] * s : 0.0f;
                a->p[dy[k]][j].f = k < 2 ? duv[1][k] * s : 0.0f;
            }
        }
        a->p[G7SF_PARAM_LOD][j].f = pb[3] + dl;
        a->p[G7SF_PARAM_BIAS][j].f = (c->func == MS_IMPLICIT ? 0.0f : pb[3]) + dl;
        a->p[G7SF_PARAM_REF][j].f = pc[3];
        a->p[G7SF_PARAM_OFFU][j].i = (int32_t)pb[0];
        a->p[G7SF_PARAM_OFFV][j].i = (int32_t)pb[1];
    }
}

/* Channels compared: a depth texture's G, B, A differ by definition (GL
 * LUMINANCE depth mode against the sampler's R32_FLOAT), and a shadow
 * lookup is one value. */
static unsigned compared(const ms_config *c)
{
    if (is_gather(c->func))
        return 0xF;
    if (c->func == MS_QUERY_LOD)
        return 0x3;
    return c->fmt == MS_DEPTH32F ? 0x1 : 0xF;
}

/* |gen7sf - Mesa| in channel k: floats, or integers of the texture's
 * signedness (exact: tolerances below 1 leave no room). */
static double chan_diff(const ms_config *c, const g7sf_texel *x, const g7sf_texel *y, int k)
{
    switch (format_of(c->fmt)->texel) {
    case G7SF_TEXEL_UINT: return fabs((double)x->u[k] - (double)y->u[k]);
    case G7SF_TEXEL_SINT: return fabs((double)x->i[k] - (double)y->i[k]);
    default: return fabsf(x->f[k] - y->f[k]);
    }
}

static float max_diff(const ms_config *c, const g7sf_texel *x, const g7sf_texel *y)
{
    unsigned chans = compared(c);
    float m = 0.0f;
    for (int k = 0; k < 4; k++)
        if (chans & 1u << k) {
            float d = (float)chan_diff(c, x, y, k);
            if (!(d <= m))
                m = d;   /* NaN counts as the largest */
        }
    return m;
}

/* Whether Mesa answered GL's border colour of an integer texture: its
 * channels of iborder, 0 for the missing ones, 1 for a missing alpha. */
static bool is_border(const ms_config *c, const g7sf_texel *x)
{
    const format_info *fi = format_of(c->fmt);
    for (unsigned k = 0; k < 4; k++) {
        uint32_t want = k < fi->channels ? c->iborder[k] : k == 3;
        if (x->u[k] != want)
            return false;
    }
    return true;
}

/* A mismatch's texel, as its class reads. */
static void print_texel(const ms_config *c, const char *who, const g7sf_texel *x)
{
    printf(" %s", who);
    for (int k = 0; k < 4; k++) {
        switch (format_of(c->fmt)->texel) {
        case G7SF_TEXEL_UINT: printf(" %" PRIu32, x->u[k]); break;
        case G7SF_TEXEL_SINT: printf(" %" PRId32, x->i[k]); break;
        default: printf(" %g", x->f[k]); break;
        }
    }
}

/* Pixel i's derivatives in texels of the base level: the gradients, or
 * the quad's differences (UR - UL, LL - UL). */
static void texel_derivs(const g7_run *g, const inputs *in, unsigned qx, unsigned qy, size_t i,
                         float d[2][3])
{
    const ms_config *c = g->c;
    bool quad = quad_lod(c->func);
    const float *ul = in->in[0] + 4 * ((size_t)qy * in->w + qx);
    const float *gx = quad ? ul + 4 : in->in[1] + 4 * i;
    const float *gy = quad ? ul + 4 * in->w : in->in[2] + 4 * i;
    uint32_t size[3] = { c->w, c->h, c->d };
    if (g->ti->cube) {   /* derivatives on pixel i's face: [-1, 1] spans it */
        const float dr[2][3] = { { quad ? gx[0] - ul[0] : gx[0], quad ? gx[1] - ul[1] : gx[1],
                                   quad ? gx[2] - ul[2] : gx[2] },
                                 { quad ? gy[0] - ul[0] : gy[0], quad ? gy[1] - ul[1] : gy[1],
                                   quad ? gy[2] - ul[2] : gy[2] } };
        float uv[2], duv[2][2];
        cube_face_coords(in->in[0] + 4 * i, dr, uv, duv);
        float f = 0.5f * (float)(c->w >> c->base_level ? c->w >> c->base_level : 1);
        for (unsigned s = 0; s < 2; s++)
            d[s][0] = duv[s][0] * f, d[s][1] = duv[s][1] * f, d[s][2] = 0.0f;
        return;
    }
    for (unsigned k = 0; k < 3; k++) {
        uint32_t n = k < g->ti->dims ? size[k] >> c->base_level : 0;
        float f = k < g->ti->dims ? (float)(n ? n : 1) : 0.0f;
        d[0][k] = (quad ? gx[k] - ul[k] : gx[k]) * f;
        d[1][k] = (quad ? gy[k] - ul[k] : gy[k]) * f;
    }
}

static float max_len2(const float d[2][3])
{
    float r2[2] = { 0.0f, 0.0f };
    for (unsigned s = 0; s < 2; s++)
        for (unsigned k = 0; k < 3; k++)
            r2[s] += d[s][k] * d[s][k];
    return fmaxf(r2[0], r2[1]);
}

/* llvmpipe's LOD from derivatives minus the exact one: it takes log2 of
 * rho^2 as exponent + mantissa - 1 (lp_build_fast_log2) and halves it, up
 * to 0.043 off.  0 where it computes no such LOD (explicit LOD, cubes,
 * gather, ld). */
static float mesa_lod_shift(const g7_run *g, const inputs *in, unsigned qx, unsigned qy,
                            size_t i)
{
    enum ms_func f = g->c->func;
    bool grad = f == MS_GRAD || f == MS_GRAD_OFFSET;
    if (!(grad || quad_lod(f)))
        return 0.0f;
    float d[2][3];
    texel_derivs(g, in, qx, qy, i, d);
    float r = max_len2(d);
    if (!(r > 0.0f) || isinf(r))
        return 0.0f;
    int e;
    float m = frexpf(r, &e);   /* r = m 2^e, m in [0.5, 1) */
    return 0.5f * (((float)(e - 1) + (2.0f * m - 1.0f)) - log2f(r));
}

/* The level a lookup lands on, roughly (relative to the base level), for
 * the size of the boundary nudges. */
static float approx_level(const g7_run *g, const inputs *in, unsigned qx, unsigned qy, size_t i)
{
    const ms_config *c = g->c;
    if (is_gather(c->func))
        return 0.0f;
    float lod = in->in[1][4 * i + 3];
    if (c->func != MS_LOD) {
        float d[2][3];
        texel_derivs(g, in, qx, qy, i, d);
        lod = 0.5f * log2f(max_len2(d)) + (c->func == MS_BIAS ? lod : 0.0f);
    }
    lod += c->bias;
    return lod > 0.0f ? fminf(lod, 15.0f) : 0.0f;
}

enum { AGREE, MISMATCH, BOUNDARY, LOD_APPROX, MIP_LERP };

/* llvmpipe's min/max reduction across two levels (gallivm, read in Mesa's
 * lp_bld_sample.c / lp_bld_sample_soa.c): each level is reduced over its
 * texels of non-zero bilinear weight, as gen7sf does, but the two levels'
 * results are then blended by the LOD fraction as for the weighted
 * average, where ARB_texture_filter_minmax (and gen7sf) reduce the texels
 * of both levels together.  Whether Mesa's answer is such a blend of
 * gen7sf's own one-level reductions at levels L and L + 1 around the
 * pixel's level (each got by clamping the LOD to it with Min and Max LOD),
 * with one fraction for every channel. */
static bool mip_lerp(g7_run *g, const inputs *in, unsigned qx, unsigned qy, unsigned j,
                     const g7sf_texel *want, const nudge *nd)
{
    const ms_config *c = g->c;
    if (!c->reduction || (c->min_filter != GL_LINEAR_MIPMAP_LINEAR &&
                          c->min_filter != GL_NEAREST_MIPMAP_LINEAR))
        return false;
    size_t i = (size_t)(qy + (j >> 1)) * in->w + qx + (j & 1);
    int lvl = (int)floorf(approx_level(g, in, qx, qy, i));
    int last = (int)last_level(c) - c->base_level;
    unsigned chans = compared(c);
    g7sf_sampler keep = g->smp;
    bool ok = false;
    fill_args(g, in, qx, qy, nd);
    for (int L = lvl - 1; L <= lvl + 1 && !ok; L++) {
        if (L < 0 || L + 1 > last)
            continue;
        g7sf_texel r[2];
        bool err = false;
        for (int k = 0; k < 2 && !err; k++) {
            g->smp.state.min_lod = g->smp.state.max_lod = (uint32_t)(L + k) * 256u;
            err = g7sf_sample(g->gpu, &g->tex, &g->smp, &g->a, &g->r) != 0;
            r[k] = g->r.px[j];
        }
        g->smp = keep;
        if (err)
            break;
        /* the fraction from the channel whose two levels differ most */
        float span = 0.0f, t = 0.0f;
        for (int k = 0; k < 4; k++) {
            float d = r[1].f[k] - r[0].f[k];
            if ((chans >> k & 1) && fabsf(d) > span)
                span = fabsf(d), t = (want->f[k] - r[0].f[k]) / d;
        }
        if (!(t >= -0.01f && t <= 1.01f))
            continue;
        ok = true;
        for (int k = 0; k < 4; k++)
            if ((chans >> k & 1) &&
                !(fabsf(r[0].f[k] + t * (r[1].f[k] - r[0].f[k]) - want->f[k]) <= c->tol))
                ok = false;
    }
    g->smp = keep;
    return ok;
}

/* Why pixel j of the quad disagrees: gen7sf gives Mesa's value once
 * Mesa's LOD approximation is applied, give or take the nudges below
 * (LOD_APPROX); or some nudge within 1/256 texel (of the level most likely
 * used) and 1/128 LOD does it (BOUNDARY); or nothing does (MISMATCH). */
static int explain(g7_run *g, const inputs *in, unsigned qx, unsigned qy, unsigned j,
                   const g7sf_texel *want)
{
    const ms_config *c = g->c;
    if (c->func == MS_FETCH)
        return MISMATCH;
    if (mip_lerp(g, in, qx, qy, j, want, NULL))
        return MIP_LERP;
    size_t i = (size_t)(qy + (j >> 1)) * in->w + qx + (j & 1);
    const float *pa = in->in[0] + 4 * i;
    float lvl = approx_level(g, in, qx, qy, i) + (float)c->base_level;
    float step[3];
    float scale = exp2f(ceilf(lvl)) / 256.0f;
    uint32_t sz[3] = { c->w, c->h, c->target == GL_TEXTURE_3D ? c->d : 1 };
    float major = 1.0f;   /* cubes: a face spans 2 direction units at |major| 1 */
    if (g->ti->cube)
        major = fmaxf(fabsf(pa[0]), fmaxf(fabsf(pa[1]), fabsf(pa[2]))) * 2.0f;
    for (int k = 0; k < 3; k++)
        step[k] = scale * major / (float)(g->ti->cube ? c->w : sz[k]);
    unsigned nc = g->ti->coords;
    unsigned combos = 1;
    for (unsigned k = 0; k < nc; k++)
        combos *= 3;
    float shift = mesa_lod_shift(g, in, qx, qy, i);
    for (int model = shift != 0.0f; model >= 0; model--)
        for (int dl = -1; dl <= 1; dl++)
            for (unsigned m = 0; m < combos; m++) {
                nudge nd = { { 0, 0, 0 }, (float)dl / 128.0f + (model ? shift : 0.0f) };
                unsigned mm = m;
                for (unsigned k = 0; k < nc; k++, mm /= 3)
                    nd.dc[k] = (float)((int)(mm % 3) - 1) * step[k];
                fill_args(g, in, qx, qy, &nd);
                if (g7sf_sample(g->gpu, &g->tex, &g->smp, &g->a, &g->r) != 0)
                    return MISMATCH;
                /* textureQueryLod: the LOD nudge moves the answer itself */
                float tol = c->tol + (c->func == MS_QUERY_LOD ? fabsf((float)dl) / 128.0f : 0.0f);
                if (max_diff(c, &g->r.px[j], want) <= tol)
                    return model ? LOD_APPROX : BOUNDARY;
            }
    /* llvmpipe's level blend (mip_lerp) of a footprint on a texel boundary */
    for (unsigned m = 0; c->reduction && m < combos; m++) {
        nudge nd = { { 0, 0, 0 }, 0.0f };
        unsigned mm = m;
        for (unsigned k = 0; k < nc; k++, mm /= 3)
            nd.dc[k] = (float)((int)(mm % 3) - 1) * step[k];
        if (mip_lerp(g, in, qx, qy, j, want, &nd))
            return BOUNDARY;
    }
    return MISMATCH;
}

bool ms_run(const mesa_gl *gl, const ms_config *c, unsigned w, unsigned h, ms_stats *st,
            char *why, size_t why_len)
{
    memset(st, 0, sizeof *st);
    const target_info *ti = target_of(c->target);
    if (!ti) {
        snprintf(why, why_len, "unknown target");
        return false;
    }
    tex_data td;
    tex_make(c, ti, &td);
    inputs in = { w, h, { NULL, NULL, NULL } };
    make_inputs(c, ti, &td, &in);
    g7sf_texel *out = malloc((size_t)w * h * sizeof *out);   /* RGBA, 32 bits each */
    bool ok = gl_run(gl, c, ti, &td, &in, out, why, why_len);

    g7_run *g = calloc(1, sizeof *g);
    g->c = c;
    g->ti = ti;
    g->op = g7_op(c);
    bool hsw = c->hsw || g->op == G7SF_OP_SAMPLE_D_C;
    g7sf_gpu_options o = { .platform = hsw ? G7SF_HSW : G7SF_IVB,
                           .extensions = c->reduction ? G7SF_EXT_MINMAX_FILTER : 0u };
    g->gpu = g7sf_gpu_create_ex(&o);
    ms_sampler_from_gl(c, &g->smp);
    if (ok && (st->error = g7_texture(g->gpu, c, &td, &g->tex)) != 0)
        snprintf(why, why_len, "gen7sf surface: error %d", st->error);
    unsigned chans = compared(c);
    unsigned nch = 0;
    for (int k = 0; k < 4; k++)
        nch += chans >> k & 1;
    for (unsigned qy = 0; ok && !st->error && qy < h; qy += 2)
        for (unsigned qx = 0; qx < w && !st->error; qx += 2) {
            fill_args(g, &in, qx, qy, NULL);
            int e = g7sf_sample(g->gpu, &g->tex, &g->smp, &g->a, &g->r);
            if (e) {
                st->error = e;
                break;
            }
            g7sf_sample_result mine = g->r;
            for (unsigned j = 0; j < 4; j++) {
                const g7sf_texel *want = out + (size_t)(qy + (j >> 1)) * w + qx + (j & 1);
                float d = max_diff(c, &mine.px[j], want);
                st->samples++;
                st->border_hits += is_integer(c) && is_border(c, want);
                int why_ = d <= c->tol ? AGREE : explain(g, &in, qx, qy, j, want);
                if (why_ == BOUNDARY)
                    st->boundary++;
                else if (why_ == LOD_APPROX)
                    st->lod_approx++;
                else if (why_ == MIP_LERP)
                    st->mip_lerp++;
                else if (why_ == MISMATCH) {
                    if (st->mismatches < 3) {
                        const float *pa = in.in[0] + 4 * ((size_t)(qy + (j >> 1)) * w + qx + (j & 1));
                        printf("    %s: at (%g %g %g | %g):", c->name, pa[0], pa[1], pa[2],
                               pa[3]);
                        print_texel(c, "gen7sf", &mine.px[j]);
                        print_texel(c, ", Mesa", want);
                        printf("\n");
                    }
                    st->mismatches++;
                }
                if (d > st->max_err || d != d)
                    st->max_err = d;
                for (int k = 0; k < 4; k++)
                    if (chans & 1u << k)
                        st->sum_err += chan_diff(c, &mine.px[j], want, k) / nch;
            }
        }
    g7sf_gpu_destroy(g->gpu);
    free(g);
    free(out);
    for (int i = 0; i < 3; i++)
        free(in.in[i]);
    tex_free(&td);
    return ok;
}

void ms_report(const ms_config *c, const ms_stats *st)
{
    double n = st->samples ? st->samples : 1;
    double rate = st->mismatches / n, brate = st->boundary / n, mean = st->sum_err / n;
    printf("  %-30s %5u samples, %4u mismatches (%.4f), %4u on boundaries (%.4f), "
           "%4u Mesa LOD, max err %.5f, mean %.6f\n", c->name, st->samples, st->mismatches,
           rate, st->boundary, brate, st->lod_approx, st->max_err, mean);
    if (is_integer(c))
        printf("  %-30s %5u of them the border colour\n", "", st->border_hits);
    if (c->reduction)
        printf("  %-30s %5u min/max blended between levels (%.4f)\n", "", st->mip_lerp,
               st->mip_lerp / n);
    CHECKF(st->mip_lerp / n <= c->max_mip_lerp, "%s: level-blend rate %.4f above %.4f",
           c->name, st->mip_lerp / n, c->max_mip_lerp);
    /* coordinates outside [0, 1] on a clamp-to-border integer texture: a
     * border that neither side returned would be a test that tests nothing */
    CHECKF(!is_integer(c) || c->wrap[0] != GL_CLAMP_TO_BORDER || c->func == MS_FETCH ||
           st->border_hits > 0, "%s: Mesa never returned the border colour", c->name);
    CHECKF(st->error == 0, "%s: gen7sf error %d", c->name, st->error);
    CHECKF(rate <= c->max_rate, "%s: mismatch rate %.4f above %.4f", c->name, rate,
           c->max_rate);
    CHECKF(brate <= c->max_boundary, "%s: boundary rate %.4f above %.4f", c->name, brate,
           c->max_boundary);
    CHECKF(c->max_mean <= 0.0f || mean <= c->max_mean, "%s: mean error %.6f above %.6f",
           c->name, mean, c->max_mean);
}
