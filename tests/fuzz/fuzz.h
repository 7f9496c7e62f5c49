/* What every fuzz target shares.  A target is one file tests/fuzz/fuzz_NAME.c
 * defining LLVMFuzzerTestOneInput; it links either with libFuzzer (make
 * fuzz, clang -fsanitize=fuzzer) or with tests/fuzz/replay.c, a plain
 * main() that runs it over the seed corpus (make check, any compiler).
 *
 * A target checks its contract with FUZZ_CHECK: a broken promise prints
 * what was wrong and aborts, which libFuzzer reports as a crash and saves
 * the input, and which the replay counts as a failed input. */
#ifndef G7SF_FUZZ_H
#define G7SF_FUZZ_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

#define FUZZ_CHECK(cond, ...)                                                     \
    do {                                                                          \
        if (!(cond)) {                                                            \
            fprintf(stderr, "%s:%d: contract broken: %s: ", __FILE__, __LINE__, #cond); \
            fprintf(stderr, __VA_ARGS__);                                         \
            fputc('\n', stderr);                                                  \
            abort();                                                              \
        }                                                                         \
    } while (0)

/* Reading the input front to back; past the end everything reads 0, so a
 * target never has to special-case short inputs. */
typedef struct fuzz_in {
    const uint8_t *p;
    size_t n;
} fuzz_in;

static inline size_t fuzz_left(const fuzz_in *in) { return in->n; }

static inline uint8_t fuzz_u8(fuzz_in *in)
{
    if (!in->n)
        return 0;
    in->n--;
    return *in->p++;
}

static inline uint16_t fuzz_u16(fuzz_in *in)
{
    uint16_t lo = fuzz_u8(in);
    return (uint16_t)(lo | fuzz_u8(in) << 8);
}

static inline uint32_t fuzz_u32(fuzz_in *in)
{
    uint32_t lo = fuzz_u16(in);
    return lo | (uint32_t)fuzz_u16(in) << 16;
}

/* Copies up to n bytes into dst, zero-filling what the input lacks. */
static inline void fuzz_bytes(fuzz_in *in, void *dst, size_t n)
{
    uint8_t *d = dst;
    for (size_t i = 0; i < n; i++)
        d[i] = fuzz_u8(in);
}

#endif
