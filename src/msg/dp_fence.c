/* Memory Fence (data cache and render cache type 0111).  The PRM names it
 * without a layout; the shape is Mesa's: a header, desc[13] Commit Enable
 * asking for one writeback register once earlier writes are committed.
 * gen7sf runs messages in order to completion, so every earlier write is
 * already visible: the fence checks its shape and signals completion.  The
 * render cache's fence also writes back the tiles of MSAA index-compressed
 * surfaces it holds (g7sf_render_cache_flush, gen7sf/msaa_compress.h). */
#include <string.h>

#include "desc.h"
#include "gen7sf/msaa_compress.h"
#include "dp_msg.h"

int dp_memory_fence(g7sf_msg_ctx *c, const dp_msg_type *t)
{
    bool commit = desc_get(c->fc, DESC_DP_FENCE_COMMIT);
    if (desc_get(c->fc, DESC_DP_FENCE_MBZ))
        return g7sf_msg_fail(c, G7SF_EOPCODE, "%s: descriptor bits 12:8 are reserved", t->name);
    int r = dp_check_lengths(c, t, 0, commit ? 1 : 0);
    if (!r && c->msg->sfid == G7SF_SFID_RENDER_CACHE && (r = g7sf_render_cache_flush(c->gpu)))
        return g7sf_msg_fail(c, r, "%s: writing back the render cache: %s", t->name,
                             g7sf_strerror(r));
    if (!r && commit)
        memset(&c->wb[0], 0, sizeof c->wb[0]);   /* content undefined: zero, deterministic */
    return r;
}
