/*
 * wyrm: reads protocol commands from stdin, or runs the command given on the command
 * line and exits:
 *
 *   wyrm                        the protocol on stdin/stdout
 *   wyrm [-v GAME] COMMAND...   e.g. `wyrm bench`, `wyrm -v breakthrough perft 6`
 *   wyrm [-v GAME] match ...    a match between two engines (docs/match.md)
 *
 * `match` takes its arguments as the shell split them (engine command lines keep their
 * quoting), so it is dispatched here rather than through the protocol's one-line parser.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bench/match.h"
#include "engine/registry.h"
#include "protocol/protocol.h"

int main(int argc, char **argv)
{
    registry_init();
    Engine *engine = engine_create();
    Protocol *protocol = protocol_create(engine, stdout);
    int status = EXIT_SUCCESS;
    int first = 1;
    if (argc > 2 && (strcmp(argv[1], "-v") == 0 || strcmp(argv[1], "--variant") == 0)) {
        char err[ERR_MAX];
        if (!engine_set_game(engine, argv[2], err)) {
            fprintf(stderr, "wyrm: %s\n", err);
            status = EXIT_FAILURE;
            argc = 0;
        }
        first = 3;
    }
    if (argc > first && strcmp(argv[first], "match") == 0) {
        status = match_main(argc - first - 1, (const char *const *)argv + first + 1,
                            engine_game(engine));
    } else if (argc > first) {
        size_t len = 1;
        for (int i = first; i < argc; i++)
            len += strlen(argv[i]) + 1;
        char *line = calloc(1, len);
        if (!line)
            abort();
        for (int i = first; i < argc; i++) {
            strcat(line, argv[i]);
            if (i + 1 < argc)
                strcat(line, " ");
        }
        protocol_handle(protocol, line);
        protocol_finish(protocol);
        free(line);
    } else if (argc > 0 && argc == first) {
        protocol_loop(protocol, stdin);
    }
    protocol_destroy(protocol);
    engine_destroy(engine);
    return status;
}
