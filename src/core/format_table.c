/* The surface format table (§2.12.2.1.1) generated from G7SF_FORMAT_LIST:
 * the lookup by code and by name, and the names of the Surface Format
 * field.  Layouts are filled in once, from the names (format_desc.c), and
 * the capabilities from format_caps.c. */
#include <pthread.h>
#include <stddef.h>
#include <string.h>

#include "format_int.h"
#include "gen7sf/format.h"
#include "gen7sf/state.h"

/* Codes are 9 bits: index every possible code, unused ones stay zero. */
#define FORMAT_INFO(code_, name_, bpb, bw, bh)                                              \
    [code_] = { .code = code_, .name = #name_, .bits_per_block = bpb, .block_w = bw,         \
                .block_h = bh },
static struct g7sf_format_info by_code[512] = { G7SF_FORMAT_LIST(FORMAT_INFO) };
static pthread_once_t described = PTHREAD_ONCE_INIT;

static void describe_all(void)
{
    for (unsigned code = 0; code < 512; code++)
        if (by_code[code].name) {
            format_describe(&by_code[code]);
            format_caps(code, by_code[code].caps);
        }
}

const struct g7sf_format_info *g7sf_format_info(unsigned code)
{
    if (code >= 512 || !by_code[code].name)
        return NULL;
    pthread_once(&described, describe_all);
    return &by_code[code];
}

const struct g7sf_format_info *g7sf_format_by_name(const char *name)
{
    for (unsigned code = 0; name && code < 512; code++)
        if (by_code[code].name && strcmp(by_code[code].name, name) == 0)
            return g7sf_format_info(code);
    return NULL;
}

#define FORMAT_ENUM(code, name, bpb, bw, bh) { code, #name },
const g7sf_enum g7sf_en_surface_format[] = { G7SF_FORMAT_LIST(FORMAT_ENUM) {0, NULL} };
