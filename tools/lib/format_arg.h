/* A surface format named on a command line. */
#ifndef G7SF_FORMAT_ARG_H
#define G7SF_FORMAT_ARG_H

#include "gen7sf/format.h"

/* The format whose PRM name is s (any case) or whose Surface Format code
 * is s (g7sf_parse_int's syntax: 0x hex, or decimal without leading zeros,
 * so "010" names nothing), or NULL. */
const struct g7sf_format_info *format_arg(const char *s);

#endif
