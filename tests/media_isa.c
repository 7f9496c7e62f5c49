/* The media kernel tests' instruction sets (media_isa.h). */
#include <stdio.h>

#include "core/cpu.h"
#include "media_isa.h"

const t_isa t_isa_c = { "c", 0 };
const t_isa t_isa_sse41 = { "sse4.1", CPU_SSE41 };
const t_isa t_isa_avx2 = { "avx2", CPU_SSE41 | CPU_AVX2 };

bool t_isa_have(const t_isa *s)
{
    return !s->flags || (CPU_X86 && (cpu_flags_host() & s->flags) == s->flags);
}

bool t_table_for(const t_isa *s, media_dsp *d)
{
    if (!t_isa_have(s))
        return false;
    media_dsp_init(d, s->flags);
    printf("  covered: %s\n", s->name);
    return true;
}
