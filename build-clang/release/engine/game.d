build-clang/release/engine/game.o: engine/game.c engine/game.h \
  engine/types.h

engine/game.h:

engine/types.h:
