/* CPU feature detection for the kernel tables (src/media/dsp.c). */
#include <stdlib.h>
#include <string.h>

#include "cpu.h"

unsigned cpu_flags_host(void)
{
    unsigned f = 0;
#if CPU_X86
    __builtin_cpu_init();
    if (__builtin_cpu_supports("sse4.1"))
        f |= CPU_SSE41;
    /* the AVX2 kernels use SSE4.1 instructions on their 128-bit halves too */
    if ((f & CPU_SSE41) && __builtin_cpu_supports("avx2"))
        f |= CPU_AVX2;
#endif
    return f;
}

unsigned cpu_flags(void)
{
    unsigned f = cpu_flags_host();
    const char *env = getenv("G7SF_CPU");
    if (!env)
        return f;
    if (!strcmp(env, "c"))
        return 0;
    if (!strcmp(env, "sse4.1"))
        return f & CPU_SSE41;
    return f;
}

const char *cpu_name(unsigned flags)
{
    return flags & CPU_AVX2 ? "avx2" : flags & CPU_SSE41 ? "sse4.1" : "c";
}
