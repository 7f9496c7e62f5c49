/* The IEF along a row (avs_rows.h, avs_ief_fn), included by avs_rows.c
 * (C) and avs_simd.c (the same code compiled for AVX2): one loop of
 * selects over the row that the compiler vectorises.  The includer
 * defines AVS_IEF_NAME (the function's name) and AVS_IEF_TARGET (its
 * attributes).  Lines: EM 1675, local_adjust 1677-1681, the detail and
 * smooth filters as docs/spec-notes.md "IEF" designs them.  rdiv sums:
 * 2 sum + w < 2^21 (at most 8 10-bit values times 31). */
#define AVS_IEF_CAT2(a, b) a##_##b
#define AVS_IEF_CAT(a, b) AVS_IEF_CAT2(a, b)
#define AVS_IEF_LA AVS_IEF_CAT(AVS_IEF_NAME, la)
#define AVS_IEF_S3 AVS_IEF_CAT(AVS_IEF_NAME, s3)

/* Pixel x's local_adjust: EM and the weights. */
static inline AVS_IEF_TARGET int AVS_IEF_LA(const avs_ief *c, const uint16_t *r1,
                                            const uint16_t *r2, const uint16_t *r3, int x)
{
    int eh = (r3[x - 1] + 2 * r3[x] + r3[x + 1]) - (r1[x - 1] + 2 * r1[x] + r1[x + 1]);
    int ev = (r1[x + 1] + 2 * r2[x + 1] + r3[x + 1]) - (r1[x - 1] + 2 * r2[x - 1] + r3[x - 1]);
    int em = ((eh < 0 ? -eh : eh) + (ev < 0 ? -ev : ev) + 4) >> 3;
    em = em > 63 ? 63 : em;
    return em > c->strong_th ? c->strong_w : em > c->weak_th ? c->regular_w : c->non_edge_w;
}

/* Pixel x's S3, the 3x3 ring average both filters start from. */
static inline AVS_IEF_TARGET int AVS_IEF_S3(const avs_ief *c, const uint16_t *r1,
                                            const uint16_t *r2, const uint16_t *r3, int x)
{
    int c1 = r1[x] + r3[x] + r2[x - 1] + r2[x + 1];
    int x1 = r1[x - 1] + r1[x + 1] + r3[x - 1] + r3[x + 1];
    uint32_t n3 = (uint32_t)(2 * (c->r3c * c1 + c->r3x * x1) + c->w3);
    int v = (int)(((uint64_t)n3 * c->d3.m) >> c->d3.s);
    return c->w3 ? v : r2[x];
}

AVS_IEF_TARGET void AVS_IEF_NAME(const avs_ief *c, const uint16_t *const r[5], int x0, int n,
                                 uint16_t *dst)
{
    /* a local copy: the stores to dst cannot change it, so the loops
     * vectorise */
    const avs_ief k = *c;
    const int gain = k.gain;
    const uint16_t *r0 = r[0] + x0, *r1 = r[1] + x0, *r2 = r[2] + x0, *r3 = r[3] + x0,
                   *r4 = r[4] + x0;
    /* the smooth and the detail filter in loops of their own, so that
     * neither branches per pixel */
    if (k.smooth) {
        for (int x = 0; x < n; x++) {
            int la = AVS_IEF_LA(&k, r1, r2, r3, x), s3 = AVS_IEF_S3(&k, r1, r2, r3, x), p = r2[x];
            /* p + floor((2 (s3 - p)(7 - la) + 7) / 14) */
            int q = 2 * (s3 - p) * (7 - la) + 7;
            dst[x] = (uint16_t)((p + (q >= 0 ? q / 14 : -((-q + 13) / 14))) << 6);
        }
        return;
    }
    for (int x = 0; x < n; x++) {
        int la = AVS_IEF_LA(&k, r1, r2, r3, x), s3 = AVS_IEF_S3(&k, r1, r2, r3, x), p = r2[x];
        int c2 = r0[x] + r4[x] + r2[x - 2] + r2[x + 2];
        int x2 = r0[x - 2] + r0[x + 2] + r4[x - 2] + r4[x + 2];
        int kn = r0[x - 1] + r0[x + 1] + r4[x - 1] + r4[x + 1] + r1[x - 2] + r1[x + 2] +
                 r3[x - 2] + r3[x + 2];
        uint32_t n5 = (uint32_t)(2 * (k.r5c * c2 + k.r5x * x2 + k.r5cx * kn) + k.w5);
        int s5 = (int)(((uint64_t)n5 * k.d5.m) >> k.d5.s);
        s5 = k.w5 ? s5 : p;
        int v = p + avs_asr(((p - s3) + (p - s5)) * gain * la + 256, 9);
        v = v < 0 ? 0 : v > 1020 ? 1020 : v;
        dst[x] = (uint16_t)(v << 6);
    }
}

#undef AVS_IEF_LA
#undef AVS_IEF_S3
#undef AVS_IEF_CAT
#undef AVS_IEF_CAT2
