/* pipe2 and O_CLOEXEC pipes need the GNU feature set on glibc. */
#define _GNU_SOURCE

#include "match/match_proc.h"
#include "core/util.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <poll.h>
#include <signal.h>
#include <spawn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

extern char **environ;

enum { PROC_BUF_START = 4096, PROC_REAP_POLL_US = 2000 };

/* poll() takes milliseconds; round up so a deadline is never reported early. */
static int poll_timeout(int64_t deadline_us)
{
    int64_t left = deadline_us - clock_now_us();
    if (left <= 0)
        return 0;
    int64_t ms = (left + 999) / 1000;
    return ms > INT_MAX ? INT_MAX : (int)ms;
}

bool proc_running(const EngineProc *p) { return p->pid > 0 && !p->reaped && !p->eof; }

bool proc_start(EngineProc *p, char *const argv[], char *err, size_t err_size)
{
    *p = (EngineProc){0};
    p->to_engine = p->from_engine = -1;
    int in[2], out[2];
    if (pipe2(in, O_CLOEXEC) != 0) {
        snprintf(err, err_size, "cannot create a pipe: %s", strerror(errno));
        return false;
    }
    if (pipe2(out, O_CLOEXEC) != 0) {
        snprintf(err, err_size, "cannot create a pipe: %s", strerror(errno));
        close(in[0]);
        close(in[1]);
        return false;
    }
    posix_spawn_file_actions_t actions;
    posix_spawnattr_t attr;
    posix_spawn_file_actions_init(&actions);
    posix_spawn_file_actions_adddup2(&actions, in[0], STDIN_FILENO);
    posix_spawn_file_actions_adddup2(&actions, out[1], STDOUT_FILENO);
    posix_spawnattr_init(&attr);
    /* The runner ignores SIGPIPE, and ignored signals survive exec: give the engine the
     * default back, and an empty mask whatever the starting thread blocks. */
    sigset_t defaults, mask;
    sigemptyset(&defaults);
    sigaddset(&defaults, SIGPIPE);
    sigemptyset(&mask);
    posix_spawnattr_setsigdefault(&attr, &defaults);
    posix_spawnattr_setsigmask(&attr, &mask);
    posix_spawnattr_setpgroup(&attr, 0);
    posix_spawnattr_setflags(&attr, POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK |
                                        POSIX_SPAWN_SETPGROUP);
    pid_t pid;
    int rc = posix_spawnp(&pid, argv[0], &actions, &attr, argv, environ);
    posix_spawn_file_actions_destroy(&actions);
    posix_spawnattr_destroy(&attr);
    close(in[0]);
    close(out[1]);
    if (rc != 0) {
        snprintf(err, err_size, "cannot start '%.200s': %s", argv[0], strerror(rc));
        close(in[1]);
        close(out[0]);
        return false;
    }
    fcntl(in[1], F_SETFL, fcntl(in[1], F_GETFL) | O_NONBLOCK);
    fcntl(out[0], F_SETFL, fcntl(out[0], F_GETFL) | O_NONBLOCK);
    p->pid = pid;
    p->to_engine = in[1];
    p->from_engine = out[0];
    p->cap = PROC_BUF_START;
    p->buf = xmalloc(p->cap);
    return true;
}

static bool aborted(int abort_fd)
{
    if (abort_fd < 0)
        return false;
    struct pollfd fd = {abort_fd, POLLIN, 0};
    return poll(&fd, 1, 0) > 0;
}

bool proc_write_line(EngineProc *p, const char *line, int64_t deadline_us, int abort_fd)
{
    if (p->pid <= 0 || p->to_engine < 0)
        return false;
    size_t len = strlen(line);
    char *text = xmalloc(len + 1);
    memcpy(text, line, len);
    text[len++] = '\n';
    size_t done = 0;
    bool ok = true;
    while (ok && done < len) {
        ssize_t n = write(p->to_engine, text + done, len - done);
        if (n > 0) {
            done += (size_t)n;
            continue;
        }
        if (n < 0 && errno == EINTR)
            continue;
        if (n < 0 && errno != EAGAIN && errno != EWOULDBLOCK) {
            ok = false; /* EPIPE: the engine has gone */
            break;
        }
        struct pollfd fds[2] = {{p->to_engine, POLLOUT, 0}, {abort_fd, POLLIN, 0}};
        int ready = poll(fds, abort_fd >= 0 ? 2 : 1, poll_timeout(deadline_us));
        if (ready < 0 && errno == EINTR)
            continue;
        ok = ready > 0 && !(abort_fd >= 0 && fds[1].revents) &&
             !(fds[0].revents & (POLLERR | POLLHUP | POLLNVAL));
    }
    free(text);
    return ok;
}

/* The next line, NUL-terminated in place at the front of buf; NULL if none is complete.
 * The bytes it occupies are dropped at the next call, so the caller's pointer stays valid
 * until then. */
static const char *take_line(EngineProc *p)
{
    for (;;) {
        if (p->taken) {
            memmove(p->buf, p->buf + p->taken, p->len - p->taken);
            p->len -= p->taken;
            p->taken = 0;
        }
        char *nl = memchr(p->buf, '\n', p->len);
        size_t line_len;
        if (p->skipping) {
            /* The tail of a line already returned cut: drop it up to its newline. */
            p->taken = nl ? (size_t)(nl - p->buf) + 1 : p->len;
            p->skipping = nl == NULL;
            if (p->skipping) {
                p->len = p->taken = 0;
                return NULL;
            }
            continue;
        }
        if (nl) {
            line_len = (size_t)(nl - p->buf);
            p->taken = line_len + 1;
        } else if (p->len >= PROC_LINE_MAX) {
            line_len = PROC_LINE_MAX;
            p->taken = p->len;
            p->skipping = true;
        } else if (p->eof && p->len > 0) {
            line_len = p->taken = p->len;
        } else {
            return NULL;
        }
        if (line_len > 0 && p->buf[line_len - 1] == '\r')
            line_len--;
        p->buf[line_len] = 0;
        return p->buf;
    }
}

ProcRead proc_read_line(EngineProc *p, int64_t deadline_us, int abort_fd, const char **line)
{
    for (;;) {
        if (p->pid <= 0)
            return PROC_EOF;
        if ((*line = take_line(p)))
            return PROC_LINE;
        if (p->eof)
            return PROC_EOF;
        struct pollfd fds[2] = {{p->from_engine, POLLIN, 0}, {abort_fd, POLLIN, 0}};
        int ready = poll(fds, abort_fd >= 0 ? 2 : 1, poll_timeout(deadline_us));
        if (ready < 0 && errno == EINTR)
            continue;
        if (aborted(abort_fd))
            return PROC_ABORTED;
        if (ready == 0)
            return PROC_TIMEOUT;
        if (ready < 0)
            return PROC_EOF;
        /* One byte always stays free for the NUL that ends a line cut short. */
        while (p->cap - p->len - 1 < PROC_BUF_START) {
            p->cap *= 2;
            p->buf = xrealloc(p->buf, p->cap);
        }
        ssize_t n = read(p->from_engine, p->buf + p->len, p->cap - p->len - 1);
        if (n > 0)
            p->len += (size_t)n;
        else if (n == 0 || (errno != EAGAIN && errno != EINTR && errno != EWOULDBLOCK))
            p->eof = true;
    }
}

static const char *signal_name(int sig)
{
    static const struct {
        int sig;
        const char *name;
    } names[] = {{SIGSEGV, "SIGSEGV"}, {SIGABRT, "SIGABRT"}, {SIGKILL, "SIGKILL"},
                 {SIGBUS, "SIGBUS"},   {SIGFPE, "SIGFPE"},   {SIGILL, "SIGILL"},
                 {SIGTERM, "SIGTERM"}, {SIGINT, "SIGINT"},   {SIGPIPE, "SIGPIPE"}};
    for (size_t i = 0; i < sizeof names / sizeof names[0]; i++)
        if (names[i].sig == sig)
            return names[i].name;
    return "signal";
}

/* Waits up to grace_ms for the child to exit by itself; true once reaped. */
static bool reap_within(EngineProc *p, int grace_ms)
{
    int64_t deadline = clock_now_us() + (int64_t)grace_ms * 1000;
    while (!p->reaped) {
        pid_t r = waitpid(p->pid, &p->wait_status, WNOHANG);
        if (r == p->pid || (r < 0 && errno != EINTR)) {
            p->reaped = true;
            break;
        }
        if (clock_now_us() >= deadline)
            break;
        struct timespec pause = {0, PROC_REAP_POLL_US * 1000};
        nanosleep(&pause, NULL);
    }
    return p->reaped;
}

/* Kills the engine and anything it started (its process group), then reaps it. */
static void kill_and_reap(EngineProc *p)
{
    if (p->reaped)
        return;
    kill(-p->pid, SIGKILL);
    kill(p->pid, SIGKILL);
    while (waitpid(p->pid, &p->wait_status, 0) < 0 && errno == EINTR)
        ;
    p->reaped = true;
}

void proc_describe_exit(EngineProc *p, int grace_ms, char *buf, size_t size)
{
    if (p->pid <= 0) {
        snprintf(buf, size, "not running");
        return;
    }
    bool exited = reap_within(p, grace_ms);
    if (!exited) {
        kill_and_reap(p);
        snprintf(buf, size, "closed its output (killed)");
    } else if (WIFEXITED(p->wait_status)) {
        snprintf(buf, size, "exited with status %d", WEXITSTATUS(p->wait_status));
    } else if (WIFSIGNALED(p->wait_status)) {
        int sig = WTERMSIG(p->wait_status);
        snprintf(buf, size, "killed by signal %d (%s)", sig, signal_name(sig));
    } else {
        snprintf(buf, size, "ended");
    }
}

void proc_stop(EngineProc *p, int grace_ms)
{
    /* A zeroed or never-started EngineProc holds no descriptors (fd 0 is not its own). */
    if (p->pid <= 0)
        return;
    if (p->to_engine >= 0)
        close(p->to_engine);
    p->to_engine = -1;
    if (!reap_within(p, grace_ms))
        kill_and_reap(p);
    if (p->from_engine >= 0)
        close(p->from_engine);
    free(p->buf);
    *p = (EngineProc){.to_engine = -1, .from_engine = -1};
}
