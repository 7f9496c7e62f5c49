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

enum { SAMPLER_SIMD32_64 = 3, SAMPLER_TYPE_DEINTERLACE = 0x08 };

/* The SIMD32/64 deinterlace message (deinterlace.c). */
int sampler_deinterlace(g7sf_msg_ctx *c, const sampler_desc *d);

#endif
