/* The SDI's fallback, median and interpolation kernel (di.sdi_finish,
 * dsp.h) of every instruction set against di_sdi_finish_c, bit for bit. */
#include <string.h>

#include "harness.h"
#include "media/dsp.h"
#include "media_isa.h"

static unsigned rnd(unsigned n) { return (unsigned)(t_rand() % n); }

/* pictures: random, all 0, all 255, random 0/255 */
enum { F_RAND, F_ZERO, F_FULL, F_EXTREMES, F_COUNT };

static void fill_pic(di_window *w, int f)
{
    for (size_t i = 0; i < sizeof w->p; i++)
        (&w->p[0][0])[i] = f == F_RAND ? (uint8_t)rnd(256) : f == F_ZERO ? 0
                         : f == F_FULL ? 255 : (uint8_t)(rnd(2) * 255);
}

/* Each lane at a fallback boundary: the decided angle's cost within 1 of
 * the 90 degree one (fallback 2), SUM_H1 at or 1 past SUM_H2 + T1 or at
 * or 1 below T2 (fallback 1). */
static void make_ties(const g7sf_di_params *p, di_sdi *s, uint16_t h1[DI_LANES],
                      uint16_t h2[DI_LANES])
{
    for (int i = 0; i < DI_LANES; i++) {
        int a = s->decided[i];
        int c90 = s->cost[DI_A90][i] + (s->cost2x1[DI_A90][i] << 3);
        int c = c90 - ((s->cost2x1[a][i] + (int)p->sdi_angle2x1) << 3) + (int)rnd(3) - 1;
        if (a != DI_A90 && c >= 0 && c <= DI_COST_MAX)
            s->cost[a][i] = (uint16_t)c;
        int h = rnd(2) ? h2[i] + (int)p->sdi_t1 + (int)rnd(2) : (int)p->sdi_t2 - (int)rnd(2);
        if (h >= 0 && h <= 3060)
            h1[i] = (uint16_t)h;
    }
}

/* The sums as the pipeline makes them (mode 0), or any values in their
 * ranges (mode 1): AngleCost_6x3 up to DI_COST_MAX, AngleCost_2x1 up to
 * 510, SUM_H1 up to 3060, SUM_H2 up to 1020, any angle; mode 2 moves those
 * to the fallbacks' boundaries. */
static void make_sums(const g7sf_di_params *p, const di_window *w, int l, int mode, di_sdi *s,
                      uint16_t h1[DI_LANES], uint16_t h2[DI_LANES])
{
    memset(s, 0xA5, sizeof *s);
    di_sdi_costs_c(w, l, s, h1, h2);
    di_angle_decide((const uint16_t (*)[DI_LANES])s->cost, p->sdi_th, p->sdi_delta, s->decided);
    if (!mode)
        return;
    bool top = rnd(4) == 0;     /* the largest values only */
    for (int i = 0; i < DI_LANES; i++) {
        for (int a = 0; a < DI_ANGLES; a++) {
            s->cost[a][i] = (uint16_t)(top ? DI_COST_MAX : rnd(DI_COST_MAX + 1));
            s->cost2x1[a][i] = (uint16_t)(top ? 510 : rnd(511));
        }
        h1[i] = (uint16_t)(top ? 3060 : rnd(3061));
        h2[i] = (uint16_t)(top ? 1020 : rnd(1021));
        s->decided[i] = (uint8_t)rnd(DI_ANGLES);
    }
    if (mode == 2)
        make_ties(p, s, h1, h2);
}

static void check_finish(const t_isa *is)
{
    media_dsp d;
    if (!t_table_for(is, &d))
        SKIP("CPU lacks this instruction set");
    static const unsigned lim[] = { 0, 1, 50, 254, 255 };   /* with random ones */
    static di_window pic;
    int cases = 0;
    for (int f = 0; f < F_COUNT; f++)
        for (int rep = 0; rep < 200; rep++) {
            fill_pic(&pic, f);
            g7sf_di_params p = { 0 };
            unsigned *par[] = { &p.sdi_th, &p.sdi_delta, &p.sdi_t1, &p.sdi_t2, &p.sdi_angle2x1 };
            for (int k = 0; k < 5; k++)
                *par[k] = rnd(2) ? rnd(256) : lim[rnd(5)];
            int l = (int)rnd(4);
            di_sdi want, got;
            uint16_t h1[DI_LANES], h2[DI_LANES];
            make_sums(&p, &pic, l, rep % 3, &want, h1, h2);
            got = want;
            di_sdi_finish_c(&p, &pic, l, h1, h2, &want);
            d.di.sdi_finish(&p, &pic, l, h1, h2, &got);
            CHECKF(!memcmp(&want, &got, sizeof want),
                   "%s: fill %d rep %d line %d: differs from C (robust[0] %u/%u angle[0] "
                   "%u/%u out[0] %u/%u)", is->name, f, rep, l, got.robust[0], want.robust[0],
                   got.angle[0], want.angle[0], got.out[0], want.out[0]);
            cases++;
            if (t_failed())
                return;
        }
    CHECK_EQ(cases, F_COUNT * 200);
}

TEST(di_sdi_finish_sse41) { check_finish(&t_isa_sse41); }
TEST(di_sdi_finish_avx2) { check_finish(&t_isa_avx2); }
