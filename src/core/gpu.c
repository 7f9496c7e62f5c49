/* The gpu object: creation, STATE_BASE_ADDRESS, the error latch. */
#include <stdlib.h>
#include <string.h>

#include "gpu.h"

g7sf_gpu *g7sf_gpu_create_ex(const g7sf_gpu_options *opt)
{
    if (opt && ((opt->platform != G7SF_IVB && opt->platform != G7SF_HSW) ||
                (opt->extensions & ~(unsigned)G7SF_EXT_ALL)))
        return NULL;
    g7sf_gpu *gpu = calloc(1, sizeof *gpu);
    if (gpu) {
        static atomic_uint_fast64_t next_id = 1;
        gpu->platform = opt ? opt->platform : G7SF_IVB;
        gpu->extensions = opt ? opt->extensions : 0;
        gpu->id = atomic_fetch_add(&next_id, 1);
        for (unsigned u = 0; u < G7SF_UNIT_COUNT; u++)
            atomic_init(&gpu->unit[u].ctx, NULL);
    }
    return gpu;
}

g7sf_gpu *g7sf_gpu_create(void) { return g7sf_gpu_create_ex(NULL); }

static void unit_free(const g7sf_unit_class *cls, void *ctx)
{
    if (cls->fini)
        cls->fini(ctx);
    free(ctx);
}

void *g7sf_unit_create(g7sf_gpu *gpu, enum g7sf_unit u, const g7sf_unit_class *cls)
{
    void *ctx = calloc(1, cls->size), *none = NULL;
    if (!ctx)
        return NULL;
    if (cls->init)
        cls->init(ctx);
    if (atomic_compare_exchange_strong_explicit(&gpu->unit[u].ctx, &none, ctx,
                                                memory_order_acq_rel, memory_order_acquire)) {
        gpu->unit[u].cls = cls;   /* read by g7sf_gpu_destroy only */
        return ctx;
    }
    unit_free(cls, ctx);   /* another thread's came first */
    return none;
}

void g7sf_gpu_destroy(g7sf_gpu *gpu)
{
    if (!gpu)
        return;
    for (unsigned u = 0; u < G7SF_UNIT_COUNT; u++) {
        void *ctx = atomic_load(&gpu->unit[u].ctx);
        if (ctx)
            unit_free(gpu->unit[u].cls, ctx);
    }
    g7sf_mem_free_all(gpu);
    free(gpu);
}

enum g7sf_platform g7sf_gpu_platform(const g7sf_gpu *gpu) { return gpu->platform; }
unsigned g7sf_gpu_extensions(const g7sf_gpu *gpu) { return gpu->extensions; }

void g7sf_set_base(g7sf_gpu *gpu, enum g7sf_base which, uint32_t base, uint32_t bound)
{
    if (gpu && (unsigned)which < G7SF_BASE_COUNT)
        gpu->bases[which] = (struct g7sf_base_reg){ base, bound };
}

/* The bound is an absolute graphics address: the access must end at or
 * below it (STATE_BASE_ADDRESS "Access Upper Bound"). */
int g7sf_base_resolve(const g7sf_gpu *gpu, enum g7sf_base which, uint32_t offset,
                      size_t len, uint32_t *addr)
{
    if (!gpu || !addr || (unsigned)which >= G7SF_BASE_COUNT)
        return G7SF_EINVAL;
    const struct g7sf_base_reg *b = &gpu->bases[which];
    uint64_t start = (uint64_t)b->base + offset, end = start + len;
    if (end > 0x100000000ull || (b->bound && end > b->bound))
        return G7SF_EFAULT;
    *addr = (uint32_t)start;
    return 0;
}

int g7sf_latch(g7sf_gpu *gpu, const g7sf_error *err)
{
    if (!gpu->latch.code)
        gpu->latch = *err;
    return err->code;
}

int g7sf_last_error(const g7sf_gpu *gpu, g7sf_error *out)
{
    if (!gpu)
        return G7SF_EINVAL;
    if (out)
        *out = gpu->latch;
    return gpu->latch.code;
}

void g7sf_clear_error(g7sf_gpu *gpu)
{
    if (gpu)
        memset(&gpu->latch, 0, sizeof gpu->latch);
}

const char *g7sf_strerror(int code)
{
    switch (code) {
    case 0:              return "success";
    case G7SF_EINVAL:    return "invalid argument";
    case G7SF_ENOMEM:    return "out of host memory";
    case G7SF_EFAULT:    return "access outside the address space or a base bound";
    case G7SF_ESFID:     return "bad shared function ID";
    case G7SF_EOPCODE:   return "unknown opcode";
    case G7SF_EMLEN:     return "incorrect message length";
    case G7SF_ERLEN:     return "incorrect response length";
    case G7SF_EEOT:      return "improper use of end-of-thread";
    case G7SF_EHEADER:   return "message requires a header";
    case G7SF_ESTATE:    return "illegal state for this message";
    case G7SF_EPAYLOAD:  return "illegal value in the payload";
    case G7SF_ENOTIMPL:  return "not implemented by gen7sf yet";
    case G7SF_ERANGE:    return "value out of range";
    default:             return "unknown error";
    }
}
