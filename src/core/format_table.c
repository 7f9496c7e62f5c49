/* The surface format table (§2.12.2.1.1) generated from G7SF_FORMAT_LIST:
 * the lookup by code and the names of the Surface Format field. */
#include <stddef.h>

#include "gen7sf/format.h"
#include "gen7sf/state.h"

/* Codes are 9 bits: index every possible code, unused ones stay zero. */
#define FORMAT_INFO(code, name, bpb, bw, bh) [code] = { code, #name, bpb, bw, bh },
static const struct g7sf_format_info by_code[512] = { G7SF_FORMAT_LIST(FORMAT_INFO) };

const struct g7sf_format_info *g7sf_format_info(unsigned code)
{
    return code < 512 && by_code[code].name ? &by_code[code] : NULL;
}

#define FORMAT_ENUM(code, name, bpb, bw, bh) { code, #name },
const g7sf_enum g7sf_en_surface_format[] = { G7SF_FORMAT_LIST(FORMAT_ENUM) {0, NULL} };
