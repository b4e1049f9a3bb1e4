// The early thread's picture buffers in huge pages, and malloc's big blocks kept for reuse.
//
// A sixel story's first picture fills three fresh buffers on the early thread: the JPEG decode (1.75 MB), chafa's
// scaled copy (1.6 MB) and its palette indices (0.4 MB). Each 4 KB page of them is a page fault when first written,
// about 1.5-1.9 us each on the 2-vCPU Firecracker machines pushsim is measured on: some 950 faults, the largest share
// of the kernel time of the start (docs/performance.md, "The picture's buffers in huge pages"). A 2 MB transparent huge
// page is one fault for 512 of them, at 0.14-0.32 us a 4 KB page there. glibc's malloc gives those buffers from an
// mmap of their own, which is never huge (smaller than 2 MB, not aligned), and returns it with munmap when freed, a
// TLB flush of the other core while two threads run. So, for the early picture only:
//
// - `pushsim_picture_heap_prepare` (while the process has one thread) has malloc serve blocks up to 32 MB from its
//   heaps, keep what is freed for the next allocation rather than give it back (M_MMAP_THRESHOLD, M_TRIM_THRESHOLD),
//   and grow a heap 8 MB at a time (M_TOP_PAD: a new thread's heap then starts with 8 MB of address space, none of it
//   touched, so none of it resident until used);
// - `pushsim_picture_heap_adopt` (first thing on the early thread) finds the heap its first allocation came from in
//   /proc/self/maps, asks for huge pages over it from the first 2 MB boundary on (MADV_HUGEPAGE), and holds the
//   untouched space before that boundary, so that the thread's next allocations begin on it. The heap's first 2 MB
//   block already holds malloc's own records in a 4 KB page, and stays in 4 KB pages.
//
// Huge pages are asked for only when the kernel offers them on request (transparent_hugepage/enabled is `always` or
// `madvise`) and has at least 32 MB free in 2 MB blocks (/proc/buddyinfo), so the picture never waits for the kernel
// to compact memory. Anything that does not read as expected leaves the thread's pages as they were; the allocations
// themselves are unchanged either way.
#define _GNU_SOURCE
#include <fcntl.h>
#include <malloc.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>
#include "threads.h"

#define HUGE_PAGE ((uintptr_t)2 << 20)

void pushsim_picture_heap_prepare(void) {
    mallopt(M_MMAP_THRESHOLD, 32 << 20);   // glibc's largest (half a thread heap's 64 MB)
    mallopt(M_TRIM_THRESHOLD, 64 << 20);
    mallopt(M_TOP_PAD, 8 << 20);
}

/// Reads a small /proc or /sys file whole into buf (NUL-terminated); its length, or -1.
static ssize_t read_small(const char *path, char *buf, size_t size) {
    int fd = open(path, O_RDONLY | O_CLOEXEC);
    if (fd < 0) return -1;
    size_t n = 0;
    while (n + 1 < size) {
        ssize_t r = read(fd, buf + n, size - 1 - n);
        if (r <= 0) break;
        n += (size_t)r;
    }
    close(fd);
    buf[n] = 0;
    return (ssize_t)n;
}

unsigned long long pushsim_buddyinfo_huge_blocks(const char *text) {
    // "Node 0, zone   Normal   a0 a1 ... a10": free blocks of each order; order 9 is 2 MB, order 10 is 4 MB.
    unsigned long long blocks = 0;
    for (const char *line = text; line && *line;) {
        const char *eol = strchr(line, '\n');
        const char *zone = strstr(line, "zone");
        if (zone && (!eol || zone < eol)) {
            const char *p = zone + 4;
            while (*p == ' ') p++;
            while (*p && *p != ' ' && *p != '\n') p++;   // the zone's name
            unsigned long long counts[12];
            int n = 0;
            while (n < 12) {
                char *end;
                while (*p == ' ') p++;
                if (*p < '0' || *p > '9') break;
                unsigned long long v = strtoull(p, &end, 10);
                if (end == p || (eol && end > eol)) break;
                counts[n++] = v;
                p = end;
            }
            if (n == 11) blocks += counts[9] + 2 * counts[10];
        }
        line = eol ? eol + 1 : NULL;
    }
    return blocks;
}

int pushsim_huge_pages_on_request(void) {
    char text[4096];
    if (read_small("/sys/kernel/mm/transparent_hugepage/enabled", text, sizeof text) <= 0) return 0;
    if (!strstr(text, "[always]") && !strstr(text, "[madvise]")) return 0;
    if (read_small("/sys/kernel/mm/transparent_hugepage/hpage_pmd_size", text, sizeof text) <= 0 ||
        strtoull(text, NULL, 10) != HUGE_PAGE) return 0;
    if (read_small("/proc/buddyinfo", text, sizeof text) <= 0) return 0;
    return pushsim_buddyinfo_huge_blocks(text) >= 16;
}

/// The end of the address space reserved for the heap holding `address`: its mapping in /proc/self/maps (anonymous,
/// read-write, private) and the inaccessible reservation that follows it; 0 when it is not such a mapping (the main
/// heap, [heap], grows by brk and is left alone).
static uintptr_t heap_end(uintptr_t address) {
    int fd = open("/proc/self/maps", O_RDONLY | O_CLOEXEC);
    if (fd < 0) return 0;
    char buf[8192];
    size_t have = 0;
    uintptr_t end = 0;
    int found = 0, done = 0;
    while (!done) {
        ssize_t r = read(fd, buf + have, sizeof buf - 1 - have);
        if (r <= 0) break;
        have += (size_t)r;
        buf[have] = 0;
        char *line = buf;
        char *eol;
        while ((eol = strchr(line, '\n'))) {
            *eol = 0;
            unsigned long long lo, hi;
            char perms[8] = {0};
            int consumed = 0;
            if (sscanf(line, "%llx-%llx %7s %*s %*s %*s%n", &lo, &hi, perms, &consumed) == 3) {
                const char *path = line + consumed;
                while (*path == ' ') path++;
                if (!found) {
                    if (address >= lo && address < hi) {
                        if (strcmp(perms, "rw-p") != 0 || *path) { done = 1; break; }
                        found = 1;
                        end = (uintptr_t)hi;
                    }
                } else {
                    if (lo == end && strcmp(perms, "---p") == 0 && !*path) end = (uintptr_t)hi;
                    done = 1;
                    break;
                }
            }
            line = eol + 1;
        }
        if (done) break;
        have = strlen(line);
        memmove(buf, line, have);
        if (have >= sizeof buf - 1) break;   // a line longer than the buffer: not a maps file as expected
    }
    close(fd);
    return found ? end : 0;
}

/// The space held below the thread heap's first huge page (written only in its header).
static void *volatile held_gap;

int pushsim_picture_heap_adopt(void) {
    if (!pushsim_huge_pages_on_request()) return 0;
    void *first = malloc(16);
    if (!first) return 0;
    uintptr_t at = (uintptr_t)first;
    uintptr_t end = heap_end(at);
    uintptr_t boundary = (at + 64 + HUGE_PAGE - 1) & ~(HUGE_PAGE - 1);
    if (end == 0 || boundary + HUGE_PAGE > end || madvise((void *)boundary, end - boundary, MADV_HUGEPAGE) != 0) {
        free(first);
        return 0;
    }
    // The space up to the boundary, held for the process's life and never written past its header: what the thread
    // allocates next begins on the boundary, in the first huge page.
    // (Kept in a global: a compiler may drop an allocation whose result is unused.)
    size_t gap = boundary - at - 64;
    if (gap >= 4096) held_gap = malloc(gap);
    free(first);
    return 1;
}
