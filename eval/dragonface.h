/*
 * Dragon Face evaluation (eval/dragonface.c), from the side to move's point of view. It
 * reads the rules' position (movegen/dragonface/dragonface.h); the rules never call it.
 */
#pragma once

#include <stddef.h>

#include "core/types.h"

Score dragonface_evaluate(const void *pos);
void dragonface_eval_terms(const void *pos, char *buf, size_t size);
