/*
 * An engine child process and its two pipes, for the match runner.
 *
 * The child is started with posix_spawnp (no shell: the command is split into words by
 * the caller) in a process group of its own, so a Ctrl-C at the terminal reaches only
 * the runner, which then shuts the engines down itself. The pipes are close-on-exec, so
 * an engine started by one game thread never holds another engine's pipe open (which
 * would hide that engine's exit). Both ends are non-blocking: every read and write waits
 * in poll() against a deadline, and also wakes when the match's abort descriptor becomes
 * readable, so no thread can block forever on a silent or stuck engine.
 *
 * Every process started is reaped by proc_stop (a polite wait, then SIGKILL), so a
 * match leaves no zombies.
 */
#pragma once

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>

#include "core/util.h"

typedef struct EngineProc {
    pid_t pid;       /* 0: no process */
    int to_engine;   /* write end of the engine's stdin */
    int from_engine; /* read end of the engine's stdout */
    char *buf;       /* bytes read; the front `taken` bytes are the line last returned */
    size_t len, cap, taken;
    bool skipping; /* dropping the rest of a line longer than PROC_LINE_MAX */
    bool eof;      /* the engine closed its stdout */
    bool reaped;
    int wait_status; /* from waitpid, once reaped */
} EngineProc;

typedef enum { PROC_LINE, PROC_TIMEOUT, PROC_EOF, PROC_ABORTED } ProcRead;

/* Longest engine output line kept; longer lines are cut to this length. */
enum { PROC_LINE_MAX = 1 << 16 };

/* Starts argv[0] (searched in PATH) with argv; false with the reason in err. */
bool proc_start(EngineProc *p, char *const argv[], char *err, size_t err_size);

/* Writes `line` and a newline before `deadline_us`; false if the engine is gone, stopped
 * reading or the match is aborted (abort_fd readable; -1: none). */
bool proc_write_line(EngineProc *p, const char *line, int64_t deadline_us, int abort_fd);

/* Returns the next output line (without the newline, valid until the next call). */
ProcRead proc_read_line(EngineProc *p, int64_t deadline_us, int abort_fd, const char **line);

/* After PROC_EOF: waits up to `grace_ms` for the exit, kills the process if it lingers,
 * and describes how it ended ("exited with status 3", "killed by signal 11 (...)"). */
void proc_describe_exit(EngineProc *p, int grace_ms, char *buf, size_t size);

/* Closes the engine's stdin, gives it `grace_ms` to exit, then kills it; always reaps.
 * Safe on a stopped or never-started process. */
void proc_stop(EngineProc *p, int grace_ms);

bool proc_running(const EngineProc *p);
