/* Shared helpers for the video I/O tests: byte strings as input streams,
 * output streams read back, and frame samples checked against hand values. */
#ifndef G7SF_TEST_VIO_UTIL_H
#define G7SF_TEST_VIO_UTIL_H

#include <stdint.h>
#include <stdio.h>

#include "video_io.h"

/* An anonymous temporary file holding n bytes, positioned at the start. */
FILE *t_bytes_file(const void *bytes, size_t n);
/* Everything written to fp so far, up to cap bytes; returns the count. */
size_t t_read_back(FILE *fp, uint8_t *buf, size_t cap);
/* Plane p of f equals the w*h samples in want (row by row). */
void t_check_plane(const vio_frame *f, int p, const uint8_t *want, int w, int h);
/* Opens a stream over bytes: starts in and allocates f for it.  Returns the
 * vio_in_start code (f is allocated only when it is 0). */
int t_open_stream(vio_in *in, FILE **fp, vio_frame *f, const vio_demuxer *mod,
                  const vio_info *raw, const void *bytes, size_t n, vio_error *err);
void t_close_stream(vio_in *in, FILE *fp, vio_frame *f);

#endif
