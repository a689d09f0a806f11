# wyrm: a game engine for the Dragon family of board games.
# `make help` lists the targets.

CC      ?= cc
BUILD   ?= build
STD      = -std=c11 -D_DEFAULT_SOURCE -D_POSIX_C_SOURCE=200809L
WARN     = -Wall -Wextra -Wshadow
CPPFLAGS = -I.
OPT_release = -O3 -march=native -DNDEBUG
OPT_debug   = -O1 -g -fno-omit-frame-pointer -fsanitize=address,undefined -fno-sanitize-recover=all
OPT_tsan    = -O1 -g -fsanitize=thread
OPT_cov     = -O0 -g --coverage
# The fuzz build leaves out comparison tracing (trace-cmp): in bitboard code nearly every
# step is a 64-bit compare, and tracing them halved the executions per second
# (docs/reliability.md); the protocol target's dictionary supplies the words instead.
OPT_fuzz    = -O1 -g -march=native -fno-omit-frame-pointer \
              -fsanitize=fuzzer-no-link,address,undefined -fno-sanitize-recover=all \
              -fno-sanitize-coverage=trace-cmp
# The throughput fuzz build (`make fuzz FUZZ_MODE=fuzzfast`): the same coverage and
# UndefinedBehaviorSanitizer, no AddressSanitizer, -O2; what that gives up is in
# docs/reliability.md.
OPT_fuzzfast = -O2 -g -march=native -fno-omit-frame-pointer \
              -fsanitize=fuzzer-no-link,undefined -fno-sanitize-recover=all \
              -fno-sanitize-coverage=trace-cmp
MODE    ?= release
CFLAGS  ?= $(OPT_$(MODE))
ALL_CFLAGS = $(STD) $(WARN) $(CPPFLAGS) $(CFLAGS) -pthread -MMD -MP
LDLIBS   = -pthread -lm

OUT      = $(BUILD)/$(MODE)
LIB_SRC  = $(wildcard core/*.c movegen/*/*.c nnue/*.c eval/*.c games/*.c search/*.c engine/*.c \
                      bench/*.c protocol/*.c match/*.c learn/*.c)
LIB_SRC := $(filter-out engine/main.c engine/main_web.c,$(LIB_SRC))
TEST_SRC = $(wildcard tests/*.c)
LIB_OBJ  = $(LIB_SRC:%.c=$(OUT)/%.o)
MAIN_OBJ = $(OUT)/engine/main.o
TEST_OBJ = $(TEST_SRC:%.c=$(OUT)/%.o)

WYRM     = $(OUT)/wyrm
TESTS    = $(OUT)/wyrm-tests
# A scripted engine the match runner's tests play against (tests/fake/).
FAKE     = $(OUT)/fake-engine
FAKE_OBJ = $(OUT)/tests/fake/fake_engine.o

# Fuzz targets (tests/fuzz/, see docs/reliability.md): each links with replay.c into a
# plain program that `make test` runs over its committed corpus, and with clang's
# libFuzzer into a fuzzer that `make fuzz` runs for FUZZ_SECONDS each.
FUZZ_TARGETS = protocol fen move game
FUZZ_SECONDS ?= 60
FUZZ_FLAGS   ?=
FUZZ_COMMON  = $(OUT)/tests/fuzz/fuzz.o
REPLAYS      = $(FUZZ_TARGETS:%=$(OUT)/replay/%)
FUZZERS      = $(FUZZ_TARGETS:%=$(OUT)/fuzzer/%)
FUZZ_OBJ     = $(FUZZ_COMMON) $(OUT)/tests/fuzz/replay.o \
               $(FUZZ_TARGETS:%=$(OUT)/tests/fuzz/fuzz_%.o)
.SECONDARY: $(FUZZ_OBJ)

CHECK_CFLAGS = $(shell pkg-config --cflags check 2>/dev/null)
CHECK_LIBS   = $(shell pkg-config --libs check 2>/dev/null)

# The C files `make format` and `make format-check` cover: every tracked source and header.
FORMAT_SRC = $(shell git ls-files '*.c' '*.h' 2>/dev/null)

.PHONY: web format format-check all nets run play test test-only check-deps board-test pictures bench perft debug tsan \
        tsan-test pgo fuzz fuzz-run fit-tools clean help

all: wyrm

# Copy then rename: a plain cp fails ("Text file busy") while ./wyrm runs a match.
wyrm: $(WYRM)
	@cp $(WYRM) wyrm.new && mv -f wyrm.new wyrm

$(WYRM): $(LIB_OBJ) $(MAIN_OBJ)
	$(CC) $(ALL_CFLAGS) -o $@ $^ $(LDLIBS)

## fit-tools: the capture-search leaf finder the evaluation fits use (eval/fit/)
fit-tools: $(OUT)/fit-leaf

$(OUT)/fit-leaf: $(OUT)/eval/fit/leaf.o $(LIB_OBJ)
	$(CC) $(ALL_CFLAGS) -o $@ $^ $(LDLIBS)

$(OUT)/%.o: %.c
	@mkdir -p $(dir $@)
	$(CC) $(ALL_CFLAGS) -c $< -o $@

# A game's evaluation embeds nets/<game>.nnue when the file exists (nnue/embed.h). The
# list of the nets present is rewritten only when it changes, so an evaluation is rebuilt
# when its net comes or goes, not only when it changes.
NETS_LIST = $(BUILD)/nets.list
NETS      = $(sort $(wildcard nets/*.nnue))
$(NETS_LIST): FORCE
	@mkdir -p $(dir $@)
	@echo '$(NETS)' | cmp -s - $@ || echo '$(NETS)' > $@
FORCE:

.SECONDEXPANSION:
$(OUT)/eval/%.o: eval/%.c $$(wildcard nets/$$*.nnue) $(NETS_LIST)
	@mkdir -p $(dir $@)
	$(CC) $(ALL_CFLAGS) $(if $(wildcard nets/$*.nnue),-DWYRM_NET='"nets/$*.nnue"') -c $< -o $@

$(OUT)/tests/%.o: tests/%.c
	@mkdir -p $(dir $@)
	$(CC) $(ALL_CFLAGS) $(CHECK_CFLAGS) -c $< -o $@

$(TESTS): $(LIB_OBJ) $(TEST_OBJ)
	$(CC) $(ALL_CFLAGS) -o $@ $^ $(CHECK_LIBS) $(LDLIBS)

$(FAKE): $(LIB_OBJ) $(FAKE_OBJ)
	$(CC) $(ALL_CFLAGS) -o $@ $^ $(LDLIBS)

$(OUT)/replay/%: $(LIB_OBJ) $(FUZZ_COMMON) $(OUT)/tests/fuzz/fuzz_%.o $(OUT)/tests/fuzz/replay.o
	@mkdir -p $(dir $@)
	$(CC) $(ALL_CFLAGS) -o $@ $^ $(LDLIBS)

$(OUT)/fuzzer/%: $(LIB_OBJ) $(FUZZ_COMMON) $(OUT)/tests/fuzz/fuzz_%.o
	@mkdir -p $(dir $@)
	$(CC) $(ALL_CFLAGS) -fsanitize=fuzzer -o $@ $^ $(LDLIBS)

## nets: remake nets/$(GAME).nnue from nothing: self-play and training as nets/$(GAME).recipe says (hours)
nets: wyrm
	@test -n "$(GAME)" || { echo "usage: make nets GAME=<game>, one of: $(patsubst nets/%.recipe,%,$(wildcard nets/*.recipe))"; exit 2; }
	sh nets/make.sh $(GAME)
	@$(MAKE) --no-print-directory wyrm

## web: the board with the engine compiled to WebAssembly, in build/web/ (python3 -m http.server -d build/web)
# Debian's emscripten (docs/board.md says why this toolchain). Its emcc 3.1.6 runs on the
# machine's Node.js once NODE_PATH lets it find Debian's acorn. The engine is built twice,
# without threads (wyrm) and with them (wyrm-mt), both without match/ and learn/
# (processes and files a page has not got).
EMCC        ?= emcc
EMCC_RUN     = NODE_PATH=/usr/share/nodejs $(EMCC)
WEB          = $(BUILD)/web
WASM         = $(BUILD)/wasm
WASM_CFLAGS  = -O3 -msimd128 -DNDEBUG
WASM_ALL     = $(STD) $(WARN) $(CPPFLAGS) $(WASM_CFLAGS) -MMD -MP
WEB_SRC      = $(filter-out match/% learn/%,$(LIB_SRC)) engine/main_web.c
WEB_OBJ      = $(WEB_SRC:%.c=$(WASM)/%.o)
WEB_STATIC   = $(shell find board/static -type f)
WASM_LDFLAGS = -sMODULARIZE=1 -sEXPORT_NAME=createWyrm -sENVIRONMENT=worker \
               -sALLOW_MEMORY_GROWTH=1 -sINITIAL_MEMORY=64MB -sTOTAL_STACK=8MB \
               -sEXPORTED_FUNCTIONS=_main,_wyrm_web_start,_wyrm_web_line \
               -sEXPORTED_RUNTIME_METHODS=ccall -sEXIT_RUNTIME=0
# The threaded build (wyrm-mt), for pages that are cross-origin isolated. Its threads are
# workers started by the engine's own worker, which the browser can only start while that
# worker is free to load them; so they are all started with the engine
# (PTHREAD_POOL_SIZE), enough for the page's at most 4 search threads and the hash
# clearing's helpers (docs/board.md).
WASM_MT      = $(BUILD)/wasm-mt
WEB_MT_OBJ   = $(WEB_SRC:%.c=$(WASM_MT)/%.o)
WASM_MT_LDFLAGS = $(WASM_LDFLAGS) -sPTHREAD_POOL_SIZE=8 -Wno-pthreads-mem-growth

web: $(WEB)/wyrm.js $(WEB)/wyrm-mt.js $(WEB_STATIC:board/static/%=$(WEB)/%)

$(WEB)/wyrm.js: $(WEB_OBJ)
	@mkdir -p $(dir $@)
	$(EMCC_RUN) $(WASM_ALL) -o $@ $^ $(WASM_LDFLAGS)

$(WEB)/wyrm-mt.js: $(WEB_MT_OBJ)
	@mkdir -p $(dir $@)
	$(EMCC_RUN) $(WASM_ALL) -pthread -o $@ $^ $(WASM_MT_LDFLAGS)

$(WEB)/%: board/static/%
	@mkdir -p $(dir $@)
	cp $< $@

$(WASM)/%.o: %.c
	@command -v $(EMCC) >/dev/null || \
	  { echo "make web needs emscripten: run 'sudo apt-get install emscripten'"; exit 1; }
	@mkdir -p $(dir $@)
	$(EMCC_RUN) $(WASM_ALL) -c $< -o $@

$(WASM_MT)/%.o: %.c
	@command -v $(EMCC) >/dev/null || \
	  { echo "make web needs emscripten: run 'sudo apt-get install emscripten'"; exit 1; }
	@mkdir -p $(dir $@)
	$(EMCC_RUN) $(WASM_ALL) -pthread -c $< -o $@

# A net as a C array for the WebAssembly build (nnue/embed.h): od prints the bytes.
$(WASM)/nets/%.h: nets/%.nnue
	@mkdir -p $(dir $@)
	{ echo 'static const unsigned char nnue_net_bytes[] = {'; \
	  od -An -v -tu1 $< | sed 's/  */,/g; s/^,//; s/$$/,/'; echo '};'; } > $@

$(filter $(WASM)/eval/%,$(WEB_OBJ)): $(WASM)/eval/%.o: eval/%.c $$(if $$(wildcard nets/$$*.nnue),$(WASM)/nets/$$*.h) $(NETS_LIST)
	@mkdir -p $(dir $@)
	$(EMCC_RUN) $(WASM_ALL) $(if $(wildcard nets/$*.nnue),-DWYRM_NET_ARRAY='"$(WASM)/nets/$*.h"') -c $< -o $@

$(filter $(WASM_MT)/eval/%,$(WEB_MT_OBJ)): $(WASM_MT)/eval/%.o: eval/%.c $$(if $$(wildcard nets/$$*.nnue),$(WASM)/nets/$$*.h) $(NETS_LIST)
	@mkdir -p $(dir $@)
	$(EMCC_RUN) $(WASM_ALL) -pthread $(if $(wildcard nets/$*.nnue),-DWYRM_NET_ARRAY='"$(WASM)/nets/$*.h"') -c $< -o $@

## run: build the engine and start it on the terminal (type `uci`, `d`, `go depth 8`, `quit`)
run: wyrm
	./wyrm

## play: build the engine and start the web board on http://127.0.0.1:8000/ (PORT=, HOST= change it)
PORT ?= 8000
HOST ?= 127.0.0.1
play: wyrm
	@test -x $(PYTHON) || \
	  { echo "make play needs $(PYTHON): run 'sudo apt-get install python3'"; exit 1; }
	$(PYTHON) board/server.py --host $(HOST) --port $(PORT) --engine ./wyrm

## test: install Check, GNU parallel, Chromium, Selenium if missing (as root), build, check layers, run all tests
test: check-deps
	@$(MAKE) --no-print-directory test-only

test-only: $(TESTS) $(WYRM) $(FAKE) $(REPLAYS)
	@sh tests/layers.sh $(OUT) $(LIB_SRC) engine/main.c
	WYRM=$(WYRM) FAKE_ENGINE=$(FAKE) $(TESTS)
	WYRM=$(WYRM) FAKE_ENGINE=$(FAKE) tests/distributed.sh
	@for t in $(FUZZ_TARGETS); do $(OUT)/replay/$$t tests/fuzz/corpus/$$t || exit 1; done
	sh tests/guide.sh $(WYRM)
	sh tests/nets.sh $(WYRM)
	@$(MAKE) --no-print-directory board-test

# The board (board/server.py, board/static/) runs on Debian's own python3, whose
# python3-selenium drives Debian's chromium through chromium-driver in the browser tests.
PYTHON      = /usr/bin/python3
BOARD_DEBS  = python3 chromium chromium-driver python3-selenium

## board-test: the web board's server tests, its browser tests (server and static build) and the pictures' check
# The browser tests run twice: against the board server, and against `make web`'s folder
# on a plain static server. Without emcc the static build cannot be made, and those runs
# are skipped, saying so (.ci/run installs emscripten, so CI always runs them).
HAVE_EMCC  = $(shell command -v $(EMCC) 2>/dev/null)
WEB_TESTED = $(if $(HAVE_EMCC),$(WEB),$(BUILD)/no-emcc)
board-test: $(WYRM) $(if $(HAVE_EMCC),web)
	@test -n "$(HAVE_EMCC)" || echo "board-test: no emcc (apt-get install emscripten): the static build is not made and its browser tests are skipped"
	WYRM=$(WYRM) $(PYTHON) -m unittest discover -s tests/board -p 'test_*.py'
	WYRM=$(WYRM) WYRM_WEB=$(WEB_TESTED) $(PYTHON) tests/board/model.py
	WYRM=$(WYRM) WYRM_WEB=$(WEB_TESTED) $(PYTHON) tests/board/browser.py
	WYRM=$(WYRM) WYRM_WEB=$(WEB_TESTED) $(PYTHON) tests/board/desk.py
	WYRM=$(WYRM) WYRM_WEB=$(WEB_TESTED) $(PYTHON) tests/board/look.py
	WYRM=$(WYRM) $(PYTHON) tools/pictures.py check

## pictures: redraw docs/pictures/*.png and the board screenshots of docs/board/ in Chromium
pictures: $(WYRM)
	WYRM=$(WYRM) $(PYTHON) tools/pictures.py render
	WYRM=$(WYRM) BOARD_SHOTS=docs/board $(PYTHON) tests/board/browser.py
	WYRM=$(WYRM) BOARD_SHOTS=docs/board $(PYTHON) tests/board/desk.py
	WYRM=$(WYRM) BOARD_SHOTS=docs/board $(PYTHON) tests/board/look.py

check-deps:
	@pkg-config --exists check 2>/dev/null || { \
	  if [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null; then \
	    echo "Installing the Check unit-test framework (apt-get install -y check pkg-config)"; \
	    (apt-get install -y check pkg-config || \
	     (apt-get update && apt-get install -y check pkg-config)) >/dev/null; \
	  else \
	    echo "make test needs the Check framework: run 'sudo apt-get install check pkg-config'"; \
	    exit 1; \
	  fi; }
	@command -v parallel >/dev/null || { \
	  if [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null; then \
	    echo "Installing GNU parallel for the sharded matches (apt-get install -y parallel)"; \
	    (apt-get install -y parallel || (apt-get update && apt-get install -y parallel)) \
	     >/dev/null; \
	  else \
	    echo "make test needs GNU parallel: run 'sudo apt-get install parallel'"; \
	    exit 1; \
	  fi; }
	@missing=""; for p in $(BOARD_DEBS); do \
	  dpkg -s $$p >/dev/null 2>&1 || missing="$$missing $$p"; done; \
	[ -z "$$missing" ] || { \
	  if [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null; then \
	    echo "Installing the web board's test browser (apt-get install -y$$missing)"; \
	    (DEBIAN_FRONTEND=noninteractive apt-get install -y $$missing || \
	     (apt-get update && DEBIAN_FRONTEND=noninteractive apt-get install -y $$missing)) \
	     >/dev/null; \
	  else \
	    echo "make test needs$$missing for the web board: run 'sudo apt-get install$$missing'"; \
	    exit 1; \
	  fi; }

## bench: the fixed-depth bench of every game; the last node count is the signature
bench: wyrm
	./wyrm bench

## perft: the reference perft of every game's start position (see docs/performance.md)
perft: wyrm
	./wyrm perftsuite

## debug: engine and tests with AddressSanitizer and UBSan, then run the tests
debug: check-deps
	@$(MAKE) --no-print-directory MODE=debug test-only

## tsan: engine and tests with ThreadSanitizer, then run the threaded-search, protocol and match tests
tsan: check-deps
	@$(MAKE) --no-print-directory MODE=tsan tsan-test

tsan-test: $(TESTS) $(WYRM) $(FAKE)
	WYRM=$(WYRM) CK_RUN_SUITE=smp $(TESTS)
	WYRM=$(WYRM) CK_RUN_SUITE=protocol $(TESTS)
	WYRM=$(WYRM) CK_RUN_SUITE=stress $(TESTS)
	WYRM=$(WYRM) FAKE_ENGINE=$(FAKE) CK_RUN_SUITE=match $(TESTS)
	WYRM=$(WYRM) FAKE_ENGINE=$(FAKE) CK_RUN_SUITE=matchplay $(TESTS)
	WYRM=$(WYRM) FAKE_ENGINE=$(FAKE) CK_RUN_SUITE=matchshard $(TESTS)

## fuzz: libFuzzer on each fuzz target for FUZZ_SECONDS (60), corpus kept minimised
# (FUZZ_MODE=fuzzfast: the build without AddressSanitizer; FUZZ_FLAGS: more libFuzzer flags)
# The corpus of tests/fuzz/corpus/<target>/ is replaced by the smallest set (-merge=1) of
# its old inputs and the new ones that reaches every edge reached (-use_counters=0: hit
# counts are not kept apart), so `make test` replays it in seconds; the fuller corpus
# stays in $(OUT)/work/ for the next run. Crash inputs (crash-*) stay as they are.
FUZZ_MODE ?= fuzz
fuzz:
	@$(MAKE) --no-print-directory CC=clang MODE=$(FUZZ_MODE) fuzz-run

fuzz-run: $(FUZZERS)
	@for t in $(FUZZ_TARGETS); do \
	  mkdir -p tests/fuzz/corpus/$$t $(OUT)/work/$$t && \
	  echo "== fuzz $$t for $(FUZZ_SECONDS) s" && \
	  $(OUT)/fuzzer/$$t -max_total_time=$(FUZZ_SECONDS) -timeout=30 $(FUZZ_FLAGS) \
	    $$([ -f tests/fuzz/$$t.dict ] && echo -dict=tests/fuzz/$$t.dict) \
	    -artifact_prefix=tests/fuzz/corpus/$$t/crash- \
	    $(OUT)/work/$$t tests/fuzz/corpus/$$t || exit 1; \
	  rm -rf $(OUT)/min/$$t && mkdir -p $(OUT)/min/$$t && \
	  $(OUT)/fuzzer/$$t -merge=1 -use_counters=0 $(OUT)/min/$$t tests/fuzz/corpus/$$t \
	    $(OUT)/work/$$t \
	    2>/dev/null || exit 1; \
	  find tests/fuzz/corpus/$$t -type f ! -name 'crash-*' -delete && \
	  cp $(OUT)/min/$$t/* tests/fuzz/corpus/$$t/; \
	done

## pgo: a profile-guided optimised build (profile taken from `wyrm bench`)
pgo:
	rm -rf $(BUILD)/pgo-gen $(BUILD)/pgo
	$(MAKE) --no-print-directory BUILD=$(BUILD)/pgo-gen CFLAGS="$(OPT_release) -fprofile-generate -fprofile-update=atomic" $(BUILD)/pgo-gen/release/wyrm
	$(BUILD)/pgo-gen/release/wyrm bench > /dev/null
	$(MAKE) --no-print-directory BUILD=$(BUILD)/pgo CFLAGS="$(OPT_release) -fprofile-use=$(CURDIR)/$(BUILD)/pgo-gen/release -fprofile-partial-training -Wno-missing-profile" $(BUILD)/pgo/release/wyrm
	cp $(BUILD)/pgo/release/wyrm wyrm

## format: apply .clang-format to every C source and header
format:
	clang-format -i $(FORMAT_SRC)

## format-check: fail when a C file differs from what .clang-format makes of it
format-check:
	clang-format --dry-run -Werror $(FORMAT_SRC)

## clean: remove every build product
clean:
	rm -rf $(BUILD) wyrm

## help: this list
help:
	@grep -E '^## ' Makefile | sed 's/^## /  make /'

-include $(WEB_OBJ:.o=.d) $(WEB_MT_OBJ:.o=.d)
-include $(LIB_OBJ:.o=.d) $(MAIN_OBJ:.o=.d) $(TEST_OBJ:.o=.d) $(FAKE_OBJ:.o=.d) $(FUZZ_OBJ:.o=.d)
