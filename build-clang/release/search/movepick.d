build-clang/release/search/movepick.o: search/movepick.c \
  search/movepick.h search/thread.h search/search.h engine/game.h \
  engine/types.h search/tt.h

search/movepick.h:

search/thread.h:

search/search.h:

engine/game.h:

engine/types.h:

search/tt.h:
