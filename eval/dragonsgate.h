/*
 * Dragon's Gate evaluation (eval/dragonsgate.c), from the side to move's point of view.
 * It reads the rules' position (movegen/dragonsgate/dragonsgate.h); the rules never call
 * it.
 */
#pragma once

#include <stddef.h>

#include "core/types.h"

/* The value of one Dragon, also the search's margin unit. */
enum { DG_DRAGON_VALUE = 100 };

Score dragonsgate_evaluate(const void *pos);
void dragonsgate_eval_terms(const void *pos, char *buf, size_t size);
