build-clang/release/engine/registry.o: engine/registry.c \
  engine/registry.h engine/game.h engine/types.h engine/games.def

engine/registry.h:

engine/game.h:

engine/types.h:

engine/games.def:
