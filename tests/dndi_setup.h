/* Fixtures for the deinterlace message tests: frames, media surfaces,
 * statistics surfaces and DEINTERLACE_SAMPLER_STATE laid out in graphics
 * memory the way a driver lays them out, each byte placed from the PRM
 * layouts by hand (tiled addresses from g7sf_tiled_offset, tested on its
 * own in test_surface). */
#ifndef G7SF_TEST_DNDI_SETUP_H
#define G7SF_TEST_DNDI_SETUP_H

#include "gen7sf/media.h"
#include "gpu_setup.h"

#define D_DYNAMIC_BASE 0x00040000u
#define D_SAMPLER_OFF  0x00000200u  /* the SAMPLER_STATE_DI array, from the dynamic base */

/* A gpu from t_gpu plus the dynamic state base; the thread's sampler state
 * pointer is D_SAMPLER_OFF. */
g7sf_gpu *d_gpu(g7sf_thread *thr);

/* A host frame: Y w x h, chroma planes at their subsampled size. */
typedef struct d_frame {
    int w, h, cw, ch;
    enum g7sf_chroma chroma;
    uint8_t *p[3];            /* Y, Cb, Cr, rows w / cw bytes apart */
} d_frame;

d_frame d_frame_new(int w, int h, enum g7sf_chroma chroma);
void d_frame_free(d_frame *f);
/* Every byte from t_rand(). */
void d_frame_random(d_frame *f);
g7sf_yuv d_frame_yuv(const d_frame *f);

/* Where a MEDIA_SURFACE_STATE puts a surface. */
typedef struct d_layout {
    unsigned format;          /* Surface Format (0-7) */
    unsigned tile;            /* Tile Mode field: 0 linear, 2 X, 3 Y */
    bool interleave, half_pitch;
    uint32_t base, pitch;     /* bytes */
    uint32_t cb_x, cb_y, cr_x, cr_y;
} d_layout;

/* A layout for a w x h frame of `format` at base: pitch the row rounded
 * up to the tile width, chroma planes after the Y plane (interleaved, or U
 * then V below it). */
d_layout d_layout_for(unsigned format, unsigned tile, bool interleave, uint32_t base, int w,
                      int h);
void d_write_frame(g7sf_gpu *gpu, const d_layout *l, const d_frame *f);
/* Byte (x, y) of a surface: for the R8 statistics surface. */
void d_poke8(g7sf_gpu *gpu, const d_layout *l, uint32_t x, uint32_t y, uint8_t v);
/* MEDIA_SURFACE_STATE for w x h (bytes x rows for statistics): its dwords,
 * or bound at BTI bti. */
void d_surface_dwords(const d_layout *l, int w, int h, uint32_t dw[8]);
void d_bind(g7sf_gpu *gpu, unsigned bti, const d_layout *l, int w, int h);

/* DEINTERLACE_SAMPLER_STATE as dwords: the driver defaults of
 * intel-vaapi-driver (gen7_pp_nv12_dndi_initialize), DI and DN
 * enable bits and the per-frame bits set by the caller. */
typedef struct d_state {
    bool dn, di, first, top_first, progressive, partial, mcdi;
    unsigned stream_id;
} d_state;
void d_state_dwords(const d_state *s, uint32_t dw[8]);
/* Stores element `index` of the array at D_SAMPLER_OFF. */
void d_write_state(g7sf_gpu *gpu, unsigned index, const uint32_t dw[8]);

/* Sends the deinterlace message: BTI, Sampler Index, block (x, y) in M1.2
 * / M1.6, with or without a header (M0.3 = D_SAMPLER_OFF). */
int d_send(g7sf_gpu *gpu, const g7sf_thread *thr, unsigned bti, unsigned sampler_index,
           uint32_t x, uint32_t y, bool header, unsigned rlen, g7sf_reg *wb);

/* Whether the deinterlacer and the FMD of the function layer are in this
 * build (their placeholders return G7SF_ENOTIMPL). */
bool d_di_landed(void);

/* Byte b (0..31) of register r. */
uint8_t d_byte(const g7sf_reg *w, int r, int b);

#endif
