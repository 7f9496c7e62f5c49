/* A stream of frames over a FILE*: the parts every container shares (info
 * checks, payload I/O, layout conversion); the container module handles
 * what comes before the stream and before each payload. */
#include <errno.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "video_io.h"

int vio_fail(vio_error *err, int code, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(err->msg, sizeof err->msg, fmt, ap);
    va_end(ap);
    err->code = code;
    return code;
}

int vio_write_all(FILE *fp, const void *p, size_t n, vio_error *err)
{
    errno = 0;
    if (fwrite(p, 1, n, fp) != n)
        return vio_fail(err, VIO_E_IO, "write error: %s",
                        errno ? strerror(errno) : "short write");
    return 0;
}

int vio_info_check(const vio_info *info, const char *where, vio_error *err)
{
    if ((unsigned)info->format > VIO_FMT_GRAY || (unsigned)info->interlace > VIO_INTERLACE_UNKNOWN
        || (unsigned)info->siting > VIO_SITING_UNSPECIFIED)
        return vio_fail(err, VIO_E_ARG, "%s: format, interlace or siting out of range", where);
    if (info->width < 1 || info->width > VIO_MAX_DIM)
        return vio_fail(err, VIO_E_SIZE, "%s: width %d out of range 1..%d", where,
                        info->width, VIO_MAX_DIM);
    if (info->height < 1 || info->height > VIO_MAX_DIM)
        return vio_fail(err, VIO_E_SIZE, "%s: height %d out of range 1..%d", where,
                        info->height, VIO_MAX_DIM);
    if ((info->format == VIO_FMT_YUY2 || info->format == VIO_FMT_UYVY) && info->width % 2)
        return vio_fail(err, VIO_E_SIZE, "%s: %s needs an even width, not %d", where,
                        vio_format_name(info->format), info->width);
    /* unreachable with the size limits above; kept so raising them stays safe */
    if (vio_frame_bytes(info->format, info->width, info->height) > VIO_MAX_FRAME)
        return vio_fail(err, VIO_E_FRAME_BIG, "%s: frame larger than 1 GiB", where);
    if (!info->fps_num || !info->fps_den)
        return vio_fail(err, VIO_E_ARG, "%s: frame rate %u/%u is not positive", where,
                        info->fps_num, info->fps_den);
    return 0;
}

/* The stream's frame size and payload buffer, once its info is checked. */
static int setup(const vio_info *info, const char *where, uint64_t *bytes, uint8_t **buf,
                 vio_error *err)
{
    int rc = vio_info_check(info, where, err);
    if (rc)
        return rc;
    *bytes = vio_frame_bytes(info->format, info->width, info->height);
    *buf = malloc((size_t)*bytes);
    return *buf ? 0 : vio_fail(err, VIO_E_NOMEM, "%s: out of memory for a %llu-byte frame",
                               where, (unsigned long long)*bytes);
}

static bool frame_fits(const vio_frame *f, const vio_info *info)
{
    return f->data[0] && f->chroma == vio_format_chroma(info->format)
        && f->width[0] == info->width && f->height[0] == info->height;
}

int vio_in_start(vio_in *in, const vio_demuxer *mod, FILE *fp, const vio_info *raw,
                 vio_error *err)
{
    char where[64];
    memset(in, 0, sizeof *in);
    in->mod = mod;
    in->fp = fp;
    if (raw)
        in->info = *raw;
    int rc = mod->open ? mod->open(in, err) : 0;
    snprintf(where, sizeof where, "%s input", mod->name);
    /* frames are as the stream says until a module reads otherwise */
    in->frame_info = (vio_frame_info){ .interlace = in->info.interlace };
    return rc ? rc : setup(&in->info, where, &in->frame_bytes, &in->buf, err);
}

int vio_in_read(vio_in *in, vio_frame *f, vio_error *err)
{
    if (!frame_fits(f, &in->info))
        return vio_fail(err, VIO_E_ARG, "frame %llu: frame buffer does not match the stream",
                        (unsigned long long)in->frames + 1);
    int rc = in->mod->read ? in->mod->read(in, err) : 1;
    if (rc <= 0)
        return rc;
    /* a frame laid out as the file is read into directly: the copy from
     * the payload buffer cost as much as the read */
    bool direct = vio_frame_is_file_layout(f, in->info.format);
    size_t n = fread(direct ? f->data[0] : in->buf, 1, (size_t)in->frame_bytes, in->fp);
    in->offset += n;
    if (n < in->frame_bytes) {
        if (ferror(in->fp))
            return vio_fail(err, VIO_E_IO, "frame %llu, byte %llu: read error: %s",
                            (unsigned long long)in->frames + 1,
                            (unsigned long long)in->offset, strerror(errno));
        return vio_fail(err, VIO_E_TRUNCATED,
                        "frame %llu, byte %llu: input ends inside the frame: "
                        "%llu of %llu bytes missing", (unsigned long long)in->frames + 1,
                        (unsigned long long)in->offset,
                        (unsigned long long)(in->frame_bytes - n),
                        (unsigned long long)in->frame_bytes);
    }
    if (!direct)
        vio_frame_unpack(f, in->info.format, in->buf);
    in->frames++;
    return 1;
}

void vio_in_end(vio_in *in)
{
    free(in->buf);
    in->buf = NULL;
}

int vio_out_start(vio_out *out, const vio_muxer *mod, FILE *fp, const vio_info *info,
                  vio_error *err)
{
    char where[64];
    memset(out, 0, sizeof *out);
    out->mod = mod;
    out->fp = fp;
    out->info = *info;
    snprintf(where, sizeof where, "%s output", mod->name);
    int rc = setup(&out->info, where, &out->frame_bytes, &out->buf, err);
    if (!rc && mod->open && (rc = mod->open(out, err)))
        vio_out_end(out);
    return rc;
}

int vio_out_write(vio_out *out, const vio_frame *f, vio_error *err)
{
    if (!frame_fits(f, &out->info))
        return vio_fail(err, VIO_E_ARG, "frame %llu: frame does not match the output stream",
                        (unsigned long long)out->frames + 1);
    int rc = out->mod->write ? out->mod->write(out, err) : 0;
    if (rc)
        return rc;
    if (vio_frame_planes_whole(f, out->info.format)) {
        /* planes without padding go out as they are, without the packing copy */
        for (int p = 0; !rc && p < f->planes; p++)
            rc = vio_write_all(out->fp, f->data[p],
                               (size_t)f->width[p] * (size_t)f->height[p], err);
    } else {
        vio_frame_pack(f, out->info.format, out->buf);
        rc = vio_write_all(out->fp, out->buf, (size_t)out->frame_bytes, err);
    }
    if (!rc)
        out->frames++;
    return rc;
}

void vio_out_end(vio_out *out)
{
    free(out->buf);
    out->buf = NULL;
}

int vio_read_y4m_file(const char *path, vio_frame *frames, int max, vio_frame_info *fi)
{
    FILE *f = fopen(path, "rb");
    vio_in in;
    vio_error err;
    int n = -1;
    if (f && !vio_in_start(&in, &vio_y4m_demuxer, f, NULL, &err)) {
        for (n = 0; n < max; n++) {
            if (vio_frame_alloc(&frames[n], vio_format_chroma(in.info.format), in.info.width,
                                in.info.height))
                break;
            int rc = vio_in_read(&in, &frames[n], &err);
            if (rc <= 0) {
                vio_frame_free(&frames[n]);
                n = rc < 0 ? -1 : n;
                break;
            }
            if (fi)
                fi[n] = in.frame_info;
        }
        vio_in_end(&in);
    }
    if (f)
        fclose(f);
    return n;
}
