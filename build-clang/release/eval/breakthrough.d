build-clang/release/eval/breakthrough.o: eval/breakthrough.c \
  movegen/breakthrough/breakthrough.h engine/bitboard.h engine/game.h \
  engine/types.h

movegen/breakthrough/breakthrough.h:

engine/bitboard.h:

engine/game.h:

engine/types.h:
