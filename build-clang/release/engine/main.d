build-clang/release/engine/main.o: engine/main.c engine/registry.h \
  engine/game.h engine/types.h protocol/protocol.h engine/engine.h \
  search/thread.h search/search.h search/tt.h protocol/output.h

engine/registry.h:

engine/game.h:

engine/types.h:

protocol/protocol.h:

engine/engine.h:

search/thread.h:

search/search.h:

search/tt.h:

protocol/output.h:
