/*
 * Random legal games. Input: byte 0 picks the game, byte 1 the start position
 * (fuzz_start_position, which includes middle- and endgames), every further byte picks the
 * next ply among the legal moves, up to MAX_GAME_PLIES.
 * After every ply the position must keep every invariant (fuzz_check_position), so the
 * fuzzer steers games into the corners of each rule set.
 */
#include <stdlib.h>
#include <string.h>

#include "tests/fuzz/fuzz.h"

enum { MAX_GAME_PLIES = 64 }; /* deeper play starts from the bench positions */

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size < 2)
        return 0;
    const Game *game = fuzz_game(data[0]);
    unsigned char *pos = malloc(game->pos_size), *next = malloc(game->pos_size);
    Move *moves = malloc(sizeof(Move) * MAX_MOVES);
    if (!pos || !next || !moves)
        abort();
    fuzz_start_position(game, data[1], pos);
    for (size_t at = 2; at <= size && at < 2 + MAX_GAME_PLIES; at++) {
        int n = game->gen_moves(pos, moves);
        fuzz_check(n >= 0 && n <= MAX_MOVES, game, "%d moves", n);
        fuzz_check_position(game, pos, moves, n);
        Result r = game->result(pos);
        fuzz_check(r == RESULT_NONE || n == 0, game, "moves generated after the game ended");
        if (n == 0 || at == size)
            break;
        game->make_move(pos, moves[data[at] % n], next);
        memcpy(pos, next, game->pos_size);
    }
    free(pos);
    free(next);
    free(moves);
    return 0;
}
