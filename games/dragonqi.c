/*
 * DragonQi: the Game table joining the rules (movegen/dragonqi/) and the evaluation
 * (eval/dragonqi.c), with the KnightVariation option, the capture order (by the
 * evaluation's piece values), the search parameters, the bench positions and the
 * reference perft.
 */
#include "eval/dragonqi.h"
#include "movegen/dragonqi/dragonqi.h"

enum {
    DQ_ORDER_WIN = 1000000,
    DQ_ORDER_VICTIM = 16, /* victim value weight against the attacker's (MVV-LVA) */
    DQ_ORDER_EXCHANGE = 8,
};

static int dq_noisy_order(const void *pos, Move m)
{
    (void)pos;
    if (dq_move_wins(m))
        return DQ_ORDER_WIN;
    int score = dq_value(dq_move_captured(m)) * DQ_ORDER_VICTIM - dq_value(dq_move_piece(m));
    if (dq_move_exchange(m))
        score += DQ_ORDER_EXCHANGE * dq_value(dq_move_piece(m));
    return score;
}

/* §14: the Arrowhead start under Lance (the default option). */
static const uint64_t dq_perft_reference[] = {79, 6235, 493512, 0};

#define DQ_ARROWHEAD_BOARD                                                                         \
    "t*1chkhc1t*/pp1gqg1pp/2nuuun2/2pp1pp2/9/(s4)2(s3)(f4)(s5)2(s4)/9/9/9/"                        \
    "(S0)2(S1)(F0)(S7)2(S0)/9/2PP1PP2/2NUUUN2/PP1GFG1PP/T*1CHKHC1T*"
#define DQ_ARROWHEAD_FIELDS " S DQ0wdy0W - AIaiHhd 220333 - 0 1 "

static const char *const dq_start_fens[DQ_VARIATIONS] = {
    DQ_ARROWHEAD_BOARD DQ_ARROWHEAD_FIELDS "lance",
    DQ_ARROWHEAD_BOARD DQ_ARROWHEAD_FIELDS "sword",
    DQ_ARROWHEAD_BOARD DQ_ARROWHEAD_FIELDS "pike",
};

static const char *dq_start_fen_for(const int *option_values)
{
    int v = option_values[0];
    return dq_start_fens[v >= 0 && v < DQ_VARIATIONS ? v : DQ_LANCE];
}

static const char *const dq_knight_choices[] = {"Lance", "Sword", "Pike"};
static const GameOption dq_options[] = {
    {.name = "KnightVariation",
     .choices = dq_knight_choices,
     .choice_count = 3,
     .default_choice = DQ_LANCE},
};

/* Openings, middle games and endings: the three start positions, games played on with and
 * without the fleets, a land ending, and positions after each great event (the Ice Dragon
 * afire with the Storm Empress; a Younger Serpent afire with the Queen at war; the Red
 * Witch ashore; the Empress option open; everything afire). */
static const char *const dq_bench[] = {
    DQ_ARROWHEAD_BOARD DQ_ARROWHEAD_FIELDS "lance",
    DQ_ARROWHEAD_BOARD DQ_ARROWHEAD_FIELDS "pike",
    "t*1chkhc1t*/pp1gqg1pp/2nuuun2/2pp1pp2/9/9/9/9/9/9/9/2PP1PP2/2NUUUN2/PP1GFG1PP/T*1CHKHC1T* "
    "S DQ0wdy0W - AIaid 220300 - 0 1 lance",
    "t1chkh2t/pp1gqgcp1/3uuu3/3pnpp1p/2p4n1/(s4)2(s3)(f4)(s5)2(s4)/9/9/9/"
    "(S0)2(S1)(F0)(S7)2(S0)/A2P5/a1P2PPHP/2NUUUN1a/PP1GFG1P1/TC1HK1CT*1 S DQ0wdy0W - AaiHhd "
    "220333 - 4 8 lance",
    "t*1chgkc1t/1p2qg2p/p1nu2p2/3pnp1p1/2p1hpp2/(s4)2(s3)(f4)(s5)2(s4)/9/9/9/"
    "(S0)2(S1)(F0)(S7)2(S0)/5PN2/1PPP2P2/P2UU1PPa/2CGFG2P/1NTHKH1CT* F DQ0wdy0W - IHhd "
    "220233 - 0 16 lance",
    "t1cnkgct*1/pp1g2a1p/h1hu1u3/3p1ppp1/1qp2pn2/(s4)2(s3)(f4)(s5)2(s4)/9/9/9/"
    "(S0)2(S1)(F0)(S7)2(S0)/PNAP2P2/1HP1PP3/2PHGU3/1PC1F1NPP/1T1GK2CT F DQ0wdy0W - IaHhd "
    "220333 - 1 29 lance",
    "1tchkn2t*/1pAgqg1p1/3uuu3/p1ppn1c1p/1h3pp2/9/9/9/9/9/a2P5/2P1HPPP1/1PNUUUNC1/P2GFG2P/"
    "T1CHK3T* S DQ0wdy0W - AIid 220300 - 0 12 lance",
    "t*c1qgkct1/p4ghp1/1p2uun2/n1p1ppp2/3ph3p/9/9/9/9/9/A4N1PP/1PPPPPP2/H1P3P1C/P1CGFG1aH/"
    "1T1NK3T* F DQ0wdy0W - d 220300 - 3 23 lance",
    "h2tg2t1/1pc1qgc2/1pku5/2pp1pppp/h1np1np2/9/9/9/9/9/PC2HPP1P/3P3C1/2PU2P1N/1T*1NFG1PH/"
    "3G1K1T1 S DQ0wdy0W - d 120300 - 19 41 lance",
    "th2qc3/5g1t1/p1p1g2p1/1pc1kp1n1/1nppp1p1p/9/9/9/9/9/2PP1PPP1/4PP2P/HPNU3TH/P2GFG1CN/"
    "T5K1C S DQ0wdy0W h d 220300 - 2 61 lance",
    "1t7/5k3/3n5/2p3p2/9/9/9/9/9/9/9/2P3P2/5N3/3KF4/T8 S DQ0wdy0W - - 000000 - 12 70 lance",
    "t1c1k3h/p2v3p1/1E3n3/O1D3M2/9/9/9/9/9/9/9/2P2J3/2N2U3/P2GFB3/3H5 S KQ0wdy1W Hn - 220000 "
    "- 0 1 lance",
    "4k3t/1p1gq4/5u2A/p5W2/9/9/9/9/9/9/7r1/1my4P1/1P1Q2a2/P5e1N/4KG3 F DF1wdx0- Rh - 002300 "
    "- 0 1 sword",
    "1t2k4/9/5Eh2/pMp6/2W6/9/9/9/9/9/3x5/9/P8/3GF4/T*3K3Z S DQ0wdy0- HR - 200000 - 0 1 pike",
    /* the moment after the Ice Dragon's interchange: the Jailer on alert, the Empress
     * option open (every Storm move twice) */
    "t1c1k1c1t/pp1gqg1p1/2nuu1np1/2p3p1p/3D5/(s4)2(s3)(f4)(s5)2(s4)/9/9/9/(S0)2(S1)(F0)(S7)"
    "2(S0)/9/2PP1PP2/2NUUUN2/PP1GFG1PP/T1CH1HC1J S KQ0wdy1W - iHhdv 220333 - 0 14 lance",
    /* every event done: both royals confined, the three creatures, both shields on guard,
     * the Empress, the Queen at War */
    "2c1g1j2/p2l1g1p1/2n1v1n2/2D3p1p/5p3/(s4)3(f4)1(S0)2/9/9/2(s3)6/(S0)3(F0)3(S0)/"
    "y6d1/1PL2PP2/2N3N2/PP1GQG1PP/T1C2HC2 F KF-wkx-W H - 001033 - 2 30 lance",
    NULL,
};

/* The rules' tables, the learned evaluation's inputs, then the built-in net (if any). */
static void dragonqi_init(void)
{
    dq_init();
    dragonqi_net_init();
    nnue_slot_init(&dragonqi_nnue);
}

const Game dragonqi_game = {
    .name = "dragonqi",
    .side_names = {"storm", "forest"},
    .files = DQ_FILES,
    .ranks = DQ_RANKS,
    .pos_size = sizeof(DqPos),
    .start_fen = DQ_ARROWHEAD_BOARD DQ_ARROWHEAD_FIELDS "lance",
    .start_fen_for = dq_start_fen_for,
    .options = dq_options,
    .option_count = 1,
    .init = dragonqi_init,
    .fen_read = dq_fen_read,
    .fen_write = dq_fen_write,
    .display = dq_display,
    .gen_moves = dq_gen_moves,
    .gen_noisy = dq_gen_noisy,
    .gen_quiet = dq_gen_quiet,
    .is_noisy = dq_is_noisy,
    .has_legal_move = dq_has_legal_move,
    .move_is_legal = dq_move_is_legal,
    .max_moves = MAX_MOVES,
    .make_move = dq_make,
    .make_null = dq_make_null,
    .count_moves = NULL,
    .move_to_str = dq_move_to_str,
    .parse_move = dq_parse_move,
    .key = dq_key,
    .key_from_scratch = dq_key_from_scratch,
    .side_to_move = dq_side_to_move,
    .halfmove_clock = dq_halfmove,
    .repetition_key = dq_repetition_key,
    .repetition_plies = dq_repetition_plies,
    .result = dq_result,
    .no_moves_result = RESULT_DRAW, /* stalemate is a truce; locking up is found by result */
    .result_info = dq_result_info,
    .scoring = &dq_scoring,
    .no_progress_plies = 100,
    .evaluate = dragonqi_evaluate,
    .nnue = &dragonqi_nnue,
    .eval_terms = dragonqi_eval_terms,
    .move_index_count = DQ_CELLS * DQ_CELLS,
    .move_index = dq_move_index,
    .noisy_order = dq_noisy_order,
    .threat = dq_threat,
    .params =
        {
            /* Zugzwang is as rare as in chess: a side almost always has a useful move. */
            .null_move = true,
            .reverse_futility = true,
            .futility = true,
            .late_move_reductions = true,
            .late_move_pruning = true,
            /* Captures are optional. */
            .noisy_forced = false,
            /* A flag about to be planted must be answered: no pruning there, and moves that
             * create that threat are searched a ply deeper. */
            .threat_extension = true,
            .margin_unit = 100,
            /* Arrows, cannon and the fire creatures keep captures coming; six plies settle
             * the exchanges that matter. */
            .qsearch_max_plies = 6,
        },
    .bench_fens = dq_bench,
    .bench_depth = 7,
    .perft_reference = dq_perft_reference,
    .describe = &dragonqi_description,
};
