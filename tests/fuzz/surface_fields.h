/* The g7sf_surface members fuzz_surface reads from its input (mode 1), in
 * order, each a u32; the seed recorder writes them the same way. */
#ifndef G7SF_FUZZ_SURFACE_FIELDS_H
#define G7SF_FUZZ_SURFACE_FIELDS_H

#define SURFACE_FIELDS(X)                                                       \
    X(type) X(tiling) X(base) X(pitch) X(width) X(height) X(depth) X(levels)    \
    X(bpb) X(block_w) X(block_h) X(halign) X(valign) X(array_spacing)           \
    X(samples) X(msfmt) X(x_offset) X(y_offset) X(mcs_enable) X(mcs_base)       \
    X(mcs_pitch) X(planar) X(uv_x_offset) X(uv_y_offset)

#endif
