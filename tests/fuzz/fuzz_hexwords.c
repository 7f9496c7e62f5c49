/* The hex-word reader (tools/lib/hexwords.c), as gen7sf-state decode -f
 * reads a dump.  Input: one byte, the word limit, then the file.
 *
 * Contract: a count 0..max with exactly the words an independent reading
 * of the text by hexwords.h finds, or the code it calls for, with a
 * message; never a word written past max. */
#include <string.h>

#include "fuzz.h"
#include "file_input.h"
#include "hexwords.h"

/* The format as hexwords.h states it, read separately: tokens split by
 * whitespace (isspace in the C locale) and commas; '#' to the end of the
 * line is a comment; a token is at most 40 characters (test_hexwords: a
 * longer one is refused whole); a word is an optional 0x and hex digits
 * worth less than 2^32; a word and ':' is a label, skipped; anything else
 * is an error, as is a word past max.  Returns the count, or -1 for a bad
 * token, -2 for too many words, whichever comes first. */
static long reference(const uint8_t *s, size_t n, uint32_t *w, unsigned max)
{
    long count = 0;
    size_t i = 0;
    while (i < n) {
        if (s[i] == '#') {
            while (i < n && s[i] != '\n')
                i++;
            continue;
        }
        if (s[i] && strchr(" \t\n\v\f\r,", s[i])) {
            i++;
            continue;
        }
        size_t start = i;
        while (i < n && (!s[i] || !strchr(" \t\n\v\f\r,#", s[i])))
            i++;
        size_t len = i - start, k = start, end = i;
        bool label = s[end - 1] == ':';
        end -= label;
        if (end - k >= 2 && s[k] == '0' && (s[k + 1] == 'x' || s[k + 1] == 'X'))
            k += 2;
        uint64_t v = 0;
        bool ok = len <= 40 && k < end;
        for (; ok && k < end; k++) {
            int c = s[k], d = c >= '0' && c <= '9' ? c - '0'
                            : c >= 'a' && c <= 'f' ? c - 'a' + 10
                            : c >= 'A' && c <= 'F' ? c - 'A' + 10 : -1;
            ok = d >= 0 && (v = v * 16 + (unsigned)d) <= 0xFFFFFFFFull;
        }
        if (!ok)
            return -1;
        if (label)
            continue;
        if (count >= (long)max)
            return -2;
        w[count++] = (uint32_t)v;
    }
    return count;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (!size)
        return 0;
    unsigned max = data[0];
    const uint8_t *text = data + 1;
    size_t n = size - 1;
    const char *path = fuzz_file_input(0, text, n);
    /* exactly max words: the sanitizers see a write past them */
    uint32_t *w = malloc(max ? max * sizeof *w : 1), *ref = malloc(256 * sizeof *ref);
    vio_error err = { 0 };
    long got = hexwords_read(path, w, max, &err);
    if (got >= 0) {
        FUZZ_CHECK(got <= (long)max, "%ld words, max %u", got, max);
    } else {
        FUZZ_CHECK(got == VIO_E_BAD_TAG || got == VIO_E_SIZE || got == VIO_E_IO,
                   "code %ld", got);
        FUZZ_CHECK(err.code == got && memchr(err.msg, 0, sizeof err.msg) && err.msg[0],
                   "error %d \"%.*s\" for code %ld", err.code, (int)sizeof err.msg, err.msg, got);
    }
    {
        long want = reference(text, n, ref, max);
        long want_code = want == -1 ? VIO_E_BAD_TAG : want == -2 ? VIO_E_SIZE : want;
        FUZZ_CHECK(got == want_code, "read %ld, the format says %ld", got, want_code);
        for (long i = 0; i < got; i++)
            FUZZ_CHECK(w[i] == ref[i], "word %ld: 0x%x, want 0x%x", i, w[i], ref[i]);
    }
    free(w);
    free(ref);
    return 0;
}
