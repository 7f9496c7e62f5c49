/* Rows kept from line to line (row_cache.h). */
#include <stdlib.h>
#include <string.h>

#include "row_cache.h"
#include "window.h"

int row_lookup(row_slot *s, int n, unsigned now, const void *a, const void *b, int y, bool *hit)
{
    int lru = 0;
    for (int i = 0; i < n; i++) {
        if (s[i].used && s[i].a == a && s[i].b == b && s[i].y == y) {
            s[i].used = now;
            *hit = true;
            return i;
        }
        lru = s[i].used < s[lru].used ? i : lru;
    }
    s[lru] = (row_slot){ a, b, y, now };
    *hit = false;
    return lru;
}

bool line_cache_init(line_cache *c, int w)
{
    memset(c, 0, sizeof *c);
    c->w = w;
    /* zeroed: nothing uninitialised is read, whatever a vector loop reads */
    c->buf = calloc(LINE_SLOTS, (size_t)w + 2 * LINE_PAD);
    return c->buf != NULL;
}

line_cache *line_cache_use(line_cache *own, line_cache *shared, int w)
{
    if (shared)
        return shared->w == w ? shared : NULL;
    return line_cache_init(own, w) ? own : NULL;
}

void line_cache_free(line_cache *c)
{
    free(c->buf);
    c->buf = NULL;
}

void line_cache_reset(line_cache *c)
{
    memset(c->slot, 0, sizeof c->slot);
    c->clock = 0;
}

const uint8_t *line_cache_get(line_cache *c, const g7sf_plane *pl, int y)
{
    y = media_clamp_line(y, pl->height, 2);
    bool hit;
    int i = row_lookup(c->slot, LINE_SLOTS, c->clock + 1, pl->data, NULL, y, &hit);
    size_t ls = (size_t)c->w + 2 * LINE_PAD;
    uint8_t *d = c->buf + (size_t)i * ls;
    if (!hit)
        media_load_clamped(pl, -LINE_PAD, y, 1, (int)ls, 2, d, (int)ls);
    return d + LINE_PAD;
}
