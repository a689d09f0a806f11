/*
 * Breakthrough: the Game table joining the rules (movegen/breakthrough/) and the
 * evaluation (eval/breakthrough.c), with the search parameters, the bench positions and
 * the reference perft.
 */
#include "eval/breakthrough.h"
#include "movegen/breakthrough/breakthrough.h"

/* Zobrist keys first, then the evaluation's tables and the built-in net. */
static void breakthrough_init(void)
{
    bt_init();
    breakthrough_eval_init();
    nnue_slot_init(&breakthrough_nnue);
}

/* The moves a side is assumed still to play when the clock has no moves-to-go. Games
 * last about 30 moves a side, but the search spends two to four times its share when
 * the best move is unstable, as it often is here; at the default the clock was nearly
 * empty by the middlegame, where Breakthrough games are decided. */
enum { BT_MOVES_LEFT = 60 };

static const char *const bt_bench[] = {
    "pppppppp/pppppppp/8/8/8/8/PPPPPPPP/PPPPPPPP w 0 1",
    "pppppppp/ppppp1pp/5p2/8/8/3P4/PPP1PPPP/PPPPPPPP w 0 2",
    "ppp1pppp/pp1ppp1p/2p3p1/3p4/3P1P2/2P5/PP2PPPP/PPPPP1PP w 0 4",
    "pp1ppp1p/2pp2p1/p3p3/1p3p2/2P1P1P1/P2P4/1PP2PPP/PPP1PPPP b 0 8",
    "1pp2pp1/p2pp2p/8/2p2p2/1P2P1P1/P1P5/3P1PPP/1PP2PP1 w 0 12",
    "2p3p1/pp2pp1p/3p4/1P3p2/4P3/P2P2P1/2P2P1P/1P3PP1 b 0 15",
    "6p1/p2p1p1p/1p6/2p2pP1/3P4/PP6/4PP1P/2P3P1 w 0 20",
    "8/p4p2/1pp1p3/7p/P2P1P2/1P6/2P2P2/8 b 0 25",
    "3p4/8/1p3p2/p7/8/1PP5/P4P2/8 w 0 30",
    "8/2p5/8/8/3P4/8/8/8 w 0 40",
    "p7/8/8/8/8/8/7P/8 b 0 45",
    NULL,
};

static const uint64_t bt_perft_reference[] = {22, 484, 11132, 256036, 6182818, 149264638, 0};

const Game breakthrough_game = {
    .name = "breakthrough",
    .side_names = {"white", "black"},
    .files = B8_FILES,
    .ranks = B8_RANKS,
    .pos_size = sizeof(BtPos),
    .start_fen = "pppppppp/pppppppp/8/8/8/8/PPPPPPPP/PPPPPPPP w 0 1",
    .init = breakthrough_init,
    .fen_read = bt_fen_read,
    .fen_write = bt_fen_write,
    .display = bt_display,
    .gen_moves = bt_gen_moves,
    .gen_noisy = bt_gen_noisy,
    .gen_quiet = bt_gen_quiet,
    .is_noisy = bt_is_noisy,
    .has_legal_move = bt_has_legal_move,
    .move_is_legal = bt_move_is_legal,
    .move_is_legal_cheap = true,
    .max_moves = BT_MAX_MOVES,
    .make_move = bt_make_move,
    .make_null = bt_make_null,
    .count_moves = bt_count_moves,
    .move_to_str = b8_from_to_move_to_str,
    .parse_move = bt_parse_move,
    .key = bt_key,
    .key_from_scratch = bt_key_from_scratch,
    .side_to_move = bt_side,
    .halfmove_clock = bt_halfmove,
    .result = bt_result,
    .no_moves_result = RESULT_LOSS,
    .evaluate = breakthrough_evaluate,
    .eval_terms = breakthrough_eval_terms,
    .nnue = &breakthrough_nnue,
    .move_index_count = 4096,
    .move_index = b8_from_to_move_index,
    .noisy_order = bt_noisy_order,
    .threat = bt_threat,
    .params =
        {
            .null_move = true,
            .reverse_futility = true,
            .futility = true,
            .late_move_reductions = true,
            .late_move_pruning = true,
            .noisy_forced = false,
            .threat_extension = true,
            .margin_unit = 100,
            .moves_left = BT_MOVES_LEFT,
            /* The evaluation (material, advance, a few patterns) costs less than a
             * table miss. */
            .eval_first = true,
        },
    .bench_fens = bt_bench,
    .bench_depth = 13,
    .perft_reference = bt_perft_reference,
    .describe = &breakthrough_description,
};
