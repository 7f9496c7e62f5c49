/* The message layer's per-gpu context (msg_gpu.h). */
#include "msg_gpu.h"

static void msg_gpu_init(void *ctx)
{
    msg_gpu *g = ctx;
    g7sf_memo_init(&g->texture_memo.m);
    g7sf_memo_init(&g->dp_surface_memo.m);
    g7sf_memo_init(&g->rt_state_memo.m);
}

static const g7sf_unit_class msg_gpu_class = { sizeof(msg_gpu), msg_gpu_init, NULL };

msg_gpu *msg_gpu_get(g7sf_gpu *gpu) { return g7sf_unit_ctx(gpu, G7SF_UNIT_MSG, &msg_gpu_class); }
