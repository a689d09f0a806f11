/*
 * DragonQi evaluation (eval/dragonqi.c), from the side to move's point of view. It reads
 * the rules' position (movegen/dragonqi/dragonqi.h); the rules never call it.
 */
#pragma once

#include <stddef.h>

#include "core/types.h"

Score dragonqi_evaluate(const void *pos);
void dragonqi_eval_terms(const void *pos, char *buf, size_t size);

/* The value of the piece coded `code` (0 for an empty cell); the Game table's capture
 * order uses it too. */
int dq_value(int code);
