// Threads that start on another core (Threads.c).
#ifndef PUSHSIM_THREADS_H
#define PUSHSIM_THREADS_H

/// Starts a detached thread running body(context), named `name` (at most 15 bytes are kept), on a CPU other than the
/// caller's when the process may use more than one; once running, the thread may use every CPU the process may.
/// Returns 0, or the error number when no thread could be started (body is then not called).
int pushsim_thread_start(void (*body)(void *context), void *context, const char *name);

#endif
