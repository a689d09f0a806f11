#include "engine/task.h"

/* Perft recurses a ply per frame and bench runs whole searches from the task; the size
 * is set rather than left to the platform, whose default varies from 128 KB to 8 MB. */
enum { TASK_STACK_BYTES = 4 * 1024 * 1024 };

void task_thread_init(TaskThread *t)
{
    pthread_mutex_init(&t->lock, NULL);
    pthread_cond_init(&t->done, NULL);
    atomic_init(&t->running, false);
    atomic_init(&t->stop, false);
    t->joinable = false;
    t->fn = NULL;
    t->arg = NULL;
}

void task_thread_free(TaskThread *t)
{
    task_thread_stop(t);
    task_thread_wait(t);
    pthread_mutex_destroy(&t->lock);
    pthread_cond_destroy(&t->done);
}

static void run(TaskThread *t)
{
    t->fn(t->arg, &t->stop);
    pthread_mutex_lock(&t->lock);
    atomic_store(&t->running, false);
    pthread_cond_broadcast(&t->done);
    pthread_mutex_unlock(&t->lock);
}

static void *task_main(void *arg)
{
    run(arg);
    return NULL;
}

void task_thread_start(TaskThread *t, TaskFn fn, void *arg)
{
    task_thread_wait(t);
    t->fn = fn;
    t->arg = arg;
    atomic_store(&t->stop, false);
    atomic_store(&t->running, true);
    pthread_attr_t attr;
    pthread_attr_init(&attr);
    pthread_attr_setstacksize(&attr, TASK_STACK_BYTES);
    t->joinable = pthread_create(&t->handle, &attr, task_main, t) == 0;
    pthread_attr_destroy(&attr);
    if (!t->joinable)
        run(t); /* no thread: run inline, which still reports as the task does */
}

void task_thread_stop(TaskThread *t) { atomic_store(&t->stop, true); }

void task_thread_wait(TaskThread *t)
{
    pthread_mutex_lock(&t->lock);
    while (atomic_load(&t->running))
        pthread_cond_wait(&t->done, &t->lock);
    bool join = t->joinable;
    t->joinable = false;
    pthread_mutex_unlock(&t->lock);
    if (join)
        pthread_join(t->handle, NULL);
}

bool task_thread_busy(const TaskThread *t) { return atomic_load(&t->running); }
