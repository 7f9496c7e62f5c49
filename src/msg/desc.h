/* Internal: the message descriptor's fields, one table for every message
 * family (bit positions in the 32-bit descriptor of the send instruction;
 * fields below bit 19 are Function Control, whose meaning depends on the
 * SFID and the message type).  The decoders read fields through desc_get,
 * never through shifts of their own. */
#ifndef G7SF_MSG_DESC_H
#define G7SF_MSG_DESC_H

#include <stdint.h>

/* X(ID, high bit, low bit, PRM name, section) */
#define G7SF_DESC_FIELDS(X)                                                     \
    /* every message (§1.5.5, §1.5.8) */                                        \
    X(MLEN,             28, 25, "Message Length",              "1.5.5")         \
    X(RLEN,             24, 20, "Response Length",             "1.5.5")         \
    X(HEADER,           19, 19, "Header Present",              "1.5.5")         \
    X(FC,               18,  0, "Function Control",            "1.5.5")         \
    X(BTI,               7,  0, "Binding Table Index",         "1.5.5")         \
    /* sampler (§2.13.1.1) */                                                   \
    X(SMP_SIMD_MODE,    18, 17, "SIMD Mode",                   "2.13.1.1")      \
    X(SMP_TYPE,         16, 12, "Message Type",                "2.13.1.1")      \
    X(SMP_INDEX,        11,  8, "Sampler Index",               "2.13.1.1")      \
    /* data port (§3.9.2): routing */                                           \
    X(DP_CATEGORY,      18, 18, "Category (scratch)",          "3.9.2")         \
    X(DP_SCRATCH_WRITE, 17, 17, "Scratch Read/Write",          "3.9.10")        \
    X(DP_MSG_TYPE,      17, 14, "Message Type",                "3.9.2")         \
    /* OWord block, dual block, DWord and byte scattered (§3.9.3-3.9.8) */      \
    X(DP_BLOCK_SIZE,    10,  8, "Block Size (OWord block)",    "3.9.3")         \
    X(DP_BLOCK_SIZE2,    9,  8, "Block Size (dual block, DWord scattered)", "3.9.5") \
    X(DP_SCATTERED_MBZ, 12, 10, "Reserved (DWord scattered)",  "3.9.7")         \
    X(DP_BYTE_SIZE,     11, 10, "Data Size (byte scattered)",  "3.9.8")         \
    X(DP_BYTE_SIMD16,    8,  8, "SIMD Mode (byte scattered)",  "3.9.8")         \
    /* media block (§3.9.6) */                                                  \
    X(DP_MB_MBZ,        13, 11, "Reserved (media block)",      "3.9.6")         \
    X(DP_MB_OVERRIDE,   10, 10, "Vertical Line Stride Override", "3.9.6")       \
    X(DP_MB_STRIDE,      9,  9, "Vertical Line Stride",        "3.9.6")         \
    X(DP_MB_OFFSET,      8,  8, "Vertical Line Stride Offset", "3.9.6")         \
    /* untyped, typed, atomics (§3.9.9) */                                      \
    X(DP_SIMD_MODE,     13, 12, "SIMD Mode (untyped)",         "3.9.9")         \
    X(DP_CHANNEL_MASK,  11,  8, "Channel Mask",                "3.9.9")         \
    X(DP_SLOT_GROUP,    13, 13, "Slot Group Select (typed)",   "3.9.9")         \
    X(DP_SLOT_GROUP_HSW, 13, 12, "Slot Group (typed, Haswell port 1)", "3.9.9")  \
    X(DP_RETURN_DATA,   13, 13, "Return Data Control",         "3.9.9")         \
    X(DP_ATOMIC_SIMD8,  12, 12, "SIMD Mode / Slot Group (atomic)", "3.9.9")     \
    X(DP_AOP,           11,  8, "Atomic Operation Type",       "3.9.9")         \
    /* scratch (§3.9.10) */                                                     \
    X(DP_SCRATCH_CHMODE, 16, 16, "Channel Mode",               "3.9.10")        \
    X(DP_SCRATCH_MBZ,   14, 14, "Reserved (scratch)",          "3.9.10")        \
    X(DP_SCRATCH_SIZE,  13, 12, "Block Size (scratch)",        "3.9.10")        \
    X(DP_SCRATCH_OFFSET, 11, 0, "Offset (HWords)",             "3.9.10")        \
    /* memory fence */                                                          \
    X(DP_FENCE_COMMIT,  13, 13, "Commit Enable",               "3.9.2")         \
    X(DP_FENCE_MBZ,     12,  8, "Reserved (memory fence)",     "3.9.2")         \
    /* render target write (§3.9.11) */                                         \
    X(DP_RT_SLOT_GROUP, 11, 11, "Slot Group Select",           "3.9.11")        \
    X(DP_RT_TYPE,       10,  8, "Message Type (render target)", "3.9.11")

enum desc_field {
#define DESC_ID(id, hi, lo, name, sec) DESC_##id,
    G7SF_DESC_FIELDS(DESC_ID)
#undef DESC_ID
    DESC_FIELD_COUNT
};

/* Field f of a descriptor (or of Function Control, which keeps the
 * descriptor's bit positions).  With f a constant the positions fold. */
static inline uint32_t desc_get(uint32_t desc, enum desc_field f)
{
    static const uint8_t hi[] = {
#define DESC_HI(id, h, l, name, sec) h,
        G7SF_DESC_FIELDS(DESC_HI)
#undef DESC_HI
    };
    static const uint8_t lo[] = {
#define DESC_LO(id, h, l, name, sec) l,
        G7SF_DESC_FIELDS(DESC_LO)
#undef DESC_LO
    };
    unsigned width = hi[f] - lo[f] + 1u;
    return desc >> lo[f] & (width == 32 ? 0xFFFFFFFFu : (1u << width) - 1);
}

#endif
