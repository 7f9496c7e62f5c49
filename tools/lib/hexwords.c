/* Hex dumps of 32-bit words (see hexwords.h). */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "hexwords.h"

static int parse_hex(const char *s, uint32_t *w)
{
    char *end;
    errno = 0;
    unsigned long long v = strtoull(s, &end, 16);
    if (!*s || *end || errno || v > 0xFFFFFFFFull || *s == '-' || *s == '+')
        return 0;
    *w = (uint32_t)v;
    return 1;
}

long hexwords_read(const char *path, uint32_t *w, unsigned max, vio_error *err)
{
    FILE *f = vio_open_input(path, err);
    char line[4096];
    long n = 0;
    if (!f)
        return err->code;
    while (n >= 0 && fgets(line, sizeof line, f)) {
        char *hash = strchr(line, '#');
        if (hash)
            *hash = 0;
        for (char *tok = strtok(line, " \t\r\n,"); tok && n >= 0; tok = strtok(NULL, " \t\r\n,")) {
            if (tok[strlen(tok) - 1] == ':')
                continue;   /* address label */
            if ((unsigned long)n >= max)
                n = vio_fail(err, VIO_E_SIZE, "%s: more than %u words", path, max);
            else if (!parse_hex(tok, &w[n]))
                n = vio_fail(err, VIO_E_BAD_TAG, "%s: '%s' is not a hex word", path, tok);
            else
                n++;
        }
    }
    if (n >= 0 && ferror(f))
        n = vio_fail(err, VIO_E_IO, "%s: read error", path);
    vio_close_input(f);
    return n;
}
