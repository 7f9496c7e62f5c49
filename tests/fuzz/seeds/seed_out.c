/* Seed files (see seed_out.h). */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "../send_input.h"
#include "core/memory.h"
#include "seed_out.h"

void seed_bytes(seed_buf *b, const void *p, size_t n)
{
    if (b->n + n > b->cap) {
        size_t cap = b->cap ? b->cap : 256;
        while (cap < b->n + n)
            cap *= 2;
        uint8_t *q = realloc(b->p, cap);
        if (!q) {
            fprintf(stderr, "seeds: out of memory\n");
            exit(1);
        }
        b->p = q, b->cap = cap;
    }
    memcpy(b->p + b->n, p, n);
    b->n += n;
}

void seed_u8(seed_buf *b, unsigned v)
{
    uint8_t x = (uint8_t)v;
    seed_bytes(b, &x, 1);
}

void seed_u16(seed_buf *b, unsigned v)
{
    seed_u8(b, v & 0xFF);
    seed_u8(b, v >> 8 & 0xFF);
}

void seed_u32(seed_buf *b, uint32_t v)
{
    seed_u16(b, v & 0xFFFF);
    seed_u16(b, v >> 16);
}

void seed_free(seed_buf *b)
{
    free(b->p);
    *b = (seed_buf){ 0 };
}

bool seed_recording(void)
{
    const char *d = getenv("G7SF_SEED_DIR");
    return d && *d;
}

unsigned seed_max(void)
{
    const char *m = getenv("G7SF_SEED_MAX");
    return m && *m ? (unsigned)strtoul(m, NULL, 10) : 4;
}

/* Per-target counters and the keys seen, for one process. */
#define MAX_TARGETS 16
#define MAX_KEYS 4096
static struct { const char *name; unsigned saved; } targets[MAX_TARGETS];
static uint64_t keys[MAX_KEYS];
static unsigned nkeys;

static unsigned *counter(const char *target)
{
    for (unsigned i = 0; i < MAX_TARGETS; i++) {
        if (!targets[i].name)
            targets[i].name = target;
        if (!strcmp(targets[i].name, target))
            return &targets[i].saved;
    }
    static unsigned overflow;
    return &overflow;
}

unsigned seed_count(const char *target) { return *counter(target); }

bool seed_new_key(const char *target, const void *key, size_t n)
{
    uint64_t h = 0xcbf29ce484222325ull;   /* FNV-1a over target and key */
    for (const char *t = target; *t; t++)
        h = (h ^ (uint8_t)*t) * 0x100000001b3ull;
    for (size_t i = 0; i < n; i++)
        h = (h ^ ((const uint8_t *)key)[i]) * 0x100000001b3ull;
    for (unsigned i = 0; i < nkeys; i++)
        if (keys[i] == h)
            return false;
    if (nkeys < MAX_KEYS)
        keys[nkeys++] = h;
    return true;
}

void seed_save(const char *target, const seed_buf *b)
{
    const char *dir = getenv("G7SF_SEED_DIR"), *name = getenv("G7SF_SEED_NAME");
    unsigned *count = counter(target);
    char path[1024];
    snprintf(path, sizeof path, "%s/%s", dir, target);
    if (mkdir(path, 0777) && errno != EEXIST) {
        perror(path);
        exit(1);
    }
    snprintf(path, sizeof path, "%s/%s/%s.%u", dir, target, name && *name ? name : "seed",
             (*count)++);
    FILE *f = fopen(path, "wb");
    if (!f || fwrite(b->p, 1, b->n, f) != b->n || fclose(f)) {
        perror(path);
        exit(1);
    }
}

void seed_send_prefix(seed_buf *b, uint8_t flags, unsigned sfid, uint16_t emask, uint32_t desc,
                      uint32_t binding_table, uint32_t sampler_state)
{
    seed_u8(b, flags);
    seed_u8(b, sfid);
    seed_u16(b, emask);
    seed_u32(b, desc);
    seed_u32(b, binding_table);
    seed_u32(b, sampler_state);
}

static bool repeated(const uint8_t *p, size_t n)
{
    for (size_t i = 4; i < n; i++)
        if (p[i] != p[i % 4])
            return false;
    return true;
}

static bool zero(const uint8_t *p, size_t n)
{
    for (size_t i = 0; i < n; i++)
        if (p[i])
            return false;
    return true;
}

/* 64-byte chunks: zero ones are skipped, runs of one repeated dword become
 * a fill, the rest writes (at most 64 KiB - 1 each). */
void seed_send_memory(seed_buf *b, uint32_t addr, const uint8_t *p, size_t n, size_t *budget)
{
    const size_t chunk = 64;
    size_t i = 0;
    while (i < n) {
        size_t k = n - i < chunk ? n - i : chunk;
        if (zero(p + i, k)) {
            i += k;
            continue;
        }
        size_t j = i;
        if (k == chunk && repeated(p + i, k)) {
            while (j + chunk <= n && repeated(p + j, chunk) && !memcmp(p + j, p + i, 4))
                j += chunk;
            seed_u8(b, SEND_REC_ABS_FILL);
            seed_u32(b, addr + (uint32_t)i);
            seed_u32(b, (uint32_t)(j - i));
            seed_bytes(b, p + i, 4);
        } else {
            while (j < n && j - i < 0xFFC0) {
                size_t m = n - j < chunk ? n - j : chunk;
                if (zero(p + j, m) || (m == chunk && repeated(p + j, m) && j > i))
                    break;
                j += m;
            }
            if (j - i > *budget)
                j = i + *budget;
            if (j == i)
                return;
            *budget -= j - i;
            seed_u8(b, SEND_REC_ABS_WRITE);
            seed_u32(b, addr + (uint32_t)i);
            seed_u16(b, (unsigned)(j - i));
            seed_bytes(b, p + i, j - i);
        }
        i = j;
    }
}

void seed_send_base(seed_buf *b, unsigned which, uint32_t base, uint32_t bound)
{
    seed_u8(b, SEND_REC_BASE);
    seed_u8(b, which);
    seed_u32(b, base);
    seed_u32(b, bound);
}

void seed_send_command(seed_buf *b, unsigned unit, const uint32_t *dw, unsigned n)
{
    seed_u8(b, SEND_REC_COMMAND);
    seed_u8(b, unit);
    seed_u16(b, n);
    for (unsigned i = 0; i < n; i++)
        seed_u32(b, dw[i]);
}

void seed_send_payload(seed_buf *b, unsigned reg, const g7sf_reg *r)
{
    if (zero((const uint8_t *)r, sizeof *r))
        return;   /* the target starts with zeroed registers */
    seed_u8(b, SEND_REC_PAYLOAD);
    seed_u8(b, reg);
    for (int i = 0; i < 8; i++)
        seed_u32(b, r->ud[i]);
}

void seed_send_thread(seed_buf *b, unsigned which, const g7sf_reg *r)
{
    if (zero((const uint8_t *)r, sizeof *r))
        return;
    seed_u8(b, SEND_REC_THREAD);
    seed_u8(b, which);
    for (int i = 0; i < 8; i++)
        seed_u32(b, r->ud[i]);
}

static bool near_state(const g7sf_gpu *gpu, uint32_t page)
{
    static const enum g7sf_base which[] = { G7SF_BASE_SURFACE, G7SF_BASE_DYNAMIC,
                                            G7SF_BASE_GENERAL };
    for (unsigned i = 0; i < 3; i++) {
        uint32_t base = gpu->bases[which[i]].base & ~(G7SF_PAGE_SIZE - 1);
        if (page >= base && page - base < SEND_WIN_SIZE)
            return true;
    }
    return false;
}

void seed_send_gpu_memory(seed_buf *b, const g7sf_gpu *gpu, size_t *budget)
{
    const unsigned dirs = sizeof gpu->dir / sizeof gpu->dir[0];
    const unsigned per_dir = 1u << (G7SF_DIR_SHIFT - G7SF_PAGE_SHIFT);
    for (int pass = 0; pass < 2; pass++)
        for (unsigned d = 0; d < dirs; d++) {
            if (!gpu->dir[d])
                continue;
            for (unsigned k = 0; k < per_dir; k++) {
                uint32_t addr = (uint32_t)d << G7SF_DIR_SHIFT | k << G7SF_PAGE_SHIFT;
                const uint8_t *page = g7sf_mem_page(gpu, addr);
                if (page && near_state(gpu, addr) == (pass == 0))
                    seed_send_memory(b, addr, page, G7SF_PAGE_SIZE, budget);
            }
        }
}
