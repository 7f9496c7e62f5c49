/* Every state structure, in PRM order: X(NAME) for each g7sf_desc_NAME. */
#ifndef G7SF_CORE_STATE_LIST_H
#define G7SF_CORE_STATE_LIST_H

#define G7SF_STATE_LIST(X) \
    X(RENDER_SURFACE_STATE) \
    X(MEDIA_SURFACE_STATE) \
    X(BINDING_TABLE_STATE) \
    X(SAMPLER_STATE) \
    X(SAMPLER_STATE_8X8) \
    X(SAMPLER_STATE_DI) \
    X(SAMPLER_8x8_STATE)

#endif
