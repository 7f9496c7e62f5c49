/* The test harness: TEST(name) { ... } registers a test case; CHECK* record a
 * failure (file:line, what differed) and let the case go on; SKIP(why) ends
 * the case as skipped.  Each binary ends with "N passed, N failed[, N skipped]". */
#ifndef G7SF_TEST_HARNESS_H
#define G7SF_TEST_HARNESS_H

#include <inttypes.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

typedef void (*t_fn)(void);
void t_register(const char *name, t_fn fn);
void t_fail(const char *file, int line, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
void t_skip(const char *why);
bool t_failed(void);          /* has the current case failed so far */
uint64_t t_rand(void);        /* deterministic per case (xorshift) */
/* The build directory ($BUILD, default "build") and a scratch file path
 * BUILD/tests/<prefix><name> (the last 8 returned stay valid). */
const char *t_build_dir(void);
const char *t_scratch_path(const char *prefix, const char *name);
/* Another spelling of the same scratch path (BUILD/tests/./<prefix><name>),
 * for tests that a tool sees through to the file, whatever BUILD is. */
const char *t_scratch_alias(const char *prefix, const char *name);

/* Files for the tool tests.  t_read_file: the whole file, NUL-terminated,
 * in a new buffer (free it), its size in *n; NULL when unreadable.
 * t_read_text: at most cap - 1 bytes into buf, NUL-terminated ("" when
 * unreadable).  t_write_file: a CHECK failure when it cannot. */
uint8_t *t_read_file(const char *path, size_t *n);
void t_read_text(const char *path, char *buf, size_t cap);
void t_write_file(const char *path, const void *data, size_t n);

/* AddressSanitizer reserves terabytes of address space: tests that hold a
 * child to an address-space limit cannot while it is on. */
#if defined(__SANITIZE_ADDRESS__)
#define T_UNDER_ASAN 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define T_UNDER_ASAN 1
#endif
#endif

#define TEST(name)                                                            \
    static void test_##name(void);                                            \
    __attribute__((constructor)) static void reg_##name(void)                 \
    { t_register(#name, test_##name); }                                       \
    static void test_##name(void)

#define CHECK(cond)                                                           \
    do { if (!(cond)) t_fail(__FILE__, __LINE__, "%s", #cond); } while (0)
#define CHECKF(cond, ...)                                                     \
    do { if (!(cond)) t_fail(__FILE__, __LINE__, __VA_ARGS__); } while (0)
#define CHECK_EQ(a, b)                                                        \
    do { long long a_ = (long long)(a), b_ = (long long)(b);                  \
         if (a_ != b_) t_fail(__FILE__, __LINE__, "%s == %s: got %lld (0x%llx), want %lld (0x%llx)", \
                              #a, #b, a_, (unsigned long long)a_, b_, (unsigned long long)b_); \
    } while (0)
#define CHECK_STR(a, b)                                                       \
    do { const char *a_ = (a), *b_ = (b);                                     \
         if (!a_ || !b_ || strcmp(a_, b_))                                    \
             t_fail(__FILE__, __LINE__, "%s: got \"%s\", want \"%s\"", #a,    \
                    a_ ? a_ : "(null)", b_ ? b_ : "(null)");                  \
    } while (0)
#define SKIP(why) do { t_skip(why); return; } while (0)

#endif
