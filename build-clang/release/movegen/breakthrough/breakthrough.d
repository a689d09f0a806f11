build-clang/release/movegen/breakthrough/breakthrough.o: \
  movegen/breakthrough/breakthrough.c \
  movegen/breakthrough/breakthrough.h engine/bitboard.h engine/game.h \
  engine/types.h engine/rng.h

movegen/breakthrough/breakthrough.h:

engine/bitboard.h:

engine/game.h:

engine/types.h:

engine/rng.h:
