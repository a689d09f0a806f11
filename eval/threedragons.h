/*
 * Three Dragons evaluation (eval/threedragons.c), from the side to move's point of view,
 * for the three variants. It reads the rules' position
 * (movegen/threedragons/threedragons.h); the rules never call it.
 */
#pragma once

#include <stddef.h>

#include "core/types.h"
#include "nnue/nnue.h"

/* The learned evaluation of the rule set where its net is in use, else the hand-written. */
Score td_evaluate(const void *pos);
void td_eval_terms(const void *pos, char *buf, size_t size);
/* The learned evaluations' inputs and nets, one per rule set. */
extern NnueSlot threedragons_nnue, threedragons_strength_nnue, threedragons_dragons_nnue;
