/* Blend factors and functions (GL 4.5 §17.3.6 / D3D11 output merger) and
 * logic ops (GL 4.5 §17.3.11) for the render cache's colour pipeline. */
#include <math.h>

#include "dataport/rt_blend.h"

bool rt_blend_factor_valid(unsigned v)
{
    unsigned base = v & ~(unsigned)RT_BLENDFACTOR_INV;
    return v < 0x20 && base >= 0x01 && base <= 0x0A && v != (RT_BLENDFACTOR_INV | 0x06);
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
    case 0x01: v = 1.0f; break;                                  /* ONE */
    case 0x02: v = s[c]; break;                                  /* SRC_COLOR */
    case 0x03: v = s[3]; break;                                  /* SRC_ALPHA */
    case 0x04: v = d[3]; break;                                  /* DST_ALPHA */
    case 0x05: v = d[c]; break;                                  /* DST_COLOR */
    case 0x06: v = c == 3 ? 1.0f : fminf(s[3], 1.0f - d[3]); break;   /* SRC_ALPHA_SATURATE */
    case 0x07: v = k[c]; break;                                  /* CONST_COLOR */
    case 0x08: v = k[3]; break;                                  /* CONST_ALPHA */
    case 0x09: v = s1[c]; break;                                 /* SRC1_COLOR */
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
        case 3: out[c] = fminf(s[c], d[c]); continue;           /* MIN: no factors */
        case 4: out[c] = fmaxf(s[c], d[c]); continue;           /* MAX */
        default: break;
        }
        st = s[c] * factor(rc, sf, c, s, s1, d);
        dt = d[c] * factor(rc, df, c, s, s1, d);
        out[c] = func == 0 ? st + dt : func == 1 ? st - dt : dt - st;
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
