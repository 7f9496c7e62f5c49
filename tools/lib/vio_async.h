/* Reading and writing frames on threads of their own, so that a tool's file
 * I/O (the read and write system calls, a tenth of a fast pass) overlaps
 * its processing instead of adding to it: a reader that stays up to depth
 * frames ahead of the consumer, and a writer that takes copies of frames
 * and writes them in order.  Errors come back in the order they happened:
 * a read error after the frames read before it, a write error at the next
 * write or at the finish. */
#ifndef G7SF_TOOLS_VIO_ASYNC_H
#define G7SF_TOOLS_VIO_ASYNC_H

#include "video_io.h"

typedef struct vio_async_in vio_async_in;
typedef struct vio_async_out vio_async_out;

/* Starts reading in (already started, not read from) into depth frames of
 * the stream's chroma and size; NULL when out of memory or no thread
 * (the caller reads in itself). */
vio_async_in *vio_async_in_start(vio_in *in, int depth);
/* The next frame, as vio_in_read: 1 with *f pointing at it and *fi its
 * frame info (both valid until the next call), 0 at the end, or the
 * negative code and err of the read that failed. */
int vio_async_in_read(vio_async_in *a, const vio_frame **f, vio_frame_info *fi, vio_error *err);
/* Stops the reader (wherever it is) and frees it. */
void vio_async_in_stop(vio_async_in *a);

/* Starts writing to out (started): with copy, into depth frames shaped like
 * shape; without, from the caller's frames themselves. */
vio_async_out *vio_async_out_start(vio_out *out, const vio_frame *shape, int depth, bool copy);
/* Queues f (a copy of it, or itself) with the frame info fi (out's
 * frame_info when written); 0, or the negative code and err of a write
 * that failed.  Without copy, f must stay unchanged until depth - 1 more
 * frames have been queued after it: the call returns when fewer than
 * depth are waiting to be written. */
int vio_async_out_write(vio_async_out *a, const vio_frame *f, const vio_frame_info *fi,
                        vio_error *err);
/* Returns when everything queued is written (or dropped after a failure). */
void vio_async_out_drain(vio_async_out *a);
/* Writes what is queued, stops and frees the writer: 0 or the first
 * write's error. */
int vio_async_out_finish(vio_async_out *a, vio_error *err);

#endif
