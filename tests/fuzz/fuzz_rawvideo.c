/* The raw video reader (tools/lib/rawvideo.c over vio_stream.c and
 * vio_frame.c) with every layout.  Input: u8 layout (enum vio_format, mod
 * 10: one past the last checks the refusal), u8 width - 1, u8 height - 1,
 * u8 rate numerator, then the frames.  Contract: video_check.h. */
#include "fuzz.h"
#include "video_check.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size < 5)
        return 0;   /* the prefix and a byte: fmemopen refuses an empty buffer */
    vio_info info = { .width = data[1] + 1, .height = data[2] + 1, .fps_num = data[3],
                      .fps_den = 1, .format = (enum vio_format)(data[0] % 10) };
    FILE *fp = fmemopen((void *)(data + 4), size - 4, "rb");
    FUZZ_CHECK(fp, "fmemopen");
    video_check(&vio_raw_demuxer, &vio_raw_muxer, fp, &info);
    fclose(fp);
    return 0;
}
