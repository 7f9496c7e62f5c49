/* Blend factors and functions (GL 4.5 §17.3.6 / D3D11 output merger) and
 * logic ops (GL 4.5 §17.3.11) for the render cache's colour pipeline. */
#include <math.h>

#include "dataport/rt_blend.h"

bool rt_blend_factor_valid(unsigned v)
{
    unsigned base = v & ~(unsigned)RT_BLENDFACTOR_INV;
    return v < 0x20 && base >= G7SF_BLENDFACTOR_ONE && base <= G7SF_BLENDFACTOR_SRC1_ALPHA &&
           v != (RT_BLENDFACTOR_INV | G7SF_BLENDFACTOR_SRC_ALPHA_SATURATE);
}

/* Factor f for channel c (3: alpha, where the *_COLOR factors read the
 * alpha channel and SRC_ALPHA_SATURATE is 1).  The pre-blend clamp clamps
 * the factors too (GL 4.5 §17.3.6.1): INV_ factors of SNORM values reach 2. */
static float factor(const rt_color *rc, unsigned f, unsigned c, const float s[4],
                    const float s1[4], const float d[4])
{
    const float *k = rc->constant;
    float v;
    switch (f & ~(unsigned)RT_BLENDFACTOR_INV) {
    case G7SF_BLENDFACTOR_ONE: v = 1.0f; break;
    case G7SF_BLENDFACTOR_SRC_COLOR: v = s[c]; break;
    case G7SF_BLENDFACTOR_SRC_ALPHA: v = s[3]; break;
    case G7SF_BLENDFACTOR_DST_ALPHA: v = d[3]; break;
    case G7SF_BLENDFACTOR_DST_COLOR: v = d[c]; break;
    case G7SF_BLENDFACTOR_SRC_ALPHA_SATURATE: v = c == 3 ? 1.0f : fminf(s[3], 1.0f - d[3]); break;
    case G7SF_BLENDFACTOR_CONST_COLOR: v = k[c]; break;
    case G7SF_BLENDFACTOR_CONST_ALPHA: v = k[3]; break;
    case G7SF_BLENDFACTOR_SRC1_COLOR: v = s1[c]; break;
    default:   v = s1[3]; break;                                 /* SRC1_ALPHA (prepare checked) */
    }
    v = f & RT_BLENDFACTOR_INV ? 1.0f - v : v;
    if (rc->pre_clamp)
        v = v < rc->lo[c] ? rc->lo[c] : v > rc->hi[c] ? rc->hi[c] : v;
    return v;
}

void rt_blend(const rt_color *rc, const float s[4], const float s1[4], const float d[4],
              float out[4])
{
    for (unsigned c = 0; c < 4; c++) {
        unsigned func = c == 3 ? rc->alpha_func : rc->color_func;
        unsigned sf = c == 3 ? rc->src_alpha_factor : rc->src_factor;
        unsigned df = c == 3 ? rc->dst_alpha_factor : rc->dst_factor;
        float st, dt;
        switch (func) {
        case G7SF_BLENDFUNCTION_MIN: out[c] = fminf(s[c], d[c]); continue;   /* no factors */
        case G7SF_BLENDFUNCTION_MAX: out[c] = fmaxf(s[c], d[c]); continue;
        default: break;
        }
        st = s[c] * factor(rc, sf, c, s, s1, d);
        dt = d[c] * factor(rc, df, c, s, s1, d);
        out[c] = func == G7SF_BLENDFUNCTION_ADD        ? st + dt
               : func == G7SF_BLENDFUNCTION_SUBTRACT ? st - dt : dt - st;   /* REVERSE_SUBTRACT */
    }
}

/* LOGICOP_* values are truth tables: bit 3 gives s&d, bit 2 s&~d, bit 1
 * ~s&d, bit 0 ~s&~d (CLEAR 0, AND 8, COPY 12, NOOP 10, SET 15...). */
void rt_logic_op(unsigned func, uint8_t *s, const uint8_t *d, unsigned n)
{
    uint8_t m3 = func & 8 ? 0xFF : 0, m2 = func & 4 ? 0xFF : 0;
    uint8_t m1 = func & 2 ? 0xFF : 0, m0 = func & 1 ? 0xFF : 0;
    for (unsigned i = 0; i < n; i++) {
        uint8_t a = s[i], b = d[i];
        s[i] = (uint8_t)((m3 & a & b) | (m2 & a & ~b) | (m1 & ~a & b) | (m0 & ~a & ~b));
    }
}
