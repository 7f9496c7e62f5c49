/* Field-to-film-frame maps (field_map.h).  Fields past FMAP_MAX are not
 * added. */
#include "field_map.h"

static void put(fmap *m, long fid)
{
    if (m->n < FMAP_MAX)
        m->fid[m->n++] = fid;
}

void fmap_add_32(fmap *m, int fields, int off, long *next)
{
    static const int cyc[10] = { 0, 0, 1, 1, 1, 2, 2, 3, 3, 3 };
    long base = *next - cyc[off % 10];
    for (int k = 0; k < fields; k++) {
        int c = (off + k) % 10;
        if (k && c == 0)
            base += 4;
        put(m, base + cyc[c]);
    }
    if (m->n)
        *next = m->fid[m->n - 1] + 1;
}

void fmap_add_22(fmap *m, int fields, int off, long *next)
{
    for (int k = 0; k < fields; k++)
        put(m, *next + (k + off) / 2);
    if (m->n)
        *next = m->fid[m->n - 1] + 1;
}

void fmap_add_video(fmap *m, int fields, long *next)
{
    for (int k = 0; k < fields; k++)
        put(m, (*next)++);
}
