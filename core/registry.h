/*
 * The list of games wyrm plays, built from core/games.def: adding a game is one line
 * there (its table lives in games/<game>.c).
 */
#pragma once

#include "core/game.h"

/* The most games core/games.def may list (registry.c checks it when it compiles), so
 * that tables indexed by game, such as the engine's option values, can be fixed arrays. */
enum { REGISTRY_MAX_GAMES = 64 };

/* Runs every game's init() once; call before anything else touches a game. */
void registry_init(void);

int registry_count(void);
const Game *registry_game(int index);

/* Looks a game up by id or alias, case-insensitively; NULL if unknown. */
const Game *registry_find(const char *name);

/* The game a fresh engine starts with. */
const Game *registry_default(void);
