/*
 * Dragon-draughts: the Game table joining the rules (movegen/dragondraughts/) and the
 * evaluation (eval/dragondraughts.c), with the search parameters, the bench positions and
 * the reference perft.
 */
#include "eval/dragondraughts.h"
#include "movegen/dragondraughts/dragondraughts.h"

static const char *const dd_aliases[] = {"turkish", NULL};

/* Openings, middle games and endings (some with Daimyos, some with a capture to make). */
static const char *const dd_bench[] = {
    "8/pppppppp/pppppppp/8/8/PPPPPPPP/PPPPPPPP/8 w 0 1",
    "8/ppp1pppp/pp1ppppp/p2p4/P4PP1/P1PP1P1P/PPPPPPPP/8 w 0 6",
    "8/pp1ppppp/pp1p1p1p/1p1pp2p/PP3PP1/PP1PP1PP/P1PP1PPP/8 w 0 11",
    "8/ppppp2p/1pp1p1pp/ppp1p3/2P3PP/PPP1PPP1/PPP1PPP1/8 w 0 16",
    "8/p2pp2p/2p1p2p/P1p2p1P/2p4P/P4P2/P1PP1PP1/8 w 0 31",
    "8/1pp3p1/ppp1pp1p/pp1ppp2/P3P1PP/P1PPP1P1/PP1P1P1P/8 w 0 36",
    "8/2p2pp1/1p2p3/p2p3p/P2P1P1P/1P2P1P1/2P2P2/8 b 0 30",
    "8/pp6/ppp1p1p1/p2pp2p/PPP2PPp/P1PPP3/P2P1P1P/8 w 0 51",
    "8/kpp2pp1/p2pp2p/8/8/P2PP2P/1PP2PPK/8 w 0 40",
    "8/p4p1p/2p5/P2P4/6pp/5P2/1P1P3P/8 w 0 46",
    "8/p3p3/3P4/3P2p1/3k4/8/4P3/8 w 0 61",
    "8/8/1k6/8/5p2/8/2PK4/8 b 4 50",
    NULL,
};

static const uint64_t dd_perft_reference[] = {8, 64, 708, 7538, 85090, 931312, 0};

/* Zobrist keys, then the built-in net. */
static void dragondraughts_init(void)
{
    dd_init();
    nnue_slot_init(&dd_nnue);
}

const Game dragondraughts_game = {
    .name = "dragondraughts",
    .aliases = dd_aliases,
    .side_names = {"white", "black"},
    .files = B8_FILES,
    .ranks = B8_RANKS,
    .pos_size = sizeof(DdPos),
    .start_fen = "8/pppppppp/pppppppp/8/8/PPPPPPPP/PPPPPPPP/8 w 0 1",
    .init = dragondraughts_init,
    .fen_read = dd_fen_read,
    .fen_write = dd_fen_write,
    .display = dd_display,
    .gen_moves = dd_gen_moves,
    .gen_noisy = dd_gen_noisy,
    .gen_quiet = dd_gen_quiet,
    .is_noisy = dd_is_noisy,
    .has_legal_move = dd_has_legal_move,
    .move_is_legal = dd_move_is_legal,
    /* cheap for quiet moves, the only ones killers hold */
    .move_is_legal_cheap = true,
    /* capture_done keeps at most MAX_MOVES captures; quiet moves are far fewer */
    .max_moves = MAX_MOVES,
    .make_move = dd_make_move,
    .make_null = dd_make_null,
    .count_moves = dd_count_moves,
    .move_to_str = dd_move_to_str,
    .parse_move = dd_parse_move,
    .key = dd_key,
    .key_from_scratch = dd_key_from_scratch,
    .side_to_move = dd_side,
    .halfmove_clock = dd_halfmove,
    .repetition_plies = dd_reversible,
    .result = dd_result,
    .no_moves_result = RESULT_LOSS,
    .evaluate = dd_evaluate,
    .eval_terms = dd_eval_terms,
    .nnue = &dd_nnue,
    .move_index_count = 64 * 64,
    .move_index = dd_move_index,
    .noisy_order = dd_noisy_order,
    .threat = dd_threat,
    .params =
        {
            /* Zugzwang decides many draughts endgames (a side must move and every move
             * loses), where a null move would report a false cut-off. */
            .null_move = false,
            /* A side far ahead at a quiet node stays ahead over the last plies. */
            .reverse_futility = true,
            /* Off: a quiet sacrifice that forces the opponent's capture and sets up a larger
             * capture (a shot) looks hopeless statically, and qsearch only sees it if the
             * quiet move is searched. */
            .futility = false,
            /* Late quiet moves are still searched, only shallower, so shots are not lost. */
            .late_move_reductions = true,
            /* Off for the same reason as futility: pruning would drop sacrifices outright. */
            .late_move_pruning = false,
            /* Capturing is compulsory: when captures exist they are the whole move list. */
            .noisy_forced = true,
            /* dd_threat (an enemy man about to become a Daimyo) is rare and decisive. */
            .threat_extension = true,
            .margin_unit = 100,
            .moves_left = 60,
            /* The evaluation (material, advance, mobility by shifts) costs less than a
             * table miss. */
            .eval_first = true,
        },
    .bench_fens = dd_bench,
    .bench_depth = 9,
    /* Depths 1-6 of the rules file's table; its depth-7 figure counts capture paths, not
     * moves (docs/dragondraughts.md), so perftsuite stops at 6. */
    .perft_reference = dd_perft_reference,
    .describe = &dd_description,
};
