/* gen7sf-vpp --stats: one JSON object per output frame, from g7sf_vpp_stats.
 *
 *   {"tool": "gen7sf-vpp", "version": "...", "frames": [
 *    {"output": 0, "input": 0, "field": 0, "gne_sum": 0, "gne_count": 0,
 *     "gne": null, "noise_th": 0, "temporal_diff_th": 0,
 *     "temporal_diff_low": 0, "cadence": "video", "locked": false,
 *     "moving": 0.000000},
 *    ...]}
 *
 * "gne" is gne_sum / gne_count (the mean block noise estimate), null when
 * no block counted.  When the colour pipe counted (g7sf_vpp_stats.color),
 * after "moving": with ACE (--ace, --skin-tone) "ace_pixels", "y_min",
 * "y_max" (8-bit: the pipe's 12-bit extremes rounded) and "histogram" (256
 * bins of 8-bit luma at ACE's input, summing to ace_pixels, the picture's
 * pixel count); with --skin-tone "skin_pixels"; with --gamut
 * "out_of_range" and "out_of_range_distance".  Nothing here closes or flushes the file. */
#ifndef G7SF_STATS_JSON_H
#define G7SF_STATS_JSON_H

#include <stdio.h>

#include "gen7sf/vpp.h"

void stats_json_begin(FILE *f, const char *version);
/* n: the output frame's number, from 0. */
void stats_json_frame(FILE *f, long n, const g7sf_vpp_stats *st);
void stats_json_end(FILE *f);

#endif
