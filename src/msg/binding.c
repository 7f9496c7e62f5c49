/* Binding table lookup shared by the messages that name a surface by BTI
 * (BINDING_TABLE_STATE, §3.8.1: bits 31:5 of each entry). */
#include "msg.h"

int g7sf_msg_surface_state(g7sf_msg_ctx *c, unsigned bti, size_t bytes, const char *who,
                           uint32_t *addr)
{
    uint32_t bt_addr;
    return g7sf_msg_surface_state_at(c, bti, bytes, who, &bt_addr, addr);
}

int g7sf_msg_surface_state_at(g7sf_msg_ctx *c, unsigned bti, size_t bytes, const char *who,
                              uint32_t *bt_addr, uint32_t *addr)
{
    uint64_t bt_off = (uint64_t)c->thr->binding_table + 4 * bti;
    uint32_t entry;
    if (bt_off > UINT32_MAX ||
        g7sf_base_resolve(c->gpu, G7SF_BASE_SURFACE, (uint32_t)bt_off, 4, bt_addr))
        return g7sf_msg_fail(c, G7SF_EFAULT, "%s: binding table entry %u outside surface state "
                             "bounds", who, bti);
    g7sf_msg_read_dw(c->gpu, *bt_addr, &entry, 1);
    if (g7sf_base_resolve(c->gpu, G7SF_BASE_SURFACE, entry & ~0x1Fu, bytes, addr))
        return g7sf_msg_fail(c, G7SF_EFAULT, "%s: surface state at 0x%x (BTI %u) outside surface "
                             "state bounds", who, entry & ~0x1Fu, bti);
    return 0;
}
