/*
 * Three Dragons: the three game tables (base game, capture by strength, strength with
 * dragons), joining the rules (movegen/threedragons/) and the evaluation
 * (eval/threedragons.c) with the search parameters, the bench positions and the reference
 * perft. They share every function; the variant travels in the position, set by the
 * table's own fen_read.
 */
#include "eval/threedragons.h"
#include "movegen/threedragons/threedragons.h"
#include "nnue/nnue.h"

#define TD_BASE_START "MpppppppM/2pp1pp2/9/9/2C1C1C2/9/9/2PP1PP2/MPPPPPPPM w - 0 1"
#define TD_STRENGTH_START                                                                          \
    "Mp1p2p3p6p3p2p1M/2p4p51p5p42/9/9/2C1C1C2/9/9/2P4P51P5P42/MP1P2P3P6P3P2P1M w - 0 1"

static bool td_fen_read_base(void *pos, const char *fen, char *err, size_t err_size)
{
    return td_fen_read(pos, TD_BASE, fen, err, err_size);
}

static bool td_fen_read_strength(void *pos, const char *fen, char *err, size_t err_size)
{
    return td_fen_read(pos, TD_STRENGTH, fen, err, err_size);
}

static bool td_fen_read_dragons(void *pos, const char *fen, char *err, size_t err_size)
{
    return td_fen_read(pos, TD_DRAGONS, fen, err, err_size);
}

/* Bench positions: the start, openings, middle games and endings of each variant, with
 * both sides to move; the dragons set includes caves about to be tamed and tamed ones. */
static const char *const td_bench_base[] = {
    TD_BASE_START,
    "Mppp1pp1M/2p3p2/1P1p5/3Ppp3/2C1C1C2/1P7/5P1p1/2P3P2/M1P1PPPPM w - 10 6",
    "Mpppppp1M/2p2pp2/1P7/3P1p3/2C1C1C2/7p1/P8/5PP2/MP1PPPPPM b - 9 5",
    "Mp1p1pppM/3p2p2/1Ppppp1P1/5P3/2CPC1C2/9/4P4/2P3P2/M1PP1PP1M w - 10 6",
    "M1pp1pp1M/1pp6/3p5/1P2p4/2CPCpCp1/P5PPp/5P2P/3P3P1/M1P2P2M w - 30 16",
    "Mppppp2M/1p5p1/1P2p3p/3P1p2P/2C1C1C2/5PP1p/P6P1/1P7/M3PP1PM w - 30 16",
    "Mpp1p1p1M/3pp2p1/1P3pp1p/3P5/2C1CPC2/p3P4/1P5P1/7P1/M1PP2P1M w - 2 19",
    "Mp1p2p1M/2p5p/p3pp1pP/3p3P1/PpCPC1C2/P4P3/1P6P/2P3P2/M2P4M w - 40 21",
    "M2p1p1pM/1p7/5p1P1/2ppp1p2/ppCPC1C2/P6PP/1P3P3/P5P2/M3P3M w - 0 25",
    "M1pp4M/Ppp2p3/1P1p5/3P1pp1p/2C1C1C2/3P3pP/5PP2/1P2P2P1/M1P5M b - 4 23",
    "M1p5M/pp3p1p1/5pp2/3pp2P1/1pCPCPC2/pP6P/P8/P6P1/M2P4M w - 2 55",
    "M6pM/9/P8/9/2C1C1C2/9/3pPp3/9/M7M b - 5 9",
    NULL,
};

static const char *const td_bench_strength[] = {
    TD_STRENGTH_START,
    "Mp1p2p3p6p3p21M/2p4p54p4/5p53/9/2C1C1C2/3P55/6P12/1P43P51P41/MP1P2P3P6P31P1M b - 0 4",
    "Mp1p2p31p3p2p1M/1p42p64/3p55/5p51p41/2C1C1C2/1P47/4P64/2P2P51P51P41/MP11P31P3P2P1M "
    "w - 12 7",
    "M1p2p3p6p3p21M/p42p55/1p13p53/8p4/2C1C1C2/3P54P1/5P53/1P45P41/MP1P2P3P61P3P1M b - 14 11",
    "M1p2p31p3p2p1M/2p46/1p11p55/4p64/P61C1C1C2/3P51p51p41/5P53/1P15P4P4/M1P2P3P31P2P1M "
    "w - 24 13",
    "Mp21p31p3p2p1M/2p46/P62p55/9/1P3C1C1Cp41/3P51p53/2P25p6/5P51P41/MP11P31P3P2P1M w - 9 13",
    "Mp1p23p2p1M/3P31p33/7p41/1p57/2C1C1C2/4P64/9/4P44/MP1P22P3P21M w - 1 13",
    "M1p2p3p61p21M/7p41/5p33/1P53p53/2C1C1C1p3/3P55/6P42/1P47/MP1P21P31P3P1M b - 6 18",
    "M1p2p32p2p1M/5p43/1p15p51/9/2C1C1C2/3P5P34/P64P31P4p6/1P17/M1P2P33P1M w - 2 19",
    "Mp11P42p2p1M/6p22/9/5p53/2C1C1C2/7P61/9/1p37/M2P12P21M w - 2 19",
    "M2P24M/5p43/8p6/7p11/2C1CP3C2/4P34/P6p17/1P15p31/M1P2P34M w - 3 25",
    "M5p2p1M/1P21P35/9/9/2C1C1Cp41/p48/6p22/9/M6P1M w - 2 25",
    NULL,
};

static const char *const td_bench_dragons[] = {
    TD_STRENGTH_START,
    "Mp1p2p3p6p3p2p1M/2p42p51p41/9/3p55/2C1C1C2/3P51P53/7P41/2P46/MP1P2P3P6P3P2P1M b - 7 4",
    "M1p2p31p3p2p1M/1p41p52p42/1p15p61/5p53/2C1C1C2/3P55/5P53/1P46P4/MP1P2P3P6P3P2P1M w - 10 6",
    "Mp1p21p6p3p2p1M/1p47/3p35/3p55/2C1Cp5C2/3P52P42/7P41/1P44P22/MP1P2P3P6P31P1M w - 1 8",
    "Mp1p21p6p3p21M/1p47/8p3/7p5P2/2C1Cp5C2/3P51P3P42/7P41/1P47/MP1P2P3P62P1M b - 2 11",
    "M1p2p31p3p2p1M/8p4/7p61/1P11p53P31/2C1Cp5C2/p32P55/5P53/9/M2P3P6P3P2P1M w - 0 16",
    "M5p21M/1p41p51p33/1P44p42/2p21p3p53/2C1C1C2/5P51P31/2P11P61p52/3P35/MP13P3P21M w - 0 16",
    "M1p11p6p3p21M/1p45p31/1P17/9/2C1Cp5C2/5P33/9/9/M1P2P3P62P1M b - 1 18",
    "M1p22p3p21M/7P31/1P47/9/2C1C1C2/9/9/5p33/MP24P21M w - 0 21",
    "Mp1p2p3p62p1M/2p4p55/9/2P21p51p42/1P3C1C1Cp31/2P11P41p22/9/3P52P42/MP12P6P3P2P1M w - 0 9",
    "Mp1p2p3p62p1M/2p4p55/9/2P21p51p42/1P3P3P5C1Cp31/2P11P41p22/9/6P42/MP12P6P3P2P1M b c 1 9",
    "M6p1M/7p11/9/2P21P34/1P1P3P4P5P3C2/2P11P24/9/9/M7M b ce 1 30",
    NULL,
};

/* The rules file's perft of the start positions (strength and dragons cannot differ
 * before depth 7, since taming takes four moves of one side). */
static const uint64_t td_perft_base[] = {37, 1279, 53579, 2161883, 0};
static const uint64_t td_perft_strength[] = {37, 1281, 53619, 2168553, 0};

/*
 * Search switches, the same for the three variants:
 * - null move on: a side always has a quiet rook move that changes nothing, and a piece
 *   only becomes capturable when the opponent lands next to it, so zugzwang is rare;
 * - noisy_forced off: no capture is compulsory (a strength capture is only compulsory for
 *   the piece that lands next to a weaker enemy, and that is part of the move);
 * - threat extension on: td_threat() reports only that the opponent can win next move
 *   (take the side down to one piece), a short endgame race worth seeing to the end;
 * - margin_unit: one base-game piece, also a strength-3 piece in the strength variants.
 */
#define TD_SEARCH_PARAMS                                                                           \
    {                                                                                              \
        .null_move = true, .reverse_futility = true, .futility = true,                             \
        .late_move_reductions = true, .late_move_pruning = true, .noisy_forced = false,            \
        .threat_extension = true, .margin_unit = 100,                                              \
    }

#define TD_GAME_COMMON                                                                             \
    .side_names = {"white", "black"}, .files = TD_FILES, .ranks = TD_RANKS,                        \
    .pos_size = sizeof(TdPos), .fen_write = td_fen_write, .display = td_display,                   \
    .gen_moves = td_gen_moves, .gen_noisy = td_gen_noisy, .gen_quiet = td_gen_quiet,               \
    .has_legal_move = td_has_legal_move, .move_is_legal = td_move_is_legal,                        \
    .max_moves = TD_MAX_MOVES, .is_noisy = td_is_noisy, .make_move = td_make_move,                 \
    .make_null = td_make_null, .count_moves = td_count_moves, .move_to_str = td_move_to_str,       \
    .parse_move = td_parse_move, .key = td_key, .key_from_scratch = td_key_from_scratch,           \
    .side_to_move = td_side_to_move, .halfmove_clock = td_halfmove_clock, .result = td_result,     \
    .no_moves_result = RESULT_LOSS, .evaluate = td_evaluate, .eval_terms = td_eval_terms,          \
    .move_index_count = TD_SQUARES * TD_SQUARES * (TD_DIRS + 1), .move_index = td_move_index,      \
    .noisy_order = td_noisy_order, .threat = td_threat, .params = TD_SEARCH_PARAMS

/* Zobrist keys, then the rule set's built-in net. */
static void threedragons_init(void)
{
    td_init();
    nnue_slot_init(&threedragons_nnue);
}

static void threedragons_strength_init(void)
{
    td_init();
    nnue_slot_init(&threedragons_strength_nnue);
}

static void threedragons_dragons_init(void)
{
    td_init();
    nnue_slot_init(&threedragons_dragons_nnue);
}

const Game threedragons_game = {
    .name = "threedragons",
    .start_fen = TD_BASE_START,
    .fen_read = td_fen_read_base,
    .bench_fens = td_bench_base,
    .bench_depth = 10,
    .perft_reference = td_perft_base,
    .describe = &threedragons_description,
    .init = threedragons_init,
    .nnue = &threedragons_nnue,
    TD_GAME_COMMON,
};

const Game threedragons_strength_game = {
    .name = "threedragons-strength",
    .start_fen = TD_STRENGTH_START,
    .fen_read = td_fen_read_strength,
    .bench_fens = td_bench_strength,
    .bench_depth = 10,
    .perft_reference = td_perft_strength,
    .describe = &threedragons_strength_description,
    .init = threedragons_strength_init,
    .nnue = &threedragons_strength_nnue,
    TD_GAME_COMMON,
};

const Game threedragons_dragons_game = {
    .name = "threedragons-dragons",
    .start_fen = TD_STRENGTH_START,
    .fen_read = td_fen_read_dragons,
    .bench_fens = td_bench_dragons,
    .bench_depth = 10,
    .perft_reference = td_perft_strength,
    .describe = &threedragons_dragons_description,
    .init = threedragons_dragons_init,
    .nnue = &threedragons_dragons_nnue,
    TD_GAME_COMMON,
};
