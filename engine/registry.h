/*
 * The list of games wyrm plays, built from engine/games.def: adding a game is one line
 * there (its table lives in engine/games/<game>.c).
 */
#pragma once

#include "engine/game.h"

/* Runs every game's init() once; call before anything else touches a game. */
void registry_init(void);

int registry_count(void);
const Game *registry_game(int index);

/* Looks a game up by id or alias, case-insensitively; NULL if unknown. */
const Game *registry_find(const char *name);

/* The game a fresh engine starts with. */
const Game *registry_default(void);
