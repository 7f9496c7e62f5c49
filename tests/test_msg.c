/* g7sf_send(): SFID routing, the rules every message obeys (§1.5.5 EOT,
 * §1.5.8 errors) and the error latch. */
#include <string.h>

#include "gpu_setup.h"
#include "harness.h"

static g7sf_reg payload[4] = {{{0x11111111u, 2, 3, 4, 5, 6, 7, 8}}};

static int send_eot(g7sf_gpu *gpu, const g7sf_thread *thr, unsigned sfid, uint32_t desc, bool eot)
{
    g7sf_msg m = { .sfid = sfid, .desc = desc, .eot = eot, .exec_mask = 0xFFFF, .payload = payload };
    g7sf_reg wb[4];
    return g7sf_send(gpu, thr, &m, wb);
}

TEST(routing_by_sfid)
{
    g7sf_thread thr;
    g7sf_gpu *ivb = t_gpu(G7SF_IVB, &thr), *hsw = t_gpu(G7SF_HSW, &thr);
    uint32_t d = t_desc(1, 0, 1, 0, 0, 0);
    CHECK_EQ(send_eot(ivb, &thr, G7SF_SFID_NULL, d, false), 0);
    /* SIMD4x2 sample: reaches the sampler, which has no such form */
    CHECK_EQ(send_eot(ivb, &thr, G7SF_SFID_SAMPLER, t_desc(1, 4, 1, 0, 0, 0), false), G7SF_EOPCODE);
    CHECK_EQ(send_eot(ivb, &thr, G7SF_SFID_URB, d, false), G7SF_ENOTIMPL);
    CHECK_EQ(send_eot(ivb, &thr, G7SF_SFID_GATEWAY, d, false), G7SF_ENOTIMPL);
    CHECK_EQ(send_eot(ivb, &thr, G7SF_SFID_SPAWNER, d, false), G7SF_ENOTIMPL);
    CHECK_EQ(send_eot(ivb, &thr, G7SF_SFID_VME, d, false), G7SF_ENOTIMPL);
    /* Haswell-only SFIDs: no function on Ivy Bridge */
    for (unsigned sfid = G7SF_SFID_PIXEL_INTERP; sfid <= G7SF_SFID_CRE; sfid++) {
        CHECK_EQ(send_eot(ivb, &thr, sfid, d, false), G7SF_ESFID);
        /* data cache port 1 exists: message type 0 is reserved there */
        CHECK_EQ(send_eot(hsw, &thr, sfid, d, false),
                 sfid == G7SF_SFID_DATA_CACHE1 ? G7SF_EOPCODE : G7SF_ENOTIMPL);
    }
    CHECK_EQ(send_eot(ivb, &thr, 14, d, false), G7SF_ESFID);
    CHECK_EQ(send_eot(ivb, &thr, 15, d, false), G7SF_ESFID);
    CHECK_EQ(send_eot(ivb, &thr, 1000, d, false), G7SF_ESFID);
    g7sf_gpu_destroy(ivb);
    g7sf_gpu_destroy(hsw);
}

TEST(end_of_thread_rules)
{
    g7sf_thread thr;
    g7sf_gpu *gpu = t_gpu(G7SF_IVB, &thr);
    t_bind_buffer(gpu, 0, 4, 0, 0x400000, 16, false);
    /* Null, and data port writes, accept EOT (§1.5.5) */
    CHECK_EQ(send_eot(gpu, &thr, G7SF_SFID_NULL, t_desc(1, 0, 0, 0, 0, 0), true), 0);
    CHECK_EQ(send_eot(gpu, &thr, G7SF_SFID_DATA_CACHE, t_desc(2, 0, 1, 0x8, 0, 0), true), 0);
    /* the sampler and data port reads do not */
    CHECK_EQ(send_eot(gpu, &thr, G7SF_SFID_SAMPLER, t_desc(1, 0, 1, 0, 0, 0), true), G7SF_EEOT);
    CHECK_EQ(send_eot(gpu, &thr, G7SF_SFID_DATA_CACHE, t_desc(1, 0, 1, 0x0, 0, 0), true), G7SF_EEOT);
    CHECK_EQ(send_eot(gpu, &thr, G7SF_SFID_CONSTANT_CACHE, t_desc(1, 0, 1, 0x0, 0, 0), true),
             G7SF_EEOT);
    /* an EOT message must have a null destination (§1.5.8) */
    CHECK_EQ(send_eot(gpu, &thr, G7SF_SFID_NULL, t_desc(1, 1, 0, 0, 0, 0), true), G7SF_EEOT);
    g7sf_gpu_destroy(gpu);
}

TEST(lengths_and_arguments)
{
    g7sf_thread thr;
    g7sf_gpu *gpu = t_gpu(G7SF_IVB, &thr);
    g7sf_reg wb[1];
    CHECK_EQ(send_eot(gpu, &thr, G7SF_SFID_NULL, t_desc(0, 0, 0, 0, 0, 0), false), G7SF_EMLEN);
    CHECK_EQ(send_eot(gpu, &thr, G7SF_SFID_NULL, t_desc(1, 1, 0, 0, 0, 0), false), G7SF_ERLEN);
    g7sf_msg m = { .sfid = 0, .desc = t_desc(1, 0, 0, 0, 0, 0), .payload = NULL };
    CHECK_EQ(g7sf_send(gpu, &thr, &m, wb), G7SF_EINVAL);
    m.payload = payload;
    CHECK_EQ(g7sf_send(NULL, &thr, &m, wb), G7SF_EINVAL);
    CHECK_EQ(g7sf_send(gpu, NULL, &m, wb), G7SF_EINVAL);
    CHECK_EQ(g7sf_send(gpu, &thr, NULL, wb), G7SF_EINVAL);
    m.desc = t_desc(1, 1, 1, 0, 0, 0);
    m.sfid = G7SF_SFID_DATA_CACHE;
    CHECK_EQ(g7sf_send(gpu, &thr, &m, NULL), G7SF_EINVAL);   /* rlen 1 and nowhere to write */
    g7sf_gpu_destroy(gpu);
}

TEST(reserved_data_port_messages_are_unknown_opcodes)
{
    g7sf_thread thr;
    g7sf_gpu *gpu = t_gpu(G7SF_IVB, &thr);
    unsigned reserved_dc[] = { 0x9, 0xE, 0xF };
    for (unsigned i = 0; i < 3; i++)
        CHECK_EQ(send_eot(gpu, &thr, G7SF_SFID_DATA_CACHE, t_desc(1, 0, 1, reserved_dc[i], 0, 0),
                          false), G7SF_EOPCODE);
    g7sf_gpu_destroy(gpu);
    /* Haswell: port 1 uses Mesa's codes 1-7, 9-13 (docs/spec-notes.md); the rest
     * are reserved, as are the untyped codes on port 0 */
    gpu = t_gpu(G7SF_HSW, &thr);
    unsigned reserved_dc1[] = { 0x0, 0x8, 0xE, 0xF }, moved[] = { 0x5, 0x6, 0xD };
    for (unsigned i = 0; i < 4; i++)
        CHECK_EQ(send_eot(gpu, &thr, G7SF_SFID_DATA_CACHE1, t_desc(1, 0, 1, reserved_dc1[i], 0, 0),
                          false), G7SF_EOPCODE);
    for (unsigned i = 0; i < 3; i++)
        CHECK_EQ(send_eot(gpu, &thr, G7SF_SFID_DATA_CACHE, t_desc(1, 0, 1, moved[i], 0, 0), false),
                 G7SF_EOPCODE);
    g7sf_gpu_destroy(gpu);
}

TEST(error_latch_keeps_the_first_error_until_cleared)
{
    g7sf_thread thr;
    g7sf_gpu *gpu = t_gpu(G7SF_IVB, &thr);
    g7sf_error e;
    CHECK_EQ(g7sf_last_error(gpu, &e), 0);
    uint32_t d1 = t_desc(1, 0, 0, 0, 0, 0);
    CHECK_EQ(send_eot(gpu, &thr, 15, d1, false), G7SF_ESFID);
    CHECK_EQ(send_eot(gpu, &thr, G7SF_SFID_NULL, t_desc(1, 2, 0, 0, 0, 0), false), G7SF_ERLEN);
    CHECK_EQ(g7sf_last_error(gpu, &e), G7SF_ESFID);
    CHECK_EQ(e.sfid, 15);
    CHECK_EQ(e.desc, d1);
    CHECK_EQ(e.mlen, 1);
    CHECK_EQ(e.rlen, 0);
    CHECK_EQ(e.first.ud[0], 0x11111111u);   /* the first payload register (R0 copy) */
    CHECK(strlen(e.reason) > 0);
    g7sf_clear_error(gpu);
    CHECK_EQ(g7sf_last_error(gpu, NULL), 0);
    CHECK_EQ(send_eot(gpu, &thr, G7SF_SFID_NULL, t_desc(1, 2, 0, 0, 0, 0), false), G7SF_ERLEN);
    CHECK_EQ(g7sf_last_error(gpu, &e), G7SF_ERLEN);
    CHECK_EQ(e.rlen, 2);
    /* a successful message does not clear the latch */
    CHECK_EQ(send_eot(gpu, &thr, G7SF_SFID_NULL, d1, false), 0);
    CHECK_EQ(g7sf_last_error(gpu, NULL), G7SF_ERLEN);
    g7sf_gpu_destroy(gpu);
}

TEST(every_error_code_has_a_message)
{
    for (int c = G7SF_ERANGE; c <= 0; c++)
        CHECK(strcmp(g7sf_strerror(c), "unknown error") != 0);
    CHECK_STR(g7sf_strerror(-99), "unknown error");
}
