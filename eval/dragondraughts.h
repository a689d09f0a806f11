/*
 * Dragon-draughts evaluation (eval/dragondraughts.c), from the side to move's point of
 * view. It reads the rules' position (movegen/dragondraughts/dragondraughts.h); the rules
 * never call it.
 */
#pragma once

#include <stddef.h>

#include "core/types.h"
#include "nnue/nnue.h"

/* The learned evaluation where a net is in use, the hand-written one otherwise. */
Score dd_evaluate(const void *pos);
/* The learned evaluation's features and net. */
extern NnueSlot dd_nnue;
void dd_eval_terms(const void *pos, char *buf, size_t size);
