/* What every tool does the same way on its command line (see the man pages'
 * EXIT STATUS): messages on stderr start with the tool's name, never its
 * path, and only once; a usage error exits 2 and points at --help; a run
 * error exits 1; --help and --version print to stdout and exit 0. */
#ifndef G7SF_CLI_H
#define G7SF_CLI_H

enum { CLI_EXIT_OK = 0, CLI_EXIT_RUN = 1, CLI_EXIT_USAGE = 2 };

/* The tool's name as messages show it (cli_init's argument). */
extern const char *cli_prog;

/* Names the tool and turns off getopt's own messages (which show argv[0],
 * a path): the tool reports bad options through cli_bad_option. */
void cli_init(const char *name);

/* "NAME: message" on stderr; returns CLI_EXIT_RUN. */
int cli_fail(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
/* "NAME: message" and "Try 'NAME --help'." on stderr; returns CLI_EXIT_USAGE. */
int cli_usage_error(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
/* "NAME: note: message" on stderr (never an error). */
void cli_note(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

/* The usage error for getopt_long's return c ('?' or ':') right after it
 * returned: names the option as the user wrote it.  argv is getopt's; the
 * option string must start with ':' so that a missing value is told apart
 * from an unknown option. */
int cli_bad_option(int c, char *const *argv);

/* "NAME VERSION" on stdout; returns CLI_EXIT_OK. */
int cli_version(void);
/* The project's version (the Makefile's VERSION). */
const char *cli_version_string(void);

#endif
