/*
 * Command-line options of `wyrm gen` and `wyrm train`: `-name value` pairs checked
 * against a table (kind, range), every error one line naming the option.
 */
#pragma once

#include <stdbool.h>
#include <stddef.h>

typedef enum { ARG_INT, ARG_REAL, ARG_TEXT, ARG_BOOL } ArgKind;

typedef struct ArgDef {
    const char *name; /* without the dash */
    ArgKind kind;
    void *value; /* long long, double, const char * or bool */
    double min, max;
    const char *help;
} ArgDef;

/* Parses argv[0..argc) into the table's values (which hold the defaults); false with a
 * one-line reason in err (err_size bytes). */
bool args_parse(const ArgDef *defs, int count, int argc, const char *const *argv, char *err,
                size_t err_size);
/* Whether the arguments ask for the usage (-help, --help, -h). */
bool args_help(int argc, const char *const *argv);
/* One line per option: name, default and help, for a usage message. */
void args_usage(const ArgDef *defs, int count, const char *command, const char *what);
