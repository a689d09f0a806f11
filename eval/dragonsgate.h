/*
 * Dragon's Gate evaluation (eval/dragonsgate.c), from the side to move's point of view.
 * It reads the rules' position (movegen/dragonsgate/dragonsgate.h); the rules never call
 * it.
 */
#pragma once

#include <stddef.h>

#include "core/types.h"
#include "nnue/nnue.h"

/* The value of one Dragon, also the search's margin unit. */
enum { DG_DRAGON_VALUE = 100 };

/* The learned evaluation where a net is in use, the hand-written one otherwise. */
Score dragonsgate_evaluate(const void *pos);
/* The learned evaluation's features and net. */
extern NnueSlot dragonsgate_nnue;
void dragonsgate_eval_terms(const void *pos, char *buf, size_t size);
