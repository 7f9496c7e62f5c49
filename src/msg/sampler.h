/* Internal: the sampling engine's messages (§2.13) as the message layer
 * decodes them. */
#ifndef G7SF_MSG_SAMPLER_H
#define G7SF_MSG_SAMPLER_H

#include "msg.h"

/* The sampler message descriptor's function control (§2.13.1.1). */
typedef struct sampler_desc {
    unsigned simd;            /* [18:17] SIMD Mode: 0 SIMD4x2, 1 SIMD8, 2 SIMD16, 3 SIMD32/64 */
    unsigned type;            /* [16:12] Message Type */
    unsigned sampler_index;   /* [11:8] */
    unsigned bti;             /* [7:0] Binding Table Index */
} sampler_desc;

enum { SAMPLER_SIMD32_64 = 3 };

/* The SIMD32/64 message types (table at lines 4618-4629). */
enum {
    SAMPLER32_UNORM_PS = 0x00, SAMPLER32_UNORM_KILLPIX_PS = 0x02, SAMPLER32_8X8_PS = 0x03,
    SAMPLER32_DEINTERLACE = 0x08, SAMPLER32_UNORM_KILLPIX_MEDIA = 0x0A,
    SAMPLER32_8X8_MEDIA = 0x0B, SAMPLER32_UNORM_MEDIA = 0x0C, SAMPLER32_CACHE_FLUSH = 0x1F
};

/* The texture at binding table entry bti, decoded once per distinct
 * RENDER_SURFACE_STATE (sampler.c). */
struct g7sf_texture;
int sampler_bind_texture(g7sf_msg_ctx *c, unsigned bti, struct g7sf_texture *t);

/* The SIMD32/64 messages: deinterlace (deinterlace.c), sample_unorm* and
 * cache_flush (sample_unorm.c), sample_8x8 (sample_8x8.c). */
int sampler_deinterlace(g7sf_msg_ctx *c, const sampler_desc *d);
int sampler_unorm(g7sf_msg_ctx *c, const sampler_desc *d);
int sampler_cache_flush(g7sf_msg_ctx *c, const sampler_desc *d);
int sampler_8x8(g7sf_msg_ctx *c, const sampler_desc *d);

#endif
