/* Internal: turns a G7SF_<NAME>_FIELDS list into its g7sf_desc_<NAME>.
 * In a .c file:   #define ROW_T g7sf_sampler_state
 *                 G7SF_STATE_DESC(SAMPLER_STATE, "2.12.3.1")
 *                 #undef ROW_T                                              */
#ifndef G7SF_CORE_STATE_TABLE_H
#define G7SF_CORE_STATE_TABLE_H

#include <stddef.h>
#include "gen7sf/state.h"

#define G7SF_ROW_F(m, n, dw, hi, lo, t, fr, en) \
    { n, #m, dw, hi, lo, G7SF_FT_##t, fr, en, 1, 0, 0, 0, G7SF_ON_ALL, offsetof(ROW_T, m) },
#define G7SF_ROW_V(m, n, dw, hi, lo, t, fr, en) \
    { n, #m, dw, hi, lo, G7SF_FT_##t, fr, en, 1, 0, 0, 1, G7SF_ON_ALL, offsetof(ROW_T, m) },
#define G7SF_ROW_A(m, n, dw, hi, lo, t, fr, en, cnt, dws, bs) \
    { n, #m, dw, hi, lo, G7SF_FT_##t, fr, en, cnt, dws, bs, 0, G7SF_ON_ALL, offsetof(ROW_T, m) },
#define G7SF_ROW_H(m, n, dw, hi, lo, t, fr, en, var) \
    { n, #m, dw, hi, lo, G7SF_FT_##t, fr, en, 1, 0, 0, var, G7SF_ON(G7SF_HSW), offsetof(ROW_T, m) },

/* The field array is g7sf_fields_NAME, not NAME_fields: command names such
 * as 3DSTATE_CHROMA_KEY begin with a digit. */
#define G7SF_STATE_DESC(NAME, sect)                                             \
    static const g7sf_field g7sf_fields_##NAME[] = {                            \
        G7SF_##NAME##_FIELDS(G7SF_ROW_F, G7SF_ROW_A, G7SF_ROW_V, G7SF_ROW_H)    \
    };                                                                          \
    const g7sf_state_desc g7sf_desc_##NAME = {                                  \
        #NAME, sect, G7SF_##NAME##_DWORDS, sizeof(ROW_T), g7sf_fields_##NAME,   \
        (unsigned)(sizeof g7sf_fields_##NAME / sizeof g7sf_fields_##NAME[0])    \
    };

/* The g7sf_en_<name> table of a G7SF_<NAME>_LIST (state.h), ended by
 * {0, NULL}: G7SF_SAMPLER_ENUMS(G7SF_ENUM_TABLE) defines a header's tables. */
#define G7SF_ENUM_ROW(value, ident, name) { value, name },
#define G7SF_ENUM_TABLE(name, NAME)                                             \
    const g7sf_enum g7sf_en_##name[] = { G7SF_##NAME##_LIST(G7SF_ENUM_ROW) {0, NULL} };

#endif
