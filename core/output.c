#include "core/output.h"

#include <pthread.h>
#include <stdarg.h>
#include <stdlib.h>

#include "core/util.h"

struct Output {
    FILE *out;
    pthread_mutex_t lock;
};

Output *output_create(FILE *out)
{
    Output *o = xmalloc(sizeof *o);
    o->out = out;
    pthread_mutex_init(&o->lock, NULL);
    return o;
}

void output_destroy(Output *o)
{
    pthread_mutex_destroy(&o->lock);
    free(o);
}

void output_vline(Output *o, const char *fmt, va_list ap)
{
    pthread_mutex_lock(&o->lock);
    vfprintf(o->out, fmt, ap);
    fputc('\n', o->out);
    fflush(o->out);
    pthread_mutex_unlock(&o->lock);
}

void output_line(Output *o, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    output_vline(o, fmt, ap);
    va_end(ap);
}

void output_block(Output *o, const char *text)
{
    pthread_mutex_lock(&o->lock);
    fputs(text, o->out);
    fflush(o->out);
    pthread_mutex_unlock(&o->lock);
}
