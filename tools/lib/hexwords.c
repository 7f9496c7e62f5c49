/* Hex dumps of 32-bit words (see hexwords.h).
 *
 * The file is read a character at a time, not a line at a time: a line has
 * no length limit, so a word is never cut in two at a buffer boundary (a
 * 4096-byte fgets once turned "12345678" at the boundary into the words
 * 1234 and 5678).  Only a token is bounded, by the longest one that can be
 * valid. */
#include <stdbool.h>
#include <stdio.h>
#include <string.h>

#include "hexwords.h"

/* The longest token kept: "0x" and 8 digits, with room for leading zeros
 * and a label's ':'.  A longer token is refused whole, never split. */
enum { TOKEN_MAX = 40 };

typedef struct token {
    char text[TOKEN_MAX + 1];
    size_t len;              /* may exceed TOKEN_MAX: text holds the start */
    unsigned long line, col; /* of its first character, from 1 */
} token;

static bool is_separator(int c)
{
    return c == ' ' || c == '\t' || c == '\r' || c == '\n' || c == '\v' || c == '\f' || c == ',';
}

static int hex_digit(char c)
{
    return c >= '0' && c <= '9' ? c - '0'
         : c >= 'a' && c <= 'f' ? c - 'a' + 10
         : c >= 'A' && c <= 'F' ? c - 'A' + 10 : -1;
}

/* s[0..n) as a hex word: optional 0x, then hex digits only, value below
 * 2^32 (leading zeros are fine: the file's radix is 16, so "010" is 10h,
 * never octal).  0 and *w, or -1 (not hex) / -2 (over 32 bits). */
static int parse_word(const char *s, size_t n, uint32_t *w)
{
    if (n >= 2 && s[0] == '0' && (s[1] == 'x' || s[1] == 'X'))
        s += 2, n -= 2;
    if (!n)
        return -1;
    uint64_t v = 0;
    for (size_t i = 0; i < n; i++) {
        int d = hex_digit(s[i]);
        if (d < 0)
            return -1;
        v = v << 4 | (uint64_t)d;
        if (v > 0xFFFFFFFFu)
            return -2;
    }
    *w = (uint32_t)v;
    return 0;
}

/* The token as the message shows it: control and non-ASCII bytes as \xHH,
 * a cut token followed by "...". */
static void show(const token *t, char *buf, size_t n)
{
    size_t k = 0, kept = t->len < TOKEN_MAX ? t->len : TOKEN_MAX;
    for (size_t i = 0; i < kept && k + 5 < n; i++) {
        unsigned char c = (unsigned char)t->text[i];
        if (c >= 0x20 && c < 0x7F)
            buf[k++] = (char)c;
        else
            k += (size_t)snprintf(buf + k, n - k, "\\x%02X", c);
    }
    if (t->len > TOKEN_MAX && k + 4 < n)
        memcpy(buf + k, "...", 3), k += 3;
    buf[k] = 0;
}

/* One token: a word stored at w[*n], or an address label skipped.
 * 0, or a negative code with the message in err. */
static int take(const token *t, const char *path, uint32_t *w, unsigned max, long *n,
                vio_error *err)
{
    char shown[TOKEN_MAX * 4 + 8];
    show(t, shown, sizeof shown);
    if (t->len > TOKEN_MAX)
        return vio_fail(err, VIO_E_BAD_TAG, "%s:%lu:%lu: '%s' is too long for a hex word "
                        "(at most 8 hex digits, optional 0x)", path, t->line, t->col, shown);
    bool label = t->text[t->len - 1] == ':';
    uint32_t v;
    int r = parse_word(t->text, t->len - label, &v);
    if (r == -2)
        return vio_fail(err, VIO_E_BAD_TAG, "%s:%lu:%lu: '%s' does not fit in 32 bits", path,
                        t->line, t->col, shown);
    if (r)
        return vio_fail(err, VIO_E_BAD_TAG, "%s:%lu:%lu: '%s' is not a hex %s (hex digits, "
                        "optional 0x%s)", path, t->line, t->col, shown,
                        label ? "address label" : "word", label ? ", then ':'" : "");
    if (label)
        return 0;
    if ((unsigned long)*n >= max)
        return vio_fail(err, VIO_E_SIZE, "%s:%lu:%lu: more than %u words", path, t->line,
                        t->col, max);
    w[(*n)++] = v;
    return 0;
}

long hexwords_read(const char *path, uint32_t *w, unsigned max, vio_error *err)
{
    FILE *f = vio_open_input(path, err);
    if (!f)
        return err->code;
    token t = { .len = 0 };
    unsigned long line = 1, col = 0;
    bool comment = false;
    long n = 0;
    int rc = 0;
    for (int c; !rc && (c = getc(f)) != EOF;) {
        col++;
        if (c == '#')
            comment = true;
        if (comment || is_separator(c)) {
            if (t.len)
                rc = take(&t, path, w, max, &n, err);
            t.len = 0;
        } else {
            if (!t.len)
                t.line = line, t.col = col;
            if (t.len < TOKEN_MAX)
                t.text[t.len] = (char)c;
            t.len++;
        }
        if (c == '\n')
            line++, col = 0, comment = false;
    }
    if (!rc && ferror(f))
        rc = vio_fail(err, VIO_E_IO, "%s: read error", path);
    if (!rc && t.len)
        rc = take(&t, path, w, max, &n, err);
    vio_close_input(f);
    return rc ? rc : n;
}
