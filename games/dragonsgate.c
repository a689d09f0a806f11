/*
 * Dragon's Gate: the Game table joining the rules (movegen/dragonsgate/) and the
 * evaluation (eval/dragonsgate.c), with the search parameters, the bench positions and
 * the reference perft.
 */
#include "eval/dragonsgate.h"
#include "movegen/dragonsgate/dragonsgate.h"

/* Opening, middle game and endgame positions from games between shallow searches. */
static const char *const dg_bench[] = {
    "dddddddd/dddddddd/8/8/8/8/DDDDDDDD/DDDDDDDD w 0 1",
    "dddddddd/ddddd1dd/6d1/8/3D4/3D4/DDD1DDDD/DDD1DDDD b 0 2",
    "1dddd1dd/dddddddd/d4d2/4D3/8/3D4/DDD1DDDD/DDDDD1DD b 0 3",
    "dddddddd/dddd4/3D2d1/2D2d2/5d2/8/DDD1DDD1/DDD1DDDD w 0 7",
    "1dddd2d/1ddddddd/4D1d1/8/3D4/1dDD4/DDd2DDD/DDDDD1DD w 0 9",
    "dd1ddddd/ddddD3/3Dd3/8/4dd2/2D5/DDDDDDD1/1DD2DDD b 0 11",
    "4dddd/d1ddd1dd/5d2/2d2D2/1d6/1D6/DDD1DDDD/D2D1DDD w 0 12",
    "1d2d2d/1dddd1dd/d7/2DD2d1/D3d3/1dDD2DD/1Dd2DDD/DDDDD3 b 0 14",
    "dd4dd/ddddd3/4dd2/DD3dd1/8/3DD1D1/D1D2D2/DDDD2DD w 0 13",
    "7d/d2d1ddd/2d5/1dd1dDD1/1d6/5D1D/DDD1D1DD/D2D4 w 0 22",
    "d5d1/1d1dddd1/d7/Dd3ddD/d2D4/1D1D1D2/D2D3D/2D1DD2 b 0 23",
    "7d/5dd1/1dd4d/1d2dDDD/ddd4D/4DDD1/DDDD4/D7 w 0 27",
    "8/1d3d2/3d1d2/3dd1dd/DD1D2d1/1D2D1DD/4D1DD/8 b 0 36",
    "8/6d1/dd1d1d2/8/DDDDDddd/8/3D1D1D/8 w 0 41",
    "8/d7/2ddddd1/3dd3/2d2DDD/D3D3/2D5/8 w 0 42",
    NULL,
};

/* The rules file's table (depths 1-4). */
static const uint64_t dg_perft_reference[] = {42, 1764, 71316, 2883204, 0};

/* Zobrist keys, then the built-in net. */
static void dragonsgate_init(void)
{
    dg_init();
    nnue_slot_init(&dragonsgate_nnue);
}

const Game dragonsgate_game = {
    .name = "dragonsgate",
    .side_names = {"white", "black"},
    .files = B8_FILES,
    .ranks = B8_RANKS,
    .pos_size = sizeof(DgPos),
    .start_fen = "dddddddd/dddddddd/8/8/8/8/DDDDDDDD/DDDDDDDD w 0 1",
    .init = dragonsgate_init,
    .fen_read = dg_fen_read,
    .fen_write = dg_fen_write,
    .display = dg_display,
    .gen_moves = dg_gen_moves,
    .gen_noisy = dg_gen_noisy,
    .gen_quiet = dg_gen_quiet,
    .is_noisy = dg_is_noisy,
    .has_legal_move = dg_has_legal_move,
    .move_is_legal = dg_move_is_legal,
    .move_is_legal_cheap = true,
    .max_moves = DG_MAX_MOVES,
    .make_move = dg_make_move,
    .make_null = dg_make_null,
    .perft = dg_perft,
    .move_to_str = b8_from_to_move_to_str,
    .parse_move = dg_parse_move,
    .key = dg_key,
    .key_from_scratch = dg_key_from_scratch,
    .side_to_move = dg_side,
    .halfmove_clock = dg_halfmove,
    .result = dg_result,
    .no_moves_result = RESULT_LOSS,
    .evaluate = dragonsgate_evaluate,
    .eval_terms = dragonsgate_eval_terms,
    .nnue = &dragonsgate_nnue,
    .move_index_count = 4096,
    .move_index = b8_from_to_move_index,
    .noisy_order = dg_noisy_order,
    .threat = dg_threat,
    .params =
        {
            /* Contact is mutual (a Dragon in front of an enemy is also in front of it from the
             * enemy's side) and the player to move takes first, so fronts stall and the side
             * that runs out of spare moves must step into a capture: zugzwang is the rule in
             * the middle game, and a null move would hide it. */
            .null_move = false,
            /* The evaluation is mostly material and advance, and win threats are noisy moves
             * or extended, so margins near the leaves hold as in Breakthrough. */
            .reverse_futility = true,
            .futility = true,
            /* About forty moves a position, most of them quiet advances: reductions and late
             * move pruning are where the depth comes from. */
            .late_move_reductions = true,
            .late_move_pruning = true,
            /* Withdrawal is optional: a player may always step or fly instead. */
            .noisy_forced = false,
            /* A Dragon one move from the gate wins next turn unless blocked or answered by a
             * faster win; such positions must be searched a ply further. */
            .threat_extension = true,
            .margin_unit = DG_DRAGON_VALUE,
            /* The evaluation costs less than a table miss. */
            .eval_first = true,
        },
    .bench_fens = dg_bench,
    .bench_depth = 9,
    .perft_reference = dg_perft_reference,
    .describe = &dragonsgate_description,
};
