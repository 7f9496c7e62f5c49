/* The tools' shared command-line conventions (cli.h). */
#include "cli.h"

#include <getopt.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#ifndef G7SF_VERSION
#error "G7SF_VERSION comes from the Makefile's VERSION"
#endif

const char *cli_prog = "gen7sf";

void cli_init(const char *name)
{
    cli_prog = name;
    opterr = 0;
}

static void say(const char *prefix, const char *fmt, va_list ap)
{
    fprintf(stderr, "%s: %s", cli_prog, prefix);
    vfprintf(stderr, fmt, ap);
    fputc('\n', stderr);
}

int cli_fail(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    say("", fmt, ap);
    va_end(ap);
    return CLI_EXIT_RUN;
}

int cli_usage_error(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    say("", fmt, ap);
    va_end(ap);
    fprintf(stderr, "Try '%s --help'.\n", cli_prog);
    return CLI_EXIT_USAGE;
}

void cli_note(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    say("note: ", fmt, ap);
    va_end(ap);
}

int cli_bad_option(int c, char *const *argv)
{
    /* getopt_long leaves optind past the offending word; a short option
     * inside a cluster (-qx) is named by optopt */
    const char *word = optind > 0 ? argv[optind - 1] : "";
    if (!word)
        word = "";
    if (optopt && !(word[0] == '-' && word[1] == '-')) {
        if (c == ':')
            return cli_usage_error("option '-%c' needs a value", optopt);
        return cli_usage_error("unknown option '-%c'", optopt);
    }
    size_t n = strcspn(word, "=");
    if (c == ':')
        return cli_usage_error("option '%.*s' needs a value", (int)n, word);
    if (word[n] == '=')
        return cli_usage_error("option '%.*s' takes no value, or is unknown", (int)n, word);
    return cli_usage_error("unknown option '%s'", word);
}

const char *cli_version_string(void)
{
    return G7SF_VERSION;
}

int cli_version(void)
{
    printf("%s %s\n", cli_prog, G7SF_VERSION);
    return CLI_EXIT_OK;
}
