/*
 * The learned evaluations of the three Three Dragons rule sets: one net each, the same
 * inputs function for all three (eval/threedragons.c).
 *
 * Each rule set's slot lives in a file of its own (eval/threedragons.c,
 * eval/threedragons-strength.c, eval/threedragons-dragons.c), so that the Makefile builds
 * nets/<that file's name>.nnue into it when the net exists (nnue/embed.h), as it does for
 * the games with one evaluation file and one net.
 */
#pragma once

#include <stdint.h>

#include "movegen/threedragons/threedragons.h"
#include "nnue/embed.h"
#include "nnue/nnue.h"

/* One net per rule set, for each of them the pieces from one side's view, the board
 * turned (rank r <-> 10 - r) for Black so that both sides' pieces walk up the same rows;
 * the mountains and caves sit on turned squares of their own kind, so nothing else moves.
 *   base game:  own piece on each of the 81 squares (0..80), enemy piece (81..161), own
 *               piece the enemy could take with one move (162..242: the hand-written
 *               evaluation's threats, custodial captures being relations of three squares
 *               along a line that single-square inputs cannot express), enemy piece this
 *               side could take with one move (243..323);
 *   strength:   own piece of strength s on each square ((s - 1) * 81 ..), then the enemy's
 *               (486 + (s - 1) * 81 ..): 972 inputs, one active per piece;
 *   dragons:    the strength inputs, then one per cave (c5, e5, g5) that has given its
 *               dragon (972 + cave), the same from both sides: a spent cave can never be
 *               tamed again, which no square shows once its dragon has left. */
enum {
    TD_NET_SQUARES = TD_SQUARES,
    TD_NET_BASE_INPUTS = 4 * TD_NET_SQUARES,
    TD_NET_STRENGTH_INPUTS = 2 * TD_MAX_STRENGTH * TD_NET_SQUARES,
    TD_NET_DRAGONS_INPUTS = TD_NET_STRENGTH_INPUTS + TD_CAVE_COUNT,
    /* base game: every piece at the start, each one threatened; strength variants: every
     * piece at the start, every dragon tamed, every cave spent (fewer) */
    TD_NET_MAX_ACTIVE = 4 * TD_START_MEN,
    TD_NET_HIDDEN = 128,
};
_Static_assert(TD_NET_MAX_ACTIVE >= 2 * TD_START_MEN + 2 * TD_CAVE_COUNT,
               "the strength rule sets' most active inputs fit the shared bound");

/* The active inputs of a position of any of the three rule sets, and its side to move. */
int td_net_features(const void *pos, int perspective, uint16_t *out);
int td_net_planes(const void *pos, int perspective, Bb128 *out);
int td_net_side(const void *pos);
/* The hand-written evaluation of the three rule sets (eval/threedragons.c). */
Score td_hand_evaluate(const void *pos);

/* A rule set's slot, with the net embedded under `net` (NNUE_EMBED) if there is one. */
#define TD_NET_SLOT(id, inputs, net)                                                               \
    {                                                                                              \
        .game = id, .feature_count = inputs, .max_active = TD_NET_MAX_ACTIVE,                      \
        .default_hidden = TD_NET_HIDDEN, .features = td_net_features, .planes = td_net_planes,     \
        .plane_size = TD_NET_SQUARES, .side_to_move = td_net_side, .hand = td_hand_evaluate,       \
        .embedded = NNUE_EMBEDDED(net),                                                            \
    }
