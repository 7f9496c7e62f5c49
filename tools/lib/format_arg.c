/* A surface format named on a command line (see format_arg.h). */
#include <stdlib.h>
#include <strings.h>

#include "format_arg.h"

const struct g7sf_format_info *format_arg(const char *s)
{
    char *end;
    unsigned long code = strtoul(s, &end, 0);
    if (*s >= '0' && *s <= '9' && !*end)
        return code < 512 ? g7sf_format_info((unsigned)code) : NULL;
    for (unsigned c = 0; c < 512; c++) {
        const struct g7sf_format_info *f = g7sf_format_info(c);
        if (f && !strcasecmp(f->name, s))
            return f;
    }
    return NULL;
}
