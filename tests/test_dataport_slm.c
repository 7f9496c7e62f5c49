/* Shared local memory (§3.2.3): BTI 254 on the data cache (and Haswell's
 * port 1) for byte scattered, untyped read/write and untyped atomics. */
#include <string.h>

#include "gpu_setup.h"
#include "harness.h"

#define DC G7SF_SFID_DATA_CACHE
#define DC1 G7SF_SFID_DATA_CACHE1
#define CC G7SF_SFID_CONSTANT_CACHE
#define SLM 254
#define SENTINEL 0xDEADBEEFu
enum { BYTE_READ = 0x4, BYTE_WRITE = 0xC, IVB_READ = 0x5, IVB_ATOMIC = 0x6, IVB_WRITE = 0xD,
       HSW_READ = 0x1, HSW_ATOMIC = 0x2, DWORD_READ = 0x3 };
enum { SIMD8 = 0x20, RED_ONLY = 0xE, INC = 5, RET = 0x20, ATOMIC_SIMD8 = 0x10 };

static uint8_t slm[0x10000];

static uint32_t slm32(uint32_t off)
{
    uint32_t v;
    memcpy(&v, slm + off, 4);   /* little-endian */
    return v;
}

TEST(slm_untyped_write_read_wraps_at_64k)
{
    g7sf_thread thr;
    g7sf_gpu *gpu = t_gpu(G7SF_IVB, &thr);
    memset(slm, 0, sizeof slm);
    thr.slm = slm;
    size_t pages = g7sf_mem_pages(gpu);
    g7sf_reg p[2] = {{{0}}};
    uint32_t U[4] = { 0, 0x10004u, 0xFFFFFFFCu, 0x1FFF8u };   /* 0, 4, 0xFFFC, 0xFFF8 */
    for (unsigned i = 0; i < 4; i++)
        p[0].ud[i] = U[i], p[1].ud[i] = 0x5100 + i;
    CHECK_EQ(t_send(gpu, &thr, DC, t_desc(2, 0, 0, IVB_WRITE, SIMD8 | RED_ONLY, SLM), 0x0F, p, NULL), 0);
    CHECK_EQ(slm32(0), 0x5100);
    CHECK_EQ(slm32(4), 0x5101);
    CHECK_EQ(slm32(0xFFFC), 0x5102);
    CHECK_EQ(slm32(0xFFF8), 0x5103);
    CHECK_EQ(g7sf_mem_pages(gpu), pages);   /* no graphics memory touched */
    /* RGBA at 0xFFF8: R, G at the end, B, A wrap to 0 and 4 */
    g7sf_reg a = {{0xFFF8u}};
    g7sf_reg w4[4];
    CHECK_EQ(t_send(gpu, &thr, DC, t_desc(1, 4, 0, IVB_READ, SIMD8, SLM), 0x01, &a, w4), 0);
    CHECK_EQ(w4[0].ud[0], 0x5103);
    CHECK_EQ(w4[1].ud[0], 0x5102);
    CHECK_EQ(w4[2].ud[0], 0x5100);
    CHECK_EQ(w4[3].ud[0], 0x5101);
    g7sf_gpu_destroy(gpu);
}

TEST(slm_byte_scattered_element_straddling_the_end_continues_at_byte_0)
{
    g7sf_thread thr;
    g7sf_gpu *gpu = t_gpu(G7SF_HSW, &thr);   /* byte scattered: Haswell's port 0 */
    memset(slm, 0, sizeof slm);
    thr.slm = slm;
    g7sf_reg p[2] = {{{0}}}, wb[1];
    p[0].ud[0] = 0xFFFE, p[1].ud[0] = 0x44332211u;
    CHECK_EQ(t_send(gpu, &thr, DC, t_desc(2, 0, 0, BYTE_WRITE, 2 << 2, SLM), 0x01, p, NULL), 0);
    CHECK_EQ(slm[0xFFFE], 0x11);
    CHECK_EQ(slm[0xFFFF], 0x22);
    CHECK_EQ(slm[0], 0x33);
    CHECK_EQ(slm[1], 0x44);
    wb[0].ud[0] = SENTINEL;
    CHECK_EQ(t_send(gpu, &thr, DC, t_desc(1, 1, 0, BYTE_READ, 1 << 2, SLM), 0x01, p, wb), 0);
    CHECK_EQ(wb[0].ud[0], 0xDEAD2211u);
    g7sf_gpu_destroy(gpu);
}

TEST(slm_atomics_and_haswell_port_1)
{
    g7sf_thread thr;
    g7sf_gpu *gpu = t_gpu(G7SF_HSW, &thr);
    memset(slm, 0, sizeof slm);
    thr.slm = slm;
    g7sf_reg p[5] = {{{0}}}, wb[2];
    for (unsigned i = 0; i < 8; i++)
        p[0].ud[i] = 0x10010;   /* wraps to 16 */
    CHECK_EQ(t_send(gpu, &thr, DC1, t_desc(1, 1, 0, HSW_ATOMIC, RET | ATOMIC_SIMD8 | INC, SLM), 0xFF,
                    p, wb), 0);
    for (unsigned i = 0; i < 8; i++)
        CHECK_EQ(wb[0].ud[i], i);
    CHECK_EQ(slm32(16), 8);
    CHECK_EQ(t_send(gpu, &thr, DC1, t_desc(1, 1, 0, HSW_READ, SIMD8 | RED_ONLY, SLM), 0x01, p, wb), 0);
    CHECK_EQ(wb[0].ud[0], 8);
    /* AOP_CMPWR8B is not supported for SLM */
    CHECK_EQ(t_send(gpu, &thr, DC1, t_desc(5, 2, 0, HSW_ATOMIC, RET | ATOMIC_SIMD8 | 0, SLM), 0xFF,
                    p, wb), G7SF_EOPCODE);
    g7sf_gpu_destroy(gpu);
}

TEST(slm_needs_an_allocation_and_only_the_data_cache_knows_it)
{
    g7sf_thread thr;
    g7sf_gpu *gpu = t_gpu(G7SF_IVB, &thr);
    g7sf_reg p[2] = {{{0}}}, wb[1];
    /* no SLM allocated */
    CHECK_EQ(t_send(gpu, &thr, DC, t_desc(1, 1, 0, IVB_READ, SIMD8 | RED_ONLY, SLM), 0xFF, p, wb),
             G7SF_ESTATE);
    CHECK_EQ(t_send(gpu, &thr, DC, t_desc(1, 1, 0, IVB_ATOMIC, RET | ATOMIC_SIMD8 | INC, SLM), 0xFF,
                    p, wb), G7SF_ESTATE);
    thr.slm = slm;
    /* other data cache messages cannot use 254 */
    CHECK_EQ(t_send(gpu, &thr, DC, t_desc(1, 1, 0, DWORD_READ, 2, SLM), 0xFF, p, wb), G7SF_EOPCODE);
    /* the constant cache reads binding table entry 254 as any other */
    t_bind_buffer(gpu, SLM, 4, 0x000, 0x00800000u, 4, false);
    t_poke(gpu, 0x00800000u, 0x254);
    wb[0].ud[0] = SENTINEL;
    CHECK_EQ(t_send(gpu, &thr, CC, t_desc(1, 1, 0, DWORD_READ, 2, SLM), 0x01, p, wb), 0);
    CHECK_EQ(wb[0].ud[0], 0x254);
    g7sf_gpu_destroy(gpu);
}
