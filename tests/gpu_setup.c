#include <string.h>

#include "gpu_setup.h"

g7sf_gpu *t_gpu(enum g7sf_platform p, g7sf_thread *thr)
{
    g7sf_gpu_options o = { .platform = p };
    g7sf_gpu *gpu = g7sf_gpu_create_ex(&o);
    g7sf_set_base(gpu, G7SF_BASE_SURFACE, T_SURFACE_BASE, T_SURFACE_BOUND);
    g7sf_set_base(gpu, G7SF_BASE_GENERAL, T_GENERAL_BASE, 0);
    memset(thr, 0, sizeof *thr);
    thr->binding_table = T_BINDING_TABLE;
    return gpu;
}

void t_bind_state(g7sf_gpu *gpu, unsigned bti, const uint32_t dw[8])
{
    uint32_t ss_off = 0x1000 + 32 * bti;
    g7sf_mem_write(gpu, T_SURFACE_BASE + ss_off, dw, 32);
    g7sf_mem_write(gpu, T_SURFACE_BASE + T_BINDING_TABLE + 4 * bti, &ss_off, 4);
}

void t_bind_buffer(g7sf_gpu *gpu, unsigned bti, unsigned surftype, unsigned format,
                   uint32_t base, uint32_t entries, bool tiled)
{
    uint32_t n = entries - 1;
    uint32_t dw[8] = {
        surftype << 29 | format << 18 | (tiled ? 1u << 14 : 0),
        base,
        ((n >> 7) & 0x3FFF) << 16 | (n & 0x7F),
        (n >> 21) << 21 | 15,   /* pitch 16 bytes - 1 */
    };
    t_bind_state(gpu, bti, dw);
}

uint32_t t_desc(unsigned mlen, unsigned rlen, bool header, unsigned type, unsigned ctrl,
                unsigned bti)
{
    return mlen << 25 | rlen << 20 | (header ? 1u << 19 : 0) | type << 14 | ctrl << 8 | bti;
}

int t_send(g7sf_gpu *gpu, const g7sf_thread *thr, unsigned sfid, uint32_t desc, uint16_t emask,
           const g7sf_reg *payload, g7sf_reg *wb)
{
    g7sf_msg m = { .sfid = sfid, .desc = desc, .exec_mask = emask, .payload = payload };
    return g7sf_send(gpu, thr, &m, wb);
}

uint32_t t_peek(g7sf_gpu *gpu, uint32_t addr)
{
    uint32_t v = 0;
    g7sf_mem_read(gpu, addr, &v, 4);
    return v;
}

void t_poke(g7sf_gpu *gpu, uint32_t addr, uint32_t v) { g7sf_mem_write(gpu, addr, &v, 4); }
