/* Shared by the video reader targets (fuzz_y4m, fuzz_rawvideo). */
#ifndef G7SF_FUZZ_VIDEO_CHECK_H
#define G7SF_FUZZ_VIDEO_CHECK_H

#include "video_io.h"

/* Frames a target reads from one input, and the largest frame it reads
 * (a bigger one cannot be complete in an input of libFuzzer's size). */
#define VIDEO_MAX_FRAMES 16
#define VIDEO_MAX_FRAME_BYTES (1u << 20)

/* Reads the stream of fp with demuxer mod (raw: its info), checking the
 * readers' contract: documented codes with a message, a frame count that
 * stops at the end; then writes what it read with the matching muxer and
 * reads that back, which must give the same info, the same pixels and the
 * same per-frame interlacing (vio_frame_info). */
void video_check(const vio_demuxer *dmx, const vio_muxer *mux, FILE *fp, const vio_info *raw);

#endif
