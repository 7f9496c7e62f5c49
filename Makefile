# gen7sf — GNU Make, C11.  See README.md.
#   make            library (build/libgen7sf.{a,so}) and tools (build/<tool>)
#   make check      build and run every test
#   make demo       run the main job on bundled input
#   make bench      benchmarks
#   make install PREFIX=/usr/local
#   make SAN=1      AddressSanitizer + UndefinedBehaviorSanitizer build (in build-san/)

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
SANOPTS := -fsanitize=address,undefined,float-cast-overflow,float-divide-by-zero \
           -fno-sanitize-recover=all -fno-omit-frame-pointer
SANFLAGS:= $(if $(SAN),$(SANOPTS))
# libpng: PNG stills in the tools' library (tools/lib/png_write.c)
PNG_CFLAGS := $(shell pkg-config --cflags libpng 2>/dev/null)
PNG_LIBS   := $(shell pkg-config --libs libpng 2>/dev/null || echo -lpng)
ALL_CFLAGS := -std=c11 -D_DEFAULT_SOURCE $(WARN) $(CFLAGS) $(SANFLAGS) -fPIC -Iinclude $(PNG_CFLAGS) -MMD -MP
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

.PHONY: all check demo bench install clean
all: $(BUILD)/libgen7sf.a $(BUILD)/libgen7sf.so $(TOOLS) $(EXAMPLES)

# Before the first compile: what the build needs, installed or named
# (.ci/deps; with CC=clang also clang's sanitizer and fuzzer runtimes).
$(BUILD)/.deps: .ci/deps
	@mkdir -p $(BUILD)
	@bash .ci/deps $(if $(findstring clang,$(CC)),clang)
	@touch $@

$(BUILD)/%.o: %.c | $(BUILD)/.deps
	@mkdir -p $(dir $@)
	$(CC) $(ALL_CFLAGS) -Isrc -Itools/lib -c $< -o $@

# the one place the version is written down (tools/lib/cli.c prints it)
$(BUILD)/tools/lib/cli.o: ALL_CFLAGS += -DG7SF_VERSION='"$(VERSION)"'
$(BUILD)/tools/lib/cli.o: Makefile

$(BUILD)/libgen7sf.a: $(LIB_OBJ)
	@rm -f $@
	$(AR) rcs $@ $^

$(BUILD)/libgen7sf.so: $(LIB_OBJ)
	$(CC) -shared $(SANFLAGS) -Wl,-soname,libgen7sf.so.0 -o $@ $^ $(LDLIBS)

$(BUILD)/gen7sf-%: $(BUILD)/tools/gen7sf-%.o $(TOOL_LIB_OBJ) $(BUILD)/libgen7sf.a
	$(CC) $(SANFLAGS) -o $@ $^ $(PNG_LIBS) $(LDLIBS)

$(BUILD)/tests/%: $(BUILD)/tests/%.o $(TEST_LIB_OBJ) $(TOOL_LIB_OBJ) $(BUILD)/libgen7sf.a
	$(CC) $(SANFLAGS) -o $@ $^ $(PNG_LIBS) $(LDLIBS)

# demo/*.c: programs make demo runs (not installed)
$(BUILD)/demo/%: $(BUILD)/demo/%.o $(TOOL_LIB_OBJ) $(BUILD)/libgen7sf.a
	$(CC) $(SANFLAGS) -o $@ $^ $(PNG_LIBS) $(LDLIBS)

$(BUILD)/examples/%: $(BUILD)/examples/%.o $(BUILD)/libgen7sf.a
	$(CC) $(SANFLAGS) -o $@ $^ $(LDLIBS)

$(BUILD)/bench/%: $(BUILD)/bench/%.o $(BUILD)/libgen7sf.a
	$(CC) $(SANFLAGS) -o $@ $^ $(LDLIBS)
# bench_sampler also times Mesa's llvmpipe, loaded at run time by tests/mesa_gl.c
$(BUILD)/bench/bench_sampler: $(BUILD)/tests/mesa_gl.o

# Tests run from the top directory; tests/run sums their closing lines.
check: all $(TESTS)
	@BUILD=$(BUILD) sh tests/run $(TESTS)

demo: all $(DEMOS)
	@BUILD=$(BUILD) sh demo/run

bench: $(BENCHES)
	@for b in $(BENCHES); do $$b || exit 1; done
	@G7SF_CPU=c $(BUILD)/bench/bench_vpp

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
	rm -rf build build-san

.SECONDARY:
-include $(shell find $(BUILD) -name '*.d' 2>/dev/null)
