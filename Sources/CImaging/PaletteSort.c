// A stable counting sort for chafa's median-cut palette (the sixel encoder's one serial step), in place of qsort.
//
// chafa 1.12 builds a sixel picture's 256-colour palette by a median cut over up to 32,768 samples: each cut sorts
// its samples by their widest channel with qsort and a comparator that subtracts that one byte
// (chafa/internal/chafa-palette.c, sort_by_channel). glibc's qsort is a merge sort, so the order is stable: equal
// bytes keep their order. A counting sort over the byte's 256 values gives exactly that order in two passes, without
// the ~60 million instructions of comparator calls (a fifth of a sixel story's start). The palette, and so every byte
// of the picture, is the same; `make release` links chafa's palette object against this function
// (tools/link-static.sh), and `PaletteSortTests` checks it against qsort. With PUSHSIM_CHAFA_QSORT=1 in the
// environment every call goes to qsort, as in chafa itself: bench/pixels.sh compares the two pictures byte for byte.

#include "PaletteSort.h"

#include <pthread.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

static pthread_once_t qsort_once = PTHREAD_ONCE_INIT;
static int qsort_always;

static void read_qsort_setting(void) {
    const char *v = getenv("PUSHSIM_CHAFA_QSORT");
    qsort_always = v && strcmp(v, "1") == 0;
}

int pushsim_palette_sort_channel(pushsim_compare_fn compare) {
    int channel = -1;
    for (int k = 0; k < 4; k++) {
        uint8_t low[4] = {0}, high[4] = {0};
        high[k] = 1;
        int up = compare(high, low), down = compare(low, high);
        if (up == 0 && down == 0) continue;
        if (up <= 0 || down >= 0 || channel >= 0) return -1;
        channel = k;
    }
    if (channel < 0) return -1;
    // The other bytes at their extremes change nothing, and the order holds at the top of the byte's range.
    uint8_t others[4] = {255, 255, 255, 255}, zero[4] = {0}, top[4] = {0}, below[4] = {0};
    others[channel] = 0;
    top[channel] = 255;
    below[channel] = 254;
    if (compare(others, zero) != 0 || compare(zero, others) != 0) return -1;
    if (compare(top, below) <= 0 || compare(below, top) >= 0) return -1;
    return channel;
}

void pushsim_palette_qsort(void *base, size_t count, size_t size, pushsim_compare_fn compare) {
    if (count < 2) return;
    pthread_once(&qsort_once, read_qsort_setting);
    int channel = size == 4 && !qsort_always ? pushsim_palette_sort_channel(compare) : -1;
    uint8_t *sorted = channel >= 0 ? malloc(count * 4) : NULL;
    if (!sorted) {
        qsort(base, count, size, compare);
        return;
    }
    const uint8_t *in = base;
    size_t next[256] = {0};
    for (size_t i = 0; i < count; i++) next[in[i * 4 + channel]]++;
    size_t sum = 0;
    for (int v = 0; v < 256; v++) {
        size_t n = next[v];
        next[v] = sum;
        sum += n;
    }
    for (size_t i = 0; i < count; i++) memcpy(sorted + next[in[i * 4 + channel]]++ * 4, in + i * 4, 4);
    memcpy(base, sorted, count * 4);
    free(sorted);
}
