/* Internal: one message being executed, as the shared functions see it. */
#ifndef G7SF_MSG_MSG_H
#define G7SF_MSG_MSG_H

#include <string.h>

#include "core/memory.h"
#include "gen7sf/state.h"

typedef struct g7sf_msg_ctx {
    g7sf_gpu *gpu;
    const g7sf_thread *thr;
    const g7sf_msg *msg;
    g7sf_reg *wb;
    unsigned mlen, rlen;     /* desc[28:25], desc[24:20] */
    bool header;             /* desc[19] */
    uint32_t fc;             /* desc[18:0], function control */
} g7sf_msg_ctx;

/* Latches the error (first one wins, as the MMIO registers do) with a
 * printf-style reason, and returns code. */
int g7sf_msg_fail(g7sf_msg_ctx *c, int code, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

/* Payload register i counted from the first data register: M1 when there is
 * a header, M0 when not (payload moves down by one without a header). */
static inline const g7sf_reg *g7sf_msg_data(const g7sf_msg_ctx *c, unsigned i)
{
    return &c->msg->payload[i + (c->header ? 1 : 0)];
}

/* The payload from data register i, and the writeback from register 0, as
 * one run of DWords (registers follow each other in both arrays). */
static inline const uint32_t *g7sf_msg_data_dw(const g7sf_msg_ctx *c, unsigned i)
{
    return (const uint32_t *)g7sf_msg_data(c, i);
}
static inline uint32_t *g7sf_msg_wb_dw(const g7sf_msg_ctx *c) { return (uint32_t *)c->wb; }

/* The graphics address of the `bytes`-byte surface state that binding table
 * entry bti points at (table and entry both offsets from Surface State Base
 * Address).  0, or G7SF_EFAULT latched with a reason starting `who`. */
int g7sf_msg_surface_state(g7sf_msg_ctx *c, unsigned bti, size_t bytes, const char *who,
                           uint32_t *addr);
/* The same, and the binding table entry's own address in *bt_addr. */
int g7sf_msg_surface_state_at(g7sf_msg_ctx *c, unsigned bti, size_t bytes, const char *who,
                              uint32_t *bt_addr, uint32_t *addr);

/* n DWords of state at graphics address addr (inside 4 GiB: resolved by
 * the caller), through the page pointer when they lie in one page. */
static inline void g7sf_msg_read_dw(g7sf_gpu *gpu, uint32_t addr, uint32_t *dw, unsigned n)
{
    const uint8_t *p = g7sf_mem_span(gpu, addr, 4u * n);
    if (p)
        memcpy(dw, p, 4u * n);
    else
        g7sf_mem_read(gpu, addr, dw, 4u * n);
}

/* What a message makes of a RENDER_SURFACE_STATE (and the extra values it
 * depends on): 0, or an error code with a one-line reason in *why. */
typedef int (*g7sf_msg_decode_fn)(const g7sf_render_surface_state *ss, const uint32_t *extra,
                                  void *out, const char **why);

/* Shared functions' entry points, one per SFID family. */
int g7sf_dataport_send(g7sf_msg_ctx *c);
int g7sf_sampler_send(g7sf_msg_ctx *c);

#endif
