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

/* A command's name, the line that says what it does, and its option table. */
typedef struct ArgCommand {
    const char *name;
    const char *what;
    const ArgDef *defs;
    int count;
} ArgCommand;

/* args_read's answer when the options parsed and the command should run. */
enum { ARGS_RUN = -1 };

/* Parses argv[0..argc) into the table's values (which hold the defaults); false with a
 * one-line reason in err (err_size bytes). */
bool args_parse(const ArgDef *defs, int count, int argc, const char *const *argv, char *err,
                size_t err_size);
/* Reads a command's options: ARGS_RUN when they parsed, else the exit status after printing
 * the usage: 0 for -help, 2 for no options or a bad one (its reason first). */
int args_read(const ArgCommand *command, int argc, const char *const *argv);
/* Prints "command: reason" and the usage; returns 2, the exit status of a bad command line. */
int args_reject(const ArgCommand *command, const char *reason);
