/* gen7sf-vpp's run: input and output streams around the video pipeline
 * (gen7sf/vpp.h).  gen7sf-vpp.c parses the command line into vpp_run_opts;
 * this does the rest and prints its own errors (cli.h).  Decisions are in
 * gen7sf-vpp(1):
 * - The output header: F at the output rate, I progressive when
 *   deinterlaced, A, W, H and X tags kept, 4:2:0 siting kept (PAL DV
 *   becomes mpeg2); with --scale, W and H the output size and A the pixel
 *   aspect that keeps the picture's shape.
 * - A Y4M Im (mixed) input is deinterlaced frame by frame as each FRAME
 *   line's I value says (vio_frame_info): a progressive frame passes
 *   through (denoised if asked; twice at field rate, so that the output rate
 *   holds), an interlaced one goes through a pipeline with its own field
 *   order.  The pipeline holds history (motion, noise, cadence), so a new
 *   one starts where the treatment changes.  With weave and off the output
 *   stays Im and each frame keeps its I value.
 */
#ifndef G7SF_VPP_RUN_H
#define G7SF_VPP_RUN_H

#include <stdbool.h>
#include <stdint.h>

#include "gen7sf/vpp.h"
#include "video_io.h"

typedef struct vpp_run_opts {
    const char *input, *output, *stats;
    bool raw_in;                    /* --size given */
    vio_info raw;                   /* --size, --fps, --format */
    int out_format;                 /* raw output layout, when !out_y4m */
    bool out_y4m;
    uint32_t out_fps_num, out_fps_den;  /* 0: from the rate */
    enum g7sf_vpp_deinterlace di;
    enum g7sf_vpp_rate rate;
    int field_order;                /* -1 auto, 1 tff, 0 bff */
    int denoise;
    int threads;
    bool quiet;
    int scale_w, scale_h;           /* --scale: 0 x 0 none; one 0: from the other */
    int sharpen;                    /* --sharpen: 0 off, 1..255 */
    /* --procamp, --csc, --ace, --tcc, --skin-tone, --gamut: their fields
     * of g7sf_vpp_config (procamp .. gamut); the rest of it is set per
     * segment from the input (vpp_run.c, start_segment) */
    g7sf_vpp_config color;
} vpp_run_opts;

/* Runs the whole job; returns the exit status (0, or 1 with a message). */
int vpp_run(const vpp_run_opts *o);

#endif
