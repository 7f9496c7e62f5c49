/* State structures as data.  Each structure is one X-macro list of fields
 * (G7SF_<NAME>_FIELDS) that yields both a C struct (g7sf_<name>) for the
 * function layer and a field table (g7sf_desc_<NAME>) that drives decode,
 * encode, validation and printing.  Field and enum names follow the PRM.
 *
 * A list row is
 *   F(member, "PRM Field Name", dword, hi, lo, TYPE, frac_bits, enum_table)
 *   A(member, "PRM Field Name", dword, hi, lo, TYPE, frac_bits, enum_table,
 *     count, dword_stride, bit_stride)
 *   V(member, ...same as F...)
 *   H(member, ...same as F..., variant)
 * where V is a variant: another reading of bits that an F row also covers
 * (e.g. RENDER_SURFACE_STATE DW6 is MCS, UV-plane offsets or an append
 * counter by surface kind).  Pack ORs all rows, as Mesa's genxml does.
 * A declares `count` elements; element i sits at dword + i*dword_stride,
 * bits (hi..lo) + i*bit_stride.  H is a field Haswell (Gen7.5) adds (Mesa's
 * gen75.xml; the PRM text is Ivy Bridge's): its bits are reserved on Ivy
 * Bridge, where the platform-aware calls (..._on) leave it out, and it may
 * lie past the Ivy Bridge length (g7sf_state_dwords); its variant is 1 when
 * it is another reading of bits an earlier H row covers.  TYPE is one of
 *   U     unsigned integer                     (uint32_t)
 *   S     two's complement, sign-extended      (int32_t)
 *   BOOL  one bit, 0/1                         (uint32_t)
 *   ENUM  enumerated, names in enum_table      (uint32_t)
 *   ADDR  address/pointer, kept in place: the value is the dword masked to
 *         hi..lo, so low bits below lo are zero  (uint32_t)
 *   UFIX  unsigned fixed point Ux.frac: the C member holds the raw
 *         integer (value * 2^frac)         (uint32_t)
 *   SFIX  signed fixed point Sx.frac, raw, sign-extended (int32_t)
 *   FLOAT IEEE binary32 occupying bits 31..0   (float)
 * enum_table is a `const g7sf_enum[]` ended by {0, NULL}, or 0. */
#ifndef GEN7SF_STATE_H
#define GEN7SF_STATE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include "gen7sf.h"

#ifdef __cplusplus
extern "C" {
#endif

/* The platform bit of g7sf_field.platforms. */
#define G7SF_ON(platform) (1u << (platform))
#define G7SF_ON_ALL (G7SF_ON(G7SF_IVB) | G7SF_ON(G7SF_HSW))

enum g7sf_field_type {
    G7SF_FT_U, G7SF_FT_S, G7SF_FT_BOOL, G7SF_FT_ENUM, G7SF_FT_ADDR,
    G7SF_FT_UFIX, G7SF_FT_SFIX, G7SF_FT_FLOAT
};

typedef struct g7sf_enum { uint32_t value; const char *name; } g7sf_enum;

/* Enumerated values.  Each enum of the structures is one X-macro list
 *   G7SF_<NAME>_LIST(X)   one row per value: X(value, IDENT, "printed name")
 * that yields both a C enum, enum g7sf_<name> { G7SF_<IDENT> = value, ... }
 * (G7SF_STATE_ENUM, in the structure's header), and the table g7sf_en_<name>
 * of the printed names that decode prints and encode parses (src/core).
 * IDENT is the printed name in capitals, each run of characters other than
 * letters and digits made one '_' ("DX10/OGL": DX10_OGL), with a prefix
 * where the name alone would say too little in the G7SF_ namespace
 * (G7SF_BORDER_COLOR_DX10_OGL, G7SF_PIXEL_LOCATION_CENTER).  Each header
 * gathers its lists as X(name, NAME) rows in G7SF_<GROUP>_ENUMS(X), and
 * G7SF_STATE_ENUMS(X), at the end of this file, all of them. */
#define G7SF_ENUMERATOR(value, ident, name) G7SF_##ident = value,
#define G7SF_STATE_ENUM(name, NAME)                                           \
    enum g7sf_##name { G7SF_##NAME##_LIST(G7SF_ENUMERATOR) };                 \
    G7SF_API extern const g7sf_enum g7sf_en_##name[];

typedef struct g7sf_field {
    const char *name;          /* PRM field name */
    const char *member;        /* C member name */
    uint16_t dw;               /* first dword */
    uint8_t  hi, lo;           /* bit range within the dword */
    uint8_t  type;             /* enum g7sf_field_type */
    uint8_t  frac;             /* fraction bits of UFIX/SFIX */
    const g7sf_enum *enums;    /* names of values, or NULL */
    uint16_t count;            /* 1, or array length */
    uint16_t dw_stride;        /* array: dwords between elements */
    uint8_t  bit_stride;       /* array: bits between elements in a dword */
    uint8_t  variant;          /* 1: a V row (its bits overlap an F row) */
    uint8_t  platforms;        /* G7SF_ON(G7SF_IVB) | G7SF_ON(G7SF_HSW): where
                                  the field exists (H rows: Haswell only) */
    size_t   offset;           /* offsetof the member in the C struct */
} g7sf_field;

typedef struct g7sf_state_desc {
    const char *name;          /* PRM structure name, e.g. "SAMPLER_STATE" */
    const char *section;       /* PRM section: of Vol. 4 Part 1 (the spec
                                  text), e.g. "2.12.3.1", unless it names
                                  another volume ("Vol2 Part1 Windower") */
    unsigned dwords;           /* size in dwords */
    size_t   struct_size;      /* sizeof the C struct */
    const g7sf_field *fields;
    unsigned nfields;
} g7sf_state_desc;

/* C types of the list TYPEs, and the struct generator. */
#define G7SF_CT_U     uint32_t
#define G7SF_CT_S     int32_t
#define G7SF_CT_BOOL  uint32_t
#define G7SF_CT_ENUM  uint32_t
#define G7SF_CT_ADDR  uint32_t
#define G7SF_CT_UFIX  uint32_t
#define G7SF_CT_SFIX  int32_t
#define G7SF_CT_FLOAT float
#define G7SF_MEMBER_F(m, n, dw, hi, lo, t, fr, en) G7SF_CT_##t m;
#define G7SF_MEMBER_A(m, n, dw, hi, lo, t, fr, en, cnt, dws, bs) G7SF_CT_##t m[cnt];
#define G7SF_MEMBER_V G7SF_MEMBER_F
#define G7SF_MEMBER_H(m, n, dw, hi, lo, t, fr, en, var) G7SF_CT_##t m;
#define G7SF_STATE_STRUCT(NAME, cname)                                        \
    typedef struct g7sf_##cname {                                             \
        G7SF_##NAME##_FIELDS(G7SF_MEMBER_F, G7SF_MEMBER_A, G7SF_MEMBER_V, G7SF_MEMBER_H) \
    } g7sf_##cname;                                                           \
    G7SF_API extern const g7sf_state_desc g7sf_desc_##NAME;

/* The registry of every structure, in PRM order. */
G7SF_API unsigned g7sf_state_count(void);
G7SF_API const g7sf_state_desc *g7sf_state_at(unsigned i);
G7SF_API const g7sf_state_desc *g7sf_state_find(const char *name);   /* case-insensitive */
G7SF_API const g7sf_field *g7sf_state_field(const g7sf_state_desc *d, const char *name);

/* Whole-structure conversion between dwords and the C struct.  pack ORs
 * every field into zeroed dwords and fails with G7SF_ERANGE when a member
 * does not fit its field; unpack cannot fail. */
G7SF_API void g7sf_state_unpack(const g7sf_state_desc *d, const uint32_t *dw, void *out);
G7SF_API int  g7sf_state_pack(const g7sf_state_desc *d, const void *in, uint32_t *dw);
/* Reads d->dwords dwords at addr from graphics memory and unpacks them. */
G7SF_API int  g7sf_state_read(g7sf_gpu *gpu, const g7sf_state_desc *d, uint32_t addr, void *out);

/* One field element of the C struct, as int64_t (FLOAT: its bit pattern). */
G7SF_API int64_t g7sf_field_get(const g7sf_field *f, unsigned idx, const void *s);
/* Stores v: G7SF_ERANGE if v does not fit (ADDR: also if misaligned). */
G7SF_API int     g7sf_field_set(const g7sf_field *f, unsigned idx, void *s, int64_t v);
/* Field element straight from / into dwords. */
G7SF_API int64_t g7sf_field_extract(const g7sf_field *f, unsigned idx, const uint32_t *dw);
G7SF_API int     g7sf_field_insert(const g7sf_field *f, unsigned idx, uint32_t *dw, int64_t v);

/* The integer syntax of every number gen7sf and its tools read (field
 * values, DWords on a command line, array indices, format codes, sizes):
 * an optional sign, then decimal digits, or 0x and hex digits, or 0b and
 * binary digits, and nothing else.  A decimal number starts with 0 only
 * when it is 0: "010" is refused (G7SF_EINVAL), because C would read it as
 * octal 8 and a hex dump as 10h, and taking it as ten would silently
 * misread a DWord pasted from a dump ("00001000").  Write 10, 0x10 or 8.
 * Hex and binary digits may have leading zeros ("0x0010").  0, G7SF_EINVAL
 * (syntax) or G7SF_ERANGE (|value| over INT64_MAX). */
G7SF_API int g7sf_parse_int(const char *text, int64_t *v);

/* Text of a field value, as gen7sf-state decode prints it:
 *   U, S, BOOL  "5"                       ENUM  "1 (MAPFILTER_LINEAR)",
 *   ADDR        "0x00001000"                    "4 (reserved)"
 *   UFIX, SFIX  "-1.5 (raw:0x1e80)"  the exact decimal value (every binary
 *               fraction has one), then the field's bits
 *   FLOAT       "0.5 (raw:0x3f000000)"  the shortest decimal that reads
 *               back to the same float; NaN and infinities, which no real
 *               reads back to, as "raw:0x7fc00000 (nan)".
 * Whatever comes before " (" is a value g7sf_field_parse turns back into
 * the same bits, and so is the "raw:" form.  Returns the length snprintf
 * would. */
G7SF_API int g7sf_field_format(const g7sf_field *f, int64_t v, char *buf, size_t n);
/* Parses a field value:
 * - an integer (g7sf_parse_int: decimal, 0x, 0b; no leading zeros) means
 *   that value in every type: "13" in a U4.8 field is 13.0 (raw 0xD00), in
 *   a FLOAT field 13.0f;
 * - a decimal real "[-]i.f" for UFIX/SFIX, which must be a multiple of
 *   2^-frac ("0.001" in a U4.8 field is G7SF_ERANGE, never rounded);
 *   a real with an optional exponent "1.5e-3" for FLOAT (nearest float);
 * - "raw:N": the field's bits N, 0..2^width-1 (two's complement for
 *   signed fields: raw:0x1e80 is -384 in a 13-bit field; for ADDR the
 *   value in place, as for a plain number);
 * - an enum name (any case), or true/false for BOOL.
 * The range and ADDR alignment are checked.  0, G7SF_EINVAL (syntax) or
 * G7SF_ERANGE (out of range or not representable). */
G7SF_API int g7sf_field_parse(const g7sf_field *f, const char *text, int64_t *v);
/* The display name of field element idx: "Name" or "Name[idx]". */
G7SF_API void g7sf_field_name(const g7sf_field *f, unsigned idx, char *buf, size_t n);

/* Bits of dword i that no field covers (reserved / MBZ in the PRM). */
G7SF_API uint32_t g7sf_state_reserved_mask(const g7sf_state_desc *d, unsigned i);

/* Platforms.  The calls above without a platform are Ivy Bridge's (the PRM
 * text's): they leave out the H rows.  These take the platform:
 * - g7sf_field_on: whether f exists on p;
 * - g7sf_state_dwords: the structure's length on p (Haswell's
 *   SAMPLER_BORDER_COLOR_STATE is 20 DWords, Ivy Bridge's 4);
 * - unpack_on reads g7sf_state_dwords(d, p) dwords and sets the members of
 *   fields p lacks to 0; pack_on writes that many and fails (G7SF_ERANGE)
 *   when such a member is not 0, as its value would be lost;
 * - format_on prints a value p does not define, though another platform
 *   does, as reserved; parse_on refuses its name (G7SF_EINVAL);
 * - g7sf_enum_on: whether `value` of list `table` exists on p (Haswell adds
 *   values to some lists: G7SF_HSW_VALUES).
 * g7sf_state_read reads and unpacks for the gpu's platform. */
G7SF_API bool g7sf_field_on(const g7sf_field *f, enum g7sf_platform p);
G7SF_API unsigned g7sf_state_dwords(const g7sf_state_desc *d, enum g7sf_platform p);
G7SF_API void g7sf_state_unpack_on(const g7sf_state_desc *d, enum g7sf_platform p,
                                   const uint32_t *dw, void *out);
G7SF_API int g7sf_state_pack_on(const g7sf_state_desc *d, enum g7sf_platform p, const void *in,
                                uint32_t *dw);
G7SF_API uint32_t g7sf_state_reserved_mask_on(const g7sf_state_desc *d, enum g7sf_platform p,
                                              unsigned i);
G7SF_API int g7sf_field_format_on(const g7sf_field *f, enum g7sf_platform p, int64_t v,
                                  char *buf, size_t n);
G7SF_API int g7sf_field_parse_on(const g7sf_field *f, enum g7sf_platform p, const char *text,
                                 int64_t *v);
G7SF_API bool g7sf_enum_on(const g7sf_enum *table, uint32_t value, enum g7sf_platform p);

#include "state_sampler.h"
#include "state_surface.h"
#include "state_media.h"
#include "state_3d.h"
#include "state_cps.h"

/* Every enum list, X(name, NAME).  The Surface Format field's table,
 * g7sf_en_surface_format, and its enum g7sf_format come from
 * G7SF_FORMAT_LIST (format.h) instead. */
#define G7SF_STATE_ENUMS(X)                                                   \
    G7SF_SAMPLER_ENUMS(X) G7SF_SURFACE_ENUMS(X) G7SF_MEDIA_ENUMS(X)           \
    G7SF_3D_ENUMS(X) G7SF_CPS_ENUMS(X)

/* The values Haswell adds to an enum list (gen75.xml), X(list name, IDENT):
 * reserved on Ivy Bridge (g7sf_enum_on). */
#define G7SF_HSW_VALUES(X)                                                    \
    X(trilinear_quality, TRIQUAL_HIGH_MAG_CLAMP_MIPFILTER)

#ifdef __cplusplus
}
#endif
#endif
