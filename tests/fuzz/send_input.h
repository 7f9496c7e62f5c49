/* The input of the g7sf_send() fuzz targets: one message and the state
 * it meets, in a form libFuzzer's mutations keep meaningful.
 *
 * A fixed 16-byte prefix, little-endian:
 *   0     flags: bit 0 Haswell (else Ivy Bridge), bit 1 the thread has SLM,
 *         bit 2 EOT, bit 3 wb is NULL when rlen is 0, bit 4 the gpu has
 *         G7SF_EXT_MINMAX_FILTER (SAMPLER_STATE's Reduction Type fields),
 *         bit 5 G7SF_EXT_MSAA_INDEX (SURFACE_STATE DW6 bit 1: render cache
 *         tiles, flushed after the messages)
 *   1     SFID (each target maps it onto the functions it fuzzes)
 *   2-3   execution mask
 *   4-7   descriptor (mlen, rlen, header, function control)
 *   8-11  g7sf_thread.binding_table
 *   12-15 g7sf_thread.sampler_state
 * then records until the input ends, each a tag byte (taken modulo
 * SEND_REC_COUNT, so that every byte is a tag) and its fields.  A record
 * cut short by the end of the input is dropped.  The gpu starts empty with
 * the SEND_DEFAULT_* bases; records apply in order; the message is sent
 * at every SEND_REC_SEND and once at the end.
 *
 * Memory is written through windows of 64 KiB (offset u16), placed where
 * state and surfaces live, or at an absolute address. */
#ifndef G7SF_FUZZ_SEND_INPUT_H
#define G7SF_FUZZ_SEND_INPUT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#define SEND_PREFIX 16

enum {
    SEND_F_HSW = 1, SEND_F_SLM = 2, SEND_F_EOT = 4, SEND_F_WB_NULL = 8, SEND_F_MINMAX = 16,
    SEND_F_MSAA_INDEX = 32   /* G7SF_EXT_MSAA_INDEX; the render cache is flushed at the end */
};

enum send_rec {
    SEND_REC_PAYLOAD,    /* u8 register (mod 16), 32 bytes */
    SEND_REC_THREAD,     /* u8 which (bit 0: r0 / r1), 32 bytes */
    SEND_REC_WRITE,      /* u8 window, u16 offset, u8 n, n bytes */
    SEND_REC_FILL,       /* u8 window, u16 offset, u16 bytes, u32 pattern */
    SEND_REC_ABS_WRITE,  /* u32 address, u16 n, n bytes */
    SEND_REC_ABS_FILL,   /* u32 address, u32 bytes, u32 pattern */
    SEND_REC_BASE,       /* u8 which (enum g7sf_base, mod 5), u32 base, u32 bound */
    SEND_REC_COMMAND,    /* u8 unit (bit 0: sampler / render cache), u16 n, n dwords */
    SEND_REC_MESSAGE,    /* u8 sfid, u16 exec mask, u32 descriptor: the next send's */
    SEND_REC_SEND,       /* sends the message as it stands */
    SEND_REC_COUNT
};

/* Windows (record field `window`, mod SEND_WIN_COUNT). */
enum send_window {
    SEND_WIN_SURFACE,    /* Surface State Base Address (binding tables, SURFACE_STATE) */
    SEND_WIN_DYNAMIC,    /* Dynamic State Base Address (SAMPLER_STATE, BLEND_STATE...) */
    SEND_WIN_GENERAL,    /* General State Base Address (stateless, scratch) */
    SEND_WIN_DATA0,      /* 0x00400000: surfaces */
    SEND_WIN_DATA1,      /* 0x00410000: the 64 KiB after them */
    SEND_WIN_TOP,        /* 0xFFFF0000: the last 64 KiB of the address space */
    SEND_WIN_SLM,        /* the thread's shared local memory (when it has one) */
    SEND_WIN_COUNT
};
#define SEND_WIN_SIZE 0x10000u
#define SEND_DATA0 0x00400000u
#define SEND_TOP 0xFFFF0000u

#define SEND_DEFAULT_SURFACE 0x00010000u
#define SEND_DEFAULT_DYNAMIC 0x00030000u
#define SEND_DEFAULT_GENERAL 0x00100000u

/* Limits that keep one input fast: bytes filled per input, sends per input. */
#define SEND_FILL_BUDGET (1u << 20)
#define SEND_MAX_SENDS 8
#define SEND_MAX_CMD_DWORDS 260

/* How a target turns the prefix into its messages. */
typedef struct send_mode {
    unsigned (*sfid)(unsigned byte);       /* SFID of the message */
    uint32_t (*desc)(uint32_t desc);       /* descriptor as the target wants it */
} send_mode;

/* Decodes and runs one input, checking g7sf_send()'s contract on every
 * send (FUZZ_CHECK aborts on a broken promise). */
void send_input_run(const uint8_t *data, size_t size, const send_mode *mode);

#endif
