/* The Y4M reader (tools/lib/y4m.c over vio_stream.c and vio_frame.c): the
 * input is a Y4M stream, read from memory as gen7sf-vpp reads a pipe.
 * Contract: video_check.h. */
#include "fuzz.h"
#include "video_check.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (!size)
        return 0;   /* fmemopen refuses an empty buffer */
    FILE *fp = fmemopen((void *)data, size, "rb");
    FUZZ_CHECK(fp, "fmemopen");
    video_check(&vio_y4m_demuxer, &vio_y4m_muxer, fp, NULL);
    fclose(fp);
    return 0;
}
