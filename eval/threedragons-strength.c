/*
 * Three Dragons, strength rule set: the slot of its net, in a file of its own so that the
 * Makefile builds nets/threedragons-strength.nnue into it (eval/threedragons_net.h).
 */
#include "eval/threedragons.h"
#include "eval/threedragons_net.h"

NNUE_EMBED(threedragons_strength_net)

NnueSlot threedragons_strength_nnue =
    TD_NET_SLOT("threedragons-strength", TD_NET_STRENGTH_INPUTS, threedragons_strength_net);
