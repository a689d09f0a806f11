/*
 * The protocol layer, whole command streams in-process: the input is split into lines
 * as protocol_loop splits stdin, and each line goes to protocol_handle of a fresh engine
 * while searches run in the background, as they do behind a GUI.
 *
 * So that one input costs milliseconds, lines are bounded before they are handled:
 * every `go` gets `nodes` and `depth` caps appended (the last value of a parameter
 * counts), Hash and Threads values above small caps are lowered to them, and the
 * commands that run fixed long jobs in the foreground (bench, perftsuite, stoplatency)
 * are dropped. Hash sizes beyond memory are covered by the protocol tests instead.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "engine/registry.h"
#include "protocol/protocol.h"
#include "tests/fuzz/fuzz.h"

#define GO_CAPS " nodes 3000 depth 8"
enum { HASH_CAP_MB = 64, THREADS_CAP = 4 };

/* Lowers a too-large Hash or Threads value in place (line has room for the digits). */
static void cap_option(char *line)
{
    char name[32], value[32];
    if (sscanf(line, " setoption name %31s value %31s", name, value) != 2)
        return;
    long long cap = strcasecmp(name, "Hash") == 0      ? HASH_CAP_MB
                    : strcasecmp(name, "Threads") == 0 ? THREADS_CAP
                                                       : -1;
    char *end;
    long long v = strtoll(value, &end, 10);
    if (cap > 0 && *end == 0 && v > cap)
        sprintf(line, "setoption name %s value %lld", name, cap);
}

static void handle(Protocol *p, char *line, bool *go_on)
{
    char first[16] = "";
    sscanf(line, "%15s", first);
    if (strcmp(first, "bench") == 0 || strcmp(first, "perftsuite") == 0 ||
        strcmp(first, "stoplatency") == 0)
        return;
    if (strcmp(first, "go") == 0)
        strcat(line, GO_CAPS);
    else if (strcmp(first, "setoption") == 0)
        cap_option(line);
    *go_on = protocol_handle(p, line);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static FILE *sink;
    registry_init();
    if (!sink && !(sink = fopen("/dev/null", "w")))
        abort();
    Engine *engine = engine_create();
    Protocol *p = protocol_create(engine, sink);
    /* Room for the longest line plus the caps appended to it. */
    char *line = malloc(size + sizeof GO_CAPS + 64);
    if (!line)
        abort();
    bool go_on = true;
    size_t len = 0;
    for (size_t i = 0; i <= size && go_on; i++) {
        if (i < size && data[i] != '\n') {
            line[len++] = data[i] == 0 ? '?' : (char)data[i];
            continue;
        }
        line[len] = 0;
        if (len || i < size)
            handle(p, line, &go_on);
        len = 0;
    }
    free(line);
    protocol_finish(p);
    protocol_destroy(p);
    engine_destroy(engine);
    return 0;
}
