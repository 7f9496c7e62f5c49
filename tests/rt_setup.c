#include <string.h>

#include "gen7sf/render_cache.h"
#include "gpu_setup.h"
#include "rt_setup.h"

g7sf_gpu *rt_gpu(g7sf_thread *thr)
{
    return rt_gpu_on(G7SF_IVB, thr);
}

g7sf_gpu *rt_gpu_on(enum g7sf_platform p, g7sf_thread *thr)
{
    g7sf_gpu *gpu = t_gpu(p, thr);
    g7sf_set_base(gpu, G7SF_BASE_DYNAMIC, RT_DYNAMIC, 0);
    /* 3DSTATE_BLEND_STATE_POINTERS: type 3, subtype 3, opcode 0, sub-opcode
     * 0x24, DWord Length 0; DW1 pointer [31:6] and the must-be-one bit 0 */
    const uint32_t bsp[2] = { 0x78240000u, RT_BLEND | 1 };
    g7sf_render_cache_command(gpu, bsp, 2);
    return gpu;
}

void rt_blend_entry(g7sf_gpu *gpu, unsigned rt, uint32_t dw0, uint32_t dw1)
{
    t_poke(gpu, RT_DYNAMIC + RT_BLEND + 8 * rt, dw0);
    t_poke(gpu, RT_DYNAMIC + RT_BLEND + 8 * rt + 4, dw1);
}

uint32_t rt_ss_dw0(unsigned surftype, unsigned format, int ytiled)
{
    /* Surface Type [31:29], Format [26:18], Tiled [14], Tile Walk [13] Y */
    return surftype << 29 | format << 18 | (ytiled ? 3u << 13 : 0);
}

void rt_header(g7sf_reg *p, uint32_t m0_0, unsigned rt_index, const uint16_t xy[4][2],
               uint32_t enables)
{
    memset(p, 0, 2 * sizeof *p);
    p[0].ud[0] = m0_0;
    p[0].ud[1] = RT_CC;
    p[0].ud[2] = rt_index;
    for (unsigned s = 0; s < 4; s++)
        p[1].ud[2 + s] = (uint32_t)xy[s][1] << 16 | xy[s][0];
    p[1].ud[7] = enables;
}

uint32_t rt_desc(unsigned mlen, int header, unsigned subtype, unsigned slot_group)
{
    return t_desc(mlen, 0, header, 0xC, subtype | slot_group << 3, RT_BTI);
}

int rt_send(g7sf_gpu *gpu, const g7sf_thread *thr, uint32_t desc, const g7sf_reg *p)
{
    return t_send(gpu, thr, G7SF_SFID_RENDER_CACHE, desc, 0, p, NULL);
}

void rt_colors(g7sf_reg *p, unsigned nslots)
{
    unsigned regs = nslots / 8;   /* per channel */
    for (unsigned i = 0; i < nslots; i++)
        for (unsigned ch = 0; ch < 4; ch++) {
            union { float f; uint32_t u; } v = { ch == 3 ? 1.0f : (float)(16 * ch + i) / 255.0f };
            p[regs * ch + i / 8].ud[i % 8] = v.u;
        }
}

uint32_t rt_slot_rgba8(unsigned i)
{
    return 0xFFu << 24 | (32 + i) << 16 | (16 + i) << 8 | i;
}
