/* The pipeline's output side (vpp_int.h): the frame-level conversions
 * (import, chroma weave / down / up) on the pool, and the output picture. */
#include <string.h>

#include "vpp_int.h"

/* Frame-level conversions (import, chroma weave / down / up) in stripes of
 * 8 luma lines on the pool, like the passes: on one thread they were a
 * fifth of a bob run.  Each stripe writes its own lines only. */
typedef struct conv_job {
    g7sf_vpp *v;
    const g7sf_vpp_picture *in;             /* import; keep: the picture */
    const vpp_frame *to;                    /* keep: the copy */
    const vpp_frame *f, *field1, *field2;   /* emit: the source, woven fields */
    int stage;                              /* CONV_* */
    bool interlaced;
} conv_job;

enum { CONV_IMPORT, CONV_WEAVE, CONV_DOWN, CONV_UP, CONV_KEEP };

/* Lines [*y0, *y1) of a plane of `lines` lines, for stripe rows [r0, r1)
 * of a frame of H / 8 rows. */
static void conv_lines(int lines, int H, int r0, int r1, int *y0, int *y1)
{
    int per = lines * 8 / H;
    *y0 = r0 * per, *y1 = r1 * per;
}

static int conv_stripe(void *ctx, int stripe, int r0, int r1)
{
    (void)stripe;
    const conv_job *j = ctx;
    const g7sf_vpp *v = j->v;
    const g7sf_vpp_config *c = &v->cfg;
    int y0, y1;
    if (j->stage == CONV_IMPORT) {
        const vpp_frame *f = &v->den[v->cur ^ 1];
        conv_lines(v->H, v->H, r0, r1, &y0, &y1);
        vpp_pad_rows(j->in->data[0], j->in->stride[0], c->width, c->height,
                     v->raw ? v->raw : f->data[0], v->W, v->W, v->interlaced, y0, y1);
        int cw = vpp_chroma_width(c), ch = vpp_chroma_lines(c, c->chroma);
        conv_lines(vpp_frame_lines(f, 1), v->H, r0, r1, &y0, &y1);
        for (int i = 1; i < 3; i++) {
            uint8_t *dst = v->raw_c[0] ? v->raw_c[i - 1] : f->data[i];
            vpp_pad_rows(j->in->data[i], j->in->stride[i], cw, ch, dst, v->W / 2, v->W / 2,
                         v->interlaced, y0, y1);
        }
        return 0;
    }
    if (j->stage == CONV_KEEP) {
        const vpp_frame *to = j->to;
        for (int i = 0; i < 3; i++) {
            int w = i ? to->w / 2 : to->w, stride = vpp_frame_stride(to, i);
            conv_lines(vpp_frame_lines(to, i), v->H, r0, r1, &y0, &y1);
            for (int y = y0; y < y1; y++)
                memcpy(to->data[i] + (size_t)y * stride,
                       j->in->data[i] + (size_t)y * j->in->stride[i], (size_t)w);
        }
        return 0;
    }
    const vpp_frame *f = j->f;
    int cs = f->w / 2;
    for (int i = 1; i < 3; i++) {
        if (j->stage == CONV_WEAVE) {
            conv_lines(f->h / 2, v->H, r0, r1, &y0, &y1);
            vpp_chroma_weave_rows(j->field1->data[i], j->field2->data[i], cs, cs, !c->top_first,
                                  v->down.data[i], cs, y0, y1);
        } else if (j->stage == CONV_DOWN) {
            conv_lines(f->h / 2, v->H, r0, r1, &y0, &y1);
            vpp_chroma_down_rows(f->data[i], cs, cs, v->down.data[i], cs, y0, y1);
        } else {
            conv_lines(f->h, v->H, r0, r1, &y0, &y1);
            vpp_chroma_up_rows(f->data[i], cs, cs, f->h / 2, v->up.data[i], cs, j->interlaced,
                               y0, y1);
        }
    }
    return 0;
}

static void conv_run(g7sf_vpp *v, conv_job *j)
{
    int n;
    j->v = v;
    vpp_pool_run(v->pool, v->H / 8, conv_stripe, j, &n);
}

out_src vpp_woven_src(const vpp_frame *out, unsigned ctl, bool second, const vpp_frame *before,
                      const vpp_frame *self, const vpp_frame *after)
{
    if (!ctl)
        return (out_src){ out, NULL, NULL };
    const vpp_frame *other = second ? (ctl == 1 ? self : after) : (ctl == 1 ? before : self);
    return second ? (out_src){ out, other, self } : (out_src){ out, self, other };
}

int vpp_emit_frame(g7sf_vpp *v, const out_src *src, long input, int field,
                   const vpp_film_decision *d, g7sf_vpp_emit emit, void *user)
{
    const g7sf_vpp_config *c = &v->cfg;
    const vpp_frame *f = src->f;
    /* the picture points into the frames: the crop is only its size */
    uint8_t *luma = f->data[0];
    int luma_stride = f->w;
    bool interlaced = v->interlaced;
    if (src->field1 && c->chroma == G7SF_CHROMA_420) {
        /* a woven field from 4:2:0: the two fields' chroma lines as they
         * are, a progressive frame (telecine keeps whole fields) */
        conv_run(v, &(conv_job){ .f = f, .field1 = src->field1, .field2 = src->field2,
                                 .stage = CONV_WEAVE });
        f = &v->down;
        interlaced = false;
    } else if (f->chroma != c->chroma) {
        /* a deinterlaced frame from 4:2:0: back to progressive 4:2:0 */
        conv_run(v, &(conv_job){ .f = f, .stage = CONV_DOWN });
        f = &v->down;
        interlaced = false;
    }
    if (f->chroma != v->out_chroma) {
        conv_run(v, &(conv_job){ .f = f, .stage = CONV_UP, .interlaced = interlaced });
        f = &v->up;
    }
    g7sf_vpp_picture pic = { { luma, f->data[1], f->data[2] },
                             { luma_stride, f->w / 2, f->w / 2 } };
    if (v->scale.on) {
        /* scaled into the next kept buffer, or the scaler's own */
        const vpp_frame *to = c->keep ? &v->kept[v->emitted % c->keep] : &v->scale.out;
        int r = vpp_scale_run(&v->scale, v->pool, &pic, to, &pic);
        if (r)
            return v->err = r;
    } else if (c->keep) {
        /* into the next of the kept buffers, on the pool */
        const vpp_frame *to = &v->kept[v->emitted % c->keep];
        conv_run(v, &(conv_job){ .in = &pic, .to = to, .stage = CONV_KEEP });
        pic = (g7sf_vpp_picture){ { to->data[0], to->data[1], to->data[2] },
                                  { vpp_frame_stride(to, 0), vpp_frame_stride(to, 1),
                                    vpp_frame_stride(to, 2) } };
    }
    v->emitted++;
    static const char *const cadence[] = { "video", "3:2", "2:2" };
    g7sf_vpp_stats st = v->st;
    st.input_frame = input, st.field = field;
    st.cadence = cadence[d->locked ? d->cadence : VPP_CADENCE_VIDEO];
    st.locked = d->locked;
    if (v->scale.on && v->scale.color.counts) {
        st.color = &v->scale.color.frame;
        st.color_counts = v->scale.color.counts;
    }
    int r = emit(user, &pic, &st);
    if (r)
        v->err = r;
    return r;
}

void vpp_import(g7sf_vpp *v, const g7sf_vpp_picture *in)
{
    conv_run(v, &(conv_job){ .in = in, .stage = CONV_IMPORT });
}
