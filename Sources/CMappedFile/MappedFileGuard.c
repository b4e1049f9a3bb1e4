// A SIGBUS guard for memory-mapped input files (include/MappedFileGuard.h). A page of a mapping past the end of a
// file that was truncated after it was mapped raises SIGBUS when touched, and the process died of it ("Bus error")
// when another program rewrote a feed in place while pushsim parsed it (issue 38). The handler finds the page in a
// registered mapping, maps a page of zeros over it (the parse then goes on over zeros) and marks the mapping; the
// reader then reports "changed while being read" instead of what it parsed. A SIGBUS anywhere else goes to the
// handler that was there before (the terminal's crash handler), or kills the process as it would have.

#define _GNU_SOURCE
#include <pthread.h>
#include <signal.h>
#include <stdint.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>
#include "MappedFileGuard.h"

#define SLOTS 16

typedef struct {
    volatile uintptr_t start;  // 0: free
    volatile size_t length;
    volatile sig_atomic_t faulted;
} pushsim_guarded_range;

static pushsim_guarded_range ranges[SLOTS];
static struct sigaction previous;
static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;

static void pushsim_on_sigbus(int sig, siginfo_t *info, void *context) {
    uintptr_t addr = (uintptr_t)info->si_addr;
    for (int i = 0; i < SLOTS; i++) {
        uintptr_t start = __atomic_load_n(&ranges[i].start, __ATOMIC_ACQUIRE);
        if (start == 0 || addr < start || addr >= start + ranges[i].length) continue;
        long page = sysconf(_SC_PAGESIZE);
        void *at = (void *)(addr & ~(uintptr_t)(page - 1));
        if (mmap(at, (size_t)page, PROT_READ, MAP_PRIVATE | MAP_ANONYMOUS | MAP_FIXED, -1, 0) != MAP_FAILED) {
            ranges[i].faulted = 1;
            return;  // the faulting read runs again, over zeros
        }
        break;
    }
    if (previous.sa_flags & SA_SIGINFO) {
        if (previous.sa_sigaction) { previous.sa_sigaction(sig, info, context); return; }
    } else if (previous.sa_handler != SIG_DFL && previous.sa_handler != SIG_IGN) {
        previous.sa_handler(sig);
        return;
    }
    // As it would have been: the default action, taken when the read faults again on return.
    signal(sig, SIG_DFL);
}

int pushsim_mapping_guard_begin(const void *start, size_t length) {
    pthread_mutex_lock(&lock);
    int slot = -1;
    // Installed (again) whenever ours is not the handler: the terminal installs its crash handler over it.
    struct sigaction current;
    if (sigaction(SIGBUS, NULL, &current) == 0 && !((current.sa_flags & SA_SIGINFO) && current.sa_sigaction == pushsim_on_sigbus)) {
        struct sigaction sa;
        memset(&sa, 0, sizeof sa);
        sa.sa_sigaction = pushsim_on_sigbus;
        sigemptyset(&sa.sa_mask);
        sa.sa_flags = SA_SIGINFO | SA_NODEFER;
        if (sigaction(SIGBUS, &sa, &previous) != 0) { pthread_mutex_unlock(&lock); return -1; }
    }
    for (int i = 0; i < SLOTS && slot < 0; i++) {
        if (__atomic_load_n(&ranges[i].start, __ATOMIC_ACQUIRE) != 0) continue;
        ranges[i].length = length;
        ranges[i].faulted = 0;
        __atomic_store_n(&ranges[i].start, (uintptr_t)start, __ATOMIC_RELEASE);
        slot = i;
    }
    pthread_mutex_unlock(&lock);
    return slot;
}

int pushsim_mapping_guard_end(int slot) {
    if (slot < 0 || slot >= SLOTS) return 0;
    int faulted = ranges[slot].faulted != 0;
    __atomic_store_n(&ranges[slot].start, 0, __ATOMIC_RELEASE);
    return faulted;
}
