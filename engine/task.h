/*
 * The engine's background tasks (perft, bench, perftsuite, stoplatency): one task at a time
 * on a thread of its own, so that the protocol keeps reading input while it runs, as it
 * does during a search. The search pool (search/thread.h) runs searches only.
 *
 * A task polls `stop` (task_thread_stop sets it); task_thread_busy is true from
 * task_thread_start until the task has returned. Each task gets a fresh thread, joined by
 * the next task_thread_wait: tasks are rare, so there is no sleeping thread to keep.
 */
#pragma once

#include <pthread.h>
#include <stdatomic.h>
#include <stdbool.h>

typedef void (*TaskFn)(void *arg, const atomic_bool *stop);

typedef struct TaskThread {
    pthread_mutex_t lock;
    pthread_cond_t done; /* with lock: the task has returned */
    atomic_bool running; /* started and not yet returned */
    atomic_bool stop;    /* what the task polls */
    bool joinable;       /* a thread was started and is not joined yet */
    pthread_t handle;
    TaskFn fn;
    void *arg;
} TaskThread;

void task_thread_init(TaskThread *t);
/* Stops the running task, waits for it and frees what the runner holds. */
void task_thread_free(TaskThread *t);
/* Runs fn(arg, stop) in the background; waits first for the task before it. */
void task_thread_start(TaskThread *t, TaskFn fn, void *arg);
void task_thread_stop(TaskThread *t);
/* Waits until the running task (if any) has returned. */
void task_thread_wait(TaskThread *t);
bool task_thread_busy(const TaskThread *t);
