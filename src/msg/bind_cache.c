/* The per-thread binding cache (bind_cache.h): direct mapped, 32 entries,
 * each the last decode of the kind and key that hash to it. */
#include <string.h>

#include "bind_cache.h"
#include "core/gpu.h"

typedef struct bind_entry {
    uint64_t gpu;              /* g7sf_gpu id; 0: empty */
    unsigned kind, n;
    int err;
    uint32_t key[BIND_KEY_DWORDS];
    _Alignas(16) unsigned char value[BIND_VALUE_BYTES];
} bind_entry;

enum { ENTRIES = 32 };
static _Thread_local bind_entry cache[ENTRIES];

static bind_entry *slot(enum bind_kind kind, const uint32_t *key, unsigned n)
{
    /* the first DWords differ between surfaces (type, format, base) */
    uint32_t h = (uint32_t)kind * 0x9E3779B9u;
    for (unsigned i = 0; i < n && i < 4; i++)
        h = (h ^ key[i]) * 0x01000193u;
    return &cache[(h >> 16 ^ h) % ENTRIES];
}

const void *bind_cache_get(const g7sf_gpu *gpu, enum bind_kind kind, const uint32_t *key,
                           unsigned n, int *err)
{
    const bind_entry *e = slot(kind, key, n);
    if (e->gpu != gpu->id || e->kind != kind || e->n != n || n > BIND_KEY_DWORDS ||
        memcmp(e->key, key, n * sizeof *key))
        return NULL;
    *err = e->err;
    return e->value;
}

void bind_cache_put(const g7sf_gpu *gpu, enum bind_kind kind, const uint32_t *key, unsigned n,
                    int err, const void *value, size_t size)
{
    if (n > BIND_KEY_DWORDS || size > BIND_VALUE_BYTES)
        return;   /* too big to cache: decoded every time */
    bind_entry *e = slot(kind, key, n);
    e->gpu = gpu->id;
    e->kind = kind;
    e->n = n;
    e->err = err;
    memcpy(e->key, key, n * sizeof *key);
    memcpy(e->value, value, size);
}
