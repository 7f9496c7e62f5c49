/* Choosing the media kernels for the CPU (dsp.h). */
#include <pthread.h>

#include "core/cpu.h"
#include "dsp.h"

void media_dsp_init(media_dsp *d, unsigned flags)
{
    d->mcdi.search = mcdi_search_c;
    d->di.sdi_costs = di_sdi_costs_c;
    d->di.sdi_costs2 = di_sdi_costs2_c;
    d->di.angle_decide = di_angle_decide;
    d->di.stmm_measure = di_stmm_measure;
    d->di.sdi_finish = di_sdi_finish_c;
    d->dn.motion = dn_motion_c;
    d->dn.filter = dn_filter_c;
    d->fmd.grid = fmd_grid_c;
    /* MCDI per pixel and the final blend */
    d->px.smooth = mcdi_smoothness;
    d->px.compensate = mcdi_compensate_c;
    d->px.choose = mcdi_choose_c;
    d->px.blend = di_blend_line_c;
    /* chroma deinterlace */
    d->chroma.up = di_chroma_up_c;
    d->chroma.sdi = di_chroma_sdi_c;
    d->chroma.up_line = di_chroma_up_line_c;
    d->chroma.sdi_line = di_chroma_sdi_line_c;
    d->rows = sdi_rows_c;
    d->st_rows = stmm_rows_c;
    d->mc_rows = mcdi_rows_c;
    d->avs = (avs_dsp){ avs_hrow_c, avs_vrow_c, avs_ief_c };
#if CPU_X86
    if (flags & CPU_SSE41) {
        d->mcdi.search = mcdi_search_sse41;
        d->di.sdi_costs = di_sdi_costs_sse41;
        d->di.sdi_costs2 = di_sdi_costs2_sse41;
        d->di.angle_decide = di_angle_decide_sse41;
        d->di.stmm_measure = di_stmm_measure_sse41;
        d->di.sdi_finish = di_sdi_finish_sse41;
        d->dn.motion = dn_motion_sse41;
        d->dn.filter = dn_filter_sse41;
        d->fmd.grid = fmd_grid_sse41;
        d->px.smooth = mcdi_smooth_sse41;
        d->px.compensate = mcdi_compensate_sse41;
        d->px.choose = mcdi_choose_sse41;
        d->px.blend = di_blend_line_sse41;
        d->chroma.up = di_chroma_up_sse41;
        d->chroma.sdi = di_chroma_sdi_sse41;
    }
    if (flags & CPU_AVX2) {
        d->mcdi.search = mcdi_search_avx2;
        d->di.sdi_costs = di_sdi_costs_avx2;
        d->di.sdi_costs2 = di_sdi_costs2_avx2;
        d->di.angle_decide = di_angle_decide_avx2;
        d->di.stmm_measure = di_stmm_measure_avx2;
        d->di.sdi_finish = di_sdi_finish_avx2;
        d->dn.motion = dn_motion_avx2;
        d->dn.filter = dn_filter_avx2;
        d->fmd.grid = fmd_grid_avx2;
        d->px.smooth = mcdi_smooth_avx2;
        d->px.compensate = mcdi_compensate_avx2;
        d->px.choose = mcdi_choose_avx2;
        d->px.blend = di_blend_line_avx2;
        d->chroma.up = di_chroma_up_avx2;
        d->chroma.sdi = di_chroma_sdi_avx2;
        d->chroma.up_line = di_chroma_up_line_avx2;
        d->chroma.sdi_line = di_chroma_sdi_line_avx2;
        d->rows = sdi_rows_avx2;
        d->st_rows = stmm_rows_avx2;
        d->mc_rows = mcdi_rows_avx2;
        d->avs.hrow = avs_hrow_avx2;
        d->avs.vrow = avs_vrow_avx2;
        d->avs.ief = avs_ief_avx2;
    }
#else
    (void)flags;
#endif
}

static media_dsp table;
static pthread_once_t table_once = PTHREAD_ONCE_INIT;

static void table_init(void) { media_dsp_init(&table, cpu_flags()); }

const media_dsp *media_dsp_get(void)
{
    pthread_once(&table_once, table_init);
    return &table;
}
