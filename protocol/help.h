/*
 * What wyrm says about itself: the `option name ... type ...` lines of `uci`/`ugi`, and
 * the `help` and `version` commands (also `wyrm --help` and `wyrm --version`). Options
 * are listed from the engine's option table.
 */
#pragma once

#include "core/output.h"
#include "engine/engine.h"

/* One `option name N type T ...` line per engine option. */
void help_option_lines(Output *out, const Engine *engine);
/* The usage summary: command line, commands, go parameters, options. */
void help_usage(Output *out, const Engine *engine);
/* `name`, then the build: compiler and version, assertions, word size, C standard. */
void help_version(Output *out, const char *name);
