/*
 * wyrm in a web page (`make web`, docs/board.md): the engine compiled to WebAssembly and
 * run in a Web Worker, which hands it the protocol's lines one at a time and posts every
 * line it prints back to the page. There is no stdin to read: the worker calls
 * wyrm_web_line for each line that arrives, the way protocol_loop does for each line it
 * reads, and the engine prints through stdout, which the worker's runtime turns into one
 * message per line.
 *
 * Built without threads (wyrm), the search pool cannot start its main thread and runs
 * each job inline (search/thread.c), so wyrm_web_line returns once a `go`, `perft` or
 * `bench` has answered; a search is ended early by the page, which then replaces the
 * worker (board/static/worker-engine.js). Built with threads (wyrm-mt, for a page that is
 * cross-origin isolated), the pool runs as in the native engine: wyrm_web_line returns at
 * once and a `stop` that follows is read while the search runs.
 */
#include <emscripten.h>
#include <stdio.h>

#include "core/registry.h"
#include "protocol/protocol.h"

static Engine *web_engine;
static Protocol *web_protocol;

/* Creates the engine; returns 1 once ready (called once, before any line). */
EMSCRIPTEN_KEEPALIVE int wyrm_web_start(void)
{
    if (web_protocol)
        return 1;
    registry_init();
    web_engine = engine_create();
    web_protocol = protocol_create(web_engine, stdout);
    return 1;
}

/* Handles one line of the protocol; returns 0 once `quit` has been received. */
EMSCRIPTEN_KEEPALIVE int wyrm_web_line(const char *line)
{
    if (!web_protocol)
        wyrm_web_start();
    if (protocol_handle(web_protocol, line))
        return 1;
    protocol_finish(web_protocol);
    return 0;
}

/* The runtime runs main once, when the module is loaded; the worker then drives the engine
 * through the two functions above. */
int main(void) { return 0; }
