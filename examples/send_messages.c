/* How a simulator embeds gen7sf: state laid out in graphics memory in its
 * hardware encoding, then data port messages sent exactly as an EU's send
 * instruction would, registers in and registers out.  Run by `make demo`. */
#include <stdio.h>
#include <string.h>

#include "gen7sf/gen7sf.h"
#include "gen7sf/format.h"
#include "gen7sf/state.h"

#define SURFACE_STATE_BASE 0x00010000u
#define BINDING_TABLE      0x00000000u   /* offset from the surface state base */
#define SURFACE_STATE      0x00000040u
#define BUFFER             0x00100000u

static void print_reg(const char *name, const g7sf_reg *r)
{
    printf("  %s:", name);
    for (int d = 7; d >= 0; d--)
        printf(" %08x", r->ud[d]);
    printf("\n");
}

static uint32_t desc(unsigned mlen, unsigned rlen, bool header, unsigned type, unsigned ctrl,
                     unsigned bti)
{
    return mlen << 25 | rlen << 20 | (unsigned)header << 19 | type << 14 | ctrl << 8 | bti;
}

int main(void)
{
    g7sf_gpu *gpu = g7sf_gpu_create();
    if (!gpu)
        return 1;
    g7sf_set_base(gpu, G7SF_BASE_SURFACE, SURFACE_STATE_BASE, 0);

    /* A 1 KiB buffer surface: 64 entries of 16 bytes (entries - 1 = 63 in Width). */
    g7sf_render_surface_state ss = { .surface_type = G7SF_SURFTYPE_BUFFER,
                                     .surface_format = G7SF_FORMAT_R32G32B32A32_FLOAT,
                                     .surface_base_address = BUFFER, .width = 63,
                                     .surface_pitch = 15 };
    uint32_t dw[G7SF_RENDER_SURFACE_STATE_DWORDS], bt = SURFACE_STATE;
    g7sf_state_pack(&g7sf_desc_RENDER_SURFACE_STATE, &ss, dw);
    g7sf_mem_write(gpu, SURFACE_STATE_BASE + SURFACE_STATE, dw, sizeof dw);
    g7sf_mem_write(gpu, SURFACE_STATE_BASE + BINDING_TABLE, &bt, 4);
    printf("RENDER_SURFACE_STATE at 0x%08x:", SURFACE_STATE_BASE + SURFACE_STATE);
    for (unsigned i = 0; i < 8; i++)
        printf(" %08x", dw[i]);
    printf("\n");

    g7sf_thread thr = { .binding_table = BINDING_TABLE };
    g7sf_reg payload[5] = {{{0}}}, wb[4];

    /* 1. OWord Block Write, 4 OWords at OWord offset 2 (data cache, type 1000b). */
    payload[0].ud[2] = 2;
    for (unsigned i = 0; i < 16; i++)
        payload[1 + i / 8].ud[i % 8] = 0x1000 + i;
    g7sf_msg m = { G7SF_SFID_DATA_CACHE, desc(3, 0, true, 0x8, 3, 0), false, 0xFFFF, payload };
    printf("\nOWord Block Write, desc 0x%08x -> %s\n", m.desc, g7sf_strerror(g7sf_send(gpu, &thr, &m, wb)));

    /* 2. DWord Scattered Read of 8 DWords, header-less, half the channels enabled. */
    g7sf_reg offsets = {{ 8, 9, 10, 11, 23, 22, 21, 20 }};
    memset(wb, 0, sizeof wb);
    m = (g7sf_msg){ G7SF_SFID_DATA_CACHE, desc(1, 1, false, 0x3, 2, 0), false, 0x0F, &offsets };
    printf("DWord Scattered Read (EMask 0x0F), desc 0x%08x -> %s\n", m.desc,
           g7sf_strerror(g7sf_send(gpu, &thr, &m, wb)));
    print_reg("W0", &wb[0]);

    /* 3. The same buffer through the constant cache, 2 OWords from OWord 2. */
    m = (g7sf_msg){ G7SF_SFID_CONSTANT_CACHE, desc(1, 1, true, 0x0, 2, 0), false, 0xFFFF, payload };
    printf("OWord Block Read (constant cache), desc 0x%08x -> %s\n", m.desc,
           g7sf_strerror(g7sf_send(gpu, &thr, &m, wb)));
    print_reg("W0", &wb[0]);

    /* 4. An erroneous message: the error is returned and latched (§1.5.8). */
    m = (g7sf_msg){ G7SF_SFID_DATA_CACHE, desc(1, 3, true, 0x0, 3, 0), false, 0xFFFF, payload };
    int r = g7sf_send(gpu, &thr, &m, wb);
    g7sf_error e;
    g7sf_last_error(gpu, &e);
    printf("OWord Block Read with rlen 3 for 4 OWords (2 registers) -> %s\n  latched: sfid %u desc 0x%08x "
           "mlen %u rlen %u: %s\n", g7sf_strerror(r), e.sfid, e.desc, e.mlen, e.rlen, e.reason);
    g7sf_gpu_destroy(gpu);
    return r == G7SF_ERLEN ? 0 : 1;
}
