/* The terminal progress line (see progress.h). */
#include <time.h>
#include <unistd.h>

#include "progress.h"

static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + ts.tv_nsec * 1e-9;
}

void progress_start(progress *p, FILE *f, bool enabled, long total)
{
    *p = (progress){ .f = enabled && isatty(fileno(f)) ? f : NULL, .total = total,
                     .what = "frames", .rate = "fps" };
    p->start = p->last = now();
}

void progress_units(progress *p, const char *what, const char *rate)
{
    p->what = what, p->rate = rate;
}

static void draw(progress *p, long done, double t)
{
    double fps = t > p->start ? done / (t - p->start) : 0;
    fprintf(p->f, "\r%s %ld", p->what, done);
    if (p->total > 0)
        fprintf(p->f, "/%ld", p->total);
    if (fps >= 1e6)   /* samples: millions a second */
        fprintf(p->f, "  %.2f M %s", fps / 1e6, p->rate);
    else
        fprintf(p->f, "  %.1f %s", fps, p->rate);
    if (p->total > done && fps > 0) {
        long left = (long)((p->total - done) / fps + 0.5);
        fprintf(p->f, "  ETA %ld:%02ld", left / 60, left % 60);
    }
    fputs("   ", p->f);
    fflush(p->f);
    p->drawn = true;
}

void progress_update(progress *p, long done)
{
    if (!p->f)
        return;
    double t = now();
    if (t - p->last >= 0.25) {
        p->last = t;
        draw(p, done, t);
    }
}

void progress_end(progress *p, long done)
{
    if (!p->f)
        return;
    draw(p, done, now());
    fputc('\n', p->f);
}
