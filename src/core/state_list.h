/* Every state structure, in PRM order: X(NAME) for each g7sf_desc_NAME. */
#ifndef G7SF_CORE_STATE_LIST_H
#define G7SF_CORE_STATE_LIST_H

#define G7SF_STATE_LIST(X) \
    X(RENDER_SURFACE_STATE) \
    X(BINDING_TABLE_STATE) \
    X(SAMPLER_STATE) \
    X(COLOR_PROCESSING_STATE)

#endif
