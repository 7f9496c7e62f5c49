/* gen7sf: the shared functions of Intel Gen7 (Ivy Bridge) / Gen7.5 (Haswell)
 * graphics, in software.  This header is the core contract, kept stable for
 * the simulators that embed the library: graphics memory, state base
 * addresses and g7sf_send(). */
#ifndef GEN7SF_GEN7SF_H
#define GEN7SF_GEN7SF_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* What the shared library exports: every function and object the public
 * headers declare carries G7SF_API.  The library is built with
 * -fvisibility=hidden, so nothing else leaves libgen7sf.so
 * (tests/test_exports.c checks both ways). */
#if defined(__GNUC__) || defined(__clang__)
#define G7SF_API __attribute__((visibility("default")))
#else
#define G7SF_API
#endif

#ifdef __cplusplus
extern "C" {
#endif

typedef struct g7sf_reg { uint32_t ud[8]; } g7sf_reg;   /* one 256-bit register */
typedef struct g7sf_gpu g7sf_gpu;                        /* memory + shared functions */

/* Error codes: every entry point returns 0 or one of these (negative). */
enum {
    G7SF_EINVAL   = -1,  /* bad argument (NULL pointer, length 0 where not allowed) */
    G7SF_ENOMEM   = -2,  /* host allocation failed */
    G7SF_EFAULT   = -3,  /* access crosses the 4 GiB address space or a base bound */
    G7SF_ESFID    = -4,  /* no shared function has this SFID (§1.5.8) */
    G7SF_EOPCODE  = -5,  /* unknown message type / descriptor encoding (§1.5.8) */
    G7SF_EMLEN    = -6,  /* message length wrong for the message (§1.5.8) */
    G7SF_ERLEN    = -7,  /* response length wrong for the message (§1.5.8) */
    G7SF_EEOT     = -8,  /* EOT to a function that does not accept it, or with a
                            destination (§1.5.5, §1.5.8) */
    G7SF_EHEADER  = -9,  /* message requires a header and has none */
    G7SF_ESTATE   = -10, /* state in memory is illegal for this message */
    G7SF_EPAYLOAD = -11, /* a payload field is illegal (§1.5.8 "bad data") */
    G7SF_ENOTIMPL = -12, /* a real message or function gen7sf does not model yet */
    G7SF_ERANGE   = -13  /* a value does not fit its field */
};
G7SF_API const char *g7sf_strerror(int code);

enum g7sf_platform { G7SF_IVB = 0, G7SF_HSW = 1 };
/* The patented extensions beyond the Gen7 PRM (issue 22; docs/spec-notes.md,
 * "Patent 003" and "Patent 004").  Off by default: a gpu without them runs
 * exactly as the PRM's, the extension encodings sitting in bits the PRM
 * reserves and that are then ignored. */
enum g7sf_extension {
    G7SF_EXT_MINMAX_FILTER = 1u << 0,   /* SAMPLER_STATE min/max reduction (US 9355490) */
    G7SF_EXT_MSAA_INDEX    = 1u << 1,   /* MSAA colour in the index bits (US 9466124) */
    G7SF_EXT_ALL           = (1u << 2) - 1
};
typedef struct g7sf_gpu_options {
    enum g7sf_platform platform;     /* G7SF_IVB (default) or G7SF_HSW */
    unsigned extensions;             /* G7SF_EXT_* bits; 0 (default): none */
} g7sf_gpu_options;

G7SF_API g7sf_gpu *g7sf_gpu_create(void);          /* Ivy Bridge behaviour */
G7SF_API g7sf_gpu *g7sf_gpu_create_ex(const g7sf_gpu_options *opt);
G7SF_API void      g7sf_gpu_destroy(g7sf_gpu *gpu);
G7SF_API enum g7sf_platform g7sf_gpu_platform(const g7sf_gpu *gpu);
/* The G7SF_EXT_* bits the gpu was created with. */
G7SF_API unsigned g7sf_gpu_extensions(const g7sf_gpu *gpu);

/* Graphics memory: a sparse 32-bit (4 GiB) address space, zero-filled.
 * Pages of 4 KiB are allocated on first write.  An access with
 * addr + len > 4 GiB fails with G7SF_EFAULT and transfers nothing. */
G7SF_API int g7sf_mem_write(g7sf_gpu *gpu, uint32_t addr, const void *src, size_t len);
G7SF_API int g7sf_mem_read (g7sf_gpu *gpu, uint32_t addr, void *dst, size_t len);
G7SF_API size_t g7sf_mem_pages(const g7sf_gpu *gpu);  /* pages allocated so far */

/* STATE_BASE_ADDRESS: base and access upper bound (0 = no bound). */
enum g7sf_base { G7SF_BASE_GENERAL, G7SF_BASE_SURFACE, G7SF_BASE_DYNAMIC,
                 G7SF_BASE_INDIRECT, G7SF_BASE_INSTRUCTION, G7SF_BASE_COUNT };
G7SF_API void g7sf_set_base(g7sf_gpu *gpu, enum g7sf_base which, uint32_t base, uint32_t bound);
/* Resolves an offset from a base to a graphics address for an access of len
 * bytes: G7SF_EFAULT when it wraps past 4 GiB or reaches the upper bound. */
G7SF_API int g7sf_base_resolve(const g7sf_gpu *gpu, enum g7sf_base which, uint32_t offset,
                               size_t len, uint32_t *addr);

/* What the thread dispatcher gave the sending thread. */
typedef struct g7sf_thread {
    uint32_t binding_table;   /* offset from Surface State Base Address */
    uint32_t sampler_state;   /* offset from Dynamic State Base Address, used when a
                                 message has no header */
    g7sf_reg r0, r1;          /* dispatch payload, for header-less messages */
    uint8_t *slm;             /* the thread group's shared local memory, 64 KiB
                                 (BTI 254 on the data cache, §3.2.3); NULL: none */
} g7sf_thread;

typedef struct g7sf_msg {
    unsigned sfid;            /* shared function ID, Gen7 numbering (Sampler = 2,
                                 render cache = 5, data cache = 10, ...) */
    uint32_t desc;            /* message descriptor: [28:25] mlen, [24:20] rlen,
                                 [19] header present, [18:0] function control */
    bool     eot;             /* end of thread */
    uint16_t exec_mask;       /* EMask */
    const g7sf_reg *payload;  /* mlen registers */
} g7sf_msg;

/* Shared function IDs (the send instruction's SFID field). */
enum g7sf_sfid {
    G7SF_SFID_NULL = 0, G7SF_SFID_MATH = 1, G7SF_SFID_SAMPLER = 2,
    G7SF_SFID_GATEWAY = 3, G7SF_SFID_SAMPLER_CACHE = 4, G7SF_SFID_RENDER_CACHE = 5,
    G7SF_SFID_URB = 6, G7SF_SFID_SPAWNER = 7, G7SF_SFID_VME = 8,
    G7SF_SFID_CONSTANT_CACHE = 9, G7SF_SFID_DATA_CACHE = 10,
    G7SF_SFID_PIXEL_INTERP = 11,   /* Haswell */
    G7SF_SFID_DATA_CACHE1 = 12,    /* Haswell's second data cache port */
    G7SF_SFID_CRE = 13             /* Haswell */
};

/* Runs one message. Writes at most rlen registers of wb; registers or channels
 * the hardware would not write are left untouched. Returns 0, or a negative
 * G7SF_E* code; errors are also latched (g7sf_last_error) as the hardware
 * latches them in MMIO registers. Never reads or writes outside gpu memory
 * and wb, whatever the message, state or memory contents. */
G7SF_API int g7sf_send(g7sf_gpu *gpu, const g7sf_thread *thr, const g7sf_msg *msg, g7sf_reg *wb);

/* The error latch (§1.5.8): what the erroneous message was.  The first error
 * stays latched until g7sf_clear_error(), as the MMIO registers do. */
typedef struct g7sf_error {
    int      code;            /* G7SF_E*, 0 when nothing is latched */
    unsigned sfid;
    uint32_t desc;
    unsigned mlen, rlen;
    bool     eot;
    g7sf_reg first;           /* first payload register (R0 copy when mlen > 0) */
    char     reason[96];      /* one line: what was wrong */
} g7sf_error;
G7SF_API int  g7sf_last_error(const g7sf_gpu *gpu, g7sf_error *out);   /* returns code */
G7SF_API void g7sf_clear_error(g7sf_gpu *gpu);

#ifdef __cplusplus
}
#endif
#endif
