/* Internal: the sampling engine's messages (§2.13) as the message layer
 * decodes them. */
#ifndef G7SF_MSG_SAMPLER_H
#define G7SF_MSG_SAMPLER_H

#include <string.h>

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

/* The MEDIA_SURFACE_STATE at binding table entry bti decoded by `decode`
 * (g7sf_media_surface_from_state or g7sf_avs_surface_from_state) into s;
 * failures latched with msg and role ("deinterlace", "previous frame"). */
struct g7sf_media_surface;
struct g7sf_media_surface_state;
typedef int (*sampler_media_decode)(const struct g7sf_media_surface_state *ss,
                                    struct g7sf_media_surface *s, const char **why);
int sampler_bind_media(g7sf_msg_ctx *c, unsigned bti, const char *msg, const char *role,
                       sampler_media_decode decode, struct g7sf_media_surface *s);

/* The address of `bytes` of sampler state at element offset `off` from the
 * Sampler State Pointer (the header's M0.3, else the thread's; line 4482),
 * relative to Dynamic State Base Address: 0, or G7SF_EFAULT latched with
 * msg outside the bounds. */
int sampler_state_addr(g7sf_msg_ctx *c, const char *msg, uint32_t off, uint32_t bytes,
                       uint32_t *addr);

/* A payload dword as the float it holds. */
static inline float sampler_dw_float(uint32_t v)
{
    float f;
    memcpy(&f, &v, sizeof f);
    return f;
}

/* The SIMD32/64 messages: deinterlace (deinterlace.c), sample_unorm* and
 * cache_flush (sample_unorm.c), sample_8x8 (sample_8x8.c). */
int sampler_deinterlace(g7sf_msg_ctx *c, const sampler_desc *d);
int sampler_unorm(g7sf_msg_ctx *c, const sampler_desc *d);
int sampler_cache_flush(g7sf_msg_ctx *c, const sampler_desc *d);
int sampler_8x8(g7sf_msg_ctx *c, const sampler_desc *d);

#endif
