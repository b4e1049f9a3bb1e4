// A shorter scheduler slice for the interactive front end.
//
// Since Linux 6.12 a SCHED_OTHER thread may ask for the slice it wants (sched_attr.sched_runtime, 0.1–100 ms; the
// default here is 1.4 ms). The kernel's EEVDF scheduler keeps every thread's share of the CPU the same whatever it
// asks; a shorter slice only gives it an earlier deadline, so that when it wakes beside a CPU-bound job it runs within
// a fraction of a millisecond instead of after the job's slice. That is what a terminal program drawing a frame wants:
// beside `yes > /dev/null` on one of two cores, a sixel story's first picture waited 2–3 ms at each hand-off between
// its threads (docs/performance.md, "A shorter slice for the interactive run"). Threads started afterwards inherit it.
// The policy and nice value are read first and set again unchanged (a `nice pushsim …` stays nice); a thread that is
// not SCHED_OTHER, or a kernel without the call or the field, is left as it was.
#define _GNU_SOURCE
#include <stdint.h>
#include <string.h>
#include <sys/syscall.h>
#include <unistd.h>
#include "threads.h"

struct pushsim_sched_attr {   // the kernel's struct sched_attr (include/uapi/linux/sched/types.h), version 1
    uint32_t size;
    uint32_t sched_policy;
    uint64_t sched_flags;
    int32_t sched_nice;
    uint32_t sched_priority;
    uint64_t sched_runtime;
    uint64_t sched_deadline;
    uint64_t sched_period;
    uint32_t sched_util_min;
    uint32_t sched_util_max;
};

int pushsim_request_slice(unsigned long long nanoseconds) {
#if defined(SYS_sched_getattr) && defined(SYS_sched_setattr)
    struct pushsim_sched_attr attr;
    memset(&attr, 0, sizeof attr);
    if (syscall(SYS_sched_getattr, 0, &attr, (unsigned)sizeof attr, 0) != 0) return -1;
    if (attr.sched_policy != 0 /* SCHED_OTHER */) return -1;
    struct pushsim_sched_attr want;
    memset(&want, 0, sizeof want);
    want.size = sizeof want;
    want.sched_policy = 0;
    want.sched_nice = attr.sched_nice;
    want.sched_runtime = nanoseconds;
    if (syscall(SYS_sched_setattr, 0, &want, 0) != 0) return -1;
    // A kernel before 6.12 accepts the call and ignores the field: say whether it took.
    memset(&attr, 0, sizeof attr);
    if (syscall(SYS_sched_getattr, 0, &attr, (unsigned)sizeof attr, 0) != 0) return -1;
    return attr.sched_runtime == nanoseconds ? 0 : -1;
#else
    (void)nanoseconds;
    return -1;
#endif
}
