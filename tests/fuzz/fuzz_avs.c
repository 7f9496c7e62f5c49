/* g7sf_avs_block on fuzzed state and input: SAMPLER_8x8_STATE and the
 * sample_8x8 SAMPLER_STATE unpacked from any dwords (every tap, DW136/137
 * field and IEF weight), images of 1..40 x 1..40 texels with any channels
 * missing, any stride slack, walks from any float bits (NaN, infinities,
 * huge steps), blocks of 0..41 x 0..41 and output strides that may be too
 * short.  Each present plane lies in a buffer exactly as large as its rows
 * (stride x height), so a read past it is an ASan finding.
 * Contract: G7SF_EINVAL (or G7SF_ENOMEM) with a reason and the outputs
 * untouched, or 0 with every requested channel of the block written,
 * within 0 .. 0xFF00 (G with the IEF: a 10-bit value << 6), and nothing
 * outside the block. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "fuzz.h"
#include "gen7sf/avs.h"

enum { MAXS = 40, GUARD = 0x5A5A };

static float any_float(fuzz_in *in)
{
    uint32_t u = fuzz_u32(in);
    float f;
    memcpy(&f, &u, sizeof f);
    return f;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    fuzz_in in = { data, size };
    uint32_t dw[G7SF_SAMPLER_8x8_STATE_DWORDS], sdw[G7SF_SAMPLER_STATE_8X8_DWORDS];
    fuzz_bytes(&in, dw, sizeof dw);
    fuzz_bytes(&in, sdw, sizeof sdw);
    g7sf_sampler_8x8_state avs;
    g7sf_sampler_state_8x8 ief;
    g7sf_state_unpack(&g7sf_desc_SAMPLER_8x8_STATE, dw, &avs);
    g7sf_state_unpack(&g7sf_desc_SAMPLER_STATE_8X8, sdw, &ief);
    uint8_t b[8];
    fuzz_bytes(&in, b, sizeof b);
    int iw = 1 + b[0] % MAXS, ih = 1 + b[1] % MAXS, w = b[2] % (MAXS + 2), h = b[3] % (MAXS + 2);
    ptrdiff_t stride = iw + (b[4] & 3);
    ptrdiff_t ostride = (w > 0 ? w : 1) + (b[5] & 3) - (b[5] & 4 ? 1 : 0);
    bool use_ief = b[6] & 1, rgb = b[6] & 2;
    g7sf_avs_walk walk = { any_float(&in), any_float(&in), any_float(&in), any_float(&in),
                           any_float(&in), (int32_t)fuzz_u32(&in) % 4096 };
    if (b[6] & 4) {   /* a sane walk around the image, so the filters run */
        walk.u0 = (float)((int8_t)b[7]) / 64.0f, walk.v0 = (float)(b[7] & 15) / 8.0f;
        walk.du = fabsf(walk.du) < 4.0f ? walk.du : 0.03f;
        walk.dv = fabsf(walk.dv) < 4.0f ? walk.dv : 0.05f;
        walk.ddu = fabsf(walk.ddu) < 0.1f ? walk.ddu : 0.0f;
        walk.row0 %= 64;
    }
    g7sf_avs_image img = { .stride = stride, .width = iw, .height = ih, .rgb = rgb };
    uint16_t *planes[4] = { NULL, NULL, NULL, NULL };
    uint8_t present = fuzz_u8(&in), wanted = fuzz_u8(&in);
    size_t n = (size_t)stride * (size_t)ih;
    for (int c = 0; c < 4; c++) {
        img.value[c] = fuzz_u16(&in);
        if (present >> c & 1) {
            FUZZ_CHECK(planes[c] = malloc(n * sizeof(uint16_t)), "out of memory");
            /* 16 bit Full (0 .. 0xFF00), or any 16 bits with bit 7 */
            for (size_t i = 0; i < n; i++)
                planes[c][i] = present & 0x80 ? fuzz_u16(&in) : (uint16_t)(fuzz_u8(&in) << 8);
            img.ch[c] = planes[c];
        }
    }
    size_t on = (size_t)(ostride > 0 ? ostride : 1) * (size_t)(h > 0 ? h : 1) + 8;
    uint16_t *out[4] = { NULL, NULL, NULL, NULL }, *o[4] = { NULL, NULL, NULL, NULL };
    for (int c = 0; c < 4; c++)
        if (wanted >> c & 1) {
            FUZZ_CHECK(out[c] = malloc(on * sizeof(uint16_t)), "out of memory");
            for (size_t i = 0; i < on; i++)
                out[c][i] = GUARD;
            o[c] = out[c];
        }
    const char *why = NULL;
    int err = g7sf_avs_block(&avs, use_ief ? &ief : NULL, &img, &walk, w, h, o, ostride, &why);
    FUZZ_CHECK(err == 0 || err == G7SF_EINVAL || err == G7SF_ENOMEM, "code %d", err);
    FUZZ_CHECK(!err == !why, "reason %s with code %d", why ? why : "(none)", err);
    bool ief_on = use_ief && !ief.ief_bypass;
    for (int c = 0; c < 4; c++) {
        for (size_t i = 0; out[c] && i < on; i++) {
            size_t y = i / (size_t)(ostride > 0 ? ostride : 1), x = i % (size_t)(ostride > 0 ? ostride : 1);
            bool in_block = !err && y < (size_t)h && x < (size_t)w;
            if (!in_block) {
                FUZZ_CHECK(out[c][i] == GUARD, "channel %d sample %zu outside the block written",
                           c, i);
                continue;
            }
            FUZZ_CHECK(out[c][i] <= 0xFF00, "channel %d (%zu, %zu): 0x%x over 1.0", c, x, y,
                       out[c][i]);
            if (c == 1 && ief_on)
                FUZZ_CHECK(out[c][i] % 64 == 0, "IEF G (%zu, %zu): 0x%x not 10-bit", x, y,
                           out[c][i]);
        }
        free(out[c]);
        free(planes[c]);
    }
    return 0;
}
