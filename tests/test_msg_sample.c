/* SIMD4x2 / SIMD8 / SIMD16 sampler messages (§2.13.1-2.13.2).  The decode
 * tests run sample_msg_decode() on payloads whose every dword is distinct
 * and check that each lands in the role the PRM's parameter tables
 * (transcribed below as text, lines 4565-4617) give it; the writeback
 * tests run sample_writeback() on known results; the end-to-end tests lay
 * out surfaces, binding tables and SAMPLER_STATE by hand and send. */
#include <math.h>
#include <string.h>

#include "gpu_setup.h"
#include "harness.h"
#include "msg/sample_msg.h"

#define SENT 0xDEADBEEFu
#define DYN_BASE 0x00200000u
#define DYN_BOUND 0x00210000u
#define TEX_BASE 0x00300000u

enum { S4X2 = 0, S8 = 1, S16 = 2 };

static uint32_t sdesc(unsigned mlen, unsigned rlen, bool header, unsigned simd, unsigned type,
                      unsigned sampler, unsigned bti)
{
    return mlen << 25 | rlen << 20 | (header ? 1u << 19 : 0) | simd << 17 | type << 12 |
           sampler << 8 | bti;
}

static uint32_t fbits(float f)
{
    uint32_t u;
    memcpy(&u, &f, 4);
    return u;
}

static void fill(g7sf_reg *w, unsigned n)
{
    for (unsigned r = 0; r < n; r++)
        for (unsigned d = 0; d < 8; d++)
            w[r].ud[d] = SENT;
}

/* sample_msg_decode on one message, as g7sf_send would call it. */
static int decode(g7sf_gpu *gpu, const g7sf_thread *thr, uint32_t desc, uint16_t emask,
                  const g7sf_reg *payload, sample_msg *m)
{
    g7sf_msg msg = { .sfid = G7SF_SFID_SAMPLER, .desc = desc, .exec_mask = emask,
                     .payload = payload };
    g7sf_msg_ctx c = { .gpu = gpu, .thr = thr, .msg = &msg, .mlen = desc >> 25 & 0xF,
                       .rlen = desc >> 20 & 0x1F, .header = desc >> 19 & 1,
                       .fc = desc & 0x7FFFF };
    sampler_desc d = { .simd = desc >> 17 & 3, .type = desc >> 12 & 0x1F,
                       .sampler_index = desc >> 8 & 0xF, .bti = desc & 0xFF };
    return sample_msg_decode(&c, &d, m);
}

/* ---- parameter order -------------------------------------------------- */

/* The PRM's tables as text; NULL: no form in that mode. */
static const struct order {
    unsigned type;
    const char *simd8_16, *simd4x2;
} orders[] = {
    { 0, "u v r ai", NULL },
    { 1, "bias u v r ai", NULL },
    { 2, "lod u v r ai", "u v r ai lod" },
    { 3, "ref u v r ai", NULL },
    { 4, "u dudx dudy v dvdx dvdy r drdx drdy ai", "u v r ai dudx dudy dvdx dvdy drdx drdy" },
    { 5, "ref bias u v r ai", NULL },
    { 6, "ref lod u v r ai", "u v r ai ref lod" },
    { 7, "u lod v r", "u v r lod" },
    { 8, "u v r ai", "u v r ai" },
    { 9, "u v r ai", NULL },
    { 10, "lod", "lod" },
    { 12, "u v r", NULL },
    { 16, "ref u v r ai", "u v r ai ref" },
    { 17, "u v offu offv r", "u v r ai offu offv" },
    { 18, "ref u v offu offv r", "u v r ref offu offv" },
    { 20, "ref u dudx dudy v dvdx dvdy r drdx drdy ai", "u v r ai dudx dudy dvdx dvdy drdx drdy ref" },
    { 29, "u v r lod", "u v r lod" },
    { 30, "si mcs u v r lod", "u v r lod si mcs" },
    { 31, "ssi u v r lod", NULL },
};

static unsigned role_of(const char *w, size_t len)
{
    static const char *const names[G7SF_PARAM_COUNT] = {
        "u", "v", "r", "ai", "bias", "lod", "ref", "dudx", "dudy", "dvdx", "dvdy",
        "drdx", "drdy", "si", "mcs", "offu", "offv" };
    if (len == 3 && !strncmp(w, "ssi", 3))
        return G7SF_PARAM_SI;
    for (unsigned i = 0; i < G7SF_PARAM_COUNT; i++)
        if (strlen(names[i]) == len && !strncmp(names[i], w, len))
            return i;
    return G7SF_PARAM_COUNT;
}

static unsigned parse_roles(const char *s, unsigned roles[11])
{
    unsigned n = 0;
    while (*s) {
        size_t len = strcspn(s, " ");
        roles[n++] = role_of(s, len);
        s += len + (s[len] == ' ');
    }
    return n;
}

/* Payload value of parameter j of pixel / sample i. */
static uint32_t pval(unsigned j, unsigned i) { return 0x10000u * (j + 1) + 0x100u + i; }

/* Sends `type` in `simd` with as many parameters as fit (all of them when
 * they do) and checks every role. */
static void check_order(g7sf_gpu *gpu, const g7sf_thread *thr, unsigned type, unsigned simd,
                        const char *text)
{
    unsigned roles[11], n = parse_roles(text, roles);
    unsigned per_reg = simd == S4X2 ? 4 : 1, regs_per = simd == S16 ? 2 : 1, pixels = simd == S4X2 ? 2 : 8 * simd;
    bool header = (n + per_reg - 1) / per_reg * regs_per < 11;   /* room for one */
    unsigned room = (11 - header) / regs_per * per_reg;
    unsigned sent = n < room ? n : room;
    unsigned regs = (sent + per_reg - 1) / per_reg * regs_per;
    g7sf_reg p[11];
    memset(p, 0, sizeof p);
    for (unsigned j = 0; j < sent; j++)
        for (unsigned i = 0; i < pixels; i++) {
            if (simd == S4X2)
                p[header + j / 4].ud[4 * i + j % 4] = pval(j, i);
            else
                p[header + j * regs_per + i / 8].ud[i % 8] = pval(j, i);
        }
    unsigned rlen = simd == S4X2 ? 1 : simd == S8 ? (type == 12 ? 5 : 4) : 8;
    sample_msg m;
    int r = decode(gpu, thr, sdesc(header + regs, rlen, header, simd, type, 0, 0), 0xFFFF, p, &m);
    CHECKF(r == 0, "type %u simd %u: decode %d", type, simd, r);
    if (r)
        return;
    CHECK_EQ(m.args.op, type);
    CHECK_EQ(m.args.n, pixels);
    CHECK_EQ(m.args.simd4x2, simd == S4X2);
    unsigned bad = 0;
    bool seen[G7SF_PARAM_COUNT] = { false };
    for (unsigned j = 0; j < sent; j++) {
        seen[roles[j]] = true;
        for (unsigned i = 0; i < pixels; i++)
            bad += m.args.p[roles[j]][i].u != pval(j, i);
    }
    for (unsigned k = 0; k < G7SF_PARAM_COUNT; k++)
        for (unsigned i = 0; !seen[k] && i < G7SF_SAMPLE_PIXELS; i++)
            bad += m.args.p[k][i].u != 0;   /* omitted or not the type's: 0 */
    CHECKF(!bad, "type %u (%s) simd %u: %u values in the wrong role", type, text, simd, bad);
}

TEST(parameter_order_every_type_and_mode)
{
    g7sf_thread thr;
    g7sf_gpu *gpu = t_gpu(G7SF_HSW, &thr);   /* sample_d_c needs Haswell */
    for (size_t k = 0; k < sizeof orders / sizeof orders[0]; k++) {
        const struct order *o = &orders[k];
        check_order(gpu, &thr, o->type, S8, o->simd8_16);
        if (o->type != 4 && o->type != 20 && o->type != 12)
            check_order(gpu, &thr, o->type, S16, o->simd8_16);
        if (o->simd4x2)
            check_order(gpu, &thr, o->type, S4X2, o->simd4x2);
    }
    g7sf_gpu_destroy(gpu);
}

/* Ivy Bridge's ld (u lod v r), spelled out: pixel 3 of a SIMD8 message. */
TEST(ld_simd8_is_u_lod_v_r)
{
    g7sf_thread thr;
    g7sf_gpu *gpu = t_gpu(G7SF_IVB, &thr);
    g7sf_reg p[4];
    memset(p, 0, sizeof p);
    p[0].ud[3] = 10, p[1].ud[3] = 2, p[2].ud[3] = 30, p[3].ud[3] = 40;
    sample_msg m;
    CHECK_EQ(decode(gpu, &thr, sdesc(4, 4, false, S8, 7, 0, 0), 0xFF, p, &m), 0);
    CHECK_EQ(m.args.p[G7SF_PARAM_U][3].i, 10);
    CHECK_EQ(m.args.p[G7SF_PARAM_LOD][3].i, 2);
    CHECK_EQ(m.args.p[G7SF_PARAM_V][3].i, 30);
    CHECK_EQ(m.args.p[G7SF_PARAM_R][3].i, 40);
    CHECK(!m.reads_sampler);
    /* trailing parameters left out: v and r are 0 */
    CHECK_EQ(decode(gpu, &thr, sdesc(2, 4, false, S8, 7, 0, 0), 0xFF, p, &m), 0);
    CHECK_EQ(m.args.p[G7SF_PARAM_LOD][3].i, 2);
    CHECK_EQ(m.args.p[G7SF_PARAM_V][3].i, 0);
    g7sf_gpu_destroy(gpu);
}

/* ---- lengths and availability ------------------------------------------ */

TEST(message_lengths)
{
    g7sf_thread thr;
    g7sf_gpu *gpu = t_gpu(G7SF_HSW, &thr);
    g7sf_reg p[16];
    memset(p, 0, sizeof p);
    sample_msg m;
    /* sample: 4 parameters; SIMD8 H + N, SIMD16 H + 2N, header alone */
    CHECK_EQ(decode(gpu, &thr, sdesc(5, 4, true, S8, 0, 0, 0), 0xFF, p, &m), 0);
    CHECK_EQ(decode(gpu, &thr, sdesc(6, 4, true, S8, 0, 0, 0), 0xFF, p, &m), G7SF_EMLEN);
    CHECK_EQ(decode(gpu, &thr, sdesc(1, 4, true, S8, 0, 0, 0), 0xFF, p, &m), 0);
    CHECK_EQ(decode(gpu, &thr, sdesc(9, 8, true, S16, 0, 0, 0), 0xFF, p, &m), 0);
    CHECK_EQ(decode(gpu, &thr, sdesc(8, 8, true, S16, 0, 0, 0), 0xFF, p, &m), G7SF_EMLEN);
    CHECK_EQ(decode(gpu, &thr, sdesc(10, 8, false, S16, 0, 0, 0), 0xFF, p, &m), G7SF_EMLEN);
    /* SIMD16 with 6 parameters would need 12 (or 13) */
    CHECK_EQ(decode(gpu, &thr, sdesc(10, 8, false, S16, 5, 0, 0), 0xFF, p, &m), 0);
    CHECK_EQ(decode(gpu, &thr, sdesc(11, 8, true, S16, 5, 0, 0), 0xFF, p, &m), 0);
    CHECK_EQ(decode(gpu, &thr, sdesc(12, 8, false, S16, 5, 0, 0), 0xFF, p, &m), G7SF_EMLEN);
    /* sample_d_c: 11 parameters fit only without a header */
    CHECK_EQ(decode(gpu, &thr, sdesc(11, 4, false, S8, 20, 0, 0), 0xFF, p, &m), 0);
    CHECK_EQ(decode(gpu, &thr, sdesc(12, 4, true, S8, 20, 0, 0), 0xFF, p, &m), G7SF_EMLEN);
    /* SIMD4x2: H + ceil(N / 4); sample_l_c (6) 2 registers, resinfo 1 */
    CHECK_EQ(decode(gpu, &thr, sdesc(3, 1, true, S4X2, 6, 0, 0), 0x11, p, &m), 0);
    CHECK_EQ(decode(gpu, &thr, sdesc(4, 1, true, S4X2, 6, 0, 0), 0x11, p, &m), G7SF_EMLEN);
    CHECK_EQ(decode(gpu, &thr, sdesc(2, 1, true, S4X2, 10, 0, 0), 0x11, p, &m), 0);
    CHECK_EQ(decode(gpu, &thr, sdesc(3, 1, true, S4X2, 10, 0, 0), 0x11, p, &m), G7SF_EMLEN);
    /* sampleinfo: no parameter, one ignored register allowed */
    CHECK_EQ(decode(gpu, &thr, sdesc(1, 4, false, S8, 11, 0, 0), 0xFF, p, &m), 0);
    CHECK_EQ(decode(gpu, &thr, sdesc(2, 4, true, S8, 11, 0, 0), 0xFF, p, &m), 0);
    CHECK_EQ(decode(gpu, &thr, sdesc(3, 4, true, S8, 11, 0, 0), 0xFF, p, &m), G7SF_EMLEN);
    g7sf_gpu_destroy(gpu);
}

TEST(types_by_mode_and_platform)
{
    g7sf_thread thr;
    g7sf_gpu *ivb = t_gpu(G7SF_IVB, &thr), *hsw = t_gpu(G7SF_HSW, &thr);
    g7sf_reg p[4];
    memset(p, 0, sizeof p);
    sample_msg m;
    /* no SIMD4x2 form */
    static const unsigned no4x2[] = { 0, 1, 3, 5, 9, 12, 31 };
    for (size_t i = 0; i < sizeof no4x2 / sizeof no4x2[0]; i++)
        CHECK_EQ(decode(hsw, &thr, sdesc(2, 1, true, S4X2, no4x2[i], 0, 0), 1, p, &m), G7SF_EOPCODE);
    /* SIMD8 only */
    static const unsigned only8[] = { 4, 12, 20 };
    for (size_t i = 0; i < 3; i++) {
        CHECK_EQ(decode(hsw, &thr, sdesc(3, 8, true, S16, only8[i], 0, 0), 1, p, &m), G7SF_EOPCODE);
        CHECK_EQ(decode(hsw, &thr, sdesc(2, only8[i] == 12 ? 5 : 4, true, S8, only8[i], 0, 0), 1,
                        p, &m), 0);
    }
    /* sample_d_c is Haswell's */
    CHECK_EQ(decode(ivb, &thr, sdesc(2, 4, true, S8, 20, 0, 0), 1, p, &m), G7SF_EOPCODE);
    CHECK_EQ(decode(ivb, &thr, sdesc(2, 1, true, S4X2, 20, 0, 0), 1, p, &m), G7SF_EOPCODE);
    CHECK_EQ(decode(hsw, &thr, sdesc(2, 1, true, S4X2, 20, 0, 0), 1, p, &m), 0);
    /* reserved and later chips' types */
    static const unsigned reserved[] = { 13, 14, 15, 19, 21, 22, 23, 24, 25, 26, 27, 28 };
    for (size_t i = 0; i < sizeof reserved / sizeof reserved[0]; i++)
        for (unsigned simd = 0; simd < 3; simd++)
            CHECK_EQ(decode(hsw, &thr, sdesc(2, simd == S4X2 ? 1 : simd == S8 ? 4 : 8, true, simd,
                                             reserved[i], 0, 0), 1, p, &m), G7SF_EOPCODE);
    g7sf_gpu_destroy(ivb);
    g7sf_gpu_destroy(hsw);
}

TEST(response_lengths)
{
    g7sf_thread thr;
    g7sf_gpu *gpu = t_gpu(G7SF_IVB, &thr);
    g7sf_reg p[4];
    memset(p, 0, sizeof p);
    sample_msg m;
    CHECK_EQ(decode(gpu, &thr, sdesc(2, 1, true, S4X2, 7, 0, 0), 1, p, &m), 0);
    CHECK_EQ(decode(gpu, &thr, sdesc(2, 4, true, S4X2, 7, 0, 0), 1, p, &m), G7SF_ERLEN);
    CHECK_EQ(decode(gpu, &thr, sdesc(2, 5, true, S8, 0, 0, 0), 1, p, &m), G7SF_ERLEN);
    CHECK_EQ(decode(gpu, &thr, sdesc(2, 4, true, S8, 12, 0, 0), 1, p, &m), G7SF_ERLEN);
    CHECK_EQ(decode(gpu, &thr, sdesc(2, 5, true, S8, 12, 0, 0), 1, p, &m), 0);
    CHECK_EQ(decode(gpu, &thr, sdesc(2, 0, true, S8, 7, 0, 0), 1, p, &m), G7SF_ERLEN);
    /* SIMD16: 2 fewer per channel masked; SIMD8 stays 4 */
    p[0].ud[2] = 0xA << 12;   /* green and alpha masked */
    CHECK_EQ(decode(gpu, &thr, sdesc(3, 4, true, S16, 0, 0, 0), 1, p, &m), 0);
    CHECK_EQ(decode(gpu, &thr, sdesc(3, 8, true, S16, 0, 0, 0), 1, p, &m), G7SF_ERLEN);
    CHECK_EQ(decode(gpu, &thr, sdesc(2, 4, true, S8, 0, 0, 0), 1, p, &m), 0);
    p[0].ud[2] = 0x7 << 12;
    CHECK_EQ(decode(gpu, &thr, sdesc(3, 2, true, S16, 0, 0, 0), 1, p, &m), 0);
    CHECK_EQ(m.write_disable, 7);
    /* one register more asks for the Pixel Fault Mask phase (SIMD16 W8,
     * SIMD8 W4, SIMD4x2 W1), never delivered: refused, saying why */
    g7sf_error e;
    g7sf_clear_error(gpu);
    CHECK_EQ(decode(gpu, &thr, sdesc(3, 3, true, S16, 0, 0, 0), 1, p, &m), G7SF_ERLEN);
    CHECK_EQ(g7sf_last_error(gpu, &e), G7SF_ERLEN);
    CHECK(strstr(e.reason, "Pixel Fault Mask") != NULL);
    p[0].ud[2] = 0;
    CHECK_EQ(decode(gpu, &thr, sdesc(3, 9, true, S16, 0, 0, 0), 1, p, &m), G7SF_ERLEN);
    g7sf_clear_error(gpu);
    CHECK_EQ(decode(gpu, &thr, sdesc(2, 2, true, S4X2, 7, 0, 0), 1, p, &m), G7SF_ERLEN);
    CHECK_EQ(g7sf_last_error(gpu, &e), G7SF_ERLEN);
    CHECK(strstr(e.reason, "Pixel Fault Mask") != NULL);
    g7sf_gpu_destroy(gpu);
}

/* ---- header and execution mask ----------------------------------------- */

TEST(header_fields)
{
    g7sf_thread thr;
    g7sf_gpu *gpu = t_gpu(G7SF_IVB, &thr);
    thr.sampler_state = 0x2005;   /* low 5 bits ignored */
    g7sf_reg p[5];
    memset(p, 0, sizeof p);
    /* gather4 channel 3, write disable red and blue, offsets U -8 V 7 R -1 */
    p[0].ud[2] = 3u << 16 | 0x5u << 12 | 0x8u << 8 | 0x7u << 4 | 0xFu;
    p[0].ud[3] = 0x12345;
    p[0].ud[0] = p[0].ud[1] = p[0].ud[4] = 0xFFFFFFFF;   /* ignored dwords */
    sample_msg m;
    CHECK_EQ(decode(gpu, &thr, sdesc(5, 4, true, S8, 8, 3, 0), 0xFF, p, &m), 0);
    CHECK_EQ(m.args.gather_channel, 3);
    CHECK_EQ(m.write_disable, 5);
    CHECK_EQ(m.args.offset[0], -8);
    CHECK_EQ(m.args.offset[1], 7);
    CHECK_EQ(m.args.offset[2], -1);
    CHECK_EQ(m.sampler_state, 0x12340 + 16 * 3);
    CHECK(m.reads_sampler);
    p[0].ud[2] = 0x0123;   /* offsets 1, 2, 3 */
    CHECK_EQ(decode(gpu, &thr, sdesc(5, 4, true, S8, 0, 0, 0), 0xFF, p, &m), 0);
    CHECK_EQ(m.args.offset[0], 1);
    CHECK_EQ(m.args.offset[1], 2);
    CHECK_EQ(m.args.offset[2], 3);
    /* no header: all zero, the thread's pointer */
    CHECK_EQ(decode(gpu, &thr, sdesc(4, 4, false, S8, 8, 15, 0), 0xFF, p + 1, &m), 0);
    CHECK_EQ(m.args.gather_channel, 0);
    CHECK_EQ(m.write_disable, 0);
    CHECK_EQ(m.args.offset[0], 0);
    CHECK_EQ(m.sampler_state, 0x2000 + 16 * 15);
    /* all four channels masked */
    p[0].ud[2] = 0xF << 12;
    CHECK_EQ(decode(gpu, &thr, sdesc(2, 4, true, S8, 0, 0, 0), 0xFF, p, &m), G7SF_EPAYLOAD);
    g7sf_error e;
    CHECK_EQ(g7sf_last_error(gpu, &e), G7SF_EPAYLOAD);
    CHECK(strstr(e.reason, "write channel") != NULL);
    /* a table pointer whose entry passes 4 GiB: only for types that read it */
    p[0].ud[2] = 0, p[0].ud[3] = 0xFFFFFFE0;
    CHECK_EQ(decode(gpu, &thr, sdesc(2, 4, true, S8, 0, 15, 0), 0xFF, p, &m), G7SF_EFAULT);
    CHECK_EQ(decode(gpu, &thr, sdesc(2, 4, true, S8, 7, 15, 0), 0xFF, p, &m), 0);
    g7sf_gpu_destroy(gpu);
}

TEST(execution_mask)
{
    g7sf_thread thr;
    g7sf_gpu *gpu = t_gpu(G7SF_IVB, &thr);
    g7sf_reg p[3];
    memset(p, 0, sizeof p);
    sample_msg m;
    CHECK_EQ(decode(gpu, &thr, sdesc(2, 4, false, S8, 7, 0, 0), 0xA5C3, p, &m), 0);
    CHECK_EQ(m.args.mask, 0xC3);
    CHECK_EQ(decode(gpu, &thr, sdesc(2, 8, false, S16, 7, 0, 0), 0xA5C3, p, &m), 0);
    CHECK_EQ(m.args.mask, 0xA5C3);
    /* SIMD4x2: a sample is active when any of its four bits is */
    static const struct { uint16_t emask, mask; } x2[] = {
        { 0x0000, 0 }, { 0x0001, 1 }, { 0x0008, 1 }, { 0x0010, 2 }, { 0x0080, 2 },
        { 0x0041, 3 }, { 0xFF00, 0 }, { 0xFFFF, 3 } };
    for (size_t i = 0; i < sizeof x2 / sizeof x2[0]; i++) {
        CHECK_EQ(decode(gpu, &thr, sdesc(1, 1, false, S4X2, 7, 0, 0), x2[i].emask, p, &m), 0);
        CHECK_EQ(m.args.mask, x2[i].mask);
    }
    g7sf_gpu_destroy(gpu);
}

/* ---- writeback -------------------------------------------------------- */

/* Result texel: channel ch of pixel i is 0x100 * (ch + 1) + i. */
static void result(g7sf_sample_result *r)
{
    memset(r, 0, sizeof *r);
    for (unsigned i = 0; i < 16; i++)
        for (unsigned ch = 0; ch < 4; ch++)
            r->px[i].u[ch] = 0x100u * (ch + 1) + i;
}

static void writeback(unsigned simd, unsigned op, unsigned rlen, uint16_t mask, unsigned wd,
                      const g7sf_sample_result *r, g7sf_reg *wb)
{
    sample_msg m;
    memset(&m, 0, sizeof m);
    m.simd = simd, m.write_disable = wd;
    m.args.op = op, m.args.mask = mask, m.args.n = simd == S4X2 ? 2 : 8 * simd;
    m.args.simd4x2 = simd == S4X2;
    g7sf_msg msg = { .sfid = G7SF_SFID_SAMPLER };
    g7sf_msg_ctx c = { .msg = &msg, .wb = wb, .rlen = rlen };
    sample_writeback(&c, &m, r);
}

TEST(writeback_simd16_packs_enabled_channels)
{
    g7sf_sample_result r;
    result(&r);
    g7sf_reg wb[8];
    fill(wb, 8);
    /* green masked: red W0-1, blue W2-3, alpha W4-5; pixels 0, 9, 15 */
    writeback(S16, 0, 6, 0x8201, 0x2, &r, wb);
    CHECK_EQ(wb[0].ud[0], 0x100);
    CHECK_EQ(wb[0].ud[1], SENT);
    CHECK_EQ(wb[1].ud[1], 0x109);
    CHECK_EQ(wb[1].ud[7], 0x10F);
    CHECK_EQ(wb[1].ud[0], SENT);
    CHECK_EQ(wb[2].ud[0], 0x300);
    CHECK_EQ(wb[3].ud[1], 0x309);
    CHECK_EQ(wb[4].ud[0], 0x400);
    CHECK_EQ(wb[5].ud[7], 0x40F);
    unsigned untouched = 0;
    for (unsigned d = 0; d < 8; d++)
        untouched += (wb[6].ud[d] == SENT) + (wb[7].ud[d] == SENT);
    CHECK_EQ(untouched, 16);
    /* only alpha: W0-1 */
    fill(wb, 8);
    writeback(S16, 0, 2, 0xFFFF, 0x7, &r, wb);
    CHECK_EQ(wb[0].ud[0], 0x400);
    CHECK_EQ(wb[1].ud[7], 0x40F);
    CHECK_EQ(wb[2].ud[0], SENT);
}

TEST(writeback_simd8_keeps_masked_channel_registers)
{
    g7sf_sample_result r;
    result(&r);
    g7sf_reg wb[5];
    fill(wb, 5);
    /* red and blue masked: W0, W2 untouched; pixels 1 and 7 */
    writeback(S8, 7, 4, 0x82, 0x5, &r, wb);
    CHECK_EQ(wb[0].ud[1], SENT);
    CHECK_EQ(wb[1].ud[1], 0x201);
    CHECK_EQ(wb[1].ud[7], 0x207);
    CHECK_EQ(wb[1].ud[0], SENT);
    CHECK_EQ(wb[2].ud[7], SENT);
    CHECK_EQ(wb[3].ud[1], 0x401);
    CHECK_EQ(wb[4].ud[0], SENT);
}

TEST(writeback_killpix_register)
{
    g7sf_sample_result r;
    result(&r);
    r.live = 0x05;   /* pixels 1 and 3 killed */
    g7sf_reg wb[5];
    fill(wb, 5);
    writeback(S8, 12, 5, 0x0F, 0, &r, wb);
    CHECK_EQ(wb[4].ud[0], 0xFFFFFF05);
    for (unsigned d = 1; d < 8; d++)
        CHECK_EQ(wb[4].ud[d], SENT);
    CHECK_EQ(wb[0].ud[3], 0x103);
    CHECK_EQ(wb[0].ud[4], SENT);
}

TEST(writeback_simd4x2)
{
    g7sf_sample_result r;
    result(&r);
    g7sf_reg wb[2];
    fill(wb, 2);
    /* sample 1 only, alpha masked: DW4-6 */
    writeback(S4X2, 7, 1, 0x2, 0x8, &r, wb);
    CHECK_EQ(wb[0].ud[4], 0x101);
    CHECK_EQ(wb[0].ud[5], 0x201);
    CHECK_EQ(wb[0].ud[6], 0x301);
    CHECK_EQ(wb[0].ud[7], SENT);
    for (unsigned d = 0; d < 4; d++)
        CHECK_EQ(wb[0].ud[d], SENT);
    CHECK_EQ(wb[1].ud[0], SENT);
    writeback(S4X2, 7, 1, 0x3, 0x0, &r, wb);
    CHECK_EQ(wb[0].ud[0], 0x100);
    CHECK_EQ(wb[0].ud[3], 0x400);
    CHECK_EQ(wb[0].ud[7], 0x401);
}

/* ---- end to end through g7sf_send --------------------------------------- */

/* RENDER_SURFACE_STATE of a linear 2D w x h surface at TEX_BASE, by hand:
 * DW0 type 31:29, format 26:18; DW1 base; DW2 height-1 29:16, width-1
 * 13:0; DW3 pitch-1 17:0. */
static void bind_2d(g7sf_gpu *gpu, unsigned bti, unsigned format, uint32_t w, uint32_t h,
                    uint32_t pitch)
{
    uint32_t dw[8] = { 1u << 29 | format << 18, TEX_BASE, (h - 1) << 16 | (w - 1), pitch - 1 };
    t_bind_state(gpu, bti, dw);
}

/* A gpu with a dynamic state base and SAMPLER_STATE entry 2 of the table at
 * 0x100: NEAREST filters (DW0 0), MIPFILTER_NONE, TEXCOORDMODE_CLAMP (2) on
 * every axis (DW3 8:6, 5:3, 2:0), border colour at 0x800. */
static g7sf_gpu *e2e_gpu(enum g7sf_platform p, g7sf_thread *thr)
{
    g7sf_gpu *gpu = t_gpu(p, thr);
    g7sf_set_base(gpu, G7SF_BASE_DYNAMIC, DYN_BASE, DYN_BOUND);
    uint32_t st[4] = { 0, 0, 0x800, 2u << 6 | 2u << 3 | 2u };
    g7sf_mem_write(gpu, DYN_BASE + 0x100 + 16 * 2, st, 16);
    thr->sampler_state = 0x100;
    return gpu;
}

static int send(g7sf_gpu *gpu, const g7sf_thread *thr, uint32_t desc, uint16_t emask,
                const g7sf_reg *p, g7sf_reg *wb)
{
    return t_send(gpu, thr, G7SF_SFID_SAMPLER, desc, emask, p, wb);
}

/* R32_UINT 4x4, texel (x, y) = 1000 * y + x + 7. */
static void r32_uint_4x4(g7sf_gpu *gpu, unsigned bti)
{
    uint32_t t[16];
    for (unsigned i = 0; i < 16; i++)
        t[i] = 1000 * (i / 4) + i % 4 + 7;
    g7sf_mem_write(gpu, TEX_BASE, t, sizeof t);
    bind_2d(gpu, bti, 0x0D7, 4, 4, 16);
}

TEST(send_ld_simd8_and_simd16_r32_uint)
{
    g7sf_thread thr;
    g7sf_gpu *gpu = e2e_gpu(G7SF_IVB, &thr);
    r32_uint_4x4(gpu, 3);
    /* SIMD8, no header: u lod v; pixel i reads (i % 4, 3 - i / 4) */
    g7sf_reg p[7], wb[8];
    memset(p, 0, sizeof p);
    for (unsigned i = 0; i < 8; i++)
        p[0].ud[i] = i % 4, p[2].ud[i] = 3 - i / 4;
    fill(wb, 8);
    CHECK_EQ(send(gpu, &thr, sdesc(3, 4, false, S8, 7, 9, 3), 0x7F, p, wb), 0);
    for (unsigned i = 0; i < 7; i++) {
        CHECK_EQ(wb[0].ud[i], 1000 * (3 - i / 4) + i % 4 + 7);
        CHECK_EQ(wb[1].ud[i], 0);
        CHECK_EQ(wb[2].ud[i], 0);
        CHECK_EQ(wb[3].ud[i], 1);   /* U32 alpha of a format without one */
    }
    CHECK_EQ(wb[0].ud[7], SENT);    /* outside EMask */
    CHECK_EQ(wb[4].ud[0], SENT);

    /* SIMD16 with a header masking green and blue: red W0-1, alpha W2-3;
     * pixels 8-15 read row 0 with a U offset of +1 from the header */
    memset(p, 0, sizeof p);
    p[0].ud[2] = 0x6u << 12 | 0x1u << 8;
    for (unsigned i = 0; i < 16; i++) {
        p[1 + i / 8].ud[i % 8] = i % 3;                 /* u */
        p[5 + i / 8].ud[i % 8] = i < 8 ? 2 : 0;         /* v */
    }
    fill(wb, 8);
    CHECK_EQ(send(gpu, &thr, sdesc(7, 4, true, S16, 7, 0, 3), 0xFFFF, p, wb), 0);
    for (unsigned i = 0; i < 16; i++) {
        CHECK_EQ(wb[i / 8].ud[i % 8], 1000 * (i < 8 ? 2 : 0) + i % 3 + 1 + 7);
        CHECK_EQ(wb[2 + i / 8].ud[i % 8], 1);
    }
    CHECK_EQ(wb[4].ud[0], SENT);
    g7sf_gpu_destroy(gpu);
}

/* Haswell through g7sf_send: the state in memory carries Shader Channel
 * Select (DW7 27:16) and Integer Surface Format (DW3 20:18), and the
 * border colour is 20 DWords with the 32-bit colours at DW16-19.  R32_UINT
 * 4x4, texel (x, y) = 1000 y + x + 7, read as (R, 0, 0, 1); selects A, R,
 * ZERO, G.  Ivy Bridge reads the same DWords with those bits reserved. */
TEST(send_haswell_channel_select_and_integer_border)
{
    for (unsigned plat = G7SF_IVB; plat <= G7SF_HSW; plat++) {
        g7sf_thread thr;
        g7sf_gpu *gpu = e2e_gpu(plat, &thr);
        r32_uint_4x4(gpu, 3);
        uint32_t dw[8] = { 1u << 29 | 0x0D7u << 18, TEX_BASE, 3u << 16 | 3, 1u << 18 | 15, 0, 0, 0,
                           7u << 25 | 4u << 22 | 0u << 19 | 5u << 16 };
        t_bind_state(gpu, 3, dw);
        /* ld at (1, 2): R 2008 -> (A, R, 0, G) = (1, 2008, 0, 0) */
        g7sf_reg p[7], wb[8];
        memset(p, 0, sizeof p);
        p[0].ud[0] = 1, p[2].ud[0] = 2;
        fill(wb, 8);
        CHECK_EQ(send(gpu, &thr, sdesc(3, 4, false, S8, 7, 0, 3), 0x01, p, wb), 0);
        const uint32_t ld_hsw[4] = { 1, 2008, 0, 0 }, ld_ivb[4] = { 2008, 0, 0, 1 };
        for (unsigned c = 0; c < 4; c++)
            CHECKF(wb[c].ud[0] == (plat == G7SF_HSW ? ld_hsw : ld_ivb)[c],
                   "platform %u ld channel %u: %u", plat, c, wb[c].ud[0]);
        /* sample with sampler 3: TEXCOORDMODE_CLAMP_BORDER on u, border
         * colour at 0x800: 32-bit red 0xABCD (green, blue, alpha fields are
         * not R32's channels: 0, 0, 1), through the selects (1, 0xABCD, 0, 0) */
        uint32_t st[4] = { 0, 0, 0x800, 4u << 6 | 2u << 3 | 2u };
        g7sf_mem_write(gpu, DYN_BASE + 0x100 + 16 * 3, st, 16);
        uint32_t bc[20] = { 0 };
        bc[16] = 0xABCD, bc[17] = 5, bc[18] = 6, bc[19] = 7;
        g7sf_mem_write(gpu, DYN_BASE + 0x800, bc, sizeof bc);
        memset(p, 0, sizeof p);
        for (unsigned i = 0; i < 8; i++)
            p[0].ud[i] = fbits(-0.5f), p[1].ud[i] = fbits(0.5f);
        fill(wb, 8);
        int r = send(gpu, &thr, sdesc(2, 4, false, S8, 0, 3, 3), 0xFF, p, wb);
        if (plat == G7SF_IVB) {
            CHECK_EQ(r, G7SF_ESTATE);   /* integer surfaces take no border modes (L4646) */
        } else {
            CHECK_EQ(r, 0);
            const uint32_t want[4] = { 1, 0xABCD, 0, 0 };
            for (unsigned c = 0; c < 4; c++)
                CHECKF(wb[c].ud[5] == want[c], "sample channel %u: 0x%x", c, wb[c].ud[5]);
        }
        g7sf_gpu_destroy(gpu);
    }
}

TEST(send_ld_simd4x2_and_return_types)
{
    g7sf_thread thr;
    g7sf_gpu *gpu = e2e_gpu(G7SF_IVB, &thr);
    r32_uint_4x4(gpu, 0);
    /* SIMD4x2 ld: u v r lod, sample 0 in DW0-3, sample 1 in DW4-7 */
    g7sf_reg p[1] = { { { 2, 1, 0, 0, 3, 2, 0, 0 } } }, wb[1];
    fill(wb, 1);
    CHECK_EQ(send(gpu, &thr, sdesc(1, 1, false, S4X2, 7, 0, 0), 0xFF, p, wb), 0);
    CHECK_EQ(wb[0].ud[0], 1009);
    CHECK_EQ(wb[0].ud[3], 1);
    CHECK_EQ(wb[0].ud[4], 2010);
    /* R32_SINT: S32 bits; R8G8B8A8_UINT (0CBh): 4 channels */
    int32_t neg = -5;
    g7sf_mem_write(gpu, TEX_BASE + 4 * 6, &neg, 4);     /* texel (2, 1) */
    bind_2d(gpu, 0, 0x0D6, 4, 4, 16);
    fill(wb, 1);
    CHECK_EQ(send(gpu, &thr, sdesc(1, 1, false, S4X2, 7, 0, 0), 0x0F, p, wb), 0);
    CHECK_EQ(wb[0].ud[0], 0xFFFFFFFB);
    CHECK_EQ(wb[0].ud[4], SENT);        /* sample 1 inactive */
    uint8_t rgba[4] = { 200, 1, 0, 255 };
    g7sf_mem_write(gpu, TEX_BASE + 4 * 6, rgba, 4);
    bind_2d(gpu, 0, 0x0CB, 4, 4, 16);
    CHECK_EQ(send(gpu, &thr, sdesc(1, 1, false, S4X2, 7, 0, 0), 0x0F, p, wb), 0);
    CHECK_EQ(wb[0].ud[0], 200);
    CHECK_EQ(wb[0].ud[1], 1);
    CHECK_EQ(wb[0].ud[2], 0);
    CHECK_EQ(wb[0].ud[3], 255);
    g7sf_gpu_destroy(gpu);
}

/* R8G8B8A8_UNORM 4x4: texel i = (x, y) holds (85x, 85y, 255, 17i). */
static void rgba8_4x4(g7sf_gpu *gpu, unsigned bti, uint8_t t[16][4])
{
    for (unsigned i = 0; i < 16; i++) {
        t[i][0] = (uint8_t)(85 * (i % 4)), t[i][1] = (uint8_t)(85 * (i / 4));
        t[i][2] = 255, t[i][3] = (uint8_t)(17 * i);
    }
    g7sf_mem_write(gpu, TEX_BASE, t, 64);
    bind_2d(gpu, bti, 0x0C7, 4, 4, 16);
}

TEST(send_sample_nearest_unorm_texel_centres)
{
    g7sf_thread thr;
    g7sf_gpu *gpu = e2e_gpu(G7SF_IVB, &thr);
    uint8_t t[16][4];
    rgba8_4x4(gpu, 1, t);
    /* SIMD8 sample, no header, sampler 2 from the thread's table: pixel i
     * at the centre of texel (i % 4, i / 4): u = (x + 0.5) / 4 */
    g7sf_reg p[2], wb[4];
    for (unsigned i = 0; i < 8; i++)
        p[0].ud[i] = fbits((float)(i % 4 * 2 + 1) / 8.0f),
        p[1].ud[i] = fbits((float)(i / 4 * 2 + 1) / 8.0f);
    fill(wb, 4);
    CHECK_EQ(send(gpu, &thr, sdesc(2, 4, false, S8, 0, 2, 1), 0xFF, p, wb), 0);
    for (unsigned i = 0; i < 8; i++)
        for (unsigned ch = 0; ch < 4; ch++) {
            float want = (float)t[i][ch] / 255.0f, got;
            memcpy(&got, &wb[ch].ud[i], 4);
            CHECKF(fabsf(got - want) <= 1e-6f, "pixel %u ch %u: %g, want %g", i, ch, got, want);
        }
    /* exact ends: 0 and 1.0 */
    CHECK_EQ(wb[0].ud[0], fbits(0.0f));
    CHECK_EQ(wb[2].ud[0], fbits(1.0f));
    g7sf_gpu_destroy(gpu);
}

/* SIMD4x2 sample_l (u v r ai lod) with a header masking blue: sample 0 at
 * texel (1, 2), sample 1 at texel (3, 0), LOD 0. */
TEST(send_sample_l_simd4x2)
{
    g7sf_thread thr;
    g7sf_gpu *gpu = e2e_gpu(G7SF_IVB, &thr);
    uint8_t t[16][4];
    rgba8_4x4(gpu, 1, t);
    g7sf_reg p[3], wb[1];
    memset(p, 0, sizeof p);
    p[0].ud[2] = 0x4u << 12;
    p[0].ud[3] = 0x100;
    p[1].ud[0] = fbits(3.0f / 8), p[1].ud[1] = fbits(5.0f / 8);
    p[1].ud[4] = fbits(7.0f / 8), p[1].ud[5] = fbits(1.0f / 8);
    fill(wb, 1);
    CHECK_EQ(send(gpu, &thr, sdesc(3, 1, true, S4X2, 2, 2, 1), 0xFF, p, wb), 0);
    static const unsigned texel[2] = { 9, 3 };
    for (unsigned smp = 0; smp < 2; smp++)
        for (unsigned ch = 0; ch < 4; ch++) {
            if (ch == 2) {
                CHECK_EQ(wb[0].ud[4 * smp + ch], SENT);
                continue;
            }
            float want = (float)t[texel[smp]][ch] / 255.0f, got;
            memcpy(&got, &wb[0].ud[4 * smp + ch], 4);
            CHECKF(fabsf(got - want) <= 1e-6f, "sample %u ch %u: %g, want %g", smp, ch, got, want);
        }
    g7sf_gpu_destroy(gpu);
}

/* Force LOD to Zero, M0.2[16] (4500): the LOD computed from the
 * derivatives becomes 0 before the pseudocode, so the state's bias still
 * applies and sample_l's own LOD wins; for gather4* the same bit is the low
 * bit of the source channel (4488-4499), never Force LOD.  4x4 RGBA8
 * texture, one level; SAMPLER_STATE 2: Mag Mode Filter LINEAR (DW0 19:17 =
 * 1), Min NEAREST, MIPFILTER_NONE, Texture LOD Bias 0.5 (S4.8 128 at
 * 13:1), LOD PreClamp D3D (none). */
TEST(force_lod_to_zero)
{
    g7sf_thread thr;
    g7sf_gpu *gpu = e2e_gpu(G7SF_IVB, &thr);
    uint8_t t[16][4];
    rgba8_4x4(gpu, 1, t);
    uint32_t dw0 = 1u << 17 | 128u << 1;
    g7sf_mem_write(gpu, DYN_BASE + 0x100 + 16 * 2, &dw0, 4);
    /* SIMD8 (two subspans), u v: each subspan's pixels 0.5 apart in u and
     * v, 2 texels of the 4-texel map: LOD log2(2) = 1 */
    static const float u[4] = { 0.125f, 0.625f, 0.125f, 0.625f };
    static const float v[4] = { 0.125f, 0.125f, 0.625f, 0.625f };
    g7sf_reg p[4], wb[4];
    memset(p, 0, sizeof p);
    p[0].ud[3] = 0x100;
    for (unsigned i = 0; i < 8; i++)
        p[1].ud[i] = fbits(u[i % 4]), p[2].ud[i] = fbits(v[i % 4]);
    /* the LOD message (type 9): W0 the clamped LOD, W1 the unclamped one,
     * computed LOD + bias: 1 + 0.5, and 0 + 0.5 when forced */
    for (unsigned force = 0; force < 2; force++) {
        p[0].ud[2] = force << 16;
        fill(wb, 4);
        CHECK_EQ(send(gpu, &thr, sdesc(3, 4, true, S8, 9, 2, 1), 0xFF, p, wb), 0);
        for (unsigned i = 0; i < 8; i++) {
            CHECK_EQ(wb[1].ud[i], fbits(force ? 0.5f : 1.5f));
            CHECK_EQ(wb[0].ud[i], fbits(0.0f));   /* one level: clamped to 0 */
        }
    }
    /* sample (type 0), bias -0.5: pixels 0.5 apart in u and v give LOD 1,
     * 0.5 after the bias: minified, NEAREST; pixel 1 at u 0.5 reads texel
     * (2, 0), red 170.  Forced: 0 - 0.5 <= 0, magnified, LINEAR at u
     * 0.5 * 4 - 0.5 = 1.5, v 0.125 * 4 - 0.5 = 0: halfway between red 85
     * and 170, 127.5 / 255 */
    for (unsigned i = 0; i < 8; i++)
        p[1].ud[i] = fbits(i % 2 ? 0.5f : 0.0f);   /* derivative 0.5 in u: LOD 1 */
    dw0 = 1u << 17 | (0x2000u - 128u) << 1;         /* bias -0.5: 13-bit S4.8 */
    g7sf_mem_write(gpu, DYN_BASE + 0x100 + 16 * 2, &dw0, 4);
    for (unsigned force = 0; force < 2; force++) {
        p[0].ud[2] = force << 16;
        fill(wb, 4);
        CHECK_EQ(send(gpu, &thr, sdesc(3, 4, true, S8, 0, 2, 1), 0xFF, p, wb), 0);
        float got;
        memcpy(&got, &wb[0].ud[1], 4);
        float want = force ? 127.5f / 255.0f : 170.0f / 255.0f;
        CHECKF(fabsf(got - want) <= 1e-6f, "force %u: red %g, want %g", force, got, want);
    }
    /* sample_l (type 2, lod u v) with LOD 1: bias + the delivered LOD =
     * 0.5 minifies (NEAREST, texel 2) with or without Force LOD, which
     * would magnify (LINEAR, 0.5) if it replaced the delivered LOD */
    memset(p, 0, sizeof p);
    p[0].ud[3] = 0x100;
    for (unsigned i = 0; i < 8; i++)
        p[1].ud[i] = fbits(1.0f), p[2].ud[i] = fbits(0.5f), p[3].ud[i] = fbits(0.125f);
    for (unsigned force = 0; force < 2; force++) {
        p[0].ud[2] = force << 16;
        fill(wb, 4);
        CHECK_EQ(send(gpu, &thr, sdesc(4, 4, true, S8, 2, 2, 1), 0xFF, p, wb), 0);
        CHECK_EQ(wb[0].ud[0], fbits(170.0f / 255.0f));
    }
    g7sf_gpu_destroy(gpu);
}

TEST(force_lod_bit_is_the_gather_channel_for_gather4)
{
    g7sf_thread thr;
    g7sf_gpu *gpu = t_gpu(G7SF_IVB, &thr);
    g7sf_reg p[5];
    memset(p, 0, sizeof p);
    p[0].ud[2] = 1u << 16;
    sample_msg m;
    /* gather4 (type 8): channel 1 (green), no Force LOD */
    CHECK_EQ(decode(gpu, &thr, sdesc(5, 4, true, S8, 8, 0, 0), 0xFF, p, &m), 0);
    CHECK_EQ(m.args.gather_channel, 1);
    CHECK(!m.args.force_lod_zero);
    /* sample (type 0): Force LOD to Zero, channel field not read */
    CHECK_EQ(decode(gpu, &thr, sdesc(5, 4, true, S8, 0, 0, 0), 0xFF, p, &m), 0);
    CHECK(m.args.force_lod_zero);
    CHECK_EQ(m.args.gather_channel, 0);
    /* bit 17 alone: ignored outside gather4 */
    p[0].ud[2] = 1u << 17;
    CHECK_EQ(decode(gpu, &thr, sdesc(5, 4, true, S8, 0, 0, 0), 0xFF, p, &m), 0);
    CHECK(!m.args.force_lod_zero);
    g7sf_gpu_destroy(gpu);
}

TEST(send_sample_killpix_register)
{
    g7sf_thread thr;
    g7sf_gpu *gpu = e2e_gpu(G7SF_IVB, &thr);
    uint8_t t[16][4];
    rgba8_4x4(gpu, 1, t);
    g7sf_reg p[2], wb[5];
    for (unsigned i = 0; i < 8; i++)
        p[0].ud[i] = p[1].ud[i] = fbits(0.125f);
    fill(wb, 5);
    /* no chroma key: every pixel in EMask lives, the rest read 0 */
    CHECK_EQ(send(gpu, &thr, sdesc(2, 5, false, S8, 12, 2, 1), 0x3C, p, wb), 0);
    CHECK_EQ(wb[4].ud[0], 0xFFFFFF3C);
    CHECK_EQ(wb[4].ud[1], SENT);
    CHECK_EQ(wb[2].ud[2], fbits(1.0f));
    CHECK_EQ(wb[2].ud[0], SENT);
    g7sf_gpu_destroy(gpu);
}

TEST(send_resinfo)
{
    g7sf_thread thr;
    g7sf_gpu *gpu = e2e_gpu(G7SF_IVB, &thr);
    /* 16x8, MIP Count 2 (DW5 3:0) */
    uint32_t dw[8] = { 1u << 29 | 0x0C7u << 18, TEX_BASE, 7u << 16 | 15, 63, 0, 2 };
    t_bind_state(gpu, 0, dw);
    g7sf_reg p[1] = { { { 0, 1, 2, 0, 0, 0, 0, 0 } } }, wb[4];
    fill(wb, 4);
    int r = send(gpu, &thr, sdesc(1, 4, false, S8, 10, 0, 0), 0x07, p, wb);
    g7sf_gpu_destroy(gpu);
    if (r == G7SF_ENOTIMPL)
        SKIP("resinfo not in the core yet");
    CHECK_EQ(r, 0);
    /* width and height of levels 0, 1, 2 */
    CHECK_EQ(wb[0].ud[0], 16);
    CHECK_EQ(wb[0].ud[1], 8);
    CHECK_EQ(wb[0].ud[2], 4);
    CHECK_EQ(wb[1].ud[0], 8);
    CHECK_EQ(wb[1].ud[2], 2);
    CHECK_EQ(wb[0].ud[3], SENT);
}

TEST(send_state_errors)
{
    g7sf_thread thr;
    g7sf_gpu *gpu = e2e_gpu(G7SF_IVB, &thr);
    uint8_t t[16][4];
    rgba8_4x4(gpu, 1, t);
    g7sf_reg p[3], wb[4];
    memset(p, 0, sizeof p);
    g7sf_error e;
    /* SAMPLER_STATE entry past the dynamic bound (header pointer) */
    p[0].ud[3] = 0xFFF0 - 0x10;
    CHECK_EQ(send(gpu, &thr, sdesc(3, 4, true, S8, 0, 2, 1), 0xFF, p, wb), G7SF_EFAULT);
    CHECK_EQ(g7sf_last_error(gpu, &e), G7SF_EFAULT);
    CHECK(strstr(e.reason, "SAMPLER_STATE") != NULL);
    g7sf_clear_error(gpu);
    /* a binding table entry pointing past the surface state bound */
    uint32_t far = 0x20000;
    g7sf_mem_write(gpu, T_SURFACE_BASE + T_BINDING_TABLE + 4 * 9, &far, 4);
    CHECK_EQ(send(gpu, &thr, sdesc(2, 4, false, S8, 7, 0, 9), 0xFF, p, wb), G7SF_EFAULT);
    /* a surface format that does not exist */
    uint32_t dw[8] = { 1u << 29 | 0x1F0u << 18, TEX_BASE, 3u << 16 | 3, 15 };
    t_bind_state(gpu, 4, dw);
    CHECK_EQ(send(gpu, &thr, sdesc(2, 4, false, S8, 7, 0, 4), 0xFF, p, wb), G7SF_ESTATE);
    /* ld reads no sampler: a table pointer out of bounds does not matter */
    p[0].ud[3] = 0xFFFFFFE0;
    CHECK_EQ(send(gpu, &thr, sdesc(2, 4, true, S8, 7, 15, 1), 0xFF, p, wb), 0);
    g7sf_gpu_destroy(gpu);
}

/* Random descriptors, payloads (floats of every class) and state: each
 * message ends in 0 or an error, and writes nothing past rlen. */
TEST(fuzz_descriptors_payloads_and_state)
{
    g7sf_thread thr;
    g7sf_gpu *gpu = e2e_gpu(G7SF_HSW, &thr);
    uint8_t t[16][4];
    rgba8_4x4(gpu, 1, t);
    /* entries 0-7 as entry 2 (NEAREST, CLAMP); 8-15 get garbage below */
    uint32_t good[4] = { 0, 0, 0x800, 2u << 6 | 2u << 3 | 2u };
    for (unsigned k = 0; k < 8; k++)
        g7sf_mem_write(gpu, DYN_BASE + 0x100 + 16 * k, good, 16);
    static const uint32_t specials[] = { 0x7FC00000, 0x7F800000, 0xFF800000, 0x7F7FFFFF,
                                         0x80000000, 0x4F000000, 0xCF000000, 0x00000001,
                                         0x80000000, 0x7FFFFFFF, 0xFFFFFFFF };
    unsigned ok = 0;
    for (unsigned it = 0; it < 20000; it++) {
        uint64_t r = t_rand();
        if (it % 16 == 0) {   /* garbage surface state and sampler state */
            uint32_t dw[8];
            for (unsigned d = 0; d < 8; d++)
                dw[d] = (uint32_t)t_rand();
            if (it % 32 == 0)
                dw[1] = TEX_BASE, dw[0] = (dw[0] & ~(7u << 29)) | 1u << 29;
            t_bind_state(gpu, it % 256 == 128 ? 1 : 2 + (unsigned)(r >> 40) % 6, dw);
            uint32_t st[4] = { (uint32_t)t_rand(), (uint32_t)t_rand(), (uint32_t)t_rand() & 0xFFE0,
                               (uint32_t)t_rand() };
            g7sf_mem_write(gpu, DYN_BASE + 0x100 + 16 * (8 + ((r >> 44) & 7)), st, 16);
        }
        if (it % 256 == 160)
            rgba8_4x4(gpu, 1, t);
        /* mostly types that exist with the response length they need */
        static const unsigned types[] = { 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 16, 17,
                                          18, 20, 29, 30, 31 };
        unsigned simd = (unsigned)(r % 3);
        unsigned type = (r >> 2) % 4 ? types[(r >> 4) % 20] : (unsigned)(r >> 2) & 31;
        unsigned mlen = 1 + (unsigned)(r >> 8) % 12, rlen = (unsigned)(r >> 12) % 10;
        if ((r >> 50) % 4)
            rlen = simd == S4X2 ? 1 : simd == S16 ? 8 : type == 12 ? 5 : 4;
        bool header = (r >> 16) & 1;
        if ((r >> 52) % 4)   /* a whole number of parameter registers */
            mlen = header + (simd == S16 ? 2 : 1) * (1 + (unsigned)(r >> 54) % (simd == S4X2 ? 2 : 4));
        unsigned bti = (r >> 24) % 4 ? 1 : (unsigned)(r >> 26) & 7;
        uint32_t desc = sdesc(mlen, rlen, header, simd, type, (unsigned)(r >> 20) & 15, bti);
        g7sf_reg p[12], wb[16];
        for (unsigned k = 0; k < 12; k++)
            for (unsigned d = 0; d < 8; d++) {
                uint64_t v = t_rand();
                p[k].ud[d] = v % 4 == 0 ? specials[(v >> 8) % 11]
                             : v % 4 == 1 ? (uint32_t)(v >> 32) % 8
                             : v % 4 == 2 ? fbits((float)((v >> 32) % 2000) / 1000.0f - 0.5f)
                                          : (uint32_t)(v >> 32);
            }
        if (header && (r >> 28) % 4)
            p[0].ud[2] &= 0x30FFF, p[0].ud[3] = 0x100;
        fill(wb, 16);
        int e = send(gpu, &thr, desc, (uint16_t)(r >> 32), p, wb);
        CHECKF(e <= 0 && e >= G7SF_ERANGE, "message %u: code %d", it, e);
        ok += e == 0;
        unsigned past = 0;
        for (unsigned k = rlen; k < 16; k++)
            for (unsigned d = 0; d < 8; d++)
                past += wb[k].ud[d] != SENT;
        CHECKF(!past, "message %u (desc 0x%08x): %u dwords written past rlen %u", it, desc, past,
               rlen);
        g7sf_clear_error(gpu);
    }
    CHECKF(ok > 1000, "only %u messages ran", ok);
    g7sf_gpu_destroy(gpu);
}
