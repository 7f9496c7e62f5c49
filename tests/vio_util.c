/* Helpers for the video I/O tests (see vio_util.h). */
#include <string.h>

#include "harness.h"
#include "vio_util.h"

FILE *t_bytes_file(const void *bytes, size_t n)
{
    FILE *fp = tmpfile();
    if (fp && (fwrite(bytes, 1, n, fp) != n || fseek(fp, 0, SEEK_SET))) {
        fclose(fp);
        fp = NULL;
    }
    return fp;
}

size_t t_read_back(FILE *fp, uint8_t *buf, size_t cap)
{
    fflush(fp);
    rewind(fp);
    return fread(buf, 1, cap, fp);
}

void t_check_plane(const vio_frame *f, int p, const uint8_t *want, int w, int h)
{
    CHECK_EQ(f->width[p], w);
    CHECK_EQ(f->height[p], h);
    for (int y = 0; y < h && y < f->height[p]; y++)
        for (int x = 0; x < w && x < f->width[p]; x++)
            CHECKF(f->data[p][y * f->stride[p] + x] == want[y * w + x],
                   "plane %d (%d,%d): got %u, want %u", p, x, y,
                   f->data[p][y * f->stride[p] + x], want[y * w + x]);
}

int t_open_stream(vio_in *in, FILE **fp, vio_frame *f, const vio_demuxer *mod,
                  const vio_info *raw, const void *bytes, size_t n, vio_error *err)
{
    memset(f, 0, sizeof *f);
    *fp = t_bytes_file(bytes, n);
    if (!*fp)
        return VIO_E_IO;
    int rc = vio_in_start(in, mod, *fp, raw, err);
    if (!rc && (rc = vio_frame_alloc(f, vio_format_chroma(in->info.format), in->info.width,
                                     in->info.height)))
        vio_in_end(in);
    return rc;
}

void t_close_stream(vio_in *in, FILE *fp, vio_frame *f)
{
    vio_frame_free(f);
    vio_in_end(in);
    if (fp)
        fclose(fp);
}
