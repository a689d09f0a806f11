build-clang/release/search/search.o: search/search.c search/movepick.h \
  search/thread.h search/search.h engine/game.h engine/types.h \
  search/tt.h

search/movepick.h:

search/thread.h:

search/search.h:

engine/game.h:

engine/types.h:

search/tt.h:
