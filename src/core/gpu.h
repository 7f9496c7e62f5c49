/* Internal: the gpu object (memory + base addresses + error latch). */
#ifndef G7SF_CORE_GPU_H
#define G7SF_CORE_GPU_H

#include <sched.h>
#include <stdatomic.h>

#include "gen7sf/gen7sf.h"
#include "gen7sf/render_cache.h"
#include "gen7sf/sampler.h"
#include "gen7sf/state.h"
#include "gen7sf/surface.h"

#define G7SF_PAGE_SHIFT 12
#define G7SF_PAGE_SIZE  (1u << G7SF_PAGE_SHIFT)
#define G7SF_DIR_SHIFT  22            /* 1024 directories of 1024 pages */

struct g7sf_base_reg { uint32_t base, bound; };

/* A memo of the last decoded state structure, keyed by its raw DWords:
 * state lives in graphics memory and may change between messages, so its
 * address is no key.  busy: a message holds it; one sent meanwhile from
 * another thread decodes without it. */
/* the largest key: BLEND_STATE with COLOR_CALC_STATE (render target write) */
#define G7SF_MEMO_DWORDS (G7SF_BLEND_STATE_DWORDS + G7SF_COLOR_CALC_STATE_DWORDS)
_Static_assert(G7SF_MEMO_DWORDS >= G7SF_RENDER_SURFACE_STATE_DWORDS, "memo key size");
typedef struct g7sf_memo {
    atomic_bool busy;
    bool valid;
    uint32_t key[G7SF_MEMO_DWORDS];
} g7sf_memo;
enum { G7SF_MEMO_BUSY, G7SF_MEMO_MISS, G7SF_MEMO_HIT };
/* Takes m for the n-DWord state dw: HIT when m's value is dw's decode, MISS
 * when the caller must store dw's decode as m's value, BUSY when m is not
 * taken.  g7sf_memo_put(m, the result) ends what a HIT or MISS began. */
int g7sf_memo_take(g7sf_memo *m, const uint32_t *dw, unsigned n);
void g7sf_memo_put(g7sf_memo *m, int took);
/* RENDER_SURFACE_STATE as a texture, with g7sf_texture_from_state's result. */
typedef struct g7sf_texture_memo { g7sf_memo m; int err; g7sf_texture tex; } g7sf_texture_memo;
/* RENDER_SURFACE_STATE as the data port binds it: decoded, and its layout
 * with g7sf_surface_from_state's result. */
typedef struct g7sf_dp_surface_memo {
    g7sf_memo m;
    g7sf_render_surface_state ss;
    int err;
    g7sf_surface surf;
} g7sf_dp_surface_memo;

struct g7sf_gpu {
    enum g7sf_platform platform;
    /* Lazily allocated page tables: directories (arrays of page
     * pointers), both held as void * so that memory.c's one compare-and-swap
     * installs either. */
    void *dir[1u << (32 - G7SF_DIR_SHIFT)];
    size_t pages;
    struct g7sf_base_reg bases[G7SF_BASE_COUNT];
    g7sf_error latch;
    /* 3DSTATE_CHROMA_KEY, the palettes and 3DSTATE_MONOFILTER_SIZE as loaded
     * (g7sf_sampler_command). */
    g7sf_sampler_cmd_state sampler_cmd;
    /* The render cache's pipeline state (g7sf_render_cache_command), and
     * the BLEND_STATE + COLOR_CALC_STATE a render target write decoded. */
    g7sf_render_cache_state render_cache;
    struct { g7sf_memo m; g7sf_blend_state bs; g7sf_color_calc_state cc; } rt_state_memo;
    /* Host memory for the deinterlace message's frame copies
     * (media_surface.h), kept between messages: frame-sized buffers cost
     * more to allocate than the message's work.  A message that finds it
     * taken (sent from another thread) allocates its own. */
    struct { uint8_t *mem; size_t size; atomic_bool taken; } media_scratch;
    /* The sampler's decoded state memos: the texture, SAMPLER_STATE and
     * SAMPLER_BORDER_COLOR_STATE. */
    g7sf_texture_memo texture_memo;
    struct { g7sf_memo m; g7sf_sampler_state state; } sampler_memo;
    struct { g7sf_memo m; g7sf_sampler_border_color_state border; } border_memo;
    /* The data port's surface state memo. */
    g7sf_dp_surface_memo dp_surface_memo;
    /* Held across one atomic message's read-modify-writes (§3.9.9): host
     * threads may send to one gpu at once, and no other atomic message may
     * come between an atomic's read and its write. */
    atomic_bool atomic_busy;
};

static inline void g7sf_atomic_lock(g7sf_gpu *gpu)
{
    while (atomic_exchange_explicit(&gpu->atomic_busy, true, memory_order_acquire))
        sched_yield();   /* the holder runs a few slots: let it finish */
}
static inline void g7sf_atomic_unlock(g7sf_gpu *gpu)
{
    atomic_store_explicit(&gpu->atomic_busy, false, memory_order_release);
}

/* The page holding addr, or NULL when never written (reads as zeros). */
const uint8_t *g7sf_mem_page(const g7sf_gpu *gpu, uint32_t addr);
void g7sf_mem_free_all(g7sf_gpu *gpu);
/* Records err in the latch unless one is latched already; returns err.code. */
int g7sf_latch(g7sf_gpu *gpu, const g7sf_error *err);

#endif
