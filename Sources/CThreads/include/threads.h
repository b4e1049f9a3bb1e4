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

/// Has malloc serve blocks up to 32 MB from its heaps, keep freed memory for reuse and grow a heap 8 MB at a time
/// (PictureHeap.c), to be called while the process has one thread, before the early picture's thread starts.
void pushsim_picture_heap_prepare(void);

/// On a thread just started, after `pushsim_picture_heap_prepare`: asks for transparent huge pages over the thread's
/// malloc heap from its first 2 MB boundary on, and makes the thread's next allocations begin there. Returns 1 when it
/// did, 0 when it left everything as it was (no huge pages on request, too few free 2 MB blocks, an unexpected heap).
int pushsim_picture_heap_adopt(void);

/// Whether the kernel gives transparent huge pages on request (`always` or `madvise`, 2 MB) and has at least 32 MB
/// free in blocks of 2 MB or more (/proc/buddyinfo): 1 or 0.
int pushsim_huge_pages_on_request(void);

/// Free blocks of 2 MB in a /proc/buddyinfo text: each zone's order-9 count and twice its order-10 count (a zone line
/// without exactly the eleven orders of 4 KB pages counts nothing).
unsigned long long pushsim_buddyinfo_huge_blocks(const char *text);

#endif
