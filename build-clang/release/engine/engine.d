build-clang/release/engine/engine.o: engine/engine.c engine/engine.h \
  engine/game.h engine/types.h search/thread.h search/search.h \
  search/tt.h engine/registry.h

engine/engine.h:

engine/game.h:

engine/types.h:

search/thread.h:

search/search.h:

search/tt.h:

engine/registry.h:
