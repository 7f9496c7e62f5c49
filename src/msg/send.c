/* g7sf_send(): checks what every message must satisfy (§1.5.5, §1.5.8) and
 * routes by SFID.  Function-specific decoding lives with each function. */
#include "core/gpu.h"
#include "desc.h"
#include "msg.h"

/* Functions the gen7 send can reach that gen7sf does not model: a real
 * destination, so not a bad SFID, but nothing to run. */
static const char *unmodelled(unsigned sfid, enum g7sf_platform p)
{
    switch (sfid) {
    case G7SF_SFID_MATH:     return "extended math (an EU function on Gen7)";
    case G7SF_SFID_GATEWAY:  return "message gateway";
    case G7SF_SFID_URB:      return "URB";
    case G7SF_SFID_SPAWNER:  return "thread spawner";
    case G7SF_SFID_VME:      return "VME";
    case G7SF_SFID_PIXEL_INTERP: return p == G7SF_HSW ? "pixel interpolator" : NULL;
    case G7SF_SFID_CRE:      return p == G7SF_HSW ? "CRE" : NULL;
    default:                 return NULL;
    }
}

static int null_function(g7sf_msg_ctx *c)
{
    if (c->rlen)
        return g7sf_msg_fail(c, G7SF_ERLEN, "the Null function returns nothing (rlen %u)", c->rlen);
    return 0;
}

int g7sf_send(g7sf_gpu *gpu, const g7sf_thread *thr, const g7sf_msg *msg, g7sf_reg *wb)
{
    if (!gpu || !thr || !msg)
        return G7SF_EINVAL;
    g7sf_msg_ctx c = { .gpu = gpu, .thr = thr, .msg = msg, .wb = wb,
                       .mlen = desc_get(msg->desc, DESC_MLEN),
                       .rlen = desc_get(msg->desc, DESC_RLEN),
                       .header = desc_get(msg->desc, DESC_HEADER),
                       .fc = desc_get(msg->desc, DESC_FC) };
    if (c.mlen && !msg->payload)
        return G7SF_EINVAL;
    if (c.rlen && !wb)
        return G7SF_EINVAL;
    if (c.mlen == 0)
        return g7sf_msg_fail(&c, G7SF_EMLEN, "message length 0");
    if (msg->eot && c.rlen)
        return g7sf_msg_fail(&c, G7SF_EEOT, "EOT message with a destination (rlen %u)", c.rlen);

    switch (msg->sfid) {
    case G7SF_SFID_NULL:
        return null_function(&c);
    case G7SF_SFID_SAMPLER:
        if (msg->eot)
            return g7sf_msg_fail(&c, G7SF_EEOT, "the sampler does not accept EOT");
        return g7sf_sampler_send(&c);
    case G7SF_SFID_SAMPLER_CACHE:
    case G7SF_SFID_RENDER_CACHE:
    case G7SF_SFID_CONSTANT_CACHE:
    case G7SF_SFID_DATA_CACHE:
        return g7sf_dataport_send(&c);
    case G7SF_SFID_DATA_CACHE1:
        if (gpu->platform == G7SF_HSW)
            return g7sf_dataport_send(&c);
        break;
    default: {
        const char *what = unmodelled(msg->sfid, gpu->platform);
        if (what)
            return g7sf_msg_fail(&c, G7SF_ENOTIMPL, "%s is not modelled", what);
    }
    }
    return g7sf_msg_fail(&c, G7SF_ESFID, "no shared function with SFID %u", msg->sfid);
}
