/* The IEF along a row (avs_rows.h, avs_ief_fn), included by avs_rows.c
 * (C) and avs_simd.c (the same code compiled for AVX2): one loop of
 * selects over the row that the compiler vectorises.  The includer
 * defines AVS_IEF_NAME (the function's name) and AVS_IEF_TARGET (its
 * attributes).  Lines: EM 1675, local_adjust 1677-1681, the detail and
 * smooth filters as docs/spec-notes.md "IEF" designs them.  rdiv sums:
 * 2 sum + w < 2^21 (at most 8 10-bit values times 31). */
AVS_IEF_TARGET void AVS_IEF_NAME(const avs_ief *c, const uint16_t *const r[5], int x0, int n,
                                 uint16_t *dst)
{
    const int sth = c->strong_th, wth = c->weak_th, sw = c->strong_w, rw = c->regular_w;
    const int nw = c->non_edge_w, gain = c->gain;
    const uint16_t *r0 = r[0] + x0, *r1 = r[1] + x0, *r2 = r[2] + x0, *r3 = r[3] + x0,
                   *r4 = r[4] + x0;
    /* local_adjust, S3 and, in the detail filter, S5 of each pixel: two
     * loops, so that neither branches per pixel */
    if (c->smooth) {
        for (int x = 0; x < n; x++) {
            int eh = (r3[x - 1] + 2 * r3[x] + r3[x + 1]) - (r1[x - 1] + 2 * r1[x] + r1[x + 1]);
            int ev = (r1[x + 1] + 2 * r2[x + 1] + r3[x + 1]) -
                     (r1[x - 1] + 2 * r2[x - 1] + r3[x - 1]);
            int em = ((eh < 0 ? -eh : eh) + (ev < 0 ? -ev : ev) + 4) >> 3;
            em = em > 63 ? 63 : em;
            int la = em > sth ? sw : em > wth ? rw : nw;
            int p = r2[x];
            int c1 = r1[x] + r3[x] + r2[x - 1] + r2[x + 1];
            int x1 = r1[x - 1] + r1[x + 1] + r3[x - 1] + r3[x + 1];
            uint32_t n3 = (uint32_t)(2 * (c->r3c * c1 + c->r3x * x1) + c->w3);
            int s3 = c->w3 ? (int)(((uint64_t)n3 * c->d3.m) >> c->d3.s) : p;
            /* p + floor((2 (s3 - p)(7 - la) + 7) / 14) */
            int q = 2 * (s3 - p) * (7 - la) + 7;
            dst[x] = (uint16_t)((p + (q >= 0 ? q / 14 : -((-q + 13) / 14))) << 6);
        }
        return;
    }
    for (int x = 0; x < n; x++) {
        int eh = (r3[x - 1] + 2 * r3[x] + r3[x + 1]) - (r1[x - 1] + 2 * r1[x] + r1[x + 1]);
        int ev = (r1[x + 1] + 2 * r2[x + 1] + r3[x + 1]) - (r1[x - 1] + 2 * r2[x - 1] + r3[x - 1]);
        int em = ((eh < 0 ? -eh : eh) + (ev < 0 ? -ev : ev) + 4) >> 3;
        em = em > 63 ? 63 : em;
        int la = em > sth ? sw : em > wth ? rw : nw;
        int p = r2[x];
        int c1 = r1[x] + r3[x] + r2[x - 1] + r2[x + 1];
        int x1 = r1[x - 1] + r1[x + 1] + r3[x - 1] + r3[x + 1];
        uint32_t n3 = (uint32_t)(2 * (c->r3c * c1 + c->r3x * x1) + c->w3);
        int s3 = (int)(((uint64_t)n3 * c->d3.m) >> c->d3.s);
        s3 = c->w3 ? s3 : p;
        int c2 = r0[x] + r4[x] + r2[x - 2] + r2[x + 2];
        int x2 = r0[x - 2] + r0[x + 2] + r4[x - 2] + r4[x + 2];
        int kn = r0[x - 1] + r0[x + 1] + r4[x - 1] + r4[x + 1] + r1[x - 2] + r1[x + 2] +
                 r3[x - 2] + r3[x + 2];
        uint32_t n5 = (uint32_t)(2 * (c->r5c * c2 + c->r5x * x2 + c->r5cx * kn) + c->w5);
        int s5 = (int)(((uint64_t)n5 * c->d5.m) >> c->d5.s);
        s5 = c->w5 ? s5 : p;
        int v = p + avs_asr(((p - s3) + (p - s5)) * gain * la + 256, 9);
        v = v < 0 ? 0 : v > 1020 ? 1020 : v;
        dst[x] = (uint16_t)(v << 6);
    }
}
