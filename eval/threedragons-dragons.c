/*
 * Three Dragons, dragons rule set: the slot of its net, in a file of its own so that the
 * Makefile builds nets/threedragons-dragons.nnue into it (eval/threedragons_net.h).
 */
#include "eval/threedragons.h"
#include "eval/threedragons_net.h"

NNUE_EMBED(threedragons_dragons_net)

NnueSlot threedragons_dragons_nnue =
    TD_NET_SLOT("threedragons-dragons", TD_NET_DRAGONS_INPUTS, threedragons_dragons_net);
