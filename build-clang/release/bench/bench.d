build-clang/release/bench/bench.o: bench/bench.c bench/bench.h \
  engine/game.h engine/types.h protocol/output.h engine/engine.h \
  search/thread.h search/search.h search/tt.h engine/perft.h \
  engine/registry.h

bench/bench.h:

engine/game.h:

engine/types.h:

protocol/output.h:

engine/engine.h:

search/thread.h:

search/search.h:

search/tt.h:

engine/perft.h:

engine/registry.h:
