/*
 * Move-string parsing of every game. Input: byte 0 picks the game, byte 1 the start
 * position (fuzz_start_position), byte 2 how many random plies to play from it, the
 * next that many bytes pick those plies, and the rest is the move string (cut at the
 * first NUL). parse_move must return MOVE_NONE or one of the position's legal moves.
 */
#include <stdlib.h>
#include <string.h>

#include "tests/fuzz/fuzz.h"

enum { MAX_SETUP_PLIES = 32 };

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size < 3)
        return 0;
    const Game *game = fuzz_game(data[0]);
    unsigned char *pos = malloc(game->pos_size), *next = malloc(game->pos_size);
    Move *moves = malloc(sizeof(Move) * MAX_MOVES);
    if (!pos || !next || !moves)
        abort();
    fuzz_start_position(game, data[1], pos);
    size_t at = 3;
    int plies = data[2] % (MAX_SETUP_PLIES + 1);
    for (int i = 0; i < plies && at < size; i++, at++) {
        int n = game->gen_moves(pos, moves);
        if (n == 0)
            break;
        game->make_move(pos, moves[data[at] % n], next);
        memcpy(pos, next, game->pos_size);
    }
    size_t len = size - at;
    char *str = malloc(len + 1);
    if (!str)
        abort();
    memcpy(str, data + at, len);
    str[len] = 0;
    Move m = game->parse_move(pos, str);
    if (m != MOVE_NONE) {
        int n = game->gen_moves(pos, moves);
        bool legal = false;
        for (int i = 0; i < n && !legal; i++)
            legal = moves[i] == m;
        fuzz_check(legal, game, "'%.64s' parsed to a move that is not legal", str);
        game->make_move(pos, m, next);
        fuzz_check(game->key(next) == game->key_from_scratch(next), game, "key drift after '%.64s'",
                   str);
    }
    free(str);
    free(pos);
    free(next);
    free(moves);
    return 0;
}
