#include <string.h>

#include "dp_api_setup.h"
#include "gpu_setup.h"

g7sf_render_surface_state dpa_buffer_ss(unsigned surftype, unsigned format, uint32_t base,
                                        uint32_t entries, uint32_t pitch)
{
    uint32_t n = entries - 1;
    return (g7sf_render_surface_state){
        .surface_type = surftype,
        .surface_format = format,
        .surface_base_address = base,
        .width = n & 0x7F,
        .height = (n >> 7) & 0x3FFF,
        .depth = n >> 21,
        .surface_pitch = pitch - 1,
    };
}

g7sf_render_surface_state dpa_image_ss(unsigned surftype, unsigned format, uint32_t base,
                                       uint32_t w, uint32_t h, uint32_t d, uint32_t pitch)
{
    return (g7sf_render_surface_state){
        .surface_type = surftype,
        .surface_format = format,
        .surface_base_address = base,
        .surface_array = surftype != G7SF_SURFTYPE_3D && d > 1,
        .surface_vertical_alignment = G7SF_VALIGN_2,
        .surface_horizontal_alignment = G7SF_HALIGN_4,
        .width = w - 1,
        .height = h - 1,
        .depth = d - 1,
        .surface_pitch = pitch - 1,
        .number_of_multisamples = G7SF_MULTISAMPLECOUNT_1,
    };
}

void dpa_fill(g7sf_gpu *gpu, uint32_t addr, unsigned dwords, uint32_t first)
{
    for (unsigned i = 0; i < dwords; i++)
        t_poke(gpu, addr + 4 * i, first + i);
}

void dpa_fill_bytes(g7sf_gpu *gpu, uint32_t addr, unsigned bytes, uint8_t first)
{
    for (unsigned i = 0; i < bytes; i++) {
        uint8_t b = (uint8_t)(first + i);
        g7sf_mem_write(gpu, addr + i, &b, 1);
    }
}

uint8_t dpa_peek8(g7sf_gpu *gpu, uint32_t addr)
{
    uint8_t b = 0;
    g7sf_mem_read(gpu, addr, &b, 1);
    return b;
}

void dpa_set(uint32_t *dst, unsigned n, uint32_t v)
{
    for (unsigned i = 0; i < n; i++)
        dst[i] = v;
}

uint32_t dpa_f2u(float f)
{
    uint32_t u;
    memcpy(&u, &f, 4);
    return u;
}
