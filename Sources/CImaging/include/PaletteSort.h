// The sort chafa's sixel palette makes ~400 times a picture, done by counting instead of comparing.
#ifndef PUSHSIM_PALETTE_SORT_H
#define PUSHSIM_PALETTE_SORT_H

#include <stddef.h>

typedef int (*pushsim_compare_fn)(const void *, const void *);

/* The byte of a 4-byte element that `compare` orders by, smallest first, with every other byte ignored (0-3); -1 when
   it is not a comparator of that shape. */
int pushsim_palette_sort_channel(pushsim_compare_fn compare);

/* qsort(3) with the same arguments and the same result as glibc's (a stable merge sort whenever its buffer can be
   had). For 4-byte elements ordered by one byte (chafa's median cut sorts its colour samples by their widest channel)
   it is a stable counting sort, linear instead of n log n comparator calls; anything else goes to qsort itself.
   `make release` (tools/link-static.sh) points chafa's palette code at it; PUSHSIM_CHAFA_QSORT=1 in the environment
   sends every call to qsort (bench/pixels.sh compares the pictures both ways). */
void pushsim_palette_qsort(void *base, size_t count, size_t size, pushsim_compare_fn compare);

#endif
