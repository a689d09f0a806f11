/*
 * wyrm: reads protocol commands from stdin, or runs the command given on the command
 * line and exits:
 *
 *   wyrm                        the protocol on stdin/stdout
 *   wyrm [-v GAME] COMMAND...   e.g. `wyrm bench`, `wyrm -v breakthrough perft 6`
 *   wyrm [-v GAME] match ...    a match between two engines (docs/match.md)
 *   wyrm [-v GAME] gen ...      training data from self-play (docs/learning.md)
 *   wyrm [-v GAME] train ...    a net trained on that data (docs/learning.md)
 *   wyrm --help | -h            the usage summary (the `help` command)
 *   wyrm --version              the version and build (the `version` command)
 *
 * Exit status: 0 on success; 1 when the command or the game is refused (its error is on
 * stderr); 2 when the command line itself is malformed (an unknown option, -v without a
 * game).
 *
 * `match` takes its arguments as the shell split them (engine command lines keep their
 * quoting), so it is dispatched here rather than through the protocol's one-line parser.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/registry.h"
#include "core/util.h"
#include "learn/learn.h"
#include "match/match.h"
#include "protocol/protocol.h"

enum { EXIT_REFUSED = 1, EXIT_USAGE = 2 };

static bool is_flag(const char *arg, const char *a, const char *b)
{
    return strcmp(arg, a) == 0 || (b && strcmp(arg, b) == 0);
}

/* Runs argv[first..] as one protocol line; returns the exit status. */
static int run_command(Protocol *protocol, int argc, char **argv, int first)
{
    size_t len = 1;
    for (int i = first; i < argc; i++)
        len += strlen(argv[i]) + 1;
    char *line = xcalloc(1, len);
    for (int i = first; i < argc; i++) {
        strcat(line, argv[i]);
        if (i + 1 < argc)
            strcat(line, " ");
    }
    protocol_command_line(protocol, stderr);
    protocol_handle(protocol, line);
    protocol_finish(protocol);
    free(line);
    return protocol_error_count(protocol) ? EXIT_REFUSED : EXIT_SUCCESS;
}

int main(int argc, char **argv)
{
    registry_init();
    Engine *engine = engine_create();
    Protocol *protocol = protocol_create(engine, stdout);
    int status = EXIT_SUCCESS, first = 1;
    if (argc > 1 && is_flag(argv[1], "-v", "--variant")) {
        char err[ERR_MAX];
        if (argc < 3) {
            fprintf(stderr, "wyrm: %s needs a game id (see wyrm --help)\n", argv[1]);
            status = EXIT_USAGE;
        } else if (!engine_set_game(engine, argv[2], err)) {
            fprintf(stderr, "wyrm: %s\n", err);
            status = EXIT_REFUSED;
        }
        first = 3;
    }
    if (status != EXIT_SUCCESS) {
        /* refused before any command */
    } else if (argc > first && is_flag(argv[first], "--help", "-h")) {
        argv[first] = "help";
        status = run_command(protocol, first + 1, argv, first);
    } else if (argc > first && is_flag(argv[first], "--version", NULL)) {
        argv[first] = "version";
        status = run_command(protocol, first + 1, argv, first);
    } else if (argc > first && argv[first][0] == '-') {
        fprintf(stderr, "wyrm: unknown option '%s' (see wyrm --help)\n", argv[first]);
        status = EXIT_USAGE;
    } else if (argc > first && strcmp(argv[first], "match") == 0) {
        status = match_main(argc - first - 1, (const char *const *)argv + first + 1,
                            engine_game(engine));
    } else if (argc > first && strcmp(argv[first], "gen") == 0) {
        status = gen_main(argc - first - 1, (const char *const *)argv + first + 1, engine);
    } else if (argc > first && strcmp(argv[first], "train") == 0) {
        status = train_main(argc - first - 1, (const char *const *)argv + first + 1, engine);
    } else if (argc > first) {
        status = run_command(protocol, argc, argv, first);
    } else {
        protocol_loop(protocol, stdin);
    }
    protocol_destroy(protocol);
    engine_destroy(engine);
    return status;
}
