#include "core/registry.h"

#include <pthread.h>
#include <strings.h>

#define GAME(symbol) extern const Game symbol;
#define DEFAULT_GAME(symbol) GAME(symbol)
#include "core/games.def"
#undef GAME

static const Game *const games[] = {
#define GAME(symbol) &symbol,
#include "core/games.def"
#undef GAME
};
#undef DEFAULT_GAME

static const Game *const default_games[] = {
#define GAME(symbol)
#define DEFAULT_GAME(symbol) &symbol,
#include "core/games.def"
#undef GAME
#undef DEFAULT_GAME
};
_Static_assert(sizeof default_games / sizeof *default_games == 1,
               "core/games.def marks exactly one DEFAULT_GAME");

enum { GAME_COUNT = sizeof(games) / sizeof(games[0]) };
_Static_assert((int)GAME_COUNT <= (int)REGISTRY_MAX_GAMES, "core/games.def lists too many games");

static pthread_once_t init_once = PTHREAD_ONCE_INIT;

static void init_all(void)
{
    for (int i = 0; i < GAME_COUNT; i++)
        if (games[i]->init)
            games[i]->init();
}

void registry_init(void) { pthread_once(&init_once, init_all); }

int registry_count(void) { return GAME_COUNT; }

const Game *registry_game(int index)
{
    return index >= 0 && index < GAME_COUNT ? games[index] : NULL;
}

const Game *registry_find(const char *name)
{
    for (int i = 0; i < GAME_COUNT; i++) {
        if (strcasecmp(games[i]->name, name) == 0)
            return games[i];
        for (const char *const *a = games[i]->aliases; a && *a; a++)
            if (strcasecmp(*a, name) == 0)
                return games[i];
    }
    return NULL;
}

const Game *registry_default(void) { return default_games[0]; }
