#include "learn/args.h"

#include "core/util.h"

#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static bool parse_value(const ArgDef *d, const char *text, char *err, size_t err_size)
{
    char *end;
    errno = 0;
    switch (d->kind) {
    case ARG_INT: {
        long long v;
        if (!parse_int(text, (long long)d->min, (long long)d->max, &v)) {
            snprintf(err, err_size, "-%s: '%.64s' is not an integer from %.0f to %.0f", d->name,
                     text, d->min, d->max);
            return false;
        }
        *(long long *)d->value = v;
        return true;
    }
    case ARG_REAL: {
        double v = strtod(text, &end);
        if (errno || end == text || *end || !isfinite(v) || v < d->min || v > d->max) {
            snprintf(err, err_size, "-%s: '%.64s' is not a number from %g to %g", d->name, text,
                     d->min, d->max);
            return false;
        }
        *(double *)d->value = v;
        return true;
    }
    case ARG_BOOL:
        if (strcmp(text, "true") && strcmp(text, "false")) {
            snprintf(err, err_size, "-%s: '%.64s' is not true or false", d->name, text);
            return false;
        }
        *(bool *)d->value = strcmp(text, "true") == 0;
        return true;
    case ARG_TEXT:
        if (!*text) {
            snprintf(err, err_size, "-%s: empty value", d->name);
            return false;
        }
        *(const char **)d->value = text;
        return true;
    }
    return false;
}

bool args_parse(const ArgDef *defs, int count, int argc, const char *const *argv, char *err,
                size_t err_size)
{
    for (int i = 0; i < argc; i += 2) {
        const ArgDef *d = NULL;
        for (int k = 0; k < count && !d; k++)
            if (argv[i][0] == '-' && strcmp(argv[i] + 1, defs[k].name) == 0)
                d = &defs[k];
        if (!d) {
            snprintf(err, err_size, "unknown option '%.64s'", argv[i]);
            return false;
        }
        if (i + 1 >= argc) {
            snprintf(err, err_size, "-%s needs a value", d->name);
            return false;
        }
        if (!parse_value(d, argv[i + 1], err, err_size))
            return false;
    }
    return true;
}

static bool asks_help(int argc, const char *const *argv)
{
    for (int i = 0; i < argc; i++)
        if (!strcmp(argv[i], "-help") || !strcmp(argv[i], "--help") || !strcmp(argv[i], "-h"))
            return true;
    return false;
}

/* One line per option: name, default and help. */
static void usage(const ArgCommand *command)
{
    fprintf(stderr, "usage: wyrm [-v GAME] %s [-option value]...\n%s\n", command->name,
            command->what);
    for (int k = 0; k < command->count; k++) {
        const ArgDef *d = &command->defs[k];
        char def[64] = "";
        if (d->kind == ARG_INT)
            snprintf(def, sizeof def, "%lld", *(long long *)d->value);
        else if (d->kind == ARG_REAL)
            snprintf(def, sizeof def, "%g", *(double *)d->value);
        else if (d->kind == ARG_BOOL)
            snprintf(def, sizeof def, "%s", *(bool *)d->value ? "true" : "false");
        else
            snprintf(def, sizeof def, "%s",
                     *(const char **)d->value ? *(const char **)d->value : "(none)");
        fprintf(stderr, "  -%-14s %-12s %s\n", d->name, def, d->help);
    }
}

int args_reject(const ArgCommand *command, const char *reason)
{
    fprintf(stderr, "%s: %s\n", command->name, reason);
    usage(command);
    return 2;
}

int args_read(const ArgCommand *command, int argc, const char *const *argv)
{
    if (asks_help(argc, argv)) {
        usage(command);
        return 0;
    }
    if (argc == 0) {
        usage(command);
        return 2;
    }
    char err[256] = "";
    if (!args_parse(command->defs, command->count, argc, argv, err, sizeof err))
        return args_reject(command, err);
    return ARGS_RUN;
}
