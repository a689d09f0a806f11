build-clang/release/search/timeman.o: search/timeman.c search/timeman.h \
  search/search.h engine/game.h engine/types.h

search/timeman.h:

search/search.h:

engine/game.h:

engine/types.h:
