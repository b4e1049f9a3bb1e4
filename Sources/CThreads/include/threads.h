// Threads that start on another core (Threads.c).
#ifndef PUSHSIM_THREADS_H
#define PUSHSIM_THREADS_H

/// Starts a detached thread running body(context), named `name` (at most 15 bytes are kept), on a CPU other than the
/// caller's when the process may use more than one; once running, the thread may use every CPU the process may.
/// Returns 0, or the error number when no thread could be started (body is then not called).
int pushsim_thread_start(void (*body)(void *context), void *context, const char *name);

/// Makes the program's .data and .bss present and writable (Prefault.c), to be called while the process has one
/// thread. Returns the bytes made present; 0 when nothing was (the pages then fault in as they are touched).
long pushsim_prefault_writable_data(void);

/// Asks the scheduler for a slice of `nanoseconds` for the calling thread and the threads it starts afterwards, the
/// policy and nice value unchanged (Slice.c). Returns 0 when the kernel took it, -1 otherwise (nothing changed).
int pushsim_request_slice(unsigned long long nanoseconds);

#endif
