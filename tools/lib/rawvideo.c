/* Raw video: frames back to back with no header; the caller gives the size,
 * rate and layout (vio_in_start's raw info). */
#include "video_io.h"

/* A payload follows unless the input ends here. */
static int raw_read(vio_in *in, vio_error *err)
{
    int c = getc(in->fp);
    if (c == EOF)
        return ferror(in->fp) ? vio_fail(err, VIO_E_IO, "byte %llu: read error",
                                         (unsigned long long)in->offset) : 0;
    ungetc(c, in->fp);
    return 1;
}

const vio_demuxer vio_raw_demuxer = { "raw", NULL, raw_read };
const vio_muxer   vio_raw_muxer   = { "raw", NULL, NULL };
