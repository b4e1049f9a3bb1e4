// A new thread is placed by the kernel, and on the 2-core Firecracker machines pushsim is measured on, a thread started
// while its parent computes was often left queued behind the parent until the next scheduler tick: 4 ms before its
// first instruction, against 0.03–0.1 ms when it is started on the other core (docs/performance.md, "Threads that
// start on another core"). A start-up decode or an image worker meant to run beside the main thread lost that lead.
// So the thread is created with an affinity that excludes the caller's CPU, and widens it to every allowed CPU as its
// first step (nothing pins it afterwards).
#define _GNU_SOURCE
#include <errno.h>
#include <pthread.h>
#include <sched.h>
#include <stdlib.h>
#include <string.h>
#include "threads.h"

struct start {
    void (*body)(void *);
    void *context;
    cpu_set_t allowed;
    int widen;
    char name[16];
};

static void *trampoline(void *arg) {
    struct start s = *(struct start *)arg;
    free(arg);
    if (s.widen) pthread_setaffinity_np(pthread_self(), sizeof s.allowed, &s.allowed);
    if (s.name[0]) pthread_setname_np(pthread_self(), s.name);
    s.body(s.context);
    return NULL;
}

int pushsim_thread_start(void (*body)(void *context), void *context, const char *name) {
    struct start *s = calloc(1, sizeof *s);
    if (!s) return ENOMEM;
    s->body = body;
    s->context = context;
    if (name) strncpy(s->name, name, sizeof s->name - 1);
    pthread_attr_t attr;
    if (pthread_attr_init(&attr) != 0) { free(s); return EAGAIN; }
    pthread_attr_setdetachstate(&attr, PTHREAD_CREATE_DETACHED);
    int here = sched_getcpu();
    if (here >= 0 && sched_getaffinity(0, sizeof s->allowed, &s->allowed) == 0 && CPU_COUNT(&s->allowed) > 1 &&
        CPU_ISSET(here, &s->allowed)) {
        cpu_set_t elsewhere = s->allowed;
        CPU_CLR(here, &elsewhere);
        s->widen = pthread_attr_setaffinity_np(&attr, sizeof elsewhere, &elsewhere) == 0;
    }
    pthread_t thread;
    int err = pthread_create(&thread, &attr, trampoline, s);
    if (err != 0 && s->widen) {
        // An affinity the kernel refuses (a cgroup's cpuset changed meanwhile): start it where the kernel puts it.
        pthread_attr_destroy(&attr);
        pthread_attr_init(&attr);
        pthread_attr_setdetachstate(&attr, PTHREAD_CREATE_DETACHED);
        s->widen = 0;
        err = pthread_create(&thread, &attr, trampoline, s);
    }
    pthread_attr_destroy(&attr);
    if (err != 0) free(s);
    return err;
}
