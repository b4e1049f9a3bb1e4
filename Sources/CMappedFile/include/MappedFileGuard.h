// Reading a memory-mapped file that another process may shrink meanwhile, without dying of SIGBUS
// (MappedFileGuard.c).
#ifndef PUSHSIM_MAPPED_FILE_GUARD_H
#define PUSHSIM_MAPPED_FILE_GUARD_H

#include <stddef.h>

/// Watch `length` bytes of a mapping at `start`: a SIGBUS on one of its pages (the file shrank under it) maps a page
/// of zeros there instead and marks the slot. Returns the slot, or -1 when every slot is taken (read unguarded).
int pushsim_mapping_guard_begin(const void *start, size_t length);
/// Stop watching `slot`; 1 if a page of it faulted (the file shrank while it was read), else 0.
int pushsim_mapping_guard_end(int slot);

#endif
