/* Sequences to and from Y4M files (synth.h), for the tests and the
 * quality programs that hand clips to gen7sf-vpp and FFmpeg. */
#include "synth.h"

int synth_seq_write_y4m(const char *file, const synth_seq *s, long first, long n,
                        const vio_info *info)
{
    if (!s || !info || first < 0 || n < 0 || first + n > s->n)
        return -1;
    vio_info in = *info;
    in.width = s->width, in.height = s->height;
    vio_sink sink;
    vio_out out;
    vio_error err;
    if (vio_open_output(&sink, file, NULL, &err))
        return -1;
    int rc = vio_out_start(&out, &vio_y4m_muxer, sink.fp, &in, &err);
    for (long i = first; !rc && i < first + n; i++)
        rc = vio_out_write(&out, &s->f[i], &err) < 0;
    vio_out_end(&out);
    return vio_close_output(&sink, !rc, &err) || rc ? -1 : 0;
}

int synth_seq_read_y4m(const char *file, synth_seq *s, long max)
{
    vio_error err;
    vio_in in;
    FILE *fp = vio_open_input(file, &err);
    if (!fp || vio_in_start(&in, &vio_y4m_demuxer, fp, NULL, &err)) {
        if (fp)
            vio_close_input(fp);
        return -1;
    }
    int rc = in.info.width == s->width && in.info.height == s->height &&
             vio_format_chroma(in.info.format) == s->chroma ? 1 : -1;
    for (long k = 0; rc == 1 && (max < 0 || k < max); k++) {
        vio_frame *f = synth_seq_add(s);
        rc = f ? vio_in_read(&in, f, &err) : -1;
        if (rc != 1 && f)
            vio_frame_free(&s->f[--s->n]);
    }
    vio_in_end(&in);
    vio_close_input(fp);
    return rc < 0 ? -1 : 0;
}
