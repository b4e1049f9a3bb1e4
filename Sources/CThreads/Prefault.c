// The program's writable data made present before a second thread runs.
//
// The Swift runtime keeps its once-tokens, metadata caches and witness-table caches in the binary's .data and .bss,
// and a start reads many of their pages before it writes them. The read maps the page read-only (the file's page, or
// the shared zero page for .bss); the write that follows replaces it with the process's own copy, and the kernel must
// then flush the old mapping from every CPU the process runs on. With a second thread running on the other core that
// flush is an inter-processor interrupt the writer waits for: about 75 of them in a sixel story's start on the 2-vCPU
// Firecracker machines pushsim is measured on, where each one leaves the virtual CPU (docs/performance.md, "The
// writable data made present before the early thread"). Made present and writable at once while the process has
// one thread, those pages fault no more.
//
// The sections are found by name in /proc/self/exe's section headers (the release binary places a 36 MB writable
// .rodata between .data and .bss, so the segment as a whole is far more than is wanted). Anything that does not
// read as expected, and a kernel without MADV_POPULATE_WRITE (before Linux 5.14), leaves everything as it was.
#define _GNU_SOURCE
#include <elf.h>
#include <fcntl.h>
#include <link.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>
#include "threads.h"

#ifndef MADV_POPULATE_WRITE
#define MADV_POPULATE_WRITE 23
#endif

static int first_object(struct dl_phdr_info *info, size_t size, void *data) {
    (void)size;
    *(uintptr_t *)data = (uintptr_t)info->dlpi_addr;
    return 1;   // the first object is the program itself
}

/// Makes the pages wholly inside [start, end) present and writable; returns the bytes it asked for, or 0.
static long populate(uintptr_t start, uintptr_t end) {
    uintptr_t page = (uintptr_t)sysconf(_SC_PAGESIZE);
    if (page == 0 || page == (uintptr_t)-1) return 0;
    // Inward: a partial page at either end may share a page with a section the loader made read-only.
    start = (start + page - 1) & ~(page - 1);
    end &= ~(page - 1);
    if (end <= start) return 0;
    return madvise((void *)start, end - start, MADV_POPULATE_WRITE) == 0 ? (long)(end - start) : 0;
}

long pushsim_prefault_writable_data(void) {
    int fd = open("/proc/self/exe", O_RDONLY | O_CLOEXEC);
    if (fd < 0) return 0;
    long done = 0;
    Elf64_Ehdr eh;
    Elf64_Shdr *sections = NULL;
    char *names = NULL;
    if (pread(fd, &eh, sizeof eh, 0) != (ssize_t)sizeof eh || memcmp(eh.e_ident, ELFMAG, SELFMAG) != 0 ||
        eh.e_ident[EI_CLASS] != ELFCLASS64 || eh.e_shentsize != sizeof(Elf64_Shdr) || eh.e_shnum == 0 ||
        eh.e_shnum > 4096 || eh.e_shstrndx >= eh.e_shnum) goto out;
    size_t table = (size_t)eh.e_shnum * sizeof(Elf64_Shdr);
    sections = malloc(table);
    if (!sections || pread(fd, sections, table, (off_t)eh.e_shoff) != (ssize_t)table) goto out;
    Elf64_Shdr strings = sections[eh.e_shstrndx];
    if (strings.sh_size == 0 || strings.sh_size > (1 << 20)) goto out;
    names = malloc(strings.sh_size + 1);
    if (!names || pread(fd, names, strings.sh_size, (off_t)strings.sh_offset) != (ssize_t)strings.sh_size) goto out;
    names[strings.sh_size] = 0;
    uintptr_t bias = 0;
    dl_iterate_phdr(first_object, &bias);
    for (int i = 0; i < eh.e_shnum; i++) {
        Elf64_Shdr s = sections[i];
        if (s.sh_name >= strings.sh_size || !(s.sh_flags & SHF_ALLOC) || !(s.sh_flags & SHF_WRITE) || s.sh_addr == 0) continue;
        const char *name = names + s.sh_name;
        if (strcmp(name, ".data") == 0 || strcmp(name, ".bss") == 0)
            done += populate(bias + s.sh_addr, bias + s.sh_addr + s.sh_size);
    }
out:
    free(names);
    free(sections);
    close(fd);
    return done;
}
