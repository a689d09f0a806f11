/*
 * Random legal games. Input: byte 0 picks the game, byte 1 the start position
 * (fuzz_start_position, which includes middle- and endgames), every further byte picks the
 * next ply among the legal moves, up to MAX_GAME_PLIES.
 *
 * Along the game every ply is checked where it is cheap: make_move leaves the parent as
 * it was, the child's incremental key equals its key from scratch, and no moves come after
 * the game's end. The position the game ends in gets the full check (fuzz_check_position:
 * FEN round trip, duplicates, gen_noisy against is_noisy, every move's make and key, and
 * the strings of about FINAL_STRINGS moves, since each parse is a move generation).
 * Checking every move of every ply cost a hundred times more per input; the fuzzer
 * reaches the same positions as final ones by cutting its inputs short, and the move
 * target (fuzz_move.c) checks parsing in depth.
 */
#include <stdlib.h>
#include <string.h>

#include "tests/fuzz/fuzz.h"

enum {
    MAX_GAME_PLIES = 32, /* deeper play starts from the bench positions */
    FINAL_STRINGS = 4
};

/* The cheap checks of one ply: `move` played from pos into next. */
static void check_ply(const Game *game, const void *pos, Move move, void *next, void *copy)
{
    memcpy(copy, pos, game->pos_size);
    game->make_move(pos, move, next);
    fuzz_check(memcmp(copy, pos, game->pos_size) == 0, game, "make_move changed its parent");
    fuzz_check(game->key(next) == game->key_from_scratch(next), game, "key drift");
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size < 2)
        return 0;
    const Game *game = fuzz_game(data[0]);
    unsigned char *pos = malloc(game->pos_size), *next = malloc(game->pos_size),
                  *copy = malloc(game->pos_size);
    Move *moves = malloc(sizeof(Move) * MAX_MOVES);
    if (!pos || !next || !copy || !moves)
        abort();
    fuzz_start_position(game, data[1], pos);
    for (size_t at = 2;; at++) {
        int n = game->gen_moves(pos, moves);
        fuzz_check(n >= 0 && n <= MAX_MOVES, game, "%d moves", n);
        Result r = game->result(pos);
        fuzz_check(r == RESULT_NONE || n == 0, game, "moves generated after the game ended");
        if (n == 0 || at >= size || at >= 2 + MAX_GAME_PLIES) {
            fuzz_check_position(game, pos, moves, n, n / FINAL_STRINGS + 1);
            break;
        }
        check_ply(game, pos, moves[data[at] % n], next, copy);
        unsigned char *played = next; /* the child becomes the position, without a copy */
        next = pos;
        pos = played;
    }
    free(pos);
    free(next);
    free(copy);
    free(moves);
    return 0;
}
