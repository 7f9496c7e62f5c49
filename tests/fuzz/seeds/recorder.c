/* The seed recorder: linked into test binaries with the linker's --wrap
 * (Makefile, fuzz-corpus), it sees what a test does through the library
 * and writes it down as fuzz seeds, so that every target starts from
 * messages, state, texels and surfaces the tests found worth checking:
 *
 *   g7sf_send()                 -> send_sampler / send_media / send_dataport /
 *                                  send_all: the message, the thread and the
 *                                  gpu as the message meets it (bases, memory,
 *                                  the 3D commands it was given)
 *   g7sf_sample()               -> send_sampler: the same operation as a
 *                                  message (sample_seed.c)
 *   g7sf_state_unpack()         -> state
 *   g7sf_texel_decode/encode()  -> format
 *   g7sf_surface_from_state(),
 *   g7sf_surface_validate()     -> surface
 *
 * Calls the library makes to itself while running a send or a sample are
 * recorded for state and surface (they are the decoding of guest state),
 * never as messages or texels.  Without G7SF_SEED_DIR the wrappers only pass
 * the calls on. */
#include <stdio.h>
#include <string.h>

#include "../send_input.h"
#include "core/memory.h"
#include "gen7sf/format.h"
#include "gen7sf/render_cache.h"
#include "gen7sf/sampler.h"
#include "gen7sf/state.h"
#include "gen7sf/surface.h"
#include "recorder.h"
#include "seed_out.h"
#include "../surface_fields.h"

int __real_g7sf_send(g7sf_gpu *gpu, const g7sf_thread *thr, const g7sf_msg *msg, g7sf_reg *wb);
int __wrap_g7sf_send(g7sf_gpu *gpu, const g7sf_thread *thr, const g7sf_msg *msg, g7sf_reg *wb);
int __real_g7sf_sample(g7sf_gpu *gpu, const g7sf_texture *tex, const g7sf_sampler *smp,
                       const g7sf_sample_args *a, g7sf_sample_result *out);
int __wrap_g7sf_sample(g7sf_gpu *gpu, const g7sf_texture *tex, const g7sf_sampler *smp,
                       const g7sf_sample_args *a, g7sf_sample_result *out);
void __real_g7sf_gpu_destroy(g7sf_gpu *gpu);
void __wrap_g7sf_gpu_destroy(g7sf_gpu *gpu);
int __real_g7sf_sampler_command(g7sf_gpu *gpu, const uint32_t *dw, size_t ndw);
int __wrap_g7sf_sampler_command(g7sf_gpu *gpu, const uint32_t *dw, size_t ndw);
int __real_g7sf_render_cache_command(g7sf_gpu *gpu, const uint32_t *dw, size_t ndw);
int __wrap_g7sf_render_cache_command(g7sf_gpu *gpu, const uint32_t *dw, size_t ndw);
void __real_g7sf_state_unpack(const g7sf_state_desc *d, const uint32_t *dw, void *out);
void __wrap_g7sf_state_unpack(const g7sf_state_desc *d, const uint32_t *dw, void *out);
int __real_g7sf_texel_decode(const struct g7sf_format_info *f, const void *unit, unsigned x,
                             unsigned y, const g7sf_palettes *pal, g7sf_texel *out);
int __wrap_g7sf_texel_decode(const struct g7sf_format_info *f, const void *unit, unsigned x,
                             unsigned y, const g7sf_palettes *pal, g7sf_texel *out);
int __real_g7sf_texel_encode(const struct g7sf_format_info *f, const g7sf_texel *in, void *unit,
                             unsigned x, unsigned y);
int __wrap_g7sf_texel_encode(const struct g7sf_format_info *f, const g7sf_texel *in, void *unit,
                             unsigned x, unsigned y);
int __real_g7sf_surface_from_state(const g7sf_render_surface_state *ss, g7sf_surface *s);
int __wrap_g7sf_surface_from_state(const g7sf_render_surface_state *ss, g7sf_surface *s);
int __real_g7sf_surface_validate(const g7sf_surface *s);
int __wrap_g7sf_surface_validate(const g7sf_surface *s);

/* > 0 while a send or a sample runs; while surface_from_state runs */
static int depth, from_state;

/* ---- the commands each gpu was given -------------------------------- */

#define MAX_GPUS 8
#define MAX_CMDS 12
typedef struct gpu_cmds {
    const g7sf_gpu *gpu;
    unsigned n;
    struct { unsigned unit, ndw; uint32_t dw[G7SF_3DSTATE_SAMPLER_PALETTE_LOAD0_DWORDS]; } cmd[MAX_CMDS];
} gpu_cmds;
static gpu_cmds gpus[MAX_GPUS];

static gpu_cmds *cmds_of(const g7sf_gpu *gpu, bool create)
{
    for (unsigned i = 0; i < MAX_GPUS; i++)
        if (gpus[i].gpu == gpu)
            return &gpus[i];
    for (unsigned i = 0; create && i < MAX_GPUS; i++)
        if (!gpus[i].gpu) {
            gpus[i].gpu = gpu, gpus[i].n = 0;
            return &gpus[i];
        }
    return NULL;
}

/* A successful command is kept (the oldest goes when full): replayed in
 * order, they leave the gpu as the test left it. */
static void keep_command(g7sf_gpu *gpu, unsigned unit, const uint32_t *dw, size_t ndw)
{
    gpu_cmds *c = cmds_of(gpu, true);
    if (!c || ndw > G7SF_3DSTATE_SAMPLER_PALETTE_LOAD0_DWORDS)
        return;
    if (c->n == MAX_CMDS)
        memmove(&c->cmd[0], &c->cmd[1], sizeof c->cmd[0] * --c->n);
    c->cmd[c->n].unit = unit, c->cmd[c->n].ndw = (unsigned)ndw;
    memcpy(c->cmd[c->n++].dw, dw, ndw * sizeof *dw);
}

void recorder_commands(seed_buf *b, const g7sf_gpu *gpu)
{
    gpu_cmds *c = cmds_of(gpu, false);
    for (unsigned i = 0; c && i < c->n; i++)
        seed_send_command(b, c->cmd[i].unit, c->cmd[i].dw, c->cmd[i].ndw);
}

int __wrap_g7sf_sampler_command(g7sf_gpu *gpu, const uint32_t *dw, size_t ndw)
{
    int r = __real_g7sf_sampler_command(gpu, dw, ndw);
    if (!r && seed_recording())
        keep_command(gpu, 0, dw, ndw);
    return r;
}

int __wrap_g7sf_render_cache_command(g7sf_gpu *gpu, const uint32_t *dw, size_t ndw)
{
    int r = __real_g7sf_render_cache_command(gpu, dw, ndw);
    if (!r && seed_recording())
        keep_command(gpu, 1, dw, ndw);
    return r;
}

void __wrap_g7sf_gpu_destroy(g7sf_gpu *gpu)
{
    gpu_cmds *c = cmds_of(gpu, false);
    if (c)
        c->gpu = NULL;
    __real_g7sf_gpu_destroy(gpu);
}

/* ---- messages -------------------------------------------------------- */

static const char *send_target(unsigned sfid, uint32_t desc)
{
    switch (sfid) {
    case G7SF_SFID_SAMPLER:
        return (desc >> 17 & 3) == 3 ? "send_media" : "send_sampler";
    case G7SF_SFID_SAMPLER_CACHE: case G7SF_SFID_RENDER_CACHE: case G7SF_SFID_CONSTANT_CACHE:
    case G7SF_SFID_DATA_CACHE: case G7SF_SFID_DATA_CACHE1:
        return "send_dataport";
    default:
        return "send_all";
    }
}

/* FNV-1a of the pages of the surface and dynamic state windows: the same
 * descriptor against other state is another seed (a deinterlace test sends
 * one descriptor with every SAMPLER_STATE_DI it checks). */
static uint64_t state_hash(const g7sf_gpu *gpu)
{
    uint64_t h = 0xcbf29ce484222325ull;
    const enum g7sf_base which[2] = { G7SF_BASE_SURFACE, G7SF_BASE_DYNAMIC };
    for (unsigned i = 0; i < 2; i++)
        for (uint32_t off = 0; off < SEND_WIN_SIZE; off += G7SF_PAGE_SIZE) {
            uint64_t a = (uint64_t)gpu->bases[which[i]].base + off;
            const uint8_t *page = a < 0x100000000ull ? g7sf_mem_page(gpu, (uint32_t)a) : NULL;
            for (unsigned k = 0; page && k < G7SF_PAGE_SIZE; k++)
                h = (h ^ page[k]) * 0x100000001b3ull;
        }
    return h;
}

static void record_send(g7sf_gpu *gpu, const g7sf_thread *thr, const g7sf_msg *msg)
{
    const char *target = send_target(msg->sfid, msg->desc);
    if (seed_count(target) >= seed_max())
        return;
    struct { unsigned sfid, platform; uint32_t desc; uint64_t state; } key = {
        msg->sfid, g7sf_gpu_platform(gpu), msg->desc, state_hash(gpu) };
    if (seed_count(target) >= seed_max() || !seed_new_key(target, &key, sizeof key))
        return;
    unsigned mlen = msg->desc >> 25 & 0xF;
    uint8_t flags = (g7sf_gpu_platform(gpu) == G7SF_HSW ? SEND_F_HSW : 0) |
                    (thr->slm ? SEND_F_SLM : 0) | (msg->eot ? SEND_F_EOT : 0);
    seed_buf b = { 0 };
    seed_send_prefix(&b, flags, msg->sfid, msg->exec_mask, msg->desc, thr->binding_table,
                     thr->sampler_state);
    for (unsigned i = 0; i < 5; i++)
        seed_send_base(&b, i, gpu->bases[i].base, gpu->bases[i].bound);
    seed_send_thread(&b, 0, &thr->r0);
    seed_send_thread(&b, 1, &thr->r1);
    for (unsigned i = 0; i < mlen; i++)
        seed_send_payload(&b, i, &msg->payload[i]);
    recorder_commands(&b, gpu);
    size_t budget = RECORDER_MEMORY_BUDGET;
    seed_send_gpu_memory(&b, gpu, &budget);
    if (thr->slm)   /* SLM through its window */
        for (uint32_t off = 0; off < 0x10000 && budget; off += 64) {
            const uint8_t *p = thr->slm + off;
            unsigned n = 64;
            bool any = false;
            for (unsigned i = 0; i < n; i++)
                any |= p[i] != 0;
            if (!any)
                continue;
            seed_u8(&b, SEND_REC_WRITE);
            seed_u8(&b, SEND_WIN_SLM);
            seed_u16(&b, off);
            seed_u8(&b, n);
            seed_bytes(&b, p, n);
            budget = budget > n ? budget - n : 0;
        }
    seed_save(target, &b);
    seed_free(&b);
}

int __wrap_g7sf_send(g7sf_gpu *gpu, const g7sf_thread *thr, const g7sf_msg *msg, g7sf_reg *wb)
{
    if (!depth && seed_recording() && gpu && thr && msg && msg->payload)
        record_send(gpu, thr, msg);
    depth++;
    int r = __real_g7sf_send(gpu, thr, msg, wb);
    depth--;
    return r;
}

int __wrap_g7sf_sample(g7sf_gpu *gpu, const g7sf_texture *tex, const g7sf_sampler *smp,
                       const g7sf_sample_args *a, g7sf_sample_result *out)
{
    if (!depth && seed_recording() && gpu && tex && a) {
        depth++;   /* what the conversion decodes is not the test's */
        recorder_sample(gpu, tex, smp, a);
        depth--;
    }
    depth++;
    int r = __real_g7sf_sample(gpu, tex, smp, a, out);
    depth--;
    return r;
}

/* ---- state, texels, surfaces ---------------------------------------- */

/* fuzz_state: structure index, field selector, the dwords, then
 * "Field=value" text: here one field of the structure as it decodes. */
void __wrap_g7sf_state_unpack(const g7sf_state_desc *d, const uint32_t *dw, void *out)
{
    __real_g7sf_state_unpack(d, dw, out);
    if (!seed_recording() || !d || !dw || seed_count("state") >= 8 * seed_max())
        return;
    unsigned idx = 0;
    while (idx < g7sf_state_count() && g7sf_state_at(idx) != d)
        idx++;
    struct { unsigned idx; uint32_t dw[16]; } key = { idx, { 0 } };
    memcpy(key.dw, dw, (d->dwords < 16 ? d->dwords : 16) * 4);
    if (idx == g7sf_state_count() || !seed_new_key("state", &key, sizeof key))
        return;
    static unsigned per_desc[64];
    if (idx < 64 && per_desc[idx]++ >= 2)
        return;
    seed_buf b = { 0 };
    seed_u8(&b, idx);
    seed_u8(&b, 0);
    for (unsigned i = 0; i < d->dwords; i++)
        seed_u32(&b, dw[i]);
    const g7sf_field *f = &d->fields[seed_count("state") % d->nfields];
    char name[160], val[96];
    g7sf_field_name(f, 0, name, sizeof name);
    int64_t v = g7sf_field_extract(f, 0, dw);
    const char *en = NULL;
    for (const g7sf_enum *e = f->enums; e && e->name; e++)
        if (e->value == v)
            en = e->name;
    if (en)
        snprintf(val, sizeof val, "%s", en);
    else
        g7sf_field_format(f, v, val, sizeof val);
    char *paren = strstr(val, " (");
    if (paren)
        *paren = 0;
    seed_bytes(&b, name, strlen(name));
    seed_u8(&b, '=');
    seed_bytes(&b, val, strlen(val));
    seed_save("state", &b);
    seed_free(&b);
}

/* fuzz_format: code, x, y, flags, texel, unit, palette entries. */
static void record_texel(const struct g7sf_format_info *f, const void *unit, unsigned x,
                         unsigned y, const g7sf_palettes *pal, const g7sf_texel *in)
{
    /* the tests' own calls: the sampler decodes texels by the million */
    if (depth || !seed_recording() || !f || !unit || seed_count("format") >= 100 * seed_max())
        return;
    struct { unsigned code; uint8_t unit[32]; } key = { f->code, { 0 } };
    memcpy(key.unit, unit, f->unit_bytes < 32 ? f->unit_bytes : 32);
    static unsigned per_code[512];
    if (per_code[f->code & 511] >= 1 || !seed_new_key("format", &key, sizeof key))
        return;
    per_code[f->code & 511]++;
    seed_buf b = { 0 };
    seed_u16(&b, f->code);
    seed_u8(&b, x);
    seed_u8(&b, y);
    seed_u8(&b, (pal ? 1 : 0) | (in ? 2 : 0));
    g7sf_texel t = { 0 };
    if (in)
        t = *in;
    seed_bytes(&b, &t, sizeof t);
    uint8_t u[32] = { 0 };
    memcpy(u, unit, f->unit_bytes < 32 ? f->unit_bytes : 32);
    seed_bytes(&b, u, sizeof u);
    for (unsigned i = 0; pal && i < 16; i++)   /* the first entries of each palette */
        seed_u32(&b, pal->entry[0][i]);
    for (unsigned i = 0; pal && i < 16; i++)
        seed_u32(&b, pal->entry[1][i]);
    seed_save("format", &b);
    seed_free(&b);
}

int __wrap_g7sf_texel_decode(const struct g7sf_format_info *f, const void *unit, unsigned x,
                             unsigned y, const g7sf_palettes *pal, g7sf_texel *out)
{
    record_texel(f, unit, x, y, pal, NULL);
    return __real_g7sf_texel_decode(f, unit, x, y, pal, out);
}

int __wrap_g7sf_texel_encode(const struct g7sf_format_info *f, const g7sf_texel *in, void *unit,
                             unsigned x, unsigned y)
{
    record_texel(f, unit, x, y, NULL, in);
    return __real_g7sf_texel_encode(f, in, unit, x, y);
}

/* fuzz_surface: mode (0 RENDER_SURFACE_STATE, 1 a g7sf_surface), its
 * words, then (lod, slice, sample, x, y) queries: the corners of the last
 * level and slice. */
static void surface_queries(seed_buf *b, const g7sf_surface *s)
{
    uint32_t w = 1, h = 1, d = 1;
    unsigned lod = s->levels ? s->levels - 1 : 0;
    g7sf_surface_level_size(s, lod, &w, &h, &d);
    const uint32_t q[3][5] = { { 0, 0, 0, 0, 0 }, { lod, d - 1, 0, w - 1, h - 1 },
                               { 0, 0, s->samples ? s->samples - 1 : 0, s->width / 2,
                                 s->height / 2 } };
    for (int i = 0; i < 3; i++) {
        seed_u8(b, q[i][0]);
        seed_u32(b, q[i][1]);
        seed_u8(b, q[i][2]);
        seed_u32(b, q[i][3]);
        seed_u32(b, q[i][4]);
    }
}

int __wrap_g7sf_surface_from_state(const g7sf_render_surface_state *ss, g7sf_surface *s)
{
    from_state++;   /* its validate call is this state's, not a seed of its own */
    int r = __real_g7sf_surface_from_state(ss, s);
    from_state--;
    uint32_t dw[G7SF_RENDER_SURFACE_STATE_DWORDS];
    if (!seed_recording() || !ss || !s || seed_count("surface") >= 6 * seed_max() ||
        g7sf_state_pack(&g7sf_desc_RENDER_SURFACE_STATE, ss, dw) ||
        !seed_new_key("surface", dw, sizeof dw))
        return r;
    seed_buf b = { 0 };
    seed_u8(&b, 0);
    for (unsigned i = 0; i < G7SF_RENDER_SURFACE_STATE_DWORDS; i++)
        seed_u32(&b, dw[i]);
    surface_queries(&b, s);
    seed_save("surface", &b);
    seed_free(&b);
    return r;
}

int __wrap_g7sf_surface_validate(const g7sf_surface *s)
{
    int r = __real_g7sf_surface_validate(s);
    if (from_state || !seed_recording() || !s || seed_count("surface") >= 6 * seed_max() ||
        !seed_new_key("surface", s, sizeof *s))
        return r;
    seed_buf b = { 0 };
    seed_u8(&b, 1);
#define SURFACE_FIELD(m) seed_u32(&b, s->m);
    SURFACE_FIELDS(SURFACE_FIELD)
#undef SURFACE_FIELD
    surface_queries(&b, s);
    seed_save("surface", &b);
    seed_free(&b);
    return r;
}
