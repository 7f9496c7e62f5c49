/* Run-time choice of the SIMD kernels: which instruction sets the CPU has,
 * narrowed by the G7SF_CPU environment variable ("c", "sse4.1", "avx2":
 * use nothing beyond that set), so benches and tests can force the C paths. */
#ifndef G7SF_CORE_CPU_H
#define G7SF_CORE_CPU_H

enum cpu_flag {
    CPU_SSE41 = 1u << 0,
    CPU_AVX2 = 1u << 1,
};

/* What the CPU (and OS) supports; 0 on non-x86. */
unsigned cpu_flags_host(void);

/* cpu_flags_host() limited by G7SF_CPU (an unknown value limits nothing). */
unsigned cpu_flags(void);

/* The widest set in flags: "avx2", "sse4.1" or "c". */
const char *cpu_name(unsigned flags);

/* Whether the x86 kernels are compiled in. */
#if defined(__x86_64__) || defined(__i386__)
#define CPU_X86 1
#else
#define CPU_X86 0
#endif

#endif
