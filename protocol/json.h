/*
 * The `json` command: the current position as one line of JSON for GUIs (docs/json.md),
 * printed from the game's description (core/describe.h).
 */
#pragma once

#include "engine/engine.h"

/* The line, without a newline; the caller frees it. */
char *json_position(const Engine *e);

/* `s` as a JSON string, quotes included; bytes that are not UTF-8 become U+FFFD. The
 * caller frees it. */
char *json_quote(const char *s);
