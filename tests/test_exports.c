/* The shared library's exports (issue 16): $BUILD/libgen7sf.so defines
 * exactly the functions and objects the public headers (the .h files of
 * include/gen7sf) declare, and nothing else.  The exports come from the .so's dynamic
 * symbol table (read here from the ELF file, no binutils needed); the
 * declarations from the headers' text, by C syntax alone (whether a
 * declaration carries G7SF_API is checked apart, so a missing G7SF_API
 * shows up as a symbol the .so lacks). */
#include <dirent.h>
#include <elf.h>
#include <stdlib.h>
#include <string.h>

#include "harness.h"

#define HEADER_DIR "include/gen7sf"

/* ---- Names ------------------------------------------------------------ */

typedef struct name {
    char *name;
    char where[96];     /* header:line of a declaration, "" for an export */
    bool api;           /* the declaration carries G7SF_API */
} name;

typedef struct names { name *v; size_t n, cap; } names;

static void names_add(names *s, const char *text, size_t len, const char *where, bool api)
{
    if (s->n == s->cap) {
        s->cap = s->cap ? 2 * s->cap : 256;
        s->v = realloc(s->v, s->cap * sizeof *s->v);
        if (!s->v)
            abort();
    }
    name *e = &s->v[s->n++];
    e->name = malloc(len + 1);
    if (!e->name)
        abort();
    memcpy(e->name, text, len);
    e->name[len] = 0;
    snprintf(e->where, sizeof e->where, "%s", where);
    e->api = api;
}

static int cmp_name(const void *a, const void *b)
{
    return strcmp(((const name *)a)->name, ((const name *)b)->name);
}

/* Sorted, a name declared twice kept once (its first declaration). */
static void names_sort(names *s)
{
    qsort(s->v, s->n, sizeof *s->v, cmp_name);
    size_t k = 0;
    for (size_t i = 0; i < s->n; i++) {
        if (k && strcmp(s->v[k - 1].name, s->v[i].name) == 0) {
            s->v[k - 1].api |= s->v[i].api;
            free(s->v[i].name);
        } else {
            s->v[k++] = s->v[i];
        }
    }
    s->n = k;
}

static const name *names_find(const names *s, const char *n)
{
    name key = { .name = (char *)n };
    return s->n ? bsearch(&key, s->v, s->n, sizeof *s->v, cmp_name) : NULL;
}

static void names_free(names *s)
{
    for (size_t i = 0; i < s->n; i++)
        free(s->v[i].name);
    free(s->v);
    *s = (names){ 0 };
}

/* ---- The .so's exports -------------------------------------------------- */

/* Defined dynamic symbols that are no function of the library: what the
 * linker or the C runtime may add, and what the sanitizers' instrumentation
 * defines beside the globals it guards (ODR indicators, which name their
 * global: odr_global() below). */
static bool tool_symbol(const char *s)
{
    static const char *const exact[] = { "_init", "_fini", "_edata", "_end", "__bss_start" };
    static const char *const prefix[] = { "__odr_asan", "__asan_", "___asan_", "__ubsan_",
                                          "__sanitizer_", "__sancov_" };
    for (size_t i = 0; i < sizeof exact / sizeof exact[0]; i++)
        if (strcmp(s, exact[i]) == 0)
            return true;
    for (size_t i = 0; i < sizeof prefix / sizeof prefix[0]; i++)
        if (strncmp(s, prefix[i], strlen(prefix[i])) == 0)
            return true;
    return false;
}

/* The global an AddressSanitizer ODR indicator stands for (gcc:
 * __odr_asan.NAME, clang: __odr_asan_gen_NAME), or NULL. */
static const char *odr_global(const char *s)
{
    if (strncmp(s, "__odr_asan_gen_", 15) == 0)
        return s + 15;
    if (strncmp(s, "__odr_asan.", 11) == 0)
        return s + 11;
    return NULL;
}

/* One section header or symbol, whatever the ELF class. */
typedef struct shdr { uint32_t type, link; uint64_t offset, size, entsize; } shdr;
typedef struct sym { uint32_t name; unsigned bind; uint16_t shndx; } sym;

static bool in_file(size_t n, uint64_t off, uint64_t len)
{
    return off <= n && len <= n - off;
}

static shdr read_shdr(const uint8_t *p, bool is64)
{
    shdr h;
    if (is64) {
        Elf64_Shdr s;
        memcpy(&s, p, sizeof s);
        h = (shdr){ s.sh_type, s.sh_link, s.sh_offset, s.sh_size, s.sh_entsize };
    } else {
        Elf32_Shdr s;
        memcpy(&s, p, sizeof s);
        h = (shdr){ s.sh_type, s.sh_link, s.sh_offset, s.sh_size, s.sh_entsize };
    }
    return h;
}

static sym read_sym(const uint8_t *p, bool is64)
{
    sym y;
    if (is64) {
        Elf64_Sym s;
        memcpy(&s, p, sizeof s);
        y = (sym){ s.st_name, ELF64_ST_BIND(s.st_info), s.st_shndx };
    } else {
        Elf32_Sym s;
        memcpy(&s, p, sizeof s);
        y = (sym){ s.st_name, ELF32_ST_BIND(s.st_info), s.st_shndx };
    }
    return y;
}

/* The global and weak symbols the .so's .dynsym defines, less tool_symbol()
 * (put in *tools).  false when the file is no ELF file of this machine's
 * byte order or has no readable .dynsym, with *why saying so. */
static bool read_exports(const uint8_t *f, size_t n, names *out, names *tools,
                         const char **why)
{
    const uint16_t one = 1;
    bool little = *(const uint8_t *)&one == 1;
    if (n < EI_NIDENT || memcmp(f, ELFMAG, SELFMAG) != 0)
        return *why = "not an ELF file", false;
    if (f[EI_DATA] != (little ? ELFDATA2LSB : ELFDATA2MSB))
        return *why = "an ELF file of the other byte order", false;
    bool is64 = f[EI_CLASS] == ELFCLASS64;
    if (!is64 && f[EI_CLASS] != ELFCLASS32)
        return *why = "an ELF file of unknown class", false;
    uint64_t shoff;
    unsigned shnum, shentsize;
    if (is64) {
        Elf64_Ehdr e;
        if (n < sizeof e)
            return *why = "truncated ELF header", false;
        memcpy(&e, f, sizeof e);
        shoff = e.e_shoff, shnum = e.e_shnum, shentsize = e.e_shentsize;
    } else {
        Elf32_Ehdr e;
        if (n < sizeof e)
            return *why = "truncated ELF header", false;
        memcpy(&e, f, sizeof e);
        shoff = e.e_shoff, shnum = e.e_shnum, shentsize = e.e_shentsize;
    }
    size_t shsize = is64 ? sizeof(Elf64_Shdr) : sizeof(Elf32_Shdr);
    size_t symsize = is64 ? sizeof(Elf64_Sym) : sizeof(Elf32_Sym);
    if (!shoff || shentsize < shsize || !in_file(n, shoff, (uint64_t)shnum * shentsize))
        return *why = "no section headers", false;
    bool found = false;
    for (unsigned i = 0; i < shnum; i++) {
        shdr d = read_shdr(f + shoff + (uint64_t)i * shentsize, is64);
        if (d.type != SHT_DYNSYM)
            continue;
        if (d.link >= shnum || d.entsize < symsize || !in_file(n, d.offset, d.size))
            return *why = "a malformed .dynsym", false;
        shdr str = read_shdr(f + shoff + (uint64_t)d.link * shentsize, is64);
        if (str.type != SHT_STRTAB || !in_file(n, str.offset, str.size) || !str.size ||
            f[str.offset + str.size - 1] != 0)
            return *why = "a malformed .dynstr", false;
        found = true;
        for (uint64_t k = 1; k < d.size / d.entsize; k++) {   /* entry 0 is null */
            sym y = read_sym(f + d.offset + k * d.entsize, is64);
            if (y.shndx == SHN_UNDEF || y.bind == STB_LOCAL || y.name >= str.size)
                continue;
            const char *s = (const char *)f + str.offset + y.name;
            names_add(tool_symbol(s) ? tools : out, s, strlen(s), "", false);
        }
    }
    if (!found)
        return *why = "no .dynsym section", false;
    return true;
}

/* ---- The headers' declarations ---------------------------------------- */

enum { T_IDENT, T_PUNCT, T_STRING, T_OTHER };
typedef struct tok { int kind; const char *s; size_t len; int line; } tok;

/* A function-like macro of the headers whose expansion declares an extern
 * object named prefix##param (G7SF_STATE_STRUCT: g7sf_desc_##NAME). */
typedef struct decl_macro {
    char name[64], prefix[64];
    unsigned param;      /* which argument completes the name */
    bool api;            /* the expansion carries G7SF_API */
} decl_macro;

/* A list macro: #define LIST(X) X(a, b) X(c, d) ..., whose use with a
 * declaring macro, LIST(DECL), declares DECL's object for every row (the
 * state headers' G7SF_<GROUP>_ENUMS(G7SF_STATE_ENUM)).  rows[i] holds row
 * i's arguments as written, commas included. */
typedef struct list_macro {
    char name[64];
    char rows[48][96];
    unsigned nrows;
} list_macro;

typedef struct parse {
    const char *file;
    tok *t;
    size_t nt, capt;
    decl_macro mac[8];
    unsigned nmac;
    list_macro list[64];
    unsigned nlist;
    names *out;
    unsigned bad;        /* macros the parser could not read */
} parse;

static bool is_ident_start(char c)
{
    return c == '_' || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
}

static bool is_ident_char(char c)
{
    return is_ident_start(c) || (c >= '0' && c <= '9');
}

static bool tok_is(const tok *t, const char *s)
{
    return t->len == strlen(s) && memcmp(t->s, s, t->len) == 0;
}

static void push_tok(parse *p, int kind, const char *s, size_t len, int line)
{
    if (p->nt == p->capt) {
        p->capt = p->capt ? 2 * p->capt : 1024;
        p->t = realloc(p->t, p->capt * sizeof *p->t);
        if (!p->t)
            abort();
    }
    p->t[p->nt++] = (tok){ kind, s, len, line };
}

/* text[0..n) without leading and trailing blanks, into out. */
static void trimmed(const char *text, size_t n, char *out, size_t size)
{
    while (n && (*text == ' ' || *text == '\t'))
        text++, n--;
    while (n && (text[n - 1] == ' ' || text[n - 1] == '\t'))
        n--;
    snprintf(out, size, "%.*s", (int)n, text);
}

/* A #define NAME(P) whose body is only P(...) groups: recorded as a list
 * macro (true), else false.  Line continuations read as blanks. */
static bool read_list(parse *p, const char *mname, size_t mlen, const char *params,
                      const char *close)
{
    char param[64];
    trimmed(params, (size_t)(close - params), param, sizeof param);
    size_t plen = strlen(param);
    if (!plen || strpbrk(param, ", ") || mlen >= sizeof p->list[0].name)
        return false;
    list_macro l = { .nrows = 0 };
    const char *s = close + 1;
    for (;;) {
        while (*s == ' ' || *s == '\t' || *s == '\\' || *s == '\n')
            s++;
        if (!*s)
            break;
        if (strncmp(s, param, plen) != 0 || s[plen] != '(' || l.nrows == 48)
            return false;
        const char *a = s + plen + 1, *e = strchr(a, ')');
        if (!e)
            return false;
        trimmed(a, (size_t)(e - a), l.rows[l.nrows++], sizeof l.rows[0]);
        s = e + 1;
    }
    for (unsigned i = 0; i < p->nlist; i++)
        if (strlen(p->list[i].name) == mlen && memcmp(p->list[i].name, mname, mlen) == 0)
            return true;                 /* known from the first pass */
    if (!l.nrows || p->nlist == sizeof p->list / sizeof p->list[0]) {
        p->bad += l.nrows > 0;
        return l.nrows > 0;
    }
    memcpy(l.name, mname, mlen);
    p->list[p->nlist++] = l;
    return true;
}

/* A #define whose body declares `extern ... prefix##PARAM`: recorded so
 * that its uses count as declarations.  d is the directive, continuation
 * lines included, comments not removed (they hold no "extern").  Only the
 * one extern object of such a body is seen (G7SF_STATE_STRUCT declares no
 * more); a function a macro declared would show up as exported but
 * declared nowhere, never pass unseen. */
static void read_define(parse *p, const char *d, size_t n)
{
    char text[4096];
    if (n >= sizeof text)
        n = sizeof text - 1;
    memcpy(text, d, n);
    text[n] = 0;
    const char *s = text + 1;
    while (*s == ' ' || *s == '\t')
        s++;
    if (strncmp(s, "define", 6) != 0)
        return;
    s += 6;
    while (*s == ' ' || *s == '\t')
        s++;
    const char *mname = s;
    while (is_ident_char(*s))
        s++;
    size_t mlen = (size_t)(s - mname);
    if (*s != '(')
        return;                          /* object-like: declares nothing here */
    const char *params = s + 1, *close = strchr(params, ')');
    if (!close)
        return;
    if (read_list(p, mname, mlen, params, close))
        return;
    const char *ext = strstr(close, "extern");
    if (!ext || (ext > text && is_ident_char(ext[-1])) || is_ident_char(ext[6]))
        return;
    const char *semi = strchr(ext, ';');
    const char *paste = NULL;
    for (const char *q = strstr(ext, "##"); q && (!semi || q < semi); q = strstr(q + 2, "##"))
        paste = q;
    /* G7SF_API in the statement of the extern, not in another of the body */
    const char *stmt = close;
    for (const char *q = close; q < ext; q++)
        if (*q == ';')
            stmt = q;
    const char *api = strstr(stmt, "G7SF_API");
    decl_macro m = { .api = api && (!semi || api < semi) };
    for (unsigned i = 0; i < p->nmac; i++)
        if (strlen(p->mac[i].name) == mlen && memcmp(p->mac[i].name, mname, mlen) == 0)
            return;                      /* known from the first pass */
    if (!paste || mlen >= sizeof m.name || p->nmac == sizeof p->mac / sizeof p->mac[0]) {
        p->bad++;
        return;
    }
    const char *pre = paste;
    while (pre > ext && is_ident_char(pre[-1]))
        pre--;
    const char *arg = paste + 2, *arg_end = arg;
    while (is_ident_char(*arg_end))
        arg_end++;
    if ((size_t)(paste - pre) >= sizeof m.prefix || arg_end == arg) {
        p->bad++;
        return;
    }
    memcpy(m.name, mname, mlen);
    memcpy(m.prefix, pre, (size_t)(paste - pre));
    /* which parameter the pasted argument is */
    bool found = false;
    for (const char *q = params; q < close;) {
        const char *e = q;
        while (e < close && is_ident_char(*e))
            e++;
        if ((found = e - q == arg_end - arg && memcmp(q, arg, (size_t)(e - q)) == 0))
            break;
        while (e < close && !is_ident_char(*e))
            m.param += *e++ == ',';
        q = e;
    }
    if (!found) {
        p->bad++;
        return;
    }
    p->mac[p->nmac++] = m;
}

/* Tokens of a header: comments and preprocessor directives dropped (the
 * latter read by read_define), strings and character constants kept whole. */
static void tokenize(parse *p, const char *s)
{
    int line = 1;
    bool line_start = true;
    while (*s) {
        char c = *s;
        if (c == '\n') {
            line++, s++, line_start = true;
            continue;
        }
        if (c == ' ' || c == '\t' || c == '\r' || c == '\f' || c == '\v') {
            s++;
            continue;
        }
        if (c == '/' && s[1] == '*') {
            const char *e = strstr(s + 2, "*/");
            e = e ? e + 2 : s + strlen(s);
            for (; s < e; s++)
                line += *s == '\n';
            continue;
        }
        if (c == '/' && s[1] == '/') {
            while (*s && *s != '\n')
                s++;
            continue;
        }
        if (c == '#' && line_start) {
            const char *d = s;
            while (*s && *s != '\n') {
                if (*s == '\\' && s[1] == '\n') {
                    s++, line++;
                } else if (*s == '/' && s[1] == '*') {   /* may span lines */
                    const char *e = strstr(s + 2, "*/");
                    e = e ? e + 1 : s + strlen(s) - 1;
                    for (; s < e; s++)
                        line += *s == '\n';
                }
                s++;
            }
            read_define(p, d, (size_t)(s - d));
            continue;
        }
        line_start = false;
        const char *b = s;
        if (is_ident_start(c)) {
            while (is_ident_char(*s))
                s++;
            push_tok(p, T_IDENT, b, (size_t)(s - b), line);
        } else if (c == '"' || c == '\'') {
            for (s++; *s && *s != c && *s != '\n'; s++)
                if (*s == '\\' && s[1])
                    s++;
            if (*s == c)
                s++;
            push_tok(p, T_STRING, b, (size_t)(s - b), line);
        } else if (c >= '0' && c <= '9') {
            while (is_ident_char(*s) || *s == '.')
                s++;
            push_tok(p, T_OTHER, b, (size_t)(s - b), line);
        } else {
            push_tok(p, T_PUNCT, b, 1, line);
            s++;
        }
    }
}

static void add_decl(parse *p, const char *n, size_t len, int line, bool api)
{
    char where[96];
    snprintf(where, sizeof where, "%s:%d", p->file, line);
    names_add(p->out, n, len, where, api);
}

/* One top-level declaration t[0..n): its declarators' names.  typedefs and
 * static declarations (static inline functions) declare nothing the library
 * exports. */
static void statement(parse *p, const tok *t, size_t n)
{
    bool api = false;
    for (size_t i = 0; i < n; i++) {
        if (tok_is(&t[i], "typedef") || tok_is(&t[i], "static") ||
            tok_is(&t[i], "_Static_assert"))
            return;
        api |= tok_is(&t[i], "G7SF_API");
    }
    /* A declarator's name: an identifier outside parentheses, brackets and
     * braces, not a struct/enum/union tag, followed by what ends a name in a
     * declarator: ( of a function, [ of an array, = of an initialiser, a
     * comma or the end. */
    int depth = 0;
    for (size_t i = 0; i < n; i++) {
        const tok *k = &t[i];
        if (k->kind == T_PUNCT && strchr("([{", k->s[0]))
            depth++;
        else if (k->kind == T_PUNCT && strchr(")]}", k->s[0]))
            depth--;
        if (depth != 0 || k->kind != T_IDENT || k->s[0] == '_')
            continue;
        if (i > 0 && (tok_is(&t[i - 1], "struct") || tok_is(&t[i - 1], "enum") ||
                      tok_is(&t[i - 1], "union")))
            continue;
        const tok *next = i + 1 < n ? &t[i + 1] : NULL;
        if (!next || (next->kind == T_PUNCT && strchr("([,=", next->s[0])))
            add_decl(p, k->s, k->len, k->line, api);
    }
}

/* A use of a list macro with a declaring macro, LIST(DECL), at t[*i]: the
 * declarations of every row; *i moves to its ')'. */
static bool list_use(parse *p, const tok *t, size_t n, size_t *i)
{
    const list_macro *l = NULL;
    const decl_macro *m = NULL;
    for (unsigned j = 0; j < p->nlist; j++)
        if (tok_is(&t[*i], p->list[j].name))
            l = &p->list[j];
    if (!l || *i + 3 >= n || !tok_is(&t[*i + 1], "(") || !tok_is(&t[*i + 3], ")"))
        return false;
    for (unsigned j = 0; j < p->nmac; j++)
        if (tok_is(&t[*i + 2], p->mac[j].name))
            m = &p->mac[j];
    if (!m)
        return false;
    for (unsigned r = 0; r < l->nrows; r++) {
        const char *a = l->rows[r];
        for (unsigned k = 0; k < m->param && a; k++)
            a = strchr(a, ',') ? strchr(a, ',') + 1 : NULL;
        char arg[96], nm[224];
        if (!a) {
            p->bad++;
            continue;
        }
        trimmed(a, strcspn(a, ","), arg, sizeof arg);
        snprintf(nm, sizeof nm, "%s%s", m->prefix, arg);
        add_decl(p, nm, strlen(nm), t[*i].line, m->api);
    }
    *i += 3;
    return true;
}

/* Declarations of one header's text. */
static void parse_header(parse *p, const char *text)
{
    p->nt = 0;
    tokenize(p, text);
    const tok *t = p->t;
    size_t n = p->nt, start = 0;
    int depth = 0;
    bool fndef = false;     /* the statement is a function definition */
    for (size_t i = 0; i < n; i++) {
        if (depth == 0 && i == start && t[i].kind == T_IDENT && list_use(p, t, n, &i)) {
            start = i + 1;
            continue;
        }
        if (depth == 0 && i == start && t[i].kind == T_IDENT) {
            /* a use of a declaring macro: NAME(arg, ...) with no ';' */
            const decl_macro *m = NULL;
            for (unsigned j = 0; j < p->nmac; j++)
                if (tok_is(&t[i], p->mac[j].name))
                    m = &p->mac[j];
            if (m && i + 1 < n && tok_is(&t[i + 1], "(")) {
                size_t k = i + 2;
                unsigned arg = 0;
                int pd = 1;
                char full[160] = "";
                for (; k < n && pd > 0; k++) {
                    if (tok_is(&t[k], "("))
                        pd++;
                    else if (tok_is(&t[k], ")"))
                        pd--;
                    else if (pd == 1 && tok_is(&t[k], ","))
                        arg++;
                    else if (arg == m->param && strlen(full) + t[k].len < sizeof full)
                        strncat(full, t[k].s, t[k].len);
                }
                char nm[224];
                snprintf(nm, sizeof nm, "%s%s", m->prefix, full);
                add_decl(p, nm, strlen(nm), t[i].line, m->api);
                i = k - 1;
                start = k;
                continue;
            }
        }
        if (depth == 0 && tok_is(&t[i], "extern") && i + 2 < n && t[i + 1].kind == T_STRING &&
            tok_is(&t[i + 2], "{")) {
            i += 2;             /* extern "C" {: its braces enclose no statement */
            start = i + 1;
            continue;
        }
        if (tok_is(&t[i], "{")) {
            if (depth == 0 && i > start && tok_is(&t[i - 1], ")"))
                fndef = true;
            depth++;
        } else if (tok_is(&t[i], "}")) {
            if (depth == 0) {   /* the end of extern "C" */
                start = i + 1;
                continue;
            }
            if (--depth == 0 && fndef) {
                fndef = false;  /* a definition (static inline): no export */
                start = i + 1;
            }
        } else if (depth == 0 && tok_is(&t[i], ";")) {
            statement(p, t + start, i - start);
            start = i + 1;
        }
    }
}

static int cmp_str(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

/* Every declaration of the public headers: a first pass reads the declaring
 * macros (state.h's G7SF_STATE_STRUCT, which state_*.h use), the second
 * the declarations. */
static bool read_declarations(names *out, unsigned *bad_macros)
{
    DIR *d = opendir(HEADER_DIR);
    if (!d)
        return false;
    enum { MAX_HEADERS = 256 };
    char *files[MAX_HEADERS];
    unsigned nf = 0;
    for (struct dirent *e; (e = readdir(d));) {
        size_t l = strlen(e->d_name);
        if (l < 3 || strcmp(e->d_name + l - 2, ".h") != 0)
            continue;
        CHECKF(nf < MAX_HEADERS, "more than %d public headers", MAX_HEADERS);
        if (nf < MAX_HEADERS && (files[nf] = strdup(e->d_name)))
            nf++;
    }
    closedir(d);
    qsort(files, nf, sizeof *files, cmp_str);
    parse p = { .out = out };
    /* the macros first: a header may use one defined by a header after it */
    for (int pass = 0; pass < 2; pass++) {
        for (unsigned i = 0; i < nf; i++) {
            char path[256];
            snprintf(path, sizeof path, HEADER_DIR "/%s", files[i]);
            size_t len;
            char *text = (char *)t_read_file(path, &len);
            CHECKF(text, "cannot read %s", path);
            if (!text)
                continue;
            p.file = path;
            if (pass == 0) {
                p.nt = 0;
                tokenize(&p, text);
            } else {
                parse_header(&p, text);
            }
            free(text);
        }
    }
    for (unsigned i = 0; i < nf; i++)
        free(files[i]);
    free(p.t);
    *bad_macros = p.bad;
    return true;
}

/* Declarations of a header text given here (the parser's own test). */
static names parse_text(const char *text, unsigned *nmac)
{
    names s = { 0 };
    parse p = { .out = &s, .file = "text.h" };
    parse_header(&p, text);
    free(p.t);
    *nmac = p.nmac;
    names_sort(&s);
    return s;
}

/* ---- Tests -------------------------------------------------------------- */

/* What the header parser counts as a declaration, and what it does not. */
TEST(header_parser_finds_declarations_by_c_syntax)
{
    static const char text[] =
        "/* int g7sf_in_comment(void); */\n"
        "#ifndef X_H\n#define X_H\n"
        "#define G7SF_DECL(NAME, x)  \\\n"
        "    typedef struct g7sf_##x { int a; } g7sf_##x; \\\n"
        "    G7SF_API extern const int g7sf_tab_##NAME;\n"
        "#define G7SF_DECL2(a, NAME) extern int g7sf_o_##NAME;\n"
        "#ifdef __cplusplus\nextern \"C\" {\n#endif\n"
        "typedef struct g7sf_t { int (*fp)(int); } g7sf_t;\n"
        "typedef int (*g7sf_cb)(void *user);\n"
        "struct g7sf_fwd;\n"
        "enum g7sf_e { G7SF_A = 1, G7SF_B };\n"
        "enum { G7SF_C = sizeof(int) };\n"
        "G7SF_API int g7sf_one(int a,\n"
        "                      int (*cb)(int), const char *b);\n"
        "const struct g7sf_fwd *g7sf_two (void);\n"
        "G7SF_API extern const int g7sf_a[], g7sf_b[],\n"
        "    g7sf_c[];\n"
        "static inline int g7sf_inline(int x) { return x + 1; }\n"
        "static const int g7sf_static = 1;\n"
        "G7SF_DECL(FOO, foo)\n"
        "G7SF_DECL2(x, BAR)\n"
        "#define G7SF_DECL3(name, NAME) enum g7sf_##name { G7SF_##NAME##_X }; \\\n"
        "    G7SF_API extern const int g7sf_en_##name[];\n"
        "#define G7SF_GROUP(X) X(alpha, ALPHA) \\\n    X(beta, BETA)\n"
        "G7SF_GROUP(G7SF_DECL3)\n"
        "G7SF_API enum g7sf_e g7sf_three(struct g7sf_fwd *f);\n"
        "#ifdef __cplusplus\n}\n#endif\n#endif\n";
    static const char *const want[] = { "g7sf_a", "g7sf_b", "g7sf_c", "g7sf_en_alpha",
                                        "g7sf_en_beta", "g7sf_o_BAR", "g7sf_one", "g7sf_tab_FOO",
                                        "g7sf_three", "g7sf_two" };
    static const bool want_api[] = { true, true, true, true, true, false, true, true, true, false };
    unsigned nmac;
    names s = parse_text(text, &nmac);
    CHECK_EQ(nmac, 3);
    CHECK_EQ(s.n, sizeof want / sizeof want[0]);
    for (size_t i = 0; i < s.n && i < sizeof want / sizeof want[0]; i++) {
        CHECK_STR(s.v[i].name, want[i]);
        CHECKF(s.v[i].api == want_api[i], "%s: api %d", s.v[i].name, s.v[i].api);
    }
    names_free(&s);
}

/* The headers as they are: what the comparison below relies on. */
TEST(public_headers_declare_the_api_with_g7sf_api)
{
    names decl = { 0 };
    unsigned bad = 0;
    bool ok = read_declarations(&decl, &bad);
    CHECKF(ok, "cannot open %s (tests run from the top directory)", HEADER_DIR);
    if (!ok)
        return;
    CHECKF(bad == 0, "%u declaring macros the parser cannot read", bad);
    names_sort(&decl);
    /* one of each kind: a one-line and a multi-line function, a macro's
     * object, a later name of an extern list */
    static const char *const known[] = { "g7sf_send", "g7sf_dn_chroma_block",
                                         "g7sf_desc_SAMPLER_STATE", "g7sf_en_texcoordmode",
                                         "g7sf_desc_COLOR_PROCESSING_STATE" };
    for (size_t i = 0; i < sizeof known / sizeof known[0]; i++)
        CHECKF(names_find(&decl, known[i]), "the parser missed %s", known[i]);
    CHECKF(decl.n >= 100, "only %zu declarations", decl.n);
    for (size_t i = 0; i < decl.n; i++) {
        CHECKF(strncmp(decl.v[i].name, "g7sf_", 5) == 0, "%s: %s lacks the g7sf_ prefix",
               decl.v[i].where, decl.v[i].name);
        CHECKF(decl.v[i].api, "%s: %s is declared without G7SF_API", decl.v[i].where,
               decl.v[i].name);
    }
    names_free(&decl);
}

/* The comparison: every symbol in one set and not in the other is printed. */
TEST(shared_library_exports_exactly_the_public_declarations)
{
    char path[512];
    snprintf(path, sizeof path, "%s/libgen7sf.so", t_build_dir());
    size_t n;
    uint8_t *so = t_read_file(path, &n);
    if (!so) {
        char why[600];
        snprintf(why, sizeof why, "no %s to read (make builds it)", path);
        SKIP(why);
    }
    names exp = { 0 }, decl = { 0 }, tools = { 0 };
    unsigned bad = 0;
    const char *why = NULL;
    if (!read_exports(so, n, &exp, &tools, &why)) {
        free(so);
        names_free(&exp);
        names_free(&tools);
        char msg[600];
        snprintf(msg, sizeof msg, "%s: %s", path, why);
        SKIP(msg);
    }
    free(so);
    bool ok = read_declarations(&decl, &bad);
    CHECKF(ok, "cannot open %s (tests run from the top directory)", HEADER_DIR);
    names_sort(&exp);
    names_sort(&decl);
    printf("  %s: %zu exported symbols (and %zu of the linker or sanitizers); "
           "the headers declare %zu\n", path, exp.n, tools.n, decl.n);
    unsigned extra = 0, missing = 0;
    for (size_t i = 0; ok && i < exp.n; i++)
        if (!names_find(&decl, exp.v[i].name)) {
            printf("  exported but declared in no public header: %s\n", exp.v[i].name);
            extra++;
        }
    /* the sanitizers guard only globals the .so exports */
    for (size_t i = 0; ok && i < tools.n; i++) {
        const char *g = odr_global(tools.v[i].name);
        if (g && !names_find(&decl, g)) {
            printf("  exported ODR indicator of a global declared in no public header: %s\n",
                   tools.v[i].name);
            extra++;
        }
    }
    for (size_t i = 0; ok && i < decl.n; i++)
        if (!names_find(&exp, decl.v[i].name)) {
            printf("  %s: %s is declared but not exported\n", decl.v[i].where,
                   decl.v[i].name);
            missing++;
        }
    CHECKF(extra == 0, "%u exported symbols no public header declares (listed above)",
           extra);
    CHECKF(missing == 0, "%u public declarations the library does not export (listed above)",
           missing);
    CHECKF(ok && decl.n > 0 && exp.n > 0, "nothing to compare");
    names_free(&exp);
    names_free(&decl);
    names_free(&tools);
}
