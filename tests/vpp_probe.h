/* Whether the built gen7sf-vpp can deinterlace: false while the library
 * still holds the deinterlacer's placeholder (G7SF_ENOTIMPL).  Tests that
 * need deinterlacing skip, with this reason, rather than fail. */
#ifndef G7SF_TEST_VPP_PROBE_H
#define G7SF_TEST_VPP_PROBE_H

#include <stdbool.h>

#define VPP_NO_DI "the deinterlacer is not in this build yet (g7sf_di_block: not implemented)"

bool t_vpp_can_deinterlace(void);

#endif
