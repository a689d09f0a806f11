#include "protocol/input.h"

#include <errno.h>
#include <poll.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "core/util.h"

enum { READ_CHUNK = 64 * 1024 };

struct Input {
    FILE *in;
    size_t line_max;
    pthread_t thread;
    pthread_mutex_t lock;
    pthread_cond_t changed;
    InputLine *head, *tail; /* complete lines not yet taken */
    bool ended;             /* the reader has delivered its last line */
    atomic_bool stopping;
    int wake[2]; /* a byte here ends the reader's poll() */

    /* the line being assembled (reader thread only) */
    char *line;
    size_t len, cap;
    bool too_long;
};

static void deliver(Input *input)
{
    size_t len = input->too_long ? 0 : input->len;
    InputLine *l = xmalloc(sizeof *l + len + 1);
    l->next = NULL;
    l->too_long = input->too_long;
    memcpy(l->text, input->line, len);
    l->text[len] = 0;
    pthread_mutex_lock(&input->lock);
    if (input->tail)
        input->tail->next = l;
    else
        input->head = l;
    input->tail = l;
    pthread_cond_broadcast(&input->changed);
    pthread_mutex_unlock(&input->lock);
    input->len = 0;
    input->too_long = false;
}

static void feed(Input *input, const char *bytes, size_t n)
{
    for (size_t i = 0; i < n; i++) {
        char c = bytes[i];
        if (c == '\n') {
            deliver(input);
            continue;
        }
        if (input->too_long)
            continue;
        if (input->len + 1 >= input->line_max) {
            input->too_long = true;
            continue;
        }
        if (input->len + 1 >= input->cap) {
            input->cap *= 2;
            input->line = xrealloc(input->line, input->cap);
        }
        input->line[input->len++] = c == 0 ? '?' : c;
    }
}

/* One chunk of input: 0 at its end (or when stopped), else the byte count. */
static size_t read_chunk(Input *input, char *buf)
{
    int fd = fileno(input->in);
    if (fd < 0) /* a memory stream never blocks */
        return atomic_load(&input->stopping) ? 0 : fread(buf, 1, READ_CHUNK, input->in);
    for (;;) {
        struct pollfd fds[2] = {{fd, POLLIN, 0}, {input->wake[0], POLLIN, 0}};
        if (poll(fds, 2, -1) < 0) {
            if (errno == EINTR)
                continue;
            return 0;
        }
        if (fds[1].revents || atomic_load(&input->stopping))
            return 0;
        ssize_t n = read(fd, buf, READ_CHUNK);
        if (n < 0 && (errno == EINTR || errno == EAGAIN))
            continue;
        return n > 0 ? (size_t)n : 0;
    }
}

static void *reader_main(void *arg)
{
    Input *input = arg;
    char *buf = xmalloc(READ_CHUNK);
    for (size_t n; (n = read_chunk(input, buf)) > 0;)
        feed(input, buf, n);
    if ((input->len || input->too_long) && !atomic_load(&input->stopping))
        deliver(input);
    free(buf);
    pthread_mutex_lock(&input->lock);
    input->ended = true;
    pthread_cond_broadcast(&input->changed);
    pthread_mutex_unlock(&input->lock);
    return NULL;
}

Input *input_start(FILE *in, size_t line_max)
{
    Input *input = xcalloc(1, sizeof *input);
    input->in = in;
    input->line_max = line_max;
    input->cap = 4096;
    input->line = malloc(input->cap);
    if (!input->line || pipe(input->wake) != 0)
        abort();
    pthread_mutex_init(&input->lock, NULL);
    pthread_cond_init(&input->changed, NULL);
    atomic_init(&input->stopping, false);
    if (pthread_create(&input->thread, NULL, reader_main, input) != 0)
        abort();
    return input;
}

InputLine *input_wait(Input *input, bool (*ready)(void *ctx), void *ctx, bool *ended)
{
    pthread_mutex_lock(&input->lock);
    while (!input->head && !input->ended && !ready(ctx))
        pthread_cond_wait(&input->changed, &input->lock);
    InputLine *lines = input->head;
    input->head = input->tail = NULL;
    *ended = input->ended;
    pthread_mutex_unlock(&input->lock);
    return lines;
}

void input_wake(Input *input)
{
    pthread_mutex_lock(&input->lock);
    pthread_cond_broadcast(&input->changed);
    pthread_mutex_unlock(&input->lock);
}

void input_stop(Input *input)
{
    atomic_store(&input->stopping, true);
    ssize_t ignored = write(input->wake[1], "", 1);
    (void)ignored;
    pthread_join(input->thread, NULL);
    for (InputLine *l = input->head, *next; l; l = next) {
        next = l->next;
        free(l);
    }
    close(input->wake[0]);
    close(input->wake[1]);
    pthread_mutex_destroy(&input->lock);
    pthread_cond_destroy(&input->changed);
    free(input->line);
    free(input);
}
