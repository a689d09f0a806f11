build-clang/release/search/thread.o: search/thread.c search/thread.h \
  search/search.h engine/game.h engine/types.h search/tt.h \
  search/timeman.h

search/thread.h:

search/search.h:

engine/game.h:

engine/types.h:

search/tt.h:

search/timeman.h:
