/*
 * The commands that wait their turn, and the jobs they wait for. While a search, perft or
 * bench runs, a command that would change the engine (and a reading command behind one)
 * waits here, in order of arrival; it runs once the job has reported its end (its
 * bestmove, perft total or last bench line), so every `go` gets exactly one `bestmove`.
 * See protocol_handle and docs/protocol.md.
 */
#include <stdlib.h>
#include <string.h>

#include "core/util.h"
#include "protocol/session.h"

/* The running job has reported its end (its bestmove, perft total or last bench line):
 * the protocol thread may start the next queued command. */
void job_ended(Protocol *p)
{
    atomic_store(&p->ended_seq, p->job_seq);
    if (p->input)
        input_wake(p->input);
}

void job_starting(Protocol *p, bool task)
{
    p->job_seq++;
    p->task_running = task;
}

void queue_push(Protocol *p, const char *line, bool quit)
{
    size_t len = strlen(line);
    Pending *q = xmalloc(sizeof *q + len + 1);
    q->next = NULL;
    q->quit = quit;
    memcpy(q->line, line, len + 1);
    if (p->queue_tail)
        p->queue_tail->next = q;
    else
        p->queue = q;
    p->queue_tail = q;
}

void queue_free(Protocol *p)
{
    for (Pending *q = p->queue, *next; q; q = next) {
        next = q->next;
        free(q);
    }
    p->queue = p->queue_tail = NULL;
}

static bool head_is_quit(const Protocol *p) { return p->queue && p->queue->quit; }

/* Runs queued commands while the engine is idle, or once its job has reported its end
 * (its thread only finishing: waited for). A quit waiting behind a search ends it; one
 * behind a perft or bench waits for it. */
void queue_pump(Protocol *p)
{
    while (p->queue) {
        if (engine_busy(p->engine) && atomic_load(&p->ended_seq) != p->job_seq) {
            if (head_is_quit(p) && !p->task_running)
                engine_stop(p->engine);
            return;
        }
        engine_wait(p->engine);
        Pending *q = p->queue;
        p->queue = q->next;
        if (!p->queue)
            p->queue_tail = NULL;
        protocol_run_line(p, q->line);
        free(q);
    }
}

void protocol_finish(Protocol *p)
{
    Engine *e = p->engine;
    while (p->queue) {
        if (engine_busy(e)) {
            if (engine_waits_for_stop(e) || (head_is_quit(p) && !p->task_running))
                engine_stop(e);
            engine_wait(e);
        }
        queue_pump(p);
    }
    if (engine_waits_for_stop(e))
        engine_stop(e);
    engine_wait(e);
}

bool queue_may_run(void *ctx)
{
    Protocol *p = ctx;
    return p->queue && atomic_load(&p->ended_seq) == p->job_seq;
}
