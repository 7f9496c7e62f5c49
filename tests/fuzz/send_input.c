/* Runs one g7sf_send() fuzz input (format in send_input.h) and checks the
 * contract of gen7sf.h on every send:
 *   - the code is 0 or a G7SF_E* value, and the error latch holds exactly
 *     it (cleared before each send), naming the message;
 *   - registers past rlen are untouched (guard registers with a pattern),
 *     the payload and the thread are not written;
 *   - messages of functions that never write memory (everything but the
 *     render cache and the data caches) allocate no graphics memory;
 *   - and, under the sanitizers, no access outside what the call was
 *     given: the payload is exactly mlen registers, SLM exactly 64 KiB. */
#include <string.h>

#include "fuzz.h"
#include "gen7sf/msaa_compress.h"
#include "gen7sf/render_cache.h"
#include "gen7sf/sampler.h"
#include "send_input.h"

#define SLM_BYTES 0x10000u
#define GUARD_REGS 2

typedef struct run {
    g7sf_gpu *gpu;
    g7sf_thread thr;
    uint8_t flags;
    unsigned sfid;
    uint16_t emask;
    uint32_t desc;
    g7sf_reg payload[16];
    uint32_t base[5];        /* the bases as set (enum g7sf_base): the windows follow */
    uint32_t filled;         /* bytes filled so far (SEND_FILL_BUDGET) */
    unsigned sends;
    const send_mode *mode;
} run;

static uint32_t window_base(const run *r, unsigned w)
{
    switch (w) {
    case SEND_WIN_SURFACE: return r->base[G7SF_BASE_SURFACE];
    case SEND_WIN_DYNAMIC: return r->base[G7SF_BASE_DYNAMIC];
    case SEND_WIN_GENERAL: return r->base[G7SF_BASE_GENERAL];
    case SEND_WIN_DATA0:   return SEND_DATA0;
    case SEND_WIN_DATA1:   return SEND_DATA0 + SEND_WIN_SIZE;
    default:               return SEND_TOP;
    }
}

/* Bytes [off, off + n) of window w, clipped to the window. */
static void window_write(run *r, unsigned w, uint32_t off, const uint8_t *src, uint32_t n)
{
    if (off + n > SEND_WIN_SIZE)
        n = SEND_WIN_SIZE - off;
    if (w == SEND_WIN_SLM) {
        if (r->thr.slm)
            memcpy(r->thr.slm + off, src, n);
        return;
    }
    uint64_t a = (uint64_t)window_base(r, w) + off;   /* a window may pass 4 GiB */
    if (a >= 0x100000000ull)
        return;
    if (a + n > 0x100000000ull)
        n = (uint32_t)(0x100000000ull - a);
    g7sf_mem_write(r->gpu, (uint32_t)a, src, n);
}

/* n bytes of a repeated dword at addr (window w, or absolute when w < 0),
 * within the input's fill budget, a page at a time. */
static void fill(run *r, int w, uint64_t addr, uint32_t n, uint32_t pattern)
{
    uint8_t page[4096];
    for (int k = 0; k < 4; k++)   /* little-endian, then doubled: a byte loop over */
        page[k] = (uint8_t)(pattern >> 8 * k);   /* the page costs more than the fill */
    for (size_t have = 4; have < sizeof page; have *= 2)
        memcpy(page + have, page, have);
    if (n > SEND_FILL_BUDGET - r->filled)
        n = SEND_FILL_BUDGET - r->filled;
    r->filled += n;
    for (uint32_t done = 0; done < n;) {
        uint32_t k = n - done < sizeof page ? n - done : (uint32_t)sizeof page;
        if (w >= 0) {
            if (addr + done >= SEND_WIN_SIZE)
                return;
            window_write(r, (unsigned)w, (uint32_t)(addr + done), page, k);
        } else {
            if (addr + done >= 0x100000000ull)
                return;
            uint64_t room = 0x100000000ull - (addr + done);
            g7sf_mem_write(r->gpu, (uint32_t)(addr + done), page, k < room ? k : (uint32_t)room);
        }
        done += k;
    }
}

static void send_checked(run *r)
{
    const send_mode *m = r->mode;
    unsigned sfid = m->sfid(r->sfid);
    uint32_t desc = m->desc(r->desc);
    unsigned mlen = desc >> 25 & 0xF, rlen = desc >> 20 & 0x1F;
    /* exactly mlen registers: a read past them is the sanitizers' to see */
    g7sf_reg *payload = mlen ? malloc(mlen * sizeof *payload) : NULL;
    if (mlen)
        memcpy(payload, r->payload, mlen * sizeof *payload);
    g7sf_reg *wb = malloc((rlen + GUARD_REGS) * sizeof *wb);
    for (unsigned i = 0; i < (rlen + GUARD_REGS) * 8; i++)
        wb[i / 8].ud[i % 8] = 0x5A5A0000u + i;
    g7sf_thread thr = r->thr;
    g7sf_msg msg = { .sfid = sfid, .desc = desc, .eot = r->flags & SEND_F_EOT,
                     .exec_mask = r->emask, .payload = payload };
    bool no_wb = rlen == 0 && (r->flags & SEND_F_WB_NULL);
    size_t pages = g7sf_mem_pages(r->gpu);

    g7sf_clear_error(r->gpu);
    int code = g7sf_send(r->gpu, &thr, &msg, no_wb ? NULL : wb);

    static int verbose = -1;   /* G7SF_FUZZ_VERBOSE=1: what each send returned */
    if (verbose < 0)
        verbose = getenv("G7SF_FUZZ_VERBOSE") != NULL;
    if (verbose) {
        g7sf_error v;
        g7sf_last_error(r->gpu, &v);
        fprintf(stderr, "send SFID %u desc 0x%08x: %d %s\n", sfid, desc, code,
                code ? v.reason : "");
    }
    FUZZ_CHECK(code == 0 || (code <= G7SF_EINVAL && code >= G7SF_ERANGE),
               "SFID %u desc 0x%08x: code %d", sfid, desc, code);
    /* the arguments are all valid: whatever is wrong is in the message or
     * the state, and G7SF_EINVAL would misname it */
    FUZZ_CHECK(code != G7SF_EINVAL, "SFID %u desc 0x%08x: G7SF_EINVAL for valid arguments",
               sfid, desc);
    g7sf_error e;
    int latched = g7sf_last_error(r->gpu, &e);
    FUZZ_CHECK(latched == code, "SFID %u desc 0x%08x: returned %d, latched %d", sfid, desc, code,
               latched);
    if (code) {
        FUZZ_CHECK(e.sfid == sfid && e.desc == desc && e.mlen == mlen && e.rlen == rlen,
                   "latched SFID %u desc 0x%08x mlen %u rlen %u for SFID %u desc 0x%08x",
                   e.sfid, e.desc, e.mlen, e.rlen, sfid, desc);
        FUZZ_CHECK(memchr(e.reason, 0, sizeof e.reason), "reason not terminated");
    }
    for (unsigned i = rlen * 8; i < (rlen + GUARD_REGS) * 8; i++)
        FUZZ_CHECK(wb[i / 8].ud[i % 8] == 0x5A5A0000u + i,
                   "SFID %u desc 0x%08x (rlen %u): wrote register %u", sfid, desc, rlen, i / 8);
    FUZZ_CHECK(!mlen || !memcmp(payload, r->payload, mlen * sizeof *payload),
               "SFID %u desc 0x%08x: payload changed", sfid, desc);
    FUZZ_CHECK(!memcmp(&thr, &r->thr, sizeof thr), "SFID %u desc 0x%08x: thread changed", sfid,
               desc);
    bool writer = sfid == G7SF_SFID_RENDER_CACHE || sfid == G7SF_SFID_DATA_CACHE ||
                  sfid == G7SF_SFID_DATA_CACHE1;
    FUZZ_CHECK(writer || g7sf_mem_pages(r->gpu) == pages,
               "SFID %u desc 0x%08x: a function that never writes memory allocated %zu pages",
               sfid, desc, g7sf_mem_pages(r->gpu) - pages);
    free(payload);
    free(wb);
    r->sends++;
}

/* One record; false when the input ended inside it. */
static bool record(run *r, fuzz_in *in)
{
    uint8_t buf[256];
    switch (fuzz_u8(in) % SEND_REC_COUNT) {
    case SEND_REC_PAYLOAD: {
        unsigned reg = fuzz_u8(in) % 16;
        if (fuzz_left(in) < 32)
            return false;
        fuzz_bytes(in, &r->payload[reg], 32);
        return true;
    }
    case SEND_REC_THREAD: {
        g7sf_reg *reg = fuzz_u8(in) & 1 ? &r->thr.r1 : &r->thr.r0;
        if (fuzz_left(in) < 32)
            return false;
        fuzz_bytes(in, reg, 32);
        return true;
    }
    case SEND_REC_WRITE: {
        unsigned w = fuzz_u8(in) % SEND_WIN_COUNT;
        uint32_t off = fuzz_u16(in);
        unsigned n = fuzz_u8(in);
        if (fuzz_left(in) < n)
            return false;
        fuzz_bytes(in, buf, n);
        window_write(r, w, off, buf, n);
        return true;
    }
    case SEND_REC_FILL: {
        unsigned w = fuzz_u8(in) % SEND_WIN_COUNT;
        uint32_t off = fuzz_u16(in), n = fuzz_u16(in);
        if (fuzz_left(in) < 4)
            return false;
        fill(r, (int)w, off, n, fuzz_u32(in));
        return true;
    }
    case SEND_REC_ABS_WRITE: {
        uint32_t addr = fuzz_u32(in);
        unsigned n = fuzz_u16(in);
        if (fuzz_left(in) < n)
            return false;
        uint64_t room = 0x100000000ull - addr;
        g7sf_mem_write(r->gpu, addr, in->p, n < room ? n : (size_t)room);
        in->p += n, in->n -= n;
        return true;
    }
    case SEND_REC_ABS_FILL: {
        uint32_t addr = fuzz_u32(in), n = fuzz_u32(in);
        if (fuzz_left(in) < 4)
            return false;
        fill(r, -1, addr, n, fuzz_u32(in));
        return true;
    }
    case SEND_REC_BASE: {
        unsigned which = fuzz_u8(in) % 5;
        uint32_t base = fuzz_u32(in);
        if (fuzz_left(in) < 4)
            return false;
        g7sf_set_base(r->gpu, (enum g7sf_base)which, base, fuzz_u32(in));
        r->base[which] = base;
        return true;
    }
    case SEND_REC_COMMAND: {
        unsigned unit = fuzz_u8(in) & 1, n = fuzz_u16(in) % (SEND_MAX_CMD_DWORDS + 1);
        if (fuzz_left(in) < 4 * n)
            return false;
        uint32_t *dw = malloc((n ? n : 1) * sizeof *dw);
        for (unsigned i = 0; i < n; i++)
            dw[i] = fuzz_u32(in);
        int c = unit ? g7sf_render_cache_command(r->gpu, dw, n)
                     : g7sf_sampler_command(r->gpu, dw, n);
        FUZZ_CHECK(c == 0 || c == G7SF_EINVAL || c == G7SF_EOPCODE || c == G7SF_EMLEN,
                   "command: code %d", c);
        free(dw);
        return true;
    }
    case SEND_REC_MESSAGE: {
        unsigned sfid = fuzz_u8(in);
        uint16_t emask = fuzz_u16(in);
        if (fuzz_left(in) < 4)
            return false;
        r->sfid = sfid, r->emask = emask, r->desc = fuzz_u32(in);
        return true;
    }
    default:
        if (r->sends < SEND_MAX_SENDS - 1)
            send_checked(r);
        return true;
    }
}

void send_input_run(const uint8_t *data, size_t size, const send_mode *mode)
{
    if (size < SEND_PREFIX)
        return;
    fuzz_in in = { data, size };
    run r = { .mode = mode };
    r.flags = fuzz_u8(&in);
    r.sfid = fuzz_u8(&in);
    r.emask = fuzz_u16(&in);
    r.desc = fuzz_u32(&in);
    r.thr.binding_table = fuzz_u32(&in);
    r.thr.sampler_state = fuzz_u32(&in);
    if (r.flags & SEND_F_SLM)
        r.thr.slm = calloc(1, SLM_BYTES);   /* exactly 64 KiB, as the contract says */
    g7sf_gpu_options o = { .platform = r.flags & SEND_F_HSW ? G7SF_HSW : G7SF_IVB,
                           .extensions = (r.flags & SEND_F_MINMAX ? G7SF_EXT_MINMAX_FILTER : 0u) |
                                         (r.flags & SEND_F_MSAA_INDEX ? G7SF_EXT_MSAA_INDEX : 0u) };
    r.gpu = g7sf_gpu_create_ex(&o);
    FUZZ_CHECK(r.gpu, "no gpu");
    r.base[G7SF_BASE_SURFACE] = SEND_DEFAULT_SURFACE;
    r.base[G7SF_BASE_DYNAMIC] = SEND_DEFAULT_DYNAMIC;
    r.base[G7SF_BASE_GENERAL] = SEND_DEFAULT_GENERAL;
    for (unsigned b = 0; b < 5; b++)
        g7sf_set_base(r.gpu, (enum g7sf_base)b, r.base[b], 0);
    while (fuzz_left(&in) && record(&r, &in))
        ;
    send_checked(&r);
    if (r.flags & SEND_F_MSAA_INDEX)   /* write back what the render cache holds: an
                                          error is an answer, a crash is not */
        (void)g7sf_render_cache_flush(r.gpu);
    g7sf_gpu_destroy(r.gpu);
    free(r.thr.slm);
}
