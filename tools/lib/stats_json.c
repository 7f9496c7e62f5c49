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
        fprintf(f, "%.6f}", st->moving);
    else
        fputs("null}", f);
}

void stats_json_end(FILE *f)
{
    fputs("\n]}\n", f);
}
