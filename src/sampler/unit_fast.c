/* The fast formats (inplace.h decodes them): which formats, the tables of
 * their UNORM8 and sRGB8 channels, and the switch to the reference path. */
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#include "core/cpu.h"
#include "core/format_conv.h"
#include "smp.h"

/* -1 until first asked: then G7SF_CPU=c's answer, or what a test set. */
static int reference_path = -1;

bool smp_reference(void)
{
    int r = __atomic_load_n(&reference_path, __ATOMIC_RELAXED);
    if (r < 0) {
        const char *env = getenv("G7SF_CPU");
        r = env && !strcmp(env, "c");
        __atomic_store_n(&reference_path, r, __ATOMIC_RELAXED);
    }
    return r;
}

void smp_set_reference(bool on)
{
    __atomic_store_n(&reference_path, on ? 1 : 0, __ATOMIC_RELAXED);
}

/* -1 until first asked: then whether the CPU has AVX2 and G7SF_CPU
 * allows it, or what a test set. */
static int lanes_avx2 = -1;

bool smp_lanes_avx2(void)
{
    int r = __atomic_load_n(&lanes_avx2, __ATOMIC_RELAXED);
    if (r < 0) {
        r = (cpu_flags() & CPU_AVX2) != 0;
        __atomic_store_n(&lanes_avx2, r, __ATOMIC_RELAXED);
    }
    return r;
}

bool smp_lanes_avx2_available(void)
{
    return (cpu_flags() & CPU_AVX2) != 0;
}

void smp_set_lanes_avx2(bool on)
{
    __atomic_store_n(&lanes_avx2, on && smp_lanes_avx2_available() ? 1 : 0, __ATOMIC_RELAXED);
}

/* per thread: a shared counter would be a cache line all threads write */
_Thread_local unsigned long smp_lanes_count;

unsigned long smp_lanes_groups(void)
{
    return smp_lanes_count;
}

unsigned smp_fast_kind(unsigned format)
{
    switch (format) {
    case G7SF_FORMAT_R8G8B8A8_UNORM:      return SMP_FAST_RGBA8;
    case G7SF_FORMAT_B8G8R8A8_UNORM:      return SMP_FAST_BGRA8;
    case G7SF_FORMAT_R8G8B8A8_UNORM_SRGB: return SMP_FAST_RGBA8_SRGB;
    case G7SF_FORMAT_B8G8R8A8_UNORM_SRGB: return SMP_FAST_BGRA8_SRGB;
    case G7SF_FORMAT_R32_FLOAT:           return SMP_FAST_R32F;
    case G7SF_FORMAT_R32G32B32A32_FLOAT:  return SMP_FAST_RGBA32F;
    case G7SF_FORMAT_R16G16B16A16_FLOAT:  return SMP_FAST_RGBA16F;
    case G7SF_FORMAT_R24_UNORM_X8_TYPELESS: return SMP_FAST_R24X8;
    default:                              return SMP_FAST_NONE;
    }
}

/* UNORM8 to float and sRGB UNORM8 to linear float, by table: the values of
 * conv_unorm_to_float and conv_srgb_unorm_to_linear, filled once
 * (smp_fast_init, before any decode). */
float smp_unorm8_table[256], smp_srgb8_table[256];
static pthread_once_t tables_once = PTHREAD_ONCE_INIT;

static void tables_init(void)
{
    for (unsigned v = 0; v < 256; v++) {
        smp_unorm8_table[v] = conv_unorm_to_float(v, 8);
        smp_srgb8_table[v] = conv_srgb_unorm_to_linear(v, 8);
    }
}

void smp_fast_init(void)
{
    pthread_once(&tables_once, tables_init);
}
