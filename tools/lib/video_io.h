/* Video frame I/O for the tools: Y4M and raw (headerless) video, in files or
 * pipes.  Three layers, each in its own file:
 *
 *   vio_frame.c   the in-memory frame and the file layouts (pack/unpack)
 *   vio_stream.c  a stream of frames over a FILE*, driven by a small module
 *                 table (demuxer: open/read, muxer: open/write) as in dav1d's
 *                 CLI; the modules are y4m.c and rawvideo.c
 *   vio_file.c    paths: "-", same-file refusal, temporary file + rename
 *
 * Nothing here prints or exits: every function returns 0 (or a count) or a
 * negative VIO_E_* code and fills a vio_error with "where: what".
 *
 * Decisions
 * - In memory a frame is always planar 8-bit Y, U, V (Y only for mono), one
 *   allocation, each row stride rounded up to 16 bytes.  File layouts are
 *   converted on read and back on write: NV12 and YV12 become I420, YUY2 and
 *   UYVY become 4:2:2 planar.
 * - Odd sizes: chroma planes round up (a 5x3 4:2:0 picture has 3x2 chroma),
 *   as FFmpeg and mjpegtools write them.  The packed 4:2:2 layouts (YUY2,
 *   UYVY) hold two pixels per macropixel and so need an even width.
 * - Sizes are 1..16384 in each direction; the frame size is computed in 64
 *   bits and refused over 1 GiB.  Nothing is allocated before these checks.
 * - Y4M stream header: at most 4096 bytes including the newline, as is a
 *   FRAME line; no control characters (tabs, carriage returns) in either.
 *   Tags are an upper-case letter and a value.  W, H and F are required; W
 *   and H are 1..16384, F must be N:D with N, D > 0.  C absent means
 *   420jpeg; "C420" is kept apart (siting UNSPECIFIED) so it is written back
 *   as "C420".  Only 8-bit C tags are supported (vio_y4m_ctag_list); others
 *   (420p10, 444alpha) are VIO_E_UNSUPPORTED.  I absent means unknown ('?').
 *   A absent means 0:0 (unknown); A N:0 with N > 0 is refused.  X tags are
 *   kept verbatim and written back; other upper-case tags are ignored (later
 *   versions of the format); a repeated tag takes its last value.  Errors
 *   name the byte offset of the tag and show garbage escaped (\xNN).
 * - FRAME parameters: X ones are ignored, I is required in an Im (mixed)
 *   stream and refused in any other, anything else is refused.  The I value
 *   is three characters xyz (mjpegtools' yuv4mpeg(5)): x the presentation
 *   (t / T top field first, the top field shown again with T; b / B the same
 *   bottom first; 1 / 2 / 3 a progressive frame shown 1, 2, 3 times), y the
 *   temporal sampling (p: both fields from one instant, i: two), z the
 *   chroma sampling (p, i, or ? unknown; accepted, not used).  Each frame's
 *   vio_frame_info says how to treat it: VIO_PROGRESSIVE when y is p, else
 *   VIO_TFF / VIO_BFF by x, VIO_INTERLACE_UNKNOWN for "1i?" and the like.
 *   Repeat counts (T, B, 2, 3) are kept in the tag and not acted on.
 * - The Y4M writer writes "YUV4MPEG2 W H F I A C [X...]" in that order (the
 *   order FFmpeg uses), so such headers round-trip byte for byte.  An Im
 *   stream gets "FRAME Ixyz" lines from vio_out.frame_info, other streams
 *   a bare "FRAME".
 * - End of input exactly at a frame boundary is the end of the stream (read
 *   returns 0); end of input anywhere else is VIO_E_TRUNCATED with the
 *   number of missing payload bytes when it falls in a payload.
 * - Output never goes over the input: vio_open_output refuses a regular file
 *   that is the input (same st_dev and st_ino, also through "-").  A regular
 *   (or not yet existing) output path is written to a temporary file
 *   "PATH.tmp-PID-N" in the same directory and renamed over PATH only when
 *   vio_close_output is told the run succeeded; otherwise the temporary file
 *   is removed and an existing PATH is left as it was.  An existing output
 *   keeps its permission bits.  A symbolic link is followed and its target
 *   replaced.  Other outputs (pipes, devices, "-" = stdout) are written
 *   directly.
 * - A temporary file does not outlive the program: on SIGHUP, SIGINT,
 *   SIGQUIT or SIGTERM (unless ignored when the first one is made) a handler
 *   removes every temporary file still open, then the signal takes its
 *   default action (the exit status says "killed by signal N"); PATH is
 *   left as it was.  SIGKILL cannot be caught: "PATH.tmp-PID-N" may remain.
 * - A write to a closed pipe is reported as VIO_E_IO ("Broken pipe") only if
 *   the program ignores SIGPIPE; the tool should.  Stdio buffers, so such an
 *   error may surface only at vio_close_output.
 */
#ifndef G7SF_VIDEO_IO_H
#define G7SF_VIDEO_IO_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#define VIO_MAX_DIM        16384
#define VIO_MAX_FRAME      (1ull << 30)
#define VIO_MAX_LINE       4096     /* Y4M header or FRAME line, with '\n' */

enum vio_status {
    VIO_E_IO          = -1,   /* read or write failed (errno text in message) */
    VIO_E_NOMEM       = -2,
    VIO_E_ARG         = -3,   /* caller error: bad info, frame does not match */
    VIO_E_MAGIC       = -4,   /* not "YUV4MPEG2 " */
    VIO_E_LINE_LONG   = -5,   /* header or FRAME line over VIO_MAX_LINE */
    VIO_E_MISSING_TAG = -6,   /* W, H or F absent */
    VIO_E_BAD_TAG     = -7,   /* a tag value that does not parse */
    VIO_E_SIZE        = -8,   /* width/height zero, too large or odd for the layout */
    VIO_E_FRAME_BIG   = -9,   /* frame over VIO_MAX_FRAME bytes */
    VIO_E_UNSUPPORTED = -10,  /* a C tag this reader does not handle */
    VIO_E_FRAME_MARK  = -11,  /* a frame does not start with "FRAME" + ' ' or '\n' */
    VIO_E_TRUNCATED   = -12,  /* input ends inside a header, FRAME line or payload */
    VIO_E_SAME_FILE   = -13,  /* output is the input */
    VIO_E_OPEN        = -14,  /* cannot open, create or rename a file */
};

typedef struct vio_error {
    int  code;
    char msg[256];
} vio_error;

enum vio_chroma { VIO_CHROMA_420, VIO_CHROMA_422, VIO_CHROMA_444, VIO_CHROMA_411,
                  VIO_CHROMA_MONO };

/* File layouts.  I420: Y, U, V planes; YV12: Y, V, U; NV12: Y, then UV pairs;
 * YUY2: Y0 U Y1 V per pixel pair; UYVY: U Y0 V Y1; I422/I444/I411/GRAY: planar. */
enum vio_format { VIO_FMT_I420, VIO_FMT_YV12, VIO_FMT_NV12, VIO_FMT_YUY2, VIO_FMT_UYVY,
                  VIO_FMT_I422, VIO_FMT_I444, VIO_FMT_I411, VIO_FMT_GRAY };

enum vio_interlace { VIO_PROGRESSIVE, VIO_TFF, VIO_BFF, VIO_MIXED, VIO_INTERLACE_UNKNOWN };

/* 4:2:0 chroma siting (Y4M C tag): CENTER = 420jpeg, LEFT = 420mpeg2,
 * PALDV = 420paldv, UNSPECIFIED = bare "420" (treat as CENTER). */
enum vio_siting { VIO_SITING_CENTER, VIO_SITING_LEFT, VIO_SITING_PALDV,
                  VIO_SITING_UNSPECIFIED };

/* What a stream carries.  Raw input has no header: the caller fills width,
 * height, fps and format.  A zeroed info plus those is a valid raw or Y4M
 * output description (progressive, 420jpeg, aspect unknown, no X tags). */
typedef struct vio_info {
    int                width, height;
    uint32_t           fps_num, fps_den;   /* frames per second = num / den */
    enum vio_format    format;
    enum vio_interlace interlace;
    enum vio_siting    siting;             /* 4:2:0 only */
    uint32_t           sar_num, sar_den;   /* pixel aspect; 0:0 = unknown */
    char               xtags[VIO_MAX_LINE];/* Y4M X tags as read, e.g. "XYSCSS=420JPEG" */
} vio_info;

/* A planar picture; plane 0 is Y, 1 is U (Cb), 2 is V (Cr).  Mono frames have
 * one plane (data[1] = data[2] = NULL). */
typedef struct vio_frame {
    enum vio_chroma chroma;
    int             planes;
    uint8_t        *data[3];
    int             width[3], height[3];
    ptrdiff_t       stride[3];
} vio_frame;

/* --- vio_frame.c --- */
const char     *vio_format_name(enum vio_format fmt);
enum vio_chroma vio_format_chroma(enum vio_format fmt);
/* Bytes of one frame in the file layout; 0 if the size is invalid. */
uint64_t vio_frame_bytes(enum vio_format fmt, int width, int height);
int  vio_frame_alloc(vio_frame *f, enum vio_chroma chroma, int width, int height);
/* The plane sizes and strides vio_frame_alloc gives, without memory (data
 * NULL): the shape of pictures that live elsewhere. */
int  vio_frame_shape(vio_frame *f, enum vio_chroma chroma, int width, int height);
void vio_frame_free(vio_frame *f);
/* Converts between a file-layout buffer of vio_frame_bytes() and a frame of
 * the format's chroma and the same size. */
void vio_frame_unpack(vio_frame *f, enum vio_format fmt, const uint8_t *buf);
/* Whether frame f's memory is the file layout of fmt as it is (planar,
 * rows unpadded, planes back to back): a payload can be read straight into
 * it.  planes_whole: each plane unpadded, in the file's plane order (each
 * plane written in one piece). */
bool vio_frame_is_file_layout(const vio_frame *f, enum vio_format fmt);
bool vio_frame_planes_whole(const vio_frame *f, enum vio_format fmt);
void vio_frame_pack(const vio_frame *f, enum vio_format fmt, uint8_t *buf);

/* --- vio_stream.c --- */
typedef struct vio_in  vio_in;
typedef struct vio_out vio_out;

/* A container format.  open reads or checks the stream header and fills
 * in->info; read consumes what precedes a payload and returns 1, or 0 at a
 * clean end of input.  A muxer's open writes the stream header, its write
 * what precedes each payload.  NULL entries have nothing to do. */
typedef struct vio_demuxer {
    const char *name;
    int (*open)(vio_in *in, vio_error *err);
    int (*read)(vio_in *in, vio_error *err);
} vio_demuxer;

typedef struct vio_muxer {
    const char *name;
    int (*open)(vio_out *out, vio_error *err);
    int (*write)(vio_out *out, vio_error *err);
} vio_muxer;

extern const vio_demuxer vio_y4m_demuxer, vio_raw_demuxer;
extern const vio_muxer   vio_y4m_muxer, vio_raw_muxer;

/* One frame's own interlacing (Y4M Im streams; otherwise the stream's). */
typedef struct vio_frame_info {
    enum vio_interlace interlace;   /* progressive, tff, bff or unknown (never mixed
                                       once a frame is read) */
    char               itag[4];     /* Im: the FRAME line's I value "xyz"; else "" */
} vio_frame_info;

struct vio_in {
    const vio_demuxer *mod;
    FILE              *fp;        /* not owned */
    vio_info           info;
    vio_frame_info     frame_info; /* of the frame read last */
    uint64_t           offset;    /* bytes consumed so far */
    uint64_t           frames;    /* frames read so far */
    uint64_t           frame_bytes;
    uint8_t           *buf;       /* one payload in the file layout */
};

struct vio_out {
    const vio_muxer *mod;
    FILE            *fp;          /* not owned */
    vio_info         info;
    vio_frame_info   frame_info;  /* set by the caller before each write of an Im
                                     stream: its itag is written on the FRAME line */
    uint64_t         frames;
    uint64_t         frame_bytes;
    uint8_t         *buf;
};

/* Starts reading: raw needs the caller's info (width, height, fps, format);
 * Y4M ignores it (pass NULL).  On error nothing is left to free. */
int  vio_in_start(vio_in *in, const vio_demuxer *mod, FILE *fp, const vio_info *raw,
                  vio_error *err);
/* Reads the next frame into f (allocated for the stream's chroma and size).
 * Returns 1, 0 at the end of the stream, or a negative code. */
int  vio_in_read(vio_in *in, vio_frame *f, vio_error *err);
void vio_in_end(vio_in *in);
/* Every frame of the Y4M file at path into frames[0 .. max), each
 * allocated here (vio_frame_free them), with its frame info into fi when
 * fi is not NULL: the count, or -1 when the file cannot be opened or
 * read. */
int  vio_read_y4m_file(const char *path, vio_frame *frames, int max, vio_frame_info *fi);

int  vio_out_start(vio_out *out, const vio_muxer *mod, FILE *fp, const vio_info *info,
                   vio_error *err);
int  vio_out_write(vio_out *out, const vio_frame *f, vio_error *err);
void vio_out_end(vio_out *out);

/* Checks an info for a stream (sizes, layout constraints, frame size, rate);
 * where starts the error message. */
int  vio_info_check(const vio_info *info, const char *where, vio_error *err);

/* --- y4m.c --- */
/* The C tag written for a layout and siting ("420mpeg2"), NULL for a layout
 * Y4M cannot carry. */
const char *vio_y4m_ctag(enum vio_format fmt, enum vio_siting siting);
/* The C tags the reader accepts whose chroma is in chroma_mask (bit
 * 1 << enum vio_chroma), as "C420jpeg, C420mpeg2 and C422"; snprintf-like:
 * returns the length the whole list needs. */
size_t vio_y4m_ctag_list(char *buf, size_t cap, unsigned chroma_mask);
/* How a frame with I parameter "xyz" is to be treated (see Decisions). */
enum vio_interlace vio_y4m_itag_interlace(const char *itag);

/* Shared by the modules: sets *err and returns code. */
int  vio_fail(vio_error *err, int code, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
/* Writes n bytes; a short write is VIO_E_IO with the errno text. */
int  vio_write_all(FILE *fp, const void *p, size_t n, vio_error *err);

/* --- vio_file.c --- */
typedef struct vio_sink {
    FILE *fp;
    char *path;        /* final path; NULL for stdout */
    char *tmp;         /* temporary file renamed to path on success, or NULL */
    int   slot;        /* its entry in the list removed on a fatal signal, or -1 */
} vio_sink;

/* "-" is stdin.  Returns NULL on error. */
FILE *vio_open_input(const char *path, vio_error *err);
void  vio_close_input(FILE *fp);
/* "-" is stdout.  input (may be NULL) is the already open input, refused as
 * output when it is the same regular file. */
int   vio_open_output(vio_sink *s, const char *path, FILE *input, vio_error *err);
/* Flushes and closes; with ok, renames the temporary file over the path,
 * otherwise removes it.  Returns 0 or a negative code (a flush error turns a
 * success into a failure and nothing is renamed). */
int   vio_close_output(vio_sink *s, bool ok, vio_error *err);

/* Whether two command-line paths would lose data by naming the same file:
 * "-" is standard input for an input (a_out / b_out false) and standard
 * output for an output.  Existing files are compared by st_dev and st_ino
 * (so "x", "./x", links and "-" redirected from x are all x); character
 * devices such as /dev/null are never a clash, except "-" twice as outputs
 * (two streams mixed on standard output).  A path that does not exist yet is
 * compared by its directory's real path and its last component.  Called
 * before anything is opened, so that nothing the user gave is lost. */
bool  vio_paths_clash(const char *a, bool a_out, const char *b, bool b_out);
/* vio_paths_clash over every pair of n paths (NULL entries skipped; out[i]
 * tells an output, what[i] names it in the message).  Returns 0, or
 * VIO_E_SAME_FILE for the first clash: "WHAT 'a' and WHAT 'b' are the same
 * file" or "WHAT and WHAT both go to standard output". */
int   vio_paths_check(int n, const char *const path[], const bool out[],
                      const char *const what[], vio_error *err);

#endif
