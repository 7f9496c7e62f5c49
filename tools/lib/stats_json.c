/* The --stats JSON writer (see stats_json.h). */
#include <math.h>

#include "stats_json.h"

/* A JSON string of printable ASCII; anything else becomes '?'. */
static void put_string(FILE *f, const char *s)
{
    fputc('"', f);
    for (; s && *s; s++) {
        unsigned char c = (unsigned char)*s;
        if (c == '"' || c == '\\')
            fprintf(f, "\\%c", c);
        else
            fputc(c >= 0x20 && c < 0x7F ? c : '?', f);
    }
    fputc('"', f);
}

void stats_json_begin(FILE *f, const char *version)
{
    fputs("{\"tool\": \"gen7sf-vpp\", \"version\": ", f);
    put_string(f, version);
    fputs(", \"frames\": [", f);
}

void stats_json_frame(FILE *f, long n, const g7sf_vpp_stats *st)
{
    fprintf(f, "%s\n {\"output\": %ld, \"input\": %ld, \"field\": %d, \"gne_sum\": %u, "
               "\"gne_count\": %u, \"gne\": ",
            n ? "," : "", n, st->input_frame, st->field, st->gne_sum, st->gne_count);
    if (st->gne_count)
        fprintf(f, "%.4f", (double)st->gne_sum / st->gne_count);
    else
        fputs("null", f);
    fprintf(f, ", \"noise_th\": %u, \"temporal_diff_th\": %u, \"temporal_diff_low\": %u, "
               "\"cadence\": ",
            st->noise_th, st->temporal_diff_th, st->temporal_diff_low);
    put_string(f, st->cadence ? st->cadence : "video");
    fprintf(f, ", \"locked\": %s, \"moving\": ", st->locked ? "true" : "false");
    /* the pipeline reports -1 when no unit measured motion for this frame */
    if (isfinite(st->moving) && st->moving >= 0)
        fprintf(f, "%.6f", st->moving);
    else
        fputs("null", f);
    const g7sf_iecp_stats *c = st->color;
    if (c && st->color_counts & G7SF_VPP_COUNT_HISTOGRAM) {
        fprintf(f, ", \"ace_pixels\": %llu, \"y_min\": %u, \"y_max\": %u, "
                   "\"histogram\": [", (unsigned long long)c->pixels,
                c->pixels ? (c->y_min + 8u) >> 4 : 0u, c->pixels ? (c->y_max + 8u) >> 4 : 0u);
        for (int i = 0; i < 256; i++)
            fprintf(f, "%s%u", i ? "," : "", c->histogram[i]);
        fputc(']', f);
    }
    if (c && st->color_counts & G7SF_VPP_COUNT_SKIN)
        fprintf(f, ", \"skin_pixels\": %u", c->skin_pixels);
    if (c && st->color_counts & G7SF_VPP_COUNT_GAMUT)
        fprintf(f, ", \"out_of_range\": %u, \"out_of_range_distance\": %u", c->out_of_range,
                c->out_of_range_distance);
    fputc('}', f);
}

void stats_json_end(FILE *f)
{
    fputs("\n]}\n", f);
}
