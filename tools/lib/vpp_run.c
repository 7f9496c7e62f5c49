/* gen7sf-vpp's run (see vpp_run.h). */
#include <string.h>
#include <sys/stat.h>

#include "cli.h"
#include "progress.h"
#include "stats_json.h"
#include "vio_async.h"
#include "vpp_run.h"

/* With threads, the pictures the pipeline keeps for the writer thread
 * (g7sf_vpp_config.keep): it writes them from there, two at a time behind
 * the one being made. */
enum { VPP_KEEP = 3 };

/* What gen7sf-vpp processes, as a mask of vio_chroma for vio_y4m_ctag_list. */
#define VPP_CHROMAS ((1u << VIO_CHROMA_420) | (1u << VIO_CHROMA_422))

/* One pipeline: a run of input frames treated alike. */
typedef struct segment {
    g7sf_vpp *vpp;
    enum vio_interlace kind;    /* VIO_TFF, VIO_BFF, or VIO_PROGRESSIVE: passed through */
    long first;                 /* number of its first input frame, from 0 */
} segment;

typedef struct run {
    vpp_run_opts opts;          /* the options, --scale resolved against the input */
    const vpp_run_opts *o;      /* = &opts */
    FILE *in_fp;
    vio_in in;
    bool in_started;
    vio_sink sink, stats_sink;
    vio_out out;
    bool out_started;
    FILE *stats;
    vio_frame frame;            /* the input frame */
    vio_frame_info fi;          /* the frame info of the frame read last */
    vio_frame_info fi_out;      /* of the frame written next */
    /* with more than one thread, reading and writing on threads of their
     * own (NULL: here) */
    vio_async_in *ain;
    vio_async_out *aout;
    vio_frame pic;              /* the output frame shape; data points into the pipeline's */
    segment seg;
    bool per_frame;             /* each frame's I value picks its treatment (Im, deinterlaced) */
    bool keep_itags;            /* Im output: each frame keeps its input's I value */
    char itags[4][4];           /* I values of the last input frames, by number & 3 */
    bool noted_order;
    long emitted;
    vio_error err;
    bool write_failed;
    bool keep_output;           /* the outputs are kept although the run failed */
} run;

static bool deinterlacing(const vpp_run_opts *o)
{
    return o->di != G7SF_VPP_DI_WEAVE && o->di != G7SF_VPP_DI_OFF;
}

static int emit(void *user, const g7sf_vpp_picture *p, const g7sf_vpp_stats *st)
{
    run *r = user;
    g7sf_vpp_stats s = *st;
    /* a passed-through frame fills both field slots at field rate */
    int copies = r->seg.kind == VIO_PROGRESSIVE && r->per_frame &&
                 r->o->rate == G7SF_VPP_RATE_FIELD ? 2 : 1;
    s.input_frame += r->seg.first;
    for (int i = 0; i < 3; i++)
        r->pic.data[i] = p->data[i], r->pic.stride[i] = p->stride[i];
    if (r->keep_itags)
        memcpy(r->fi_out.itag, r->itags[s.input_frame & 3], 4);
    for (int c = 0; c < copies; c++) {
        if (copies > 1)
            s.field = c;
        int rc;
        if (r->aout) {
            rc = vio_async_out_write(r->aout, &r->pic, &r->fi_out, &r->err);
        } else {
            r->out.frame_info = r->fi_out;
            rc = vio_out_write(&r->out, &r->pic, &r->err);
        }
        if (rc < 0) {
            r->write_failed = true;
            return 1;
        }
        if (r->stats)
            stats_json_frame(r->stats, r->emitted, &s);
        r->emitted++;
    }
    return 0;
}

/* The number of frames in a regular input file, or 0 when unknown. */
static long count_frames(FILE *fp, const vio_in *in, bool y4m)
{
    struct stat st;
    if (fstat(fileno(fp), &st) || !S_ISREG(st.st_mode) || !in->frame_bytes)
        return 0;
    /* Y4M frames carry at least "FRAME\n" */
    uint64_t per = in->frame_bytes + (y4m ? 6 : 0);
    uint64_t left = (uint64_t)st.st_size > in->offset ? (uint64_t)st.st_size - in->offset : 0;
    return (long)(left / per);
}

/* Field order of the whole stream from the option or the header; notes an
 * assumption when it matters. */
static enum vio_interlace stream_order(const vpp_run_opts *o, const vio_info *in)
{
    if (o->field_order >= 0)
        return o->field_order ? VIO_TFF : VIO_BFF;
    if (in->interlace == VIO_TFF || in->interlace == VIO_BFF)
        return in->interlace;
    /* Im: each frame's own I value decides, or is kept (weave) */
    bool matters = o->di != G7SF_VPP_DI_OFF && in->interlace != VIO_MIXED;
    if (matters && !o->quiet)
        cli_note("%s: field order not in the input (progressive or unknown); "
                 "assuming top field first (see --field-order)", o->input);
    return VIO_TFF;
}

/* How input frame n is treated when its own I value decides. */
static enum vio_interlace frame_kind(run *r, long n)
{
    const vpp_run_opts *o = r->o;
    const vio_frame_info *fi = &r->fi;
    if (fi->interlace == VIO_PROGRESSIVE)
        return VIO_PROGRESSIVE;
    if (o->field_order >= 0)
        return o->field_order ? VIO_TFF : VIO_BFF;
    if (fi->interlace == VIO_TFF || fi->interlace == VIO_BFF)
        return fi->interlace;
    if (!r->noted_order && !o->quiet)
        cli_note("%s: frame %ld (I%s): field order not given; assuming top field first "
                 "(see --field-order)", o->input, n + 1, fi->itag);
    r->noted_order = true;
    return VIO_TFF;
}

static uint64_t gcd(uint64_t a, uint64_t b)
{
    while (b) {
        uint64_t t = a % b;
        a = b, b = t;
    }
    return a;
}

/* The output stream's description: decisions in gen7sf-vpp(1). */
static int output_info(const vpp_run_opts *o, const vio_info *in, bool tff, vio_info *out)
{
    *out = *in;
    if (o->scale_w) {
        /* the same picture on other pixels: their aspect changes by the
         * two ratios (A kept unknown when it was) */
        out->width = o->scale_w, out->height = o->scale_h;
        if (in->sar_num && in->sar_den) {
            uint64_t n = (uint64_t)in->sar_num * (uint64_t)in->width * (uint64_t)o->scale_h;
            uint64_t d = (uint64_t)in->sar_den * (uint64_t)in->height * (uint64_t)o->scale_w;
            uint64_t g = gcd(n, d);
            n /= g, d /= g;
            while (n > UINT32_MAX || d > UINT32_MAX)
                n = (n + 1) / 2, d = (d + 1) / 2;
            out->sar_num = (uint32_t)n, out->sar_den = (uint32_t)d;
        }
    }
    bool deinterlaced = deinterlacing(o);
    if (deinterlaced)
        out->interlace = VIO_PROGRESSIVE;
    else if (o->di == G7SF_VPP_DI_WEAVE && in->interlace != VIO_MIXED)
        out->interlace = tff ? VIO_TFF : VIO_BFF;
    uint64_t num = in->fps_num, den = in->fps_den;
    if (o->di != G7SF_VPP_DI_OFF && o->rate == G7SF_VPP_RATE_FIELD)
        num *= 2;
    else if (o->di != G7SF_VPP_DI_OFF && o->rate == G7SF_VPP_RATE_FILM)
        num *= 4, den *= 5;
    if (o->out_fps_num)
        num = o->out_fps_num, den = o->out_fps_den;
    uint64_t g = gcd(num, den);
    num /= g, den /= g;
    while (num > UINT32_MAX || den > UINT32_MAX)
        num = (num + 1) / 2, den = (den + 1) / 2;
    out->fps_num = (uint32_t)num, out->fps_den = (uint32_t)den;
    /* PAL DV's alternating chroma lines become progressive 4:2:0 with the
     * same horizontal (co-sited) position: 420mpeg2 */
    if (vio_format_chroma(in->format) == VIO_CHROMA_420 && in->siting == VIO_SITING_PALDV &&
        deinterlaced) {
        out->siting = VIO_SITING_LEFT;
        char *x = strstr(out->xtags, "XYSCSS=420PALDV");
        if (x)
            memcpy(x, "XYSCSS=420MPEG2", 15);
    }
    if (!o->out_y4m) {
        if (vio_format_chroma((enum vio_format)o->out_format) != vio_format_chroma(in->format))
            return cli_fail("--output-format %s: the output has %s chroma (the input's)",
                            vio_format_name((enum vio_format)o->out_format),
                            vio_format_chroma(in->format) == VIO_CHROMA_420 ? "4:2:0" : "4:2:2");
        out->format = (enum vio_format)o->out_format;
        out->interlace = out->interlace == VIO_MIXED ? VIO_INTERLACE_UNKNOWN : out->interlace;
    } else {
        out->format = vio_format_chroma(in->format) == VIO_CHROMA_420 ? VIO_FMT_I420
                                                                       : VIO_FMT_I422;
    }
    return 0;
}

/* A new pipeline for frames of the given kind from input frame first on. */
static int start_segment(run *r, enum vio_interlace kind, long first)
{
    const vpp_run_opts *o = r->o;
    const vio_info *ii = &r->in.info;
    bool pass = kind == VIO_PROGRESSIVE && r->per_frame;
    g7sf_vpp_config cfg = o->color;   /* the colour fields, as the options set them */
    cfg.width = ii->width, cfg.height = ii->height;
    cfg.chroma = vio_format_chroma(ii->format) == VIO_CHROMA_420 ? G7SF_CHROMA_420
                                                                  : G7SF_CHROMA_422;
    cfg.deinterlace = pass ? G7SF_VPP_DI_OFF : o->di, cfg.rate = o->rate;
    cfg.top_first = kind != VIO_BFF, cfg.denoise = o->denoise, cfg.threads = o->threads;
    cfg.platform = G7SF_IVB, cfg.keep = r->aout ? VPP_KEEP : 0;
    cfg.scale_width = o->scale_w, cfg.scale_height = o->scale_h, cfg.sharpen = o->sharpen;
    int verr = 0;
    /* the writer thread may still be writing the old pipeline's pictures */
    if (r->aout)
        vio_async_out_drain(r->aout);
    g7sf_vpp_destroy(r->seg.vpp);
    r->seg = (segment){ g7sf_vpp_create(&cfg, &verr), kind, first };
    if (!r->seg.vpp)
        return cli_fail("cannot set up the pipeline: %s", g7sf_strerror(verr));
    return 0;
}

/* The input's chroma is one gen7sf-vpp processes; else the message lists
 * the C tags it takes. */
static int check_chroma(const vpp_run_opts *o, int rc, const vio_error *err)
{
    char list[256];
    vio_y4m_ctag_list(list, sizeof list, VPP_CHROMAS);
    if (rc == VIO_E_UNSUPPORTED)
        return cli_fail("%s: %s; gen7sf-vpp takes 8-bit %s", o->input, err->msg, list);
    if (rc < 0)
        return cli_fail("%s: %s", o->input, err->msg);
    return 0;
}

/* The next input frame, from the reader thread or read here. */
static int read_frame(run *r, const vio_frame **f, vio_error *err)
{
    if (r->ain)
        return vio_async_in_read(r->ain, f, &r->fi, err);
    int rd = vio_in_read(&r->in, &r->frame, err);
    *f = &r->frame;
    r->fi = r->in.frame_info;
    return rd;
}

/* --scale against the input's size: a 0 side from the other keeping the
 * picture's shape (even), both within what the pipeline scales. */
static int resolve_scale(run *r)
{
    vpp_run_opts *o = &r->opts;
    const vio_info *ii = &r->in.info;
    if (!o->scale_w && !o->scale_h)
        return 0;
    if (!o->scale_w)
        o->scale_w = 2 * (int)(((int64_t)o->scale_h * ii->width + ii->height) / (2 * ii->height));
    if (!o->scale_h)
        o->scale_h = 2 * (int)(((int64_t)o->scale_w * ii->height + ii->width) / (2 * ii->width));
    bool ok = o->scale_w >= 16 && o->scale_h >= 8 && o->scale_w <= VIO_MAX_DIM &&
              o->scale_h <= VIO_MAX_DIM && o->scale_w % 2 == 0 && o->scale_h % 2 == 0 &&
              16L * o->scale_w > ii->width && o->scale_w <= 16L * ii->width &&
              16L * o->scale_h > ii->height && o->scale_h <= 16L * ii->height;
    if (!ok)
        return cli_fail("--scale %dx%d: the output must be even, at least 16x8, and more than "
                        "1/16 and at most 16 times the input's %dx%d each way", o->scale_w,
                        o->scale_h, ii->width, ii->height);
    return 0;
}

static int process(run *r)
{
    const vpp_run_opts *o = r->o;
    vio_error err;
    if (!(r->in_fp = vio_open_input(o->input, &err)))
        return cli_fail("%s", err.msg);
    int rc = vio_in_start(&r->in, o->raw_in ? &vio_raw_demuxer : &vio_y4m_demuxer, r->in_fp,
                          o->raw_in ? &o->raw : NULL, &err);
    if (rc)
        return check_chroma(o, rc, &err);
    r->in_started = true;
    const vio_info *ii = &r->in.info;
    enum vio_chroma chroma = vio_format_chroma(ii->format);
    if (!(VPP_CHROMAS & (1u << chroma))) {
        char list[256];
        vio_y4m_ctag_list(list, sizeof list, VPP_CHROMAS);
        return cli_fail("%s: chroma C%s is not supported; gen7sf-vpp takes 8-bit %s", o->input,
                        vio_y4m_ctag(ii->format, ii->siting), list);
    }
    if (ii->width < 16 || ii->height < 8)
        return cli_fail("%s: %dx%d is smaller than 16x8", o->input, ii->width, ii->height);

    if (resolve_scale(r))
        return CLI_EXIT_RUN;
    enum vio_interlace order = stream_order(o, ii);
    r->per_frame = ii->interlace == VIO_MIXED && deinterlacing(o);
    vio_info oi;
    if (output_info(o, ii, order == VIO_TFF, &oi))
        return CLI_EXIT_RUN;
    r->keep_itags = oi.interlace == VIO_MIXED;
    if (vio_frame_alloc(&r->frame, chroma, ii->width, ii->height) < 0)
        return cli_fail("out of memory");
    /* the pipeline's output shape (data set at each picture) */
    if (vio_frame_shape(&r->pic, chroma, oi.width, oi.height) < 0)
        return cli_fail("%s: output size %dx%d out of range", o->output, oi.width, oi.height);

    if (vio_open_output(&r->sink, o->output, r->in_fp, &err) < 0)
        return cli_fail("%s", err.msg);
    if (vio_out_start(&r->out, o->out_y4m ? &vio_y4m_muxer : &vio_raw_muxer, r->sink.fp, &oi,
                      &err) < 0)
        return cli_fail("%s: %s", o->output, err.msg);
    r->out_started = true;
    if (o->stats) {
        if (vio_open_output(&r->stats_sink, o->stats, r->in_fp, &err) < 0)
            return cli_fail("%s", err.msg);
        r->stats = r->stats_sink.fp;
        stats_json_begin(r->stats, cli_version_string());
    }

    progress pr;
    progress_start(&pr, stderr, !o->quiet, count_frames(r->in_fp, &r->in, !o->raw_in));
    if (o->threads > 1) {
        /* the file I/O overlaps the passes (without threads the run does
         * it in turn, falling back to that when they cannot start) */
        r->ain = vio_async_in_start(&r->in, 2);
        r->aout = vio_async_out_start(&r->out, &r->pic, VPP_KEEP, false);
    }
    long n = 0;
    int rd;
    rc = 0;
    const vio_frame *frame;
    while ((rd = read_frame(r, &frame, &err)) == 1) {
        memcpy(r->itags[n & 3], r->fi.itag, 4);
        /* the pipeline is made for the first frame read, not from the
         * header: a header claiming a huge size over a short input costs
         * nothing before the input is found to end */
        enum vio_interlace kind = r->per_frame ? frame_kind(r, n) : order;
        if (r->seg.vpp && kind != r->seg.kind && (rc = g7sf_vpp_flush(r->seg.vpp, emit, r)))
            break;
        if ((!r->seg.vpp || kind != r->seg.kind) && start_segment(r, kind, n)) {
            progress_end(&pr, n);
            return CLI_EXIT_RUN;
        }
        g7sf_vpp_picture pic = { { frame->data[0], frame->data[1], frame->data[2] },
                                 { (int)frame->stride[0], (int)frame->stride[1],
                                   (int)frame->stride[2] } };
        if ((rc = g7sf_vpp_push(r->seg.vpp, &pic, emit, r)) != 0)
            break;
        progress_update(&pr, ++n);
    }
    /* input cut inside a frame: the frames before it are whole, so they
     * are processed and kept; the run still fails */
    bool cut = rd == VIO_E_TRUNCATED && n > 0;
    if (!rc && (!rd || cut) && r->seg.vpp)
        rc = g7sf_vpp_flush(r->seg.vpp, emit, r);
    vio_async_in_stop(r->ain);
    r->ain = NULL;
    if (vio_async_out_finish(r->aout, &r->err) < 0)
        r->write_failed = true;
    r->aout = NULL;
    progress_end(&pr, n);
    if (r->write_failed)
        return cli_fail("%s: %s", o->output, r->err.msg);
    if (rc)
        return cli_fail("%s: frame %ld: the pipeline failed: %s", o->input, n + 1,
                        g7sf_strerror(rc));
    if (r->stats)
        stats_json_end(r->stats);
    if (cut) {
        r->keep_output = true;
        return cli_fail("%s: %s; the %ld whole frame%s before it %s processed and written",
                        o->input, err.msg, n, n == 1 ? "" : "s", n == 1 ? "was" : "were");
    }
    if (rd < 0)
        return cli_fail("%s: %s", o->input, err.msg);
    if (!o->quiet && pr.f)
        fprintf(stderr, "%s: %ld frames in, %ld frames out\n", cli_prog, n, r->emitted);
    return 0;
}

int vpp_run(const vpp_run_opts *o)
{
    run r = { .opts = *o };
    r.o = &r.opts;
    int st = process(&r);
    vio_error err;
    /* a run that failed before its end leaves the I/O threads running */
    vio_async_in_stop(r.ain);
    vio_async_out_finish(r.aout, NULL);
    if (r.out_started)
        vio_out_end(&r.out);
    bool keep = st == 0 || r.keep_output;
    if (vio_close_output(&r.sink, keep, &err) < 0 && keep)
        st = cli_fail("%s", err.msg), keep = false;
    if (vio_close_output(&r.stats_sink, keep, &err) < 0 && keep)
        st = cli_fail("%s", err.msg);
    if (r.in_started)
        vio_in_end(&r.in);
    if (r.in_fp)
        vio_close_input(r.in_fp);
    vio_frame_free(&r.frame);
    g7sf_vpp_destroy(r.seg.vpp);
    return st;
}
