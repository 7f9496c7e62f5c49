/* Untyped Atomic Operation and Atomic Counter Operation (§3.9.9) through
 * g7sf_send(), against a plain C model of the atomic operation table. */
#include <pthread.h>

#include "gpu_setup.h"
#include "harness.h"

#define DC G7SF_SFID_DATA_CACHE
#define DC1 G7SF_SFID_DATA_CACHE1
#define BUF 0x00500000u
#define COUNTER 0x00600040u
#define SENTINEL 0xDEADBEEFu
#define RAW 0x1FF
#define DWORDS 64   /* the buffer: 256 bytes */
enum { IVB_ATOMIC = 0x6, HSW_ATOMIC = 0x2, HSW_ATOMIC_4X2 = 0x3, HSW_COUNTER = 0xB,
       HSW_COUNTER_4X2 = 0xC };
enum { CMPWR8B = 0, INC = 5, ADD = 7, CMPWR = 14, PREDEC = 15 };
#define RET 0x20      /* desc[13] Return Data Control, as t_desc control bits */
#define SIMD8 0x10    /* desc[12] */

static void fill_wb(g7sf_reg *wb, unsigned n)
{
    for (unsigned r = 0; r < n; r++)
        for (unsigned d = 0; d < 8; d++)
            wb[r].ud[d] = SENTINEL;
}

/* The table of 3.9.9, written out again: new value, *ret what returns. */
static uint32_t ref_aop(unsigned aop, uint32_t old, uint32_t s0, uint32_t s1, uint32_t *ret)
{
    uint32_t n = old;
    *ret = old;
    switch (aop) {
    case 1: n = old & s0; break;
    case 2: n = old | s0; break;
    case 3: n = old ^ s0; break;
    case 4: n = s0; break;
    case 5: n = old + 1; break;
    case 6: n = old - 1; break;
    case 7: n = old + s0; break;
    case 8: n = old - s0; break;
    case 9: n = s0 - old; break;
    case 10: n = (int32_t)old > (int32_t)s0 ? old : s0; break;
    case 11: n = (int32_t)old < (int32_t)s0 ? old : s0; break;
    case 12: n = old > s0 ? old : s0; break;
    case 13: n = old < s0 ? old : s0; break;
    case 14: n = old == s0 ? s1 : old; break;
    case 15: n = old - 1; *ret = n; break;
    }
    return n;
}

static unsigned ref_sources(unsigned aop)   /* source DWords per slot */
{
    return aop == 0 ? 4 : aop == 14 ? 2 : (aop == 5 || aop == 6 || aop == 15) ? 0 : 1;
}

/* One random message of one route against the model `mem` (DWORDS + 4
 * DWords: the last four must stay 0, they are outside the buffer). */
struct route { enum g7sf_platform p; unsigned sfid, type, n; };

static void random_message(g7sf_gpu *gpu, const g7sf_thread *thr, const struct route *rt,
                           unsigned aop, bool ret, uint32_t *mem)
{
    unsigned n = rt->n, regs = n == 16 ? 2 : 1, nsrc = ref_sources(aop);
    bool header = t_rand() & 1, with_v = n != 2 && (t_rand() & 1);
    uint16_t emask = (uint16_t)t_rand(), pixel = (uint16_t)t_rand();
    g7sf_reg p[16] = {{{0}}}, wb[6];
    unsigned m = 0;
    if (header)
        p[m++].ud[7] = pixel;
    uint32_t U[16], src[16][4];
    for (unsigned i = 0; i < n; i++) {
        unsigned r = (unsigned)t_rand() % 100;
        U[i] = r < 90 ? 4 * ((unsigned)t_rand() % 6)                 /* collide often */
             : r < 95 ? 4 * ((unsigned)t_rand() % (DWORDS + 2)) | ((unsigned)t_rand() & 3)
             : 0xFFFFFFFCu - 4 * ((unsigned)t_rand() % 4);
        for (unsigned k = 0; k < 4; k++)
            src[i][k] = (uint32_t)t_rand() % 8 == 0 ? 0x80000000u : (uint32_t)t_rand() % 5;
    }
    /* address payload (3.9.9.10.1/.5/.9), then sources (.2/.3/.6/.10/.11) */
    if (n == 2) {
        p[m].ud[0] = U[0], p[m].ud[4] = U[1];
        m++;
        if (nsrc) {
            for (unsigned i = 0; i < 2; i++)
                for (unsigned k = 0; k < nsrc; k++)
                    p[m].ud[4 * i + k] = src[i][k];
            m++;
        }
    } else {
        for (unsigned i = 0; i < n; i++)
            p[m + i / 8].ud[i % 8] = U[i];
        m += regs * (with_v ? 2 : 1);
        for (unsigned k = 0; k < nsrc; k++, m += regs)
            for (unsigned i = 0; i < n; i++)
                p[m + i / 8].ud[i % 8] = src[i][k];
    }
    unsigned rlen = !ret ? 0 : n == 2 ? 1 : regs * (aop == 0 ? 2 : 1);
    unsigned ctrl = (ret ? RET : 0) | (n == 8 ? SIMD8 : 0) | aop;
    /* the model: slots in ascending order; out of bounds returns 0 */
    uint32_t slots = n == 2 ? ((emask & 0xF) ? 1u : 0) | ((emask & 0xF0) ? 2u : 0)
                   : emask & (header ? pixel : 0xFFFF) & ((1u << n) - 1);
    g7sf_reg want[6];
    fill_wb(want, 6);
    fill_wb(wb, 6);
    for (unsigned i = 0; i < n; i++) {
        if (!(slots >> i & 1))
            continue;
        uint32_t a = (U[i] & ~3u) / 4, lo, hi = 0;
        bool in = a + (aop == 0 ? 2 : 1) <= DWORDS;
        if (aop == 0) {
            uint64_t old = in ? mem[a] | (uint64_t)mem[a + 1] << 32 : 0;
            uint64_t s0 = src[i][0] | (uint64_t)src[i][1] << 32, s1 = src[i][2] | (uint64_t)src[i][3] << 32;
            if (in && old == s0)
                mem[a] = (uint32_t)s1, mem[a + 1] = (uint32_t)(s1 >> 32);
            lo = (uint32_t)old, hi = (uint32_t)(old >> 32);
        } else {
            uint32_t nv = ref_aop(aop, in ? mem[a] : 0, src[i][0], src[i][1], &lo);
            if (in)
                mem[a] = nv;
            else
                lo = 0;
        }
        if (n == 2) {
            want[0].ud[4 * i] = lo;
            if (aop == 0)
                want[0].ud[4 * i + 1] = hi;
        } else {
            want[i / 8].ud[i % 8] = lo;
            if (aop == 0)
                want[regs + i / 8].ud[i % 8] = hi;
        }
    }
    int r = t_send(gpu, thr, rt->sfid, t_desc(m, rlen, header, rt->type, ctrl, 3), emask, p, wb);
    CHECKF(r == 0, "aop %u n %u: %d", aop, n, r);
    for (unsigned q = 0; q < 6; q++)
        for (unsigned d = 0; d < 8; d++)
            CHECKF(wb[q].ud[d] == (q < rlen ? want[q].ud[d] : SENTINEL),
                   "aop %u n %u ret %d W%u.%u: got 0x%x want 0x%x", aop, n, ret, q, d, wb[q].ud[d],
                   q < rlen ? want[q].ud[d] : SENTINEL);
    for (unsigned d = 0; d < DWORDS + 4; d++)
        CHECKF(t_peek(gpu, BUF + 4 * d) == mem[d], "aop %u n %u DWord %u: got 0x%x want 0x%x",
               aop, n, d, t_peek(gpu, BUF + 4 * d), mem[d]);
}

TEST(untyped_atomics_every_aop_mode_and_route_against_a_c_model)
{
    static const struct route routes[] = {
        { G7SF_IVB, DC, IVB_ATOMIC, 16 }, { G7SF_IVB, DC, IVB_ATOMIC, 8 },
        { G7SF_HSW, DC1, HSW_ATOMIC, 16 }, { G7SF_HSW, DC1, HSW_ATOMIC, 8 },
        { G7SF_HSW, DC1, HSW_ATOMIC_4X2, 2 },
    };
    for (unsigned k = 0; k < sizeof routes / sizeof routes[0]; k++) {
        g7sf_thread thr;
        g7sf_gpu *gpu = t_gpu(routes[k].p, &thr);
        t_bind_buffer(gpu, 3, 4, RAW, BUF, 4 * DWORDS, false);
        uint32_t mem[DWORDS + 4] = {0};
        for (unsigned aop = 0; aop < 16; aop++)
            for (unsigned msg = 0; msg < 80 && !t_failed(); msg++)
                random_message(gpu, &thr, &routes[k], aop, msg & 1, mem);
        g7sf_gpu_destroy(gpu);
    }
}

TEST(untyped_atomic_slots_on_one_address_run_in_slot_order)
{
    g7sf_thread thr;
    g7sf_gpu *gpu = t_gpu(G7SF_IVB, &thr);
    t_bind_buffer(gpu, 0, 4, RAW, BUF, 64, false);
    g7sf_reg p[2] = {{{0}}}, wb[3];
    for (unsigned i = 0; i < 16; i++)
        p[i / 8].ud[i % 8] = 12;   /* every slot: byte 12 */
    fill_wb(wb, 3);
    CHECK_EQ(t_send(gpu, &thr, DC, t_desc(2, 2, 0, IVB_ATOMIC, RET | INC, 0), 0xFFFF, p, wb), 0);
    for (unsigned i = 0; i < 16; i++)
        CHECK_EQ(wb[i / 8].ud[i % 8], i);
    CHECK_EQ(wb[2].ud[0], SENTINEL);
    CHECK_EQ(t_peek(gpu, BUF + 12), 16);
    /* PREDEC returns the new value */
    CHECK_EQ(t_send(gpu, &thr, DC, t_desc(2, 2, 0, IVB_ATOMIC, RET | PREDEC, 0), 0x0005, p, wb), 0);
    CHECK_EQ(wb[0].ud[0], 15);
    CHECK_EQ(wb[0].ud[1], 1);   /* untouched since the INC */
    CHECK_EQ(wb[0].ud[2], 14);
    /* without return data rlen must be 0 */
    CHECK_EQ(t_send(gpu, &thr, DC, t_desc(2, 2, 0, IVB_ATOMIC, INC, 0), 0xFFFF, p, wb), G7SF_ERLEN);
    CHECK_EQ(t_send(gpu, &thr, DC, t_desc(2, 0, 0, IVB_ATOMIC, INC, 0), 0xFFFF, p, NULL), 0);
    CHECK_EQ(t_peek(gpu, BUF + 12), 30);
    /* ADD needs its source registers: mlen 2 + 2 */
    CHECK_EQ(t_send(gpu, &thr, DC, t_desc(2, 0, 0, IVB_ATOMIC, ADD, 0), 0xFFFF, p, NULL), G7SF_EMLEN);
    g7sf_gpu_destroy(gpu);
}

TEST(untyped_atomic_cmpwr8b_layouts_equal_and_unequal)
{
    g7sf_thread thr;
    g7sf_gpu *gpu = t_gpu(G7SF_HSW, &thr);
    t_bind_buffer(gpu, 0, 4, RAW, BUF, 64, false);
    t_poke(gpu, BUF + 0, 0x22222222u), t_poke(gpu, BUF + 4, 0x11111111u);
    t_poke(gpu, BUF + 8, 0x44444444u), t_poke(gpu, BUF + 12, 0x33333333u);
    /* SIMD8: M0 U, M1 src0[31:0], M2 src0[63:32], M3 src1[31:0], M4 src1[63:32] */
    g7sf_reg p[5] = {{{0}}}, wb[3];
    p[0].ud[0] = 0, p[0].ud[1] = 8;
    p[1].ud[0] = 0x22222222u, p[2].ud[0] = 0x11111111u;   /* equal */
    p[1].ud[1] = 0x44444444u, p[2].ud[1] = 0x33333334u;   /* high half differs */
    p[3].ud[0] = 0xAAAAAAAAu, p[4].ud[0] = 0xBBBBBBBBu;
    p[3].ud[1] = 0xCCCCCCCCu, p[4].ud[1] = 0xDDDDDDDDu;
    fill_wb(wb, 3);
    CHECK_EQ(t_send(gpu, &thr, DC1, t_desc(5, 2, 0, HSW_ATOMIC, RET | SIMD8 | CMPWR8B, 0), 0x03, p, wb),
             0);
    CHECK_EQ(t_peek(gpu, BUF + 0), 0xAAAAAAAAu);
    CHECK_EQ(t_peek(gpu, BUF + 4), 0xBBBBBBBBu);
    CHECK_EQ(t_peek(gpu, BUF + 8), 0x44444444u);
    CHECK_EQ(t_peek(gpu, BUF + 12), 0x33333333u);
    CHECK_EQ(wb[0].ud[0], 0x22222222u);   /* W0 low, W1 high */
    CHECK_EQ(wb[1].ud[0], 0x11111111u);
    CHECK_EQ(wb[0].ud[1], 0x44444444u);
    CHECK_EQ(wb[1].ud[1], 0x33333333u);
    CHECK_EQ(wb[0].ud[2], SENTINEL);
    CHECK_EQ(wb[2].ud[0], SENTINEL);
    /* SIMD4x2: M1 slot 0 src0 lo, hi, src1 lo, hi in DWords 0-3, slot 1 in 4-7;
     * W0 returns slot 0 in DWords 0-1, slot 1 in 4-5 */
    g7sf_reg q[2] = {{{0}}};
    q[0].ud[0] = 0, q[0].ud[4] = 8;
    uint32_t s[8] = { 0xAAAAAAAAu, 0xBBBBBBBBu, 1, 2, 0x44444444u, 0x33333333u, 3, 4 };
    for (unsigned d = 0; d < 8; d++)
        q[1].ud[d] = s[d];
    fill_wb(wb, 2);
    CHECK_EQ(t_send(gpu, &thr, DC1, t_desc(2, 1, 0, HSW_ATOMIC_4X2, RET | CMPWR8B, 0), 0x81, q, wb), 0);
    uint32_t want[8] = { 0xAAAAAAAAu, 0xBBBBBBBBu, SENTINEL, SENTINEL, 0x44444444u, 0x33333333u,
                         SENTINEL, SENTINEL };
    for (unsigned d = 0; d < 8; d++)
        CHECK_EQ(wb[0].ud[d], want[d]);
    CHECK_EQ(t_peek(gpu, BUF + 0), 1);
    CHECK_EQ(t_peek(gpu, BUF + 4), 2);
    CHECK_EQ(t_peek(gpu, BUF + 8), 3);
    CHECK_EQ(t_peek(gpu, BUF + 12), 4);
    CHECK_EQ(wb[1].ud[0], SENTINEL);
    g7sf_gpu_destroy(gpu);
}

/* Two host threads, each sending `messages` times an INC message whose 16
 * (or 8) slots all hit one DWord. */
struct inc_job { g7sf_gpu *gpu; g7sf_thread thr; unsigned sfid; uint32_t desc; const g7sf_reg *p; };

static void *inc_thread(void *arg)
{
    struct inc_job *j = arg;
    for (unsigned m = 0; m < 20000; m++)
        t_send(j->gpu, &j->thr, j->sfid, j->desc, 0xFFFF, j->p, NULL);
    return NULL;
}

static void race(g7sf_gpu *gpu, const g7sf_thread *thr, unsigned sfid, uint32_t desc,
                 const g7sf_reg *p)
{
    struct inc_job j[2];
    pthread_t th[2];
    for (unsigned k = 0; k < 2; k++) {
        j[k] = (struct inc_job){ gpu, *thr, sfid, desc, p };
        CHECK_EQ(pthread_create(&th[k], NULL, inc_thread, &j[k]), 0);
    }
    for (unsigned k = 0; k < 2; k++)
        pthread_join(th[k], NULL);
}

TEST(atomics_from_two_host_threads_lose_no_increment)
{
    g7sf_thread thr;
    g7sf_gpu *gpu = t_gpu(G7SF_IVB, &thr);
    t_bind_buffer(gpu, 0, 4, RAW, BUF, 64, false);
    t_bind_buffer(gpu, 1, 4, 0x0D7, BUF, 16, false);   /* R32_UINT: element 5 = byte 20 */
    t_poke(gpu, BUF + 20, 0);   /* the page exists before the threads start */
    /* untyped SIMD16: M0-M1 U */
    g7sf_reg p[2] = {{{0}}};
    for (unsigned i = 0; i < 16; i++)
        p[i / 8].ud[i % 8] = 20;
    race(gpu, &thr, DC, t_desc(2, 0, 0, IVB_ATOMIC, INC, 0), p);
    CHECK_EQ(t_peek(gpu, BUF + 20), 2u * 20000 * 16);
    /* typed SIMD8 (render cache): M0 header with the pixel mask, M1 U */
    g7sf_reg q[2] = {{{0}}};
    q[0].ud[7] = 0xFF;
    for (unsigned i = 0; i < 8; i++)
        q[1].ud[i] = 5;
    race(gpu, &thr, G7SF_SFID_RENDER_CACHE, t_desc(2, 0, 1, 0x6, INC, 1), q);
    CHECK_EQ(t_peek(gpu, BUF + 20), 2u * 20000 * 16 + 2u * 20000 * 8);
    g7sf_gpu_destroy(gpu);
}

/* A RAW buffer whose DW6 holds the append counter address and enable. */
static void bind_counter(g7sf_gpu *gpu, unsigned bti, bool enable)
{
    uint32_t dw[8] = { 4u << 29 | RAW << 18, BUF, 63, 0, 0, 0, COUNTER | (enable ? 2u : 0) };
    t_bind_state(gpu, bti, dw);
}

TEST(atomic_counter_every_slot_takes_the_next_value)
{
    g7sf_thread thr;
    g7sf_gpu *gpu = t_gpu(G7SF_HSW, &thr);
    bind_counter(gpu, 4, true);
    t_poke(gpu, COUNTER, 10);
    /* SIMD8 INC: the header is the whole message; M0.7 masks slots 4-7 */
    g7sf_reg h = {{0, 0, 0, 0, 0, 0, 0, 0x0F}}, wb[3];
    fill_wb(wb, 3);
    CHECK_EQ(t_send(gpu, &thr, DC1, t_desc(1, 1, 1, HSW_COUNTER, RET | SIMD8 | INC, 4), 0xFF, &h, wb), 0);
    for (unsigned i = 0; i < 8; i++)
        CHECK_EQ(wb[0].ud[i], i < 4 ? 10 + i : SENTINEL);
    CHECK_EQ(t_peek(gpu, COUNTER), 14);
    /* SIMD16 ADD, header-less: M0-M1 source0 */
    g7sf_reg p[2] = {{{0}}};
    for (unsigned i = 0; i < 16; i++)
        p[i / 8].ud[i % 8] = i;
    fill_wb(wb, 3);
    CHECK_EQ(t_send(gpu, &thr, DC1, t_desc(2, 2, 0, HSW_COUNTER, RET | ADD, 4), 0x8001, p, wb), 0);
    CHECK_EQ(wb[0].ud[0], 14);
    CHECK_EQ(wb[1].ud[7], 14);   /* slot 15 after slot 0 added 0 */
    CHECK_EQ(wb[0].ud[1], SENTINEL);
    CHECK_EQ(t_peek(gpu, COUNTER), 29);
    /* SIMD4x2 ADD: M0 source0 in DWords 0 and 4 */
    g7sf_reg q = {{100, 0, 0, 0, 1000, 0, 0, 0}};
    fill_wb(wb, 1);
    CHECK_EQ(t_send(gpu, &thr, DC1, t_desc(1, 1, 0, HSW_COUNTER_4X2, RET | ADD, 4), 0x30, &q, wb), 0);
    CHECK_EQ(wb[0].ud[0], SENTINEL);
    CHECK_EQ(wb[0].ud[4], 29);
    CHECK_EQ(t_peek(gpu, COUNTER), 1029);
    /* disabled: out of bounds, reads 0 and writes nothing */
    bind_counter(gpu, 5, false);
    fill_wb(wb, 1);
    CHECK_EQ(t_send(gpu, &thr, DC1, t_desc(1, 1, 1, HSW_COUNTER, RET | SIMD8 | INC, 5), 0x01, &h, wb), 0);
    CHECK_EQ(wb[0].ud[0], 0);
    CHECK_EQ(t_peek(gpu, COUNTER), 1029);
    /* AOP 0 reserved; SLM and stateless have no counter; lengths */
    CHECK_EQ(t_send(gpu, &thr, DC1, t_desc(1, 1, 1, HSW_COUNTER, RET | SIMD8 | CMPWR8B, 4), 0xFF, &h, wb),
             G7SF_EOPCODE);
    CHECK_EQ(t_send(gpu, &thr, DC1, t_desc(1, 1, 1, HSW_COUNTER, RET | SIMD8 | INC, 254), 0xFF, &h, wb),
             G7SF_EOPCODE);
    CHECK_EQ(t_send(gpu, &thr, DC1, t_desc(1, 1, 1, HSW_COUNTER, RET | SIMD8 | INC, 255), 0xFF, &h, wb),
             G7SF_EOPCODE);
    CHECK_EQ(t_send(gpu, &thr, DC1, t_desc(2, 1, 1, HSW_COUNTER, RET | SIMD8 | INC, 4), 0xFF, p, wb),
             G7SF_EMLEN);
    CHECK_EQ(t_send(gpu, &thr, DC1, t_desc(1, 2, 1, HSW_COUNTER, RET | SIMD8 | INC, 4), 0xFF, &h, wb),
             G7SF_ERLEN);
    g7sf_gpu_destroy(gpu);
}

TEST(untyped_atomic_routing_and_stateless)
{
    g7sf_thread thr;
    g7sf_gpu *ivb = t_gpu(G7SF_IVB, &thr), *hsw = t_gpu(G7SF_HSW, &thr);
    t_bind_buffer(ivb, 0, 4, RAW, BUF, 64, false);
    t_bind_buffer(hsw, 0, 4, RAW, BUF, 64, false);
    g7sf_reg p[2] = {{{0}}}, wb[2];
    CHECK_EQ(t_send(hsw, &thr, DC, t_desc(1, 1, 0, IVB_ATOMIC, RET | SIMD8 | INC, 0), 0xFF, p, wb),
             G7SF_EOPCODE);
    CHECK_EQ(t_send(ivb, &thr, DC1, t_desc(1, 1, 0, HSW_ATOMIC, RET | SIMD8 | INC, 0), 0xFF, p, wb),
             G7SF_ESFID);
    CHECK_EQ(t_send(ivb, &thr, DC, t_desc(2, 1, 1, IVB_ATOMIC, RET | SIMD8 | INC, 255), 0xFF, p, wb),
             G7SF_EOPCODE);
    g7sf_gpu_destroy(ivb);
    g7sf_gpu_destroy(hsw);
}
