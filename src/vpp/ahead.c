/* The film look-ahead (auto at film and field rate; vpp_int.h): every pair
 * of fields measured by the comb (comb.h) and decided with look-ahead
 * (ivtc.h); fields output once their pairs are decided, woven from the
 * frames kept or as deinterlaced.  Design: docs/spec-notes.md, "Film-mode
 * detection". */
#include <string.h>

#include "comb.h"
#include "vpp_int.h"

/* Keeps the new frame n and measures the comb of its pairs: 2n (field 2 of
 * n - 1 with field 1 of n) and 2n + 1 (the two fields of n). */
static void film_measure(g7sf_vpp *v, const vpp_frame *cur, long n)
{
    vpp_frame *q = &v->q_frame[n % QFRAMES];
    for (int i = 0; i < 3; i++)
        memcpy(q->data[i], cur->data[i],
               (size_t)vpp_frame_stride(cur, i) * vpp_frame_lines(cur, i));
    int w = v->cfg.width, h = v->cfg.height;
    long blocks;
    uint64_t c;
    if (n > 0) {
        const vpp_frame *prev = &v->q_frame[(n - 1) % QFRAMES];
        /* field 1 of n is its top field when top first */
        const vpp_frame *top = v->cfg.top_first ? q : prev, *bot = v->cfg.top_first ? prev : q;
        c = vpp_comb(top->data[0], bot->data[0], v->W, w, h, &blocks);
        vpp_ivtc_add(&v->ivtc, c, blocks);
    }
    c = vpp_comb(q->data[0], q->data[0], v->W, w, h, &blocks);
    vpp_ivtc_add(&v->ivtc, c, blocks);
    vpp_ivtc_decide(&v->ivtc, false);
}

/* Keeps field k's deinterlaced output f (v->prev2 or v->cur1): its frame
 * and the ring's slot trade buffers (the same size), the slot's old field
 * no longer wanted and the next pass writing every line of f (a copy was
 * 3% of an auto run at 1080i). */
static void film_keep_di(g7sf_vpp *v, vpp_frame *f, long k)
{
    vpp_frame *q = &v->q_di[k % QFIELDS], t = *q;
    *q = *f;
    *f = t;
}

/* Fields a and a + 1 woven into v->woven: the 1st field's lines from its
 * frame, the 2nd's from its own (4:2:2 chroma by line too; 4:2:0 chroma is
 * woven by emit_frame from field1 / field2). */
static out_src film_weave(g7sf_vpp *v, long a)
{
    long even = a & 1 ? a + 1 : a, odd = a & 1 ? a : a + 1;
    const vpp_frame *f1 = &v->q_frame[(even / 2) % QFRAMES], *f2 = &v->q_frame[(odd / 2) % QFRAMES];
    int p1 = v->cfg.top_first ? 0 : 1;
    for (int i = 0; i < 3; i++) {
        if (i && v->cfg.chroma == G7SF_CHROMA_420)
            break;
        size_t stride = (size_t)vpp_frame_stride(f1, i);
        for (int y = 0; y < vpp_frame_lines(f1, i); y++)
            memcpy(v->woven.data[i] + y * stride,
                   ((y & 1) == p1 ? f1 : f2)->data[i] + y * stride, stride);
    }
    return (out_src){ &v->woven, f1, f2 };
}

/* Outputs field k: woven with the field before or after when the look-ahead
 * says they show one film frame, else its deinterlaced copy.  At film rate
 * only the first field of each film frame goes out, and of the fields with
 * no partner only 1st fields (video: one output per frame, as frame rate),
 * except a lone field between two film frames (an edit's orphan), which is
 * dropped: it cannot be a whole film frame. */
static int film_emit_field(g7sf_vpp *v, long k, const int m[4], g7sf_vpp_emit emit, void *user)
{
    /* m: pairs k - 1 .. k + 2 */
    bool before = m[1] == 1, after = m[2] == 1;
    bool film_rate = v->cfg.rate == G7SF_VPP_RATE_FILM;
    if (film_rate && (before || (!after && m[0] == 1 && m[3] == 1) || (!after && (k & 1))))
        return 0;
    vpp_film_decision d = { 0 };
    out_src src = { &v->q_di[k % QFIELDS], NULL, NULL };
    if (before || after) {
        src = film_weave(v, before ? k - 1 : k);
        d.locked = true;
        d.cadence = vpp_ivtc_cadence(&v->ivtc, before ? k : k + 1);
    }
    v->st = v->q_st[(k / 2) % QFRAMES];
    return vpp_emit_frame(v, &src, k / 2, (int)(k & 1), &d, emit, user);
}

/* Outputs every field whose pairs are decided, up to field `fields` - 1
 * (those deinterlaced so far). */
static int film_emit_ready(g7sf_vpp *v, long fields, bool end, g7sf_vpp_emit emit, void *user)
{
    int err = 0;
    while (!err && v->handled < fields) {
        long k = v->handled;
        int m[4];
        bool ready = true;
        for (int j = 0; j < 4; j++)
            ready &= (m[j] = vpp_ivtc_match(&v->ivtc, k - 1 + j, end)) >= 0;
        if (!ready)
            break;
        err = film_emit_field(v, k, m, emit, user);
        v->handled++;
    }
    return err;
}

int vpp_ahead_push(g7sf_vpp *v, const vpp_frame *cur, long n, g7sf_vpp_emit emit, void *user)
{
    vpp_film_decision d;
    film_measure(v, cur, n);
    int err = vpp_deinterlace(v, n == 0, false, cur, &d);
    if (!err && n > 0)
        film_keep_di(v, &v->prev2, 2 * n - 1);
    if (!err)
        film_keep_di(v, &v->cur1, 2 * n);
    v->q_st[n % QFRAMES] = v->st;
    if (!err)
        err = film_emit_ready(v, 2 * n + 1, false, emit, user);
    return err;
}

/* The end of the stream: the last field deinterlaced (field rate;
 * by a pass against the last frame itself, or the first-frame path with
 * the field order inverted for a one-frame stream, as g7sf_vpp_flush),
 * every pair decided with what there is, every field left output. */
int vpp_ahead_flush(g7sf_vpp *v, g7sf_vpp_emit emit, void *user)
{
    long last = 2 * v->frames - 1;
    int err = 0;
    vpp_film_decision d;
    const vpp_frame *f = &v->den[v->cur];
    if (v->frames > 1 && v->cfg.rate == G7SF_VPP_RATE_FIELD) {
        /* as g7sf_vpp_flush: a pass against the last frame itself */
        err = vpp_deinterlace_pass(v, false, false, f, f, &d);
        if (!err)
            film_keep_di(v, &v->prev2, last);
    } else if (v->frames > 0 && v->cfg.rate == G7SF_VPP_RATE_FIELD) {
        err = vpp_deinterlace(v, true, true, f, &d);
        if (!err)
            film_keep_di(v, &v->cur1, last);
    }
    vpp_ivtc_decide(&v->ivtc, true);
    if (!err)
        err = film_emit_ready(v, last + 1, true, emit, user);
    if (err)
        v->err = err;
    return err;
}
