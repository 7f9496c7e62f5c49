/* Surface Format codes and names (§2.12.2.1.1), for printing and parsing
 * the Surface Format field.  The representative subset listed in the notes;
 * the whole table is filled in with the format layer. */
#include "gen7sf/state.h"

const g7sf_enum g7sf_en_surface_format[] = {
    {0x000, "R32G32B32A32_FLOAT"}, {0x0C0, "B8G8R8A8_UNORM"}, {0x0C1, "B8G8R8A8_UNORM_SRGB"},
    {0x0C7, "R8G8B8A8_UNORM"}, {0x0D3, "R11G11B10_FLOAT"}, {0x0D8, "R32_FLOAT"},
    {0x0ED, "R9G9B9E5_SHAREDEXP"}, {0x100, "B5G6R5_UNORM"}, {0x140, "R8_UNORM"},
    {0x14B, "P8_UNORM_PALETTE0"}, {0x182, "YCRCB_NORMAL"}, {0x186, "BC1_UNORM"},
    {0x18E, "MONO8"}, {0x192, "FXT1"}, {0x1A2, "BC7_UNORM"}, {0x1FF, "RAW"}, {0, 0} };
