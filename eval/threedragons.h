/*
 * Three Dragons evaluation (eval/threedragons.c), from the side to move's point of view,
 * for the three variants. It reads the rules' position
 * (movegen/threedragons/threedragons.h); the rules never call it.
 */
#pragma once

#include <stddef.h>

#include "core/types.h"

Score td_evaluate(const void *pos);
void td_eval_terms(const void *pos, char *buf, size_t size);
