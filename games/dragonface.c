/*
 * Dragon Face: the Game table joining the rules (movegen/dragonface/) and the evaluation
 * (eval/dragonface.c), with the search parameters, the bench positions and the reference
 * perft.
 */
#include "eval/dragonface.h"
#include "movegen/dragonface/dragonface.h"
#include "nnue/nnue.h"

#define DF_START_FEN                                                                               \
    "11/2aaaeaaa2/2ggggggg2/11/11/11/2GGGGGGG2/2AAAEAAA2/11 w c3d3e3f3g3h3i3c7d7e7f7g7h7i7 - 0 1"

/* Positions from engine games: openings, middle games with conversions, free and trapped
 * Ambassadors and immune pieces, and a late, locked position. */
static const char *const df_bench[] = {
    DF_START_FEN,
    "11/2aaaea1aa1/3gggggg2/1g9/4A6/3GA2G3/2GG1G1GG2/2AA1EA1A2/11 b c3d3f3h3i3d7e7f7g7h7i7 - 4 4",
    "11/2a1aea1a2/2a1gggag2/1g1g3g3/7A3/3A1G2G2/2GGG1G1GA1/2AAAE5/11 b c3d3e3g3i3e7f7g7i7 - 3 6",
    "11/2a1a1a1aa1/3ggeggg2/Ga3g5/1G3A5/3GA1AGG2/2G1EG2G2/2AA3A3/11 b c3f3i3d7e7g7h7i7 - 2 10",
    "11/3aa1a1a2/3agegga2/1g2gg1g3/3GA6/2GG1A1GG2/2G1E3GA1/2A1A1A4/11 w c3i3e7g7h7 - 3 13",
    "4GG1F3/a6A3/4ge2g2/4aga4/5a5/6gG3/2gGGG1GGA1/1aAAAEA4/11 w d3e3f3h3i3e7i7 - 0 11",
    "11/4ae1A1G1/2a2ggaG2/1g1gaa5/4Ggg4/4aG1GG2/2G1G1AE2a/2AAA6/11 b c3e3f7 g3 0 15",
    "4GG1G3/f5AA3/4ge5/4aga4/6g4/2A3AG3/2G1GGGGG2/1aaAaEA4/11 b e3f3h3i3e7 - 1 15",
    "A10/1Aa3a1a2/3Ggegg3/GG3g1g3/7G3/1GaGA3G2/4EG2Ga1/a4aA4/6A4 b f3i3e7g7h7 g2 0 20",
    "11/2aae3aa1/2aggaA4/2A2G5/1gG2g2G2/5GAG3/2GAGA1Ggg1/2A1E6/11 w c3e3h3d7e7 - 0 23",
    "A10/aa4a1a2/3Ggeg4/GG3ggg3/3G7/1G2a3G2/4EG2Ga1/a2AA6/5fA4 w f3i3e7g7 - 0 25",
    "3G2Ga3/4AAG2G1/4gAgA3/1g3e1GA1G/4ga5/7G3/2G1g1A3a/1Aa4EA2/1g9 b c3 i6 0 30",
    "11/4a1a1a2/3Ageg1a2/4GgGg3/1g1GA6/1gGgA3G2/gaA1AE2GA1/3A7/11 b i3e7g7 e3 0 30",
    "11/2a6a1/2g2egg3/4aaaa3/3GGgg4/2AAAGGA3/3GEA1GG2/1ggA7/11 b d3h3i3c7g7h7 - 71 60",
    NULL,
};

/* The rules file's table for the start position. */
static const uint64_t df_perft_reference[] = {44, 1919, 88994, 4075339, 0};

/* Zobrist keys, then the built-in net. */
static void dragonface_init(void)
{
    df_init();
    nnue_slot_init(&dragonface_nnue);
}

const Game dragonface_game = {
    .name = "dragonface",
    .side_names = {"white", "black"},
    .files = DF_FILES,
    .ranks = DF_RANKS,
    .pos_size = sizeof(DfPos),
    .start_fen = DF_START_FEN,
    .init = dragonface_init,
    .fen_read = df_fen_read,
    .fen_write = df_fen_write,
    .display = df_display,
    .gen_moves = df_gen_moves,
    .gen_noisy = df_gen_noisy,
    .gen_quiet = df_gen_quiet,
    .is_noisy = df_is_noisy,
    .has_legal_move = df_has_legal_move,
    .move_is_legal = df_move_is_legal,
    .max_moves = MAX_MOVES,
    .make_move = df_make_move,
    .make_null = df_make_null,
    .count_moves = df_count_moves,
    .move_to_str = df_move_to_str,
    .parse_move = df_parse_move,
    .key = df_key,
    .key_from_scratch = df_key_from_scratch,
    .side_to_move = df_side,
    .halfmove_clock = df_halfmove,
    .repetition_plies = df_reversible,
    .result = df_result,
    .no_moves_result = RESULT_LOSS,
    .evaluate = dragonface_evaluate,
    .nnue = &dragonface_nnue,
    .eval_terms = dragonface_eval_terms,
    .move_index_count = DF_SQUARES * DF_SQUARES,
    .move_index = df_move_index,
    .noisy_order = df_noisy_order,
    .threat = df_threat,
    .params =
        {
            /* Zugzwang is rare: a side nearly always has a harmless Ambassador or Emperor
             * move, and passing gives up the initiative in a game of captures. */
            .null_move = true,
            /* Margins scale from one Governor; quiescence resolves the conversions that make
             * the eval swing by twice a piece's value. */
            .reverse_futility = true,
            .futility = true,
            .late_move_reductions = true,
            .late_move_pruning = true,
            /* Captures are optional. */
            .noisy_forced = false,
            /* Off: long Ambassador lines put an Emperor under attack in a large share of
             * positions, and answering each attack with every move in quiescence made the
             * tree explode (a bench middle game did not finish depth 1 in 15 s). Emperor
             * captures are noisy, so quiescence still takes a capturable Emperor; threat()
             * stays available. */
            .threat_extension = false,
            .margin_unit = 100,
            /* A capture converts the piece instead of removing it, so capture chains never
             * run dry; quiescence stands pat after six plies of them. */
            .qsearch_max_plies = 6,
        },
    .bench_fens = df_bench,
    .bench_depth = 9,
    .perft_reference = df_perft_reference,
    .describe = &dragonface_description,
};
