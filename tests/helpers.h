/*
 * Shared helpers for the Check suites: loading positions, perft, exact move-list
 * comparison, and the invariants every game must keep along random games.
 */
#pragma once

#include <check.h>

#include "core/game.h"

/* An assertion for checks that run millions of times: it reports only a failure, where
 * ck_assert_msg also writes its place to the runner on every pass. */
#define T_CHECK(cond, ...)                                                                         \
    do {                                                                                           \
        if (!(cond))                                                                               \
            ck_abort_msg(__VA_ARGS__);                                                             \
    } while (0)

/* The game by id; fails the test if unknown. */
const Game *t_game(const char *name);

/* Reads `fen` into `pos` (game->pos_size bytes); fails the test with the reason if invalid. */
void t_load(const Game *game, const char *fen, void *pos);

/* True if the game rejects `fen`. */
bool t_fen_rejected(const Game *game, const char *fen);

uint64_t t_perft(const Game *game, const char *fen, int depth);

/* Asserts the legal moves of `fen` are exactly the space-separated canonical strings in
 * `expected` (any order). Reports missing and extra moves. */
void t_assert_moves(const Game *game, const char *fen, const char *expected);

/* Plays `games` random games of up to `max_plies` from `fen` and checks after every ply:
 * incremental key equals key from scratch, FEN round trip (read(write(p)) writes the same
 * string and has the same key), every generated move's string parses back to that move,
 * gen_noisy() is a subset of gen_moves() and agrees with is_noisy(). Returns plies played. */
long t_random_games(const Game *game, const char *fen, int games, int max_plies, uint64_t seed);

/* Asserts that `move` is a real legal move of `pos`: not MOVE_NONE, in gen_moves(), and
 * its string parses back to it (`what` names it in the failure message). */
void t_assert_legal(const Game *game, const void *pos, Move move, const char *what);

/* Applies space-separated moves to the position in place; fails if one is illegal. */
void t_play(const Game *game, void *pos, const char *moves);

/* Plays `moves` from `fen` and asserts the FEN they leave is `after` and the position's
 * key is the one computed from scratch. */
void t_assert_played(const Game *game, const char *fen, const char *moves, const char *after);

/* The number of space-separated words in `list`: a move list's length. */
uint64_t t_word_count(const char *list);

/* t_assert_moves, and the game's perft to depth 1 (its bulk count of the last ply) gives
 * the list's length. */
void t_assert_moves_counted(const Game *game, const char *fen, const char *moves);

/* The fewest plies (odd, at most max_plies) in which the side to move of `fen` forces a
 * win by the game's own rules, found by a full-width search; -1 if none. */
int t_forced_win_plies(const Game *game, const char *fen, int max_plies);
/* Whether the side to move of `pos`, the defender, loses by the rules within `plies` plies
 * whatever it plays (the full-width search behind t_forced_win_plies). */
bool t_defender_loses(const Game *game, const void *pos, int plies);

/* Sets a numeric engine option; fails the test if refused. */
typedef struct Engine Engine;
void t_set_option(Engine *e, const char *name, long long value);

/* Runs `length` bytes of `input` (NULs allowed) through a fresh engine's protocol loop, as
 * the binary does; returns everything it printed (caller frees). */
char *t_session_n(const char *input, size_t length);
char *t_session(const char *input);

/* Asserts that a fresh session given `input` prints exactly `expected`. */
void t_expect_session(const char *input, const char *expected);
/* The last line of `text` that starts with `prefix`, copied into buf; false if none. */
bool t_last_line(const char *text, const char *prefix, char *buf, size_t size);
/* Lines of `text` that start with `prefix`. */
int t_count_lines(const char *text, const char *prefix);
/* Whether a line of `text` matches the extended regular expression `pattern`. */
bool t_matches(const char *text, const char *pattern);
/* Strips, in place, the values of the fields that depend on the clock (time, nps) and the
 * lines that only a search running past a second prints (currmove). */
void t_strip_timing(char *s);
/* Fails unless the two texts are equal, naming the first line that differs. The message is
 * kept short: Check cannot pass back a failure message of many kilobytes. */
void t_assert_same_text(const char *got, const char *expected);
/* Runs each input through one engine in turn, each to its end; returns what it printed. */
char *t_session_parts(const char *const *inputs, int count);
/* Handles `lines` one by one through protocol_handle of a fresh engine, pausing `pause_ms`
 * before the last, then finishes; returns what it printed. */
char *t_session_timed(const char *const *lines, int count, int pause_ms);
