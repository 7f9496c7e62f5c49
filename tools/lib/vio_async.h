/* Reading and writing frames on threads of their own, so that the file I/O
 * (a third of a bob run at 1080i) overlaps the processing.  A bounded ring
 * of slots each way; frames come out and go in in order, and the bytes
 * written are those vio_in_read / vio_out_write would give. */
#ifndef G7SF_VIO_ASYNC_H
#define G7SF_VIO_ASYNC_H

#include "video_io.h"

typedef struct vio_reader vio_reader;
typedef struct vio_writer vio_writer;

/* Reads `in` ahead into `slots` frames on a thread.  Only for a regular
 * file: a read there always returns, so stopping never waits on a pipe
 * that a stalled writer holds open.  NULL (no thread, no memory, not a
 * regular file): read with vio_in_read instead.  `in` belongs to the
 * reader until vio_reader_stop. */
vio_reader *vio_reader_start(vio_in *in, int slots);
/* The next frame, as vio_in_read returns it (1, 0 at the end, or a
 * negative code with *err), and its frame_info.  *f stays valid until the
 * next call. */
int vio_reader_next(vio_reader *r, const vio_frame **f, vio_frame_info *fi, vio_error *err);
/* Stops reading ahead and frees the reader. */
void vio_reader_stop(vio_reader *r);

/* Writes to `out` on a thread through `slots` packed frames.  NULL (no
 * thread or no memory): write with vio_out_write instead.  `out` belongs
 * to the writer until vio_writer_finish. */
vio_writer *vio_writer_start(vio_out *out, int slots);
/* Packs f (the caller's thread) and queues it with frame_info fi (the Y4M
 * FRAME line's I value).  Returns 0, or a negative code with *err: this
 * frame's, or an earlier write's failure (nothing more is written then). */
int vio_writer_put(vio_writer *w, const vio_frame *f, const vio_frame_info *fi, vio_error *err);
/* Writes what is queued, stops the thread and frees the writer.  Returns 0
 * or the first write failure with *err. */
int vio_writer_finish(vio_writer *w, vio_error *err);

#endif
