# gen7sf — GNU Make, C11.  See README.md.
#   make            library (build/libgen7sf.{a,so}) and tools (build/<tool>)
#   make check      build and run every test
#   make demo       run the main job on bundled input
#   make bench      benchmarks
#   make install PREFIX=/usr/local
#   make SAN=1      AddressSanitizer + UndefinedBehaviorSanitizer build (in build-san/)
#   make fuzz       build the fuzz targets (tests/fuzz/fuzz_*.c) with clang and libFuzzer
#                   in build-fuzz/ and run each FUZZ_TIME seconds (default 60) on a copy
#                   of its seed corpus in build-fuzz/work/; prints executions, coverage
#                   and findings per target (FUZZ_TARGETS="state png" picks targets,
#                   FUZZ_FLAGS passes libFuzzer options).  make check replays every
#                   seed corpus (tests/fuzz/corpus/) and every fixed finding
#                   (tests/fuzz/regress/) through every target with $(CC).
#   make fuzz-corpus  regenerate tests/fuzz/corpus/ from the tests (tests/fuzz/seeds/)

SAN     ?=
BUILD   ?= $(if $(SAN),build-san,build)
PREFIX  ?= /usr/local
CC      ?= cc
OPT     ?= -O3
CFLAGS  ?= $(OPT) -g
WERROR  ?= -Werror
WARN    := -Wall -Wextra -Wshadow -Wvla -Wstrict-prototypes -Wmissing-prototypes $(WERROR)
# float-cast-overflow: gcc's "undefined" leaves out NaN / out-of-range float
# to integer conversions (undefined behaviour clang exploits); the library
# never divides a float by zero on purpose either.
comma := ,
SANOPTS := -fsanitize=address,undefined,float-cast-overflow,float-divide-by-zero \
           -fno-sanitize-recover=all -fno-omit-frame-pointer
# FUZZ=1 (set by make fuzz, with CC=clang): the same checks, and everything
# instrumented for libFuzzer
FUZZOPTS:= $(subst -fsanitize=,-fsanitize=fuzzer-no-link$(comma),$(SANOPTS))
SANFLAGS:= $(if $(FUZZ),$(FUZZOPTS),$(if $(SAN),$(SANOPTS)))
# libpng: PNG stills in the tools' library (tools/lib/png_write.c)
PNG_CFLAGS := $(shell pkg-config --cflags libpng 2>/dev/null)
PNG_LIBS   := $(shell pkg-config --libs libpng 2>/dev/null || echo -lpng)
# -ffp-contract=off after CFLAGS: a * b + c stays two roundings whatever
# -march allows, so the sampler's fast paths equal its reference bit for bit
# (docs/spec-notes.md, "Sampler fast paths"); clang would fuse otherwise.
ALL_CFLAGS := -std=c11 -D_DEFAULT_SOURCE $(WARN) $(CFLAGS) -ffp-contract=off $(SANFLAGS) -fPIC -Iinclude $(PNG_CFLAGS) -MMD -MP
LDLIBS  := -lm -lpthread
VERSION := 0.1.0

LIB_SRC  := $(sort $(wildcard src/*/*.c))
LIB_OBJ  := $(LIB_SRC:%.c=$(BUILD)/%.o)
TOOL_LIB_SRC := $(sort $(wildcard tools/lib/*.c))
TOOL_LIB_OBJ := $(TOOL_LIB_SRC:%.c=$(BUILD)/%.o)
TOOLS    := $(patsubst tools/%.c,$(BUILD)/%,$(sort $(wildcard tools/gen7sf-*.c)))
TEST_SRC := $(sort $(wildcard tests/test_*.c))
TESTS    := $(patsubst tests/%.c,$(BUILD)/tests/%,$(TEST_SRC))
TEST_LIB_SRC := $(filter-out tests/test_%,$(wildcard tests/*.c))
TEST_LIB_OBJ := $(TEST_LIB_SRC:%.c=$(BUILD)/%.o)
EXAMPLES := $(patsubst examples/%.c,$(BUILD)/examples/%,$(sort $(wildcard examples/*.c)))
DEMOS    := $(patsubst demo/%.c,$(BUILD)/demo/%,$(sort $(wildcard demo/*.c)))
BENCH_SRC := $(sort $(wildcard bench/bench_*.c))
BENCHES  := $(patsubst bench/%.c,$(BUILD)/bench/%,$(BENCH_SRC))
# quality/*.c: the quality corpus programs (make quality)
QUALITY  := $(patsubst quality/%.c,$(BUILD)/quality/%,$(sort $(wildcard quality/*.c)))
# Fuzz targets: tests/fuzz/fuzz_NAME.c, seeds in tests/fuzz/corpus/NAME/ (a
# target may read more corpora: FUZZ_CORPORA_NAME); the other tests/fuzz/*.c
# are their helpers.  $(BUILD)/tests/fuzz_NAME is the target with replay.c's
# main(), run by make check.
FUZZ_SRC := $(sort $(wildcard tests/fuzz/fuzz_*.c))
FUZZ_NAMES := $(FUZZ_SRC:tests/fuzz/fuzz_%.c=%)
FUZZ_LIB_SRC := $(filter-out $(FUZZ_SRC) tests/fuzz/replay.c,$(wildcard tests/fuzz/*.c))
FUZZ_LIB_OBJ := $(FUZZ_LIB_SRC:%.c=$(BUILD)/%.o)
FUZZ_REPLAYS := $(FUZZ_NAMES:%=$(BUILD)/tests/fuzz_%)
FUZZ_CORPORA_send_all := send_all send_sampler send_dataport send_media
FUZZ_CORPORA_send_media_c := send_media
# seeds (tests/fuzz/corpus/, made by make fuzz-corpus) and the inputs of
# fixed findings (tests/fuzz/regress/, added by hand)
fuzz_corpora = $(foreach d,corpus regress,$(addprefix tests/fuzz/$(d)/,$(or $(FUZZ_CORPORA_$(1)),$(1))))
# make fuzz-corpus: the tests of tests/fuzz/seeds/cases linked with the seed
# recorder, which wraps these library entry points
SEED_REC_OBJ := $(patsubst %.c,$(BUILD)/%.o,tests/fuzz/seeds/recorder.c \
		tests/fuzz/seeds/sample_seed.c tests/fuzz/seeds/seed_out.c)
SEED_WRAPS := g7sf_send g7sf_sample g7sf_gpu_destroy g7sf_sampler_command \
		g7sf_render_cache_command g7sf_state_unpack g7sf_texel_decode g7sf_texel_encode \
		g7sf_surface_from_state g7sf_surface_validate
SEED_TESTS := $(shell sed -n 's/^\(test_[a-z0-9_]*\) .*/\1/p' tests/fuzz/seeds/cases | sort -u)
empty :=
space := $(empty) $(empty)

.PHONY: all check demo bench quality install clean fuzz fuzz-bins fuzz-corpus
all: $(BUILD)/libgen7sf.a $(BUILD)/libgen7sf.so $(TOOLS) $(EXAMPLES)

# Before the first compile: what the build needs, installed or named
# (.ci/deps; with CC=clang also clang's sanitizer and fuzzer runtimes).
$(BUILD)/.deps: .ci/deps
	@mkdir -p $(BUILD)
	@bash .ci/deps $(if $(findstring clang,$(CC)),clang)
	@touch $@

# Objects rebuild when the compiler or the flags change: $(BUILD)/.flags
# holds them and is rewritten only when they differ.
FLAGS_TEXT := $(CC) $(ALL_CFLAGS) -fvisibility=hidden
$(BUILD)/.flags: FORCE | $(BUILD)/.deps
	@echo '$(FLAGS_TEXT)' | cmp -s - $@ || echo '$(FLAGS_TEXT)' > $@
.PHONY: FORCE
FORCE:

$(BUILD)/%.o: %.c $(BUILD)/.flags | $(BUILD)/.deps
	@mkdir -p $(dir $@)
	$(CC) $(ALL_CFLAGS) -Isrc -Itools/lib -c $< -o $@

# the one place the version is written down (tools/lib/cli.c prints it)
$(BUILD)/tools/lib/cli.o: ALL_CFLAGS += -DG7SF_VERSION='"$(VERSION)"'
$(BUILD)/tools/lib/cli.o: Makefile

# The library exports what the public headers mark G7SF_API and nothing
# else (tests/test_exports.c).  The tools, tests and benchmarks link the
# static archive, where visibility changes nothing: they may still call
# internal functions.
$(LIB_OBJ): ALL_CFLAGS += -fvisibility=hidden

$(BUILD)/libgen7sf.a: $(LIB_OBJ)
	@rm -f $@
	$(AR) rcs $@ $^

$(BUILD)/libgen7sf.so: $(LIB_OBJ)
	$(CC) -shared $(SANFLAGS) -Wl,-soname,libgen7sf.so.0 -o $@ $^ $(LDLIBS)
# test_exports reads the .so (it links the archive as the other tests do)
$(BUILD)/tests/test_exports: | $(BUILD)/libgen7sf.so

$(BUILD)/gen7sf-%: $(BUILD)/tools/gen7sf-%.o $(TOOL_LIB_OBJ) $(BUILD)/libgen7sf.a
	$(CC) $(SANFLAGS) -o $@ $^ $(PNG_LIBS) $(LDLIBS)

$(BUILD)/tests/%: $(BUILD)/tests/%.o $(TEST_LIB_OBJ) $(TOOL_LIB_OBJ) $(BUILD)/libgen7sf.a
	$(CC) $(SANFLAGS) -o $@ $^ $(PNG_LIBS) $(LDLIBS)

# demo/*.c: programs make demo runs (not installed)
$(BUILD)/demo/%: $(BUILD)/demo/%.o $(TOOL_LIB_OBJ) $(BUILD)/libgen7sf.a
	$(CC) $(SANFLAGS) -o $@ $^ $(PNG_LIBS) $(LDLIBS)

$(BUILD)/quality/%: $(BUILD)/quality/%.o $(TOOL_LIB_OBJ) $(BUILD)/libgen7sf.a
	$(CC) $(SANFLAGS) -o $@ $^ $(PNG_LIBS) $(LDLIBS)

# The corpus's photographs (quality/fetch-photos: Debian's python3-skimage
# data, best effort; without them the photo clips are skipped with why)
$(BUILD)/photos/.fetched: quality/fetch-photos | $(BUILD)/.deps
	@sh quality/fetch-photos $(BUILD)/photos
	@touch $@

$(BUILD)/examples/%: $(BUILD)/examples/%.o $(BUILD)/libgen7sf.a
	$(CC) $(SANFLAGS) -o $@ $^ $(LDLIBS)

$(BUILD)/bench/%: $(BUILD)/bench/%.o $(BUILD)/libgen7sf.a
	$(CC) $(SANFLAGS) -o $@ $^ $(LDLIBS)
# bench_sampler also times Mesa's llvmpipe, loaded at run time by tests/mesa_gl.c
$(BUILD)/bench/bench_sampler: $(BUILD)/tests/mesa_gl.o

# Fuzz targets with replay.c's main(): each replays its corpora (FUZZ_CORPUS)
$(FUZZ_NAMES:%=$(BUILD)/tests/fuzz/replay_%.o): $(BUILD)/tests/fuzz/replay_%.o: tests/fuzz/replay.c \
		| $(BUILD)/.deps
	@mkdir -p $(dir $@)
	$(CC) $(ALL_CFLAGS) -DFUZZ_CORPUS='"$(subst $(space),:,$(call fuzz_corpora,$*))"' -c $< -o $@
$(FUZZ_REPLAYS): $(BUILD)/tests/fuzz_%: $(BUILD)/tests/fuzz/fuzz_%.o $(BUILD)/tests/fuzz/replay_%.o \
		$(FUZZ_LIB_OBJ) $(TOOL_LIB_OBJ) $(BUILD)/libgen7sf.a
	$(CC) $(SANFLAGS) -o $@ $^ $(PNG_LIBS) $(LDLIBS)

# Tests run from the top directory; tests/run sums their closing lines.
check: all $(TESTS) $(FUZZ_REPLAYS) $(QUALITY) $(BUILD)/photos/.fetched
	@BUILD=$(BUILD) sh tests/run $(TESTS) $(FUZZ_REPLAYS)

# libFuzzer builds (FUZZ=1 CC=clang BUILD=build-fuzz, from make fuzz)
$(FUZZ_NAMES:%=$(BUILD)/fuzz/fuzz_%): $(BUILD)/fuzz/fuzz_%: $(BUILD)/tests/fuzz/fuzz_%.o $(FUZZ_LIB_OBJ) $(TOOL_LIB_OBJ) $(BUILD)/libgen7sf.a
	@mkdir -p $(dir $@)
	$(CC) $(SANFLAGS) -fsanitize=fuzzer -o $@ $^ $(PNG_LIBS) $(LDLIBS)
FUZZ_TARGETS ?= $(FUZZ_NAMES)
fuzz-bins: $(FUZZ_TARGETS:%=$(BUILD)/fuzz/fuzz_%)

$(SEED_TESTS:%=$(BUILD)/seeds/%): $(BUILD)/seeds/%: $(BUILD)/tests/%.o $(SEED_REC_OBJ) \
		$(TEST_LIB_OBJ) $(TOOL_LIB_OBJ) $(BUILD)/libgen7sf.a
	@mkdir -p $(dir $@)
	$(CC) $(SANFLAGS) $(addprefix -Wl$(comma)--wrap=,$(SEED_WRAPS)) -o $@ $^ $(PNG_LIBS) $(LDLIBS)
$(BUILD)/seeds/file_seeds: $(BUILD)/tests/fuzz/seeds/file_seeds.o $(TOOL_LIB_OBJ) $(BUILD)/libgen7sf.a
	@mkdir -p $(dir $@)
	$(CC) $(SANFLAGS) -o $@ $^ $(PNG_LIBS) $(LDLIBS)
fuzz-corpus: $(SEED_TESTS:%=$(BUILD)/seeds/%) $(BUILD)/seeds/file_seeds
	@sh tests/fuzz/seeds/make-corpus $(BUILD)

FUZZ_TIME ?= 60
fuzz:
	@bash .ci/deps clang
	@$(MAKE) --no-print-directory BUILD=build-fuzz CC=clang FUZZ=1 OPT=-O2 \
	    FUZZ_TARGETS="$(FUZZ_TARGETS)" fuzz-bins
	@FUZZ_TIME=$(FUZZ_TIME) sh tests/fuzz/run build-fuzz $(foreach t,$(FUZZ_TARGETS),\
	    $(t)=$(subst $(space),:,$(call fuzz_corpora,$(t))))

demo: all $(DEMOS)
	@BUILD=$(BUILD) sh demo/run

bench: $(BENCHES) $(TOOLS)
	@for b in $(BENCHES); do $$b || exit 1; done
	@G7SF_CPU=c $(BUILD)/bench/bench_vpp
	@echo "bench_sampler with G7SF_CPU=c (the reference path, for the fast paths' gain):"
	@G7SF_CPU=c $(BUILD)/bench/bench_sampler

# the whole corpus, beside FFmpeg's deinterlacers when ffmpeg is installed
# (make check runs its small form: tests/test_corpus.c); then the scaler on
# the photographs, beside swscale's bicubic and lanczos; then the colour pipe
# (--procamp, --csc) beside ffmpeg's eq, hue, colormatrix and colorspace
quality: $(QUALITY) $(BUILD)/photos/.fetched
	@$(BUILD)/quality/vpp_corpus --photos $(BUILD)/photos
	@$(BUILD)/quality/scale_quality --photos $(BUILD)/photos
	@$(BUILD)/quality/iecp_vs_ffmpeg

install: all
	install -d $(DESTDIR)$(PREFIX)/include/gen7sf $(DESTDIR)$(PREFIX)/lib/pkgconfig \
	    $(DESTDIR)$(PREFIX)/bin $(DESTDIR)$(PREFIX)/share/man/man1
	install -m 644 include/gen7sf/*.h $(DESTDIR)$(PREFIX)/include/gen7sf/
	install -m 644 $(BUILD)/libgen7sf.a $(DESTDIR)$(PREFIX)/lib/
	install -m 755 $(BUILD)/libgen7sf.so $(DESTDIR)$(PREFIX)/lib/libgen7sf.so.$(VERSION)
	ln -sf libgen7sf.so.$(VERSION) $(DESTDIR)$(PREFIX)/lib/libgen7sf.so.0
	ln -sf libgen7sf.so.0 $(DESTDIR)$(PREFIX)/lib/libgen7sf.so
	install -m 755 $(TOOLS) $(DESTDIR)$(PREFIX)/bin/
	sed -e 's|@PREFIX@|$(PREFIX)|g' -e 's|@VERSION@|$(VERSION)|g' gen7sf.pc.in \
	    > $(DESTDIR)$(PREFIX)/lib/pkgconfig/gen7sf.pc
	install -m 644 docs/man/*.1 $(DESTDIR)$(PREFIX)/share/man/man1/

clean:
	rm -rf build build-san build-fuzz

.SECONDARY:
-include $(shell find $(BUILD) -name '*.d' 2>/dev/null)
