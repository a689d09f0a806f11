#include "protocol/help.h"

#include <stdio.h>

/* The compiler and build flavour, for `version`. */
static void build_description(char *buf, size_t size)
{
#if defined(__clang__)
    const char *compiler = "clang";
#elif defined(__GNUC__)
    const char *compiler = "gcc";
#else
    const char *compiler = "cc";
#endif
#ifdef NDEBUG
    const char *checks = "assertions off";
#else
    const char *checks = "assertions on";
#endif
    snprintf(buf, size, "%s %s, %s, %d-bit, C%ld", compiler, __VERSION__, checks,
             (int)(8 * sizeof(void *)), __STDC_VERSION__ / 100 % 100);
}

void help_version(Output *out, const char *name)
{
    char build[256];
    build_description(build, sizeof build);
    output_line(out, "%s", name);
    output_line(out, "build: %s", build);
}

static const char HELP_TEXT[] =
    "usage: wyrm                        read protocol commands from standard input\n"
    "       wyrm [-v GAME] COMMAND ...  run one command, print its result and exit\n"
    "       wyrm [-v GAME] match ...    a match between two engines (wyrm match -help)\n"
    "       wyrm -v GAME gen ...        training data from self-play (wyrm gen -help)\n"
    "       wyrm -v GAME train ...      a net trained on that data (wyrm train -help)\n"
    "       wyrm --help | -h | help     this summary\n"
    "       wyrm --version | version    the version and build\n"
    "\n"
    "Commands (one a line; the same words work as command-line arguments):\n"
    "  uci | ugi                   identify, list the options, uciok / ugiok\n"
    "  isready                     readyok\n"
    "  setoption name N [value V]  set an option (listed below)\n"
    "  ucinewgame | uginewgame     forget the hash table and what searches learned\n"
    "  position startpos|fen F [moves M...]\n"
    "  go [depth D] [nodes N] [movetime T] [mate M] [infinite] [ponder]\n"
    "     [wtime|p1time T] [btime|p2time T] [winc|p1inc I] [binc|p2inc I] [movestogo N]\n"
    "     [searchmoves M1 M2 ...]   search; info lines, then bestmove\n"
    "  stop | ponderhit | quit\n"
    "  query gameover|p1turn|result\n"
    "  d | moves | eval            the board, the legal moves, the evaluation\n"
    "  perft D | go perft D        leaf counts per root move\n"
    "  bench [GAME|all] [DEPTH] [THREADS] [HASH]\n"
    "  perftsuite | stoplatency [COUNT] [THREADS]\n"
    "  help | version\n"
    "While a search, perft or bench runs, only stop, ponderhit and quit act on it, and\n"
    "isready answers at once; uci, d, moves, eval, query, json, help and version answer at\n"
    "once when nothing waits, else in turn; other commands wait their turn (a quit ends a\n"
    "search at once but lets a perft or bench finish).\n"
    "\n"
    "Options:";

static const char *const TYPE_NAMES[] = {"spin", "check", "combo", "button", "string"};

void help_option_lines(Output *out, const Engine *engine)
{
    for (int i = 0; i < engine_option_count(engine); i++) {
        OptionInfo o = engine_option_info(engine, i);
        char line[8192];
        size_t n = (size_t)snprintf(line, sizeof line, "option name %s type %s", o.name,
                                    TYPE_NAMES[o.type]);
        if (o.type == OPTION_SPIN)
            n += (size_t)snprintf(line + n, sizeof line - n, " default %lld min %lld max %lld",
                                  o.default_value, o.min, o.max);
        else if (o.type == OPTION_CHECK)
            n += (size_t)snprintf(line + n, sizeof line - n, " default %s",
                                  o.default_value ? "true" : "false");
        else if (o.type == OPTION_COMBO || o.type == OPTION_STRING)
            n += (size_t)snprintf(line + n, sizeof line - n, " default %s", o.default_text);
        for (int c = 0; c < o.choice_count && n < sizeof line; c++)
            n += (size_t)snprintf(line + n, sizeof line - n, " var %s", o.choices[c]);
        output_line(out, "%s", line);
    }
}

void help_usage(Output *out, const Engine *engine)
{
    output_block(out, HELP_TEXT);
    output_line(out, "%s", "");
    for (int i = 0; i < engine_option_count(engine); i++) {
        OptionInfo o = engine_option_info(engine, i);
        char line[512];
        if (o.type == OPTION_SPIN)
            snprintf(line, sizeof line, "%lld..%lld, default %lld", o.min, o.max, o.default_value);
        else if (o.type == OPTION_CHECK)
            snprintf(line, sizeof line, "true or false, default %s",
                     o.default_value ? "true" : "false");
        else if (o.type == OPTION_COMBO) {
            size_t n = 0;
            for (int c = 0; c < o.choice_count && n < sizeof line; c++)
                n += (size_t)snprintf(line + n, sizeof line - n, "%s%s", c ? ", " : "",
                                      o.choices[c]);
            if (n < sizeof line)
                snprintf(line + n, sizeof line - n, "; default %s", o.default_text);
        } else if (o.type == OPTION_STRING)
            snprintf(line, sizeof line, "a path or %s (the default)", o.default_text);
        else
            snprintf(line, sizeof line, "no value");
        output_line(out, "  %-16s %-6s %s", o.name, TYPE_NAMES[o.type], line);
    }
}
