/* The message layer's error latch: every decoder's errors go through
 * g7sf_msg_fail (msg.h), which records the first with its reason. */
#include <stdarg.h>
#include <stdio.h>

#include "msg.h"

int g7sf_msg_fail(g7sf_msg_ctx *c, int code, const char *fmt, ...)
{
    g7sf_error e = { .code = code, .sfid = c->msg->sfid, .desc = c->msg->desc,
                     .mlen = c->mlen, .rlen = c->rlen, .eot = c->msg->eot };
    if (c->mlen && c->msg->payload)
        e.first = c->msg->payload[0];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(e.reason, sizeof e.reason, fmt, ap);
    va_end(ap);
    return g7sf_latch(c->gpu, &e);
}
