// PNG, GIF and WebP decoding whose memory follows the output size, not the file's (issue 12, item 3); JPEG straight
// from libjpeg at a DCT scale (no gdk-pixbuf on a picture's path).
#ifndef PUSHSIM_BOUNDED_DECODE_H
#define PUSHSIM_BOUNDED_DECODE_H

#include <stddef.h>

/* What pushsim_bounded_open and pushsim_bounded_read return. */
enum {
    PUSHSIM_BOUNDED_OK = 0,
    /* Declared width x height over the budget (or a side of 0): refused from the header, no pixel buffer made. */
    PUSHSIM_BOUNDED_REFUSED = 1,
    /* The header could not be read: not an image of this format after all. */
    PUSHSIM_BOUNDED_NOT_AN_IMAGE = 2,
    /* The pixel data is corrupt or cut short (error says what the library reported). */
    PUSHSIM_BOUNDED_CORRUPT = 3,
    /* A file this decoder leaves to gdk-pixbuf (an animated WebP; a CMYK JPEG, or one the SDK's cap must resize). */
    PUSHSIM_BOUNDED_UNHANDLED = 4,
    PUSHSIM_BOUNDED_NO_MEMORY = 5,
};

enum { PUSHSIM_BOUNDED_PNG = 1, PUSHSIM_BOUNDED_GIF = 2, PUSHSIM_BOUNDED_WEBP = 3, PUSHSIM_BOUNDED_JPEG = 4 };

/* One decode: the caller fills the limits, opens (header only), allocates width x height x 4 bytes, reads, closes. */
typedef struct {
    /* In. */
    int max_side;                 /* the SDK's longest side after decoding; 0 = keep */
    long long pixel_budget;       /* declared width x height above this is refused */
    int cells_width, cells_height;/* cells the image is decoded for (0 = unknown) */
    int half_blocks;              /* 1 = those cells are half blocks: 2x4 source pixels each, not 4x8 (pushsim_crop_fits) */
    /* JPEG only. A terminal picture's pixel box (0 = none): decoded at the smallest DCT scale covering it. */
    int pixels_width, pixels_height;
    /* JPEG only: 1 = the SDK's cap (max_side) applies after decoding (0 for a picture's box within it). */
    int cap;
    /* JPEG only: the EXIF orientation (1-8; anything else is upright), applied as gdk-pixbuf applies it. */
    int orientation;
    /* Out of open. */
    int format;                   /* PUSHSIM_BOUNDED_PNG... */
    int declared_width, declared_height;
    int width, height;            /* the output size, what read fills */
    int reduced_for_cells;        /* 1 when the cells, not max_side, set the output size */
    /* Out of open and read: bytes of every pixel buffer this decode allocated or made the library allocate
       (output, accumulator, row, libwebp's full-size planes), at their peak. */
    long long pixel_bytes;
    char error[256];
    void *impl;                   /* private */
} PushsimBounded;

/* The format of bytes this decoder handles (from their first bytes), or 0. */
int pushsim_bounded_format(const unsigned char *data, size_t length);

/* Reads the header: the declared size, the budget check and the output size. No pixel buffer exists after it. */
int pushsim_bounded_open(PushsimBounded *b, const unsigned char *data, size_t length);

/* Decodes into rgba (width x height x 4 bytes, tightly packed), box-filtered down as rows arrive, alpha composited
   over black, alpha bytes 255. */
int pushsim_bounded_read(PushsimBounded *b, unsigned char *rgba);

/* Frees what open and read kept; safe after any result. */
void pushsim_bounded_close(PushsimBounded *b);

#endif
