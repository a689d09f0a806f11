build-clang/release/protocol/uci.o: protocol/uci.c bench/bench.h \
  engine/game.h engine/types.h protocol/output.h engine/perft.h \
  engine/registry.h protocol/protocol.h engine/engine.h search/thread.h \
  search/search.h search/tt.h

bench/bench.h:

engine/game.h:

engine/types.h:

protocol/output.h:

engine/perft.h:

engine/registry.h:

protocol/protocol.h:

engine/engine.h:

search/thread.h:

search/search.h:

search/tt.h:
