/*
 * The protocol layer, whole command streams in-process: the input is split into lines
 * as protocol_loop splits stdin, and each line goes to protocol_handle while searches
 * run in the background, as they do behind a GUI; at the end protocol_finish runs what
 * is queued, as at the end of piped input.
 *
 * One engine serves every input (creating one per input would cost more than the input
 * itself); each input starts from the engine's defaults again (the options a previous
 * input set reset, the default game's start position, the table cleared), so an input's
 * behaviour does not depend on the ones before it. So that one input costs well under a
 * millisecond, lines are bounded before they are handled: every `go` gets `nodes` and
 * `depth` caps appended, twice (the last value of a parameter counts), perft depths above
 * PERFT_CAP are lowered to it, Hash and Threads values above small caps are lowered to
 * them, and the commands that run fixed long jobs (bench, perftsuite, stoplatency) are
 * dropped. Hash sizes beyond memory are covered by the protocol tests instead.
 */
#define _GNU_SOURCE /* fopencookie */
#include <malloc.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "core/registry.h"
#include "protocol/protocol.h"
#include "tests/fuzz/fuzz.h"

/* Written twice: a `go` line that ends in a parameter without its value (`go depth`)
 * gives it the first word appended, which left the search without a node cap (a depth-2
 * search of 76 lines at MultiPV 76); the second copy always arrives whole. */
#define GO_CAP " nodes 5 depth 2"
#define GO_CAPS GO_CAP GO_CAP
enum { HASH_CAP_MB = 1, THREADS_CAP = 1, PERFT_CAP = 2, SEARCH_NODES_MAX = 64 };
enum { MMAP_THRESHOLD = 128 << 10, TRIM_THRESHOLD = 256 << 20 }; /* bytes */

/* Lowers a too-large Hash or Threads value in place (line has room for the digits). The
 * name and value are found as the protocol finds them: the words after the first `name`
 * up to the next `value`, and the words after that, whatever comes before. */
static void cap_option(char *line)
{
    char *copy = strdup(line), *words[64], *save = NULL;
    int n = 0;
    if (!copy)
        abort();
    for (char *w = strtok_r(copy, " \t\r\v\f", &save); w && n < 64;
         w = strtok_r(NULL, " \t\r\v\f", &save))
        words[n++] = w;
    int name_at = -1, value_at = -1;
    for (int i = 1; i < n && value_at < 0; i++) {
        if (name_at < 0 && strcmp(words[i], "name") == 0)
            name_at = i + 1;
        else if (name_at >= 0 && strcmp(words[i], "value") == 0)
            value_at = i;
    }
    if (name_at > 0 && value_at == name_at + 1 && value_at + 2 == n) {
        const char *name = words[name_at];
        long long cap = strcasecmp(name, "Hash") == 0      ? HASH_CAP_MB
                        : strcasecmp(name, "Threads") == 0 ? THREADS_CAP
                                                           : -1;
        char *end;
        long long v = strtoll(words[n - 1], &end, 10);
        if (cap > 0 && *end == 0 && v > cap)
            sprintf(line, "setoption name %s value %lld", name, cap);
    }
    free(copy);
}

/* Lowers the depth of `perft D` / `go perft D` in place; other forms stay (errors). */
static void cap_perft(char *line, bool after_go)
{
    char depth[32];
    int n = sscanf(line, after_go ? " go perft %31s" : " perft %31s", depth);
    char *end;
    long v = n == 1 ? strtol(depth, &end, 10) : 0;
    if (n == 1 && *end == 0 && v > PERFT_CAP)
        sprintf(line, "%sperft %d", after_go ? "go " : "", PERFT_CAP);
}

/* Whether the last input may have left something in the table or the histories, and
 * whether it may have changed an option (only `setoption` changes one). */
static bool searched, options_set;

static void handle(Protocol *p, char *line, bool *go_on)
{
    char first[16] = "", second[16] = "";
    sscanf(line, "%15s %15s", first, second);
    if (strcmp(first, "bench") == 0 || strcmp(first, "perftsuite") == 0 ||
        strcmp(first, "stoplatency") == 0)
        return;
    if (strcmp(first, "perft") == 0 || (strcmp(first, "go") == 0 && strcmp(second, "perft") == 0))
        cap_perft(line, strcmp(first, "go") == 0);
    else if (strcmp(first, "go") == 0) {
        strcat(line, GO_CAPS);
        searched = true;
    } else if (strcmp(first, "setoption") == 0) {
        cap_option(line);
        options_set = true;
    }
    *go_on = protocol_handle(p, line);
}

/* The engine every input shares, back at its defaults (Hash at its cap). */
static Engine *shared_engine(void)
{
    static Engine *engine;
    char err[ERR_MAX], value[32];
    if (!engine) {
        /* glibc's thresholds fixed (AddressSanitizer's allocator ignores them). Left to
         * adjust themselves, freeing the search's megabyte-sized per-game tables raises
         * the mmap threshold, and every later switch of game takes them from the heap
         * and clears them whole instead of mapping fresh zero pages, of which a 5-node
         * search touches a few; the high trim threshold keeps the heap's top mapped
         * between inputs. */
        mallopt(M_MMAP_THRESHOLD, MMAP_THRESHOLD);
        mallopt(M_TRIM_THRESHOLD, TRIM_THRESHOLD);
        registry_init();
        engine = engine_create();
        snprintf(value, sizeof value, "%d", HASH_CAP_MB);
        fuzz_check(engine_set_option(engine, "Hash", value, err), NULL, "%s", err);
    }
    /* Setting the game (to the default one, first among the options) also sets its start
     * position; without options to reset, the start position is set alone. */
    if (!options_set)
        fuzz_check(engine_set_position(engine, NULL, NULL, 0, err), NULL, "start: %s", err);
    for (int i = 0; i < engine_option_count(engine) && options_set; i++) {
        OptionInfo o = engine_option_info(engine, i);
        if (o.type == OPTION_BUTTON || strcmp(o.name, "Hash") == 0)
            continue;
        if (o.type == OPTION_COMBO || o.type == OPTION_STRING)
            snprintf(value, sizeof value, "%s", o.default_text);
        else if (o.type == OPTION_CHECK)
            snprintf(value, sizeof value, "%s", o.default_value ? "true" : "false");
        else
            snprintf(value, sizeof value, "%lld", o.default_value);
        fuzz_check(engine_set_option(engine, o.name, value, err), NULL, "reset %s: %s", o.name,
                   err);
    }
    if (searched)
        engine_new_game(engine);
    searched = options_set = false;
    return engine;
}

/* The replies go nowhere without a system call: the protocol flushes after every line,
 * and writing each line to /dev/null cost more than formatting it. */
static ssize_t discard(void *cookie, const char *buf, size_t size)
{
    (void)cookie;
    (void)buf;
    return (ssize_t)size;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static FILE *sink;
    if (!sink && !(sink = fopencookie(NULL, "w", (cookie_io_functions_t){.write = discard})))
        abort();
    Engine *engine = shared_engine();
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
    /* The last search kept to its cap, give or take the nodes under way when it saw its
     * stop (a search that missed the cap ran hundreds or thousands). */
    uint64_t nodes = engine_nodes(engine);
    fuzz_check(nodes <= SEARCH_NODES_MAX, NULL, "the last search ran %llu nodes",
               (unsigned long long)nodes);
    protocol_destroy(p);
    return 0;
}
