/* A surface format named on a command line (see format_arg.h). */
#include <strings.h>

#include "format_arg.h"
#include "gen7sf/state.h"

const struct g7sf_format_info *format_arg(const char *s)
{
    int64_t code;
    if (*s >= '0' && *s <= '9')   /* a code: no format name starts with a digit */
        return !g7sf_parse_int(s, &code) && code < 512 ? g7sf_format_info((unsigned)code)
                                                       : NULL;
    for (unsigned c = 0; c < 512; c++) {
        const struct g7sf_format_info *f = g7sf_format_info(c);
        if (f && !strcasecmp(f->name, s))
            return f;
    }
    return NULL;
}
