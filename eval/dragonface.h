/*
 * Dragon Face evaluation (eval/dragonface.c), from the side to move's point of view. It
 * reads the rules' position (movegen/dragonface/dragonface.h); the rules never call it.
 */
#pragma once

#include <stddef.h>

#include "core/types.h"
#include "nnue/nnue.h"

/* The learned evaluation where a net is in use, the hand-written one otherwise. */
Score dragonface_evaluate(const void *pos);
/* The learned evaluation's inputs and net. */
extern NnueSlot dragonface_nnue;
void dragonface_eval_terms(const void *pos, char *buf, size_t size);
