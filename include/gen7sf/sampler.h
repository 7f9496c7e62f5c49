/* The Sampling Engine as functions (§2.1-2.7): decoded state and per-pixel
 * message parameters in, texels out.  g7sf_send() translates sampler
 * messages onto g7sf_sample(); C users call it directly, with state they
 * decoded from memory (g7sf_texture_from_state, g7sf_sampler_read) or built
 * in C.  Every choice on an unclear passage is in docs/spec-notes.md,
 * "Sampling engine". */
#ifndef GEN7SF_SAMPLER_H
#define GEN7SF_SAMPLER_H

#include <stdbool.h>
#include <stdint.h>

#include "gen7sf.h"
#include "format.h"
#include "state.h"
#include "surface.h"

#ifdef __cplusplus
extern "C" {
#endif

/* The operations: the SIMD4x2/SIMD8/SIMD16 Message Type values (§2.13.1.1,
 * message type table).  sample_d_c exists on Haswell only. */
enum g7sf_sample_op {
    G7SF_OP_SAMPLE = 0, G7SF_OP_SAMPLE_B = 1, G7SF_OP_SAMPLE_L = 2, G7SF_OP_SAMPLE_C = 3,
    G7SF_OP_SAMPLE_D = 4, G7SF_OP_SAMPLE_B_C = 5, G7SF_OP_SAMPLE_L_C = 6, G7SF_OP_LD = 7,
    G7SF_OP_GATHER4 = 8, G7SF_OP_LOD = 9, G7SF_OP_RESINFO = 10, G7SF_OP_SAMPLEINFO = 11,
    G7SF_OP_SAMPLE_KILLPIX = 12, G7SF_OP_GATHER4_C = 16, G7SF_OP_GATHER4_PO = 17,
    G7SF_OP_GATHER4_PO_C = 18, G7SF_OP_SAMPLE_D_C = 20, G7SF_OP_LD_MCS = 29,
    G7SF_OP_LD2DMS = 30, G7SF_OP_LD2DSS = 31
};
/* The PRM name of an operation ("sample_b_c"), or NULL for other values. */
G7SF_API const char *g7sf_sample_op_name(unsigned op);
/* Whether the operation reads SAMPLER_STATE: all but ld, ld_mcs, ld2dms,
 * ld2dss, resinfo and sampleinfo (their Sampler Index is ignored, line 4454). */
G7SF_API bool g7sf_sample_op_reads_sampler(unsigned op);
/* Whether the operation is one of the gather4 family (gather4, gather4_c,
 * gather4_po, gather4_po_c): M0.2[17:16] is then its source channel. */
G7SF_API bool g7sf_sample_op_is_gather(unsigned op);

/* A texture as the sampler sees it: RENDER_SURFACE_STATE decoded. */
typedef struct g7sf_texture {
    g7sf_surface surf;           /* layout.  levels = Surface Min LOD + MIP Count + 1
                                    (every level the view can reach); depth counts
                                    slices from 0, Minimum Array Element included */
    unsigned format;             /* Surface Format */
    unsigned surface_array;      /* Surface Array */
    unsigned cube_face_enables;  /* bit 5 -X, 4 +X, 3 -Y, 2 +Y, 1 -Z, 0 +Z; a texel
                                    of a disabled face reads as the border colour */
    unsigned min_array_element;  /* Minimum Array Element (slices, faces for cubes) */
    unsigned array_len;          /* Depth + 1 (x 6 for cubes): slices the view holds */
    unsigned mip_count;          /* MIP Count / LOD: MIPCnt of §2.2.1.5 */
    unsigned surface_min_lod;    /* Surface Min LOD, 0-15 */
    unsigned resource_min_lod;   /* Resource Min LOD, U4.8 */
    unsigned clear_color;        /* Clear Color bits: 8 red, 4 green, 2 blue, 1 alpha
                                    (1 = CC_ONE), read where MCS says "cleared" */
    unsigned ms_palette_index;   /* Multisample Position Palette Index */
    /* Haswell only (ignored on Ivy Bridge, whose RENDER_SURFACE_STATE lacks
     * them): */
    unsigned channel_select[4];  /* Shader Channel Select Red, Green, Blue, Alpha
                                    (enum g7sf_scs): result channel i of sample*,
                                    ld, ld2dms, ld2dss and the channel gather4*
                                    picks read surface channel channel_select[i],
                                    or 0 / 1.  A Haswell texture built by hand
                                    sets G7SF_SCS_RED .. _ALPHA: zeros read zero,
                                    as they do on the hardware */
    unsigned integer_surface_format; /* Integer Surface Format: not 0 on a UINT /
                                    SINT surface selects the integer border
                                    colours of SAMPLER_BORDER_COLOR_STATE */
} g7sf_texture;

/* Decodes RENDER_SURFACE_STATE for sampling.  NULL surfaces (Surface Type
 * 7) are accepted and sample as zeros.  G7SF_EINVAL for NULL pointers,
 * G7SF_ESTATE for a state the sampler cannot read (see
 * g7sf_surface_from_state). */
G7SF_API int g7sf_texture_from_state(const g7sf_render_surface_state *ss, g7sf_texture *t);

/* The sampler's non-pipelined state, loaded by 3D commands: the four
 * 3DSTATE_CHROMA_KEY entries, the two palettes and 3DSTATE_MONOFILTER_SIZE. */
typedef struct g7sf_sampler_cmd_state {
    uint32_t chroma_low[4], chroma_high[4];  /* ChromaKey Low/High Value per index */
    g7sf_palettes palettes;
    unsigned mono_width, mono_height;        /* Monochrome Filter Width/Height fields */
} g7sf_sampler_cmd_state;

/* Executes one 3DSTATE_CHROMA_KEY, 3DSTATE_SAMPLER_PALETTE_LOAD0/1 or
 * 3DSTATE_MONOFILTER_SIZE command (ndw dwords from its header) on the gpu's
 * sampler state.  G7SF_EINVAL: NULL; G7SF_EOPCODE: another command;
 * G7SF_EMLEN: ndw differs from the command's DWord Length + 2, or a palette
 * load longer than 256 entries.  Nothing changes on error. */
G7SF_API int g7sf_sampler_command(g7sf_gpu *gpu, const uint32_t *dw, size_t ndw);
G7SF_API const g7sf_sampler_cmd_state *g7sf_sampler_cmd_state_get(const g7sf_gpu *gpu);

/* A sampler as the sampling engine uses it. */
typedef struct g7sf_sampler {
    g7sf_sampler_state state;                 /* SAMPLER_STATE */
    g7sf_sampler_border_color_state border;   /* what Border Color Pointer points at */
    uint32_t chroma_low, chroma_high;         /* the 3DSTATE_CHROMA_KEY entry that
                                                 ChromaKey Index selects */
    unsigned mono_width, mono_height;         /* 3DSTATE_MONOFILTER_SIZE fields */
    const g7sf_palettes *palettes;            /* for P* formats; NULL: none */
} g7sf_sampler;

/* Reads SAMPLER_STATE at `offset` from Dynamic State Base Address, its
 * border colour, and the gpu's chroma key, palettes and mono filter size
 * (out->palettes points into the gpu).  G7SF_EFAULT when a read leaves the
 * dynamic state bound or 4 GiB. */
G7SF_API int g7sf_sampler_read(g7sf_gpu *gpu, uint32_t offset, g7sf_sampler *out);

/* The parameters of one message, by role (§2.13.1.2 parameter tables). */
enum g7sf_sample_param {
    G7SF_PARAM_U, G7SF_PARAM_V, G7SF_PARAM_R, G7SF_PARAM_AI,
    G7SF_PARAM_BIAS, G7SF_PARAM_LOD, G7SF_PARAM_REF,
    G7SF_PARAM_DUDX, G7SF_PARAM_DUDY, G7SF_PARAM_DVDX, G7SF_PARAM_DVDY,
    G7SF_PARAM_DRDX, G7SF_PARAM_DRDY,
    G7SF_PARAM_SI, G7SF_PARAM_MCS, G7SF_PARAM_OFFU, G7SF_PARAM_OFFV,
    G7SF_PARAM_COUNT
};

#define G7SF_SAMPLE_PIXELS 16
typedef union g7sf_sample_value { float f; int32_t i; uint32_t u; } g7sf_sample_value;

typedef struct g7sf_sample_args {
    unsigned op;                 /* enum g7sf_sample_op */
    unsigned n;                  /* pixels: 4, 8 or 16, in subspans of four (UL, UR,
                                    LL, LR); or 2 with simd4x2 */
    bool simd4x2;                /* two vertices/samples: no subspans, so no
                                    derivatives (sample, sample_b, sample_c, LOD and
                                    sample+killpix are not available) */
    uint16_t mask;               /* pixels to sample (EMask); derivatives still
                                    use every subspan's UL, UR and LL */
    /* Parameters as the payload carries them: float, except ld* coordinates,
     * lod and si (S32), mcs (U32) and offu/offv (S32).  Omitted ones are 0. */
    g7sf_sample_value p[G7SF_PARAM_COUNT][G7SF_SAMPLE_PIXELS];
    int offset[3];               /* header U/V/R texel offsets, -8..7 */
    unsigned gather_channel;     /* gather4*: 0 R, 1 G, 2 B, 3 A */
    bool force_lod_zero;         /* the LOD computed from the derivatives replaced
                                    by 0 before bias, sample_l's LOD and the clamps
                                    (PRM 4500); not for gather4* (their M0.2[17:16]
                                    is the channel) */
} g7sf_sample_args;

typedef struct g7sf_sample_result {
    g7sf_texel px[G7SF_SAMPLE_PIXELS];   /* RGBA of the pixels in mask */
    unsigned type;                       /* G7SF_TEXEL_FLOAT / UINT / SINT: how
                                            px reads (the writeback's return type) */
    uint16_t live;                       /* sample+killpix: pixels in mask that no
                                            chroma key match killed */
} g7sf_sample_result;

/* Runs one operation for the pixels of a->mask.  smp may be NULL for the
 * operations that read no SAMPLER_STATE (ld*, resinfo, sampleinfo).  Errors:
 * G7SF_EINVAL (NULL, n or op out of range), G7SF_EOPCODE (the op does not
 * exist on this platform or in SIMD4x2), G7SF_ESTATE (a combination the PRM
 * forbids, e.g. MAPFILTER_MONO on a format other than MONO8, or a hand-built
 * view whose mip_count or array_len reaches levels or slices its surface
 * lacks: those texels read zero), G7SF_EFAULT (a texel outside graphics memory).  Pixels outside mask are
 * left as they were. */
G7SF_API int g7sf_sample(g7sf_gpu *gpu, const g7sf_texture *tex, const g7sf_sampler *smp,
                         const g7sf_sample_args *a, g7sf_sample_result *out);

#ifdef __cplusplus
}
#endif
#endif
