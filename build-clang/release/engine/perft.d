build-clang/release/engine/perft.o: engine/perft.c engine/perft.h \
  engine/game.h engine/types.h

engine/perft.h:

engine/game.h:

engine/types.h:
