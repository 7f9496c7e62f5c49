/* The message descriptor field table (src/msg/desc.h) against descriptors
 * encoded by hand from the PRM's bit positions. */
#include "harness.h"
#include "msg/desc.h"

TEST(common_fields_of_an_oword_block_read)
{
    /* mlen 1 (28:25), rlen 2 (24:20), header (19), data cache OWord Block
     * Read: type 0000 (17:14), 4 OWords: block size 011 (10:8), BTI 5 */
    uint32_t d = 1u << 25 | 2u << 20 | 1u << 19 | 0u << 14 | 3u << 8 | 5;
    CHECK_EQ(d, 0x02280305u);
    CHECK_EQ(desc_get(d, DESC_MLEN), 1);
    CHECK_EQ(desc_get(d, DESC_RLEN), 2);
    CHECK_EQ(desc_get(d, DESC_HEADER), 1);
    CHECK_EQ(desc_get(d, DESC_FC), 0x305);
    CHECK_EQ(desc_get(d, DESC_DP_MSG_TYPE), 0);
    CHECK_EQ(desc_get(d, DESC_DP_BLOCK_SIZE), 3);
    CHECK_EQ(desc_get(d, DESC_BTI), 5);
}

TEST(sampler_fields)
{
    /* SIMD16 (18:17 = 10b), sample_l (16:12 = 00010b), sampler 7 (11:8), BTI 200 */
    uint32_t d = 2u << 17 | 2u << 12 | 7u << 8 | 200;
    CHECK_EQ(desc_get(d, DESC_SMP_SIMD_MODE), 2);
    CHECK_EQ(desc_get(d, DESC_SMP_TYPE), 2);
    CHECK_EQ(desc_get(d, DESC_SMP_INDEX), 7);
    CHECK_EQ(desc_get(d, DESC_BTI), 200);
    /* the top fields do not leak into Function Control */
    CHECK_EQ(desc_get(0xFFFFFFFFu, DESC_FC), 0x7FFFF);
    CHECK_EQ(desc_get(0xFFFFFFFFu, DESC_MLEN), 0xF);
    CHECK_EQ(desc_get(0xFFFFFFFFu, DESC_RLEN), 0x1F);
}

TEST(data_port_function_control_fields)
{
    /* untyped atomic: return data (13), SIMD8 (12), AOP_ADD 0111b (11:8) */
    uint32_t fc = 1u << 13 | 1u << 12 | 7u << 8;
    CHECK_EQ(desc_get(fc, DESC_DP_RETURN_DATA), 1);
    CHECK_EQ(desc_get(fc, DESC_DP_ATOMIC_SIMD8), 1);
    CHECK_EQ(desc_get(fc, DESC_DP_AOP), 7);
    CHECK_EQ(desc_get(fc, DESC_DP_SIMD_MODE), 3);
    /* scratch: category (18), write (17), channel mode DWord (16), 4
     * registers 11b (13:12), offset 0xABC HWords (11:0) */
    fc = 1u << 18 | 1u << 17 | 1u << 16 | 3u << 12 | 0xABC;
    CHECK_EQ(desc_get(fc, DESC_DP_CATEGORY), 1);
    CHECK_EQ(desc_get(fc, DESC_DP_SCRATCH_WRITE), 1);
    CHECK_EQ(desc_get(fc, DESC_DP_SCRATCH_CHMODE), 1);
    CHECK_EQ(desc_get(fc, DESC_DP_SCRATCH_SIZE), 3);
    CHECK_EQ(desc_get(fc, DESC_DP_SCRATCH_MBZ), 0);
    CHECK_EQ(desc_get(fc, DESC_DP_SCRATCH_OFFSET), 0xABC);
    /* media block: bits 13:11 reserved, override (10), stride (9), offset (8) */
    fc = 5u << 11 | 1u << 10 | 0u << 9 | 1u << 8;
    CHECK_EQ(desc_get(fc, DESC_DP_MB_MBZ), 5);
    CHECK_EQ(desc_get(fc, DESC_DP_MB_OVERRIDE), 1);
    CHECK_EQ(desc_get(fc, DESC_DP_MB_STRIDE), 0);
    CHECK_EQ(desc_get(fc, DESC_DP_MB_OFFSET), 1);
    /* render target write: slot group (11), SIMD8 dual source high 011b (10:8) */
    fc = 1u << 11 | 3u << 8;
    CHECK_EQ(desc_get(fc, DESC_DP_RT_SLOT_GROUP), 1);
    CHECK_EQ(desc_get(fc, DESC_DP_RT_TYPE), 3);
    /* byte scattered: DWord data size 10b (11:10), SIMD16 (8) */
    fc = 2u << 10 | 1u << 8;
    CHECK_EQ(desc_get(fc, DESC_DP_BYTE_SIZE), 2);
    CHECK_EQ(desc_get(fc, DESC_DP_BYTE_SIMD16), 1);
    CHECK_EQ(desc_get(fc, DESC_DP_BLOCK_SIZE2), 1);
    CHECK_EQ(desc_get(fc, DESC_DP_SCATTERED_MBZ), 2);
}
