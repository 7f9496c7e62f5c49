/* The hex dump reader (tools/lib/hexwords.c): words on lines of any length,
 * and every token that is not a word or an address label refused with its
 * line and column. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "harness.h"
#include "hexwords.h"

static const char *path(const char *name)
{
    return t_scratch_path("hexwords_", name);
}

static void write_file(const char *file, const char *text, size_t n)
{
    FILE *f = fopen(file, "wb");
    CHECK(f && fwrite(text, 1, n, f) == n);
    if (f)
        fclose(f);
}

/* Reads text as a dump of at most max words. */
static long read_text(const char *text, uint32_t *w, unsigned max, vio_error *err)
{
    write_file(path("in.hex"), text, strlen(text));
    return hexwords_read(path("in.hex"), w, max, err);
}

/* A word that straddles byte 4096 of a line is one word: a 4096-byte line
 * buffer once cut "12345678" into 1234h and 5678h. */
TEST(word_across_4096_bytes_is_one_word)
{
    char *text = malloc(8192);
    if (!text)
        SKIP("out of memory");
    size_t k = 0;
    while (k < 4091)
        text[k++] = ' ';
    strcpy(text + k, "12345678 9abcdef0\n");   /* "12345678" covers bytes 4091-4098 */
    uint32_t w[8] = { 0 };
    vio_error err;
    long n = read_text(text, w, 8, &err);
    CHECKF(n == 2, "%ld words (%s)", n, n < 0 ? err.msg : "");
    CHECK_EQ(w[0], 0x12345678);
    CHECK_EQ(w[1], 0x9abcdef0);
    free(text);
}

/* 30000 words on one line (270 KB): all read, in order. */
TEST(a_line_has_no_length_limit)
{
    enum { N = 30000 };
    char *text = malloc(N * 9 + 2);
    uint32_t *w = malloc(N * sizeof *w);
    if (!text || !w) {
        free(text), free(w);
        SKIP("out of memory");
    }
    for (unsigned i = 0; i < N; i++)
        snprintf(text + 9 * i, 10, "%08x ", i * 2654435761u);
    strcpy(text + 9 * N, "\n");
    vio_error err;
    long n = read_text(text, w, N, &err);
    CHECKF(n == N, "%ld words (%s)", n, n < 0 ? err.msg : "");
    unsigned bad = 0;
    for (unsigned i = 0; n == N && i < N; i++)
        if (w[i] != i * 2654435761u && bad++ < 3)
            t_fail(__FILE__, __LINE__, "word %u: 0x%08x, want 0x%08x", i, w[i],
                   i * 2654435761u);
    free(text), free(w);
}

/* What a dump may hold: 0x or not, any case, leading zeros (hex, so 010 is
 * sixteen), labels, commas, comments, CR LF. */
TEST(accepted_tokens)
{
    uint32_t w[16] = { 0 };
    vio_error err;
    long n = read_text("# header\r\n00000010: 010 0X1f,0xABCDEF01\t# tail 99\r\n"
                       "0000000000000000000000000000000000000007 ffffffff\n0x0: 1",
                       w, 16, &err);
    CHECKF(n == 6, "%ld words (%s)", n, n < 0 ? err.msg : "");
    CHECK_EQ(w[0], 0x10);
    CHECK_EQ(w[1], 0x1f);
    CHECK_EQ(w[2], 0xABCDEF01u);
    CHECK_EQ(w[3], 7);
    CHECK_EQ(w[4], 0xFFFFFFFFu);
    CHECK_EQ(w[5], 1);
}

/* Each bad token is an error "PATH:LINE:COLUMN: 'TOKEN' ..." with what a
 * word is; nothing is skipped. */
TEST(bad_tokens_name_line_and_column)
{
    static const struct { const char *text, *where, *why; } cases[] = {
        { "1 2\n  zz 3\n", ":2:3: 'zz' is not a hex word", "garbage" },
        { "1 123456789\n", ":1:3: '123456789' does not fit in 32 bits", "over 32 bits" },
        { "1\n2 -\n", ":2:3: '-' is not a hex word", "a lone minus" },
        { "-5\n", ":1:1: '-5' is not a hex word", "a negative word" },
        { "0x\n", ":1:1: '0x' is not a hex word", "a prefix alone" },
        { "zz: 1\n", ":1:1: 'zz:' is not a hex address label", "a label that is not hex" },
        { "1 : 2\n", ":1:3: ':' is not a hex address label", "a lone colon" },
        { "12g4\n", ":1:1: '12g4' is not a hex word", "a letter past f" },
        { "1 0x123456789abcdef0123456789abcdef0123456789\n",
          ":1:3: '0x123456789abcdef0123456789abcdef0123456...' is too long", "a long token" },
    };
    for (unsigned i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        uint32_t w[8];
        vio_error err = { 0 };
        long n = read_text(cases[i].text, w, 8, &err);
        CHECKF(n == VIO_E_BAD_TAG, "%s: returned %ld", cases[i].why, n);
        char want[256];
        snprintf(want, sizeof want, "%s%s", path("in.hex"), cases[i].where);
        CHECKF(!strncmp(err.msg, want, strlen(want)), "%s: message \"%s\", want \"%s...\"",
               cases[i].why, err.msg, want);
    }
}

TEST(control_bytes_are_shown_escaped)
{
    uint32_t w[4];
    vio_error err = { 0 };
    write_file(path("nul.hex"), "1 a\0b\n", 6);
    CHECK_EQ(hexwords_read(path("nul.hex"), w, 4, &err), VIO_E_BAD_TAG);
    CHECKF(strstr(err.msg, ":1:3: 'a\\x00b' is not a hex word") != NULL, "%s", err.msg);
}

TEST(more_words_than_room)
{
    uint32_t w[2];
    vio_error err = { 0 };
    CHECK_EQ(read_text("1 2\n3\n", w, 2, &err), VIO_E_SIZE);
    CHECKF(strstr(err.msg, ":2:1: more than 2 words") != NULL, "%s", err.msg);
}

TEST(missing_file_is_an_open_error)
{
    uint32_t w[2];
    vio_error err = { 0 };
    CHECK_EQ(hexwords_read(path("no_such_file.hex"), w, 2, &err), VIO_E_OPEN);
}
