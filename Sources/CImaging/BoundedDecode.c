// PNG (libpng), GIF (giflib) and WebP (libwebp) decoded row by row into a box-filtered accumulator of the output size.
//
// gdk-pixbuf's PNG, GIF and WebP loaders build a full-size pixbuf and only scale it at close, so a 7000x7000 PNG
// cost ~200 MB of pixels before becoming 1500 px. Here each row is folded into the output as it arrives: memory is
// the output, one source row, and (for interlaced files, whose rows arrive out of order) one sum per output pixel.
// A JPEG is read straight from libjpeg at the DCT scale its cells or picture need, with the same libjpeg settings
// gdk-pixbuf's loader uses (so the pixels are the same), into RGBA: a picture's decode then never starts gdk-pixbuf
// (its module loading, an RGB pixbuf and a copy). What would need a resize (the SDK's cap) or a CMYK conversion is
// left to gdk-pixbuf.
// C, not Swift, because libpng and libjpeg report errors by longjmp, which must not cross Swift frames.
#include "BoundedDecode.h"
#include "shim.h"

#include <gif_lib.h>
#include <jpeglib.h>
#include <png.h>
#include <setjmp.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <webp/decode.h>

/* The largest box (source pixels per output pixel) whose 8-bit sums still fit 32 bits. */
#define BD_MAX_BOX (0xFFFFFFFFu / 255u)

typedef struct {
    int w, h, ow, oh;
    int identity;       /* output size = source size: pixels are written straight to the output */
    int whole;          /* rows arrive out of order (interlaced): one sum per output pixel */
    int cur_oy;         /* in row order: the output row being summed, -1 before the first */
    int *xmap;          /* output column of each source column */
    unsigned *colcount, *rowcount;
    unsigned *sum;      /* r, g, b sums: one output row, or all of them when whole */
    unsigned char *out;
} Acc;

/* libjpeg's error manager, with the jump its fatal errors take. */
typedef struct {
    struct jpeg_error_mgr pub;
    jmp_buf jump;
} JpegError;

typedef struct {
    const unsigned char *data;
    size_t length, pos;
    png_structp png;
    png_infop info;
    unsigned char *row;
    GifFileType *gif;
    WebPBitstreamFeatures webp;
    struct jpeg_decompress_struct jpeg;
    JpegError jpeg_error;
    int jpeg_live;
    unsigned char *turned;    /* a JPEG's decode before its EXIF orientation is applied */
    Acc acc;
} Impl;

static void bd_fail(PushsimBounded *b, const char *message) { snprintf(b->error, sizeof b->error, "%s", message); }

int pushsim_bounded_format(const unsigned char *d, size_t n) {
    static const unsigned char png_sig[8] = { 0x89, 'P', 'N', 'G', '\r', '\n', 0x1A, '\n' };
    if (n >= 8 && memcmp(d, png_sig, 8) == 0) return PUSHSIM_BOUNDED_PNG;
    if (n >= 6 && (memcmp(d, "GIF87a", 6) == 0 || memcmp(d, "GIF89a", 6) == 0)) return PUSHSIM_BOUNDED_GIF;
    if (n >= 12 && memcmp(d, "RIFF", 4) == 0 && memcmp(d + 8, "WEBP", 4) == 0) return PUSHSIM_BOUNDED_WEBP;
    if (n >= 3 && d[0] == 0xFF && d[1] == 0xD8 && d[2] == 0xFF) return PUSHSIM_BOUNDED_JPEG;
    return 0;
}

/* The output size: the SDK's max side, or less when the cells need less (the JPEG DCT rule: the smallest of
   1/8, 1/4, 1/2 that still leaves every cell its source pixels, pushsim_crop_fits, here in either orientation; a
   JPEG's scale, in jpeg_open, covers only the orientation it is shown in). */
static void bd_target(PushsimBounded *b) {
    int w = b->declared_width, h = b->declared_height, ow = w, oh = h;
    if (b->max_side > 0 && (w > b->max_side || h > b->max_side)) {
        double k = (double)b->max_side / (double)(w > h ? w : h);
        ow = (int)(w * k + 0.5);
        oh = (int)(h * k + 0.5);
        if (ow < 1) ow = 1;
        if (oh < 1) oh = 1;
    }
    b->reduced_for_cells = 0;
    if (b->cells_width > 0 && b->cells_height > 0) {
        int d = pushsim_cells_denominator(w, h, b->cells_width, b->cells_height, b->half_blocks, -1);
        int cw = (w + d - 1) / d, ch = (h + d - 1) / d;
        if (d > 1 && (long long)cw * ch < (long long)ow * oh) { ow = cw; oh = ch; b->reduced_for_cells = 1; }
    }
    b->width = ow;
    b->height = oh;
}

/* Declared size known: refuse over the budget, else settle the output size. Allocates nothing. */
static int bd_declared(PushsimBounded *b, long long w, long long h) {
    b->declared_width = (int)w;
    b->declared_height = (int)h;
    if (w <= 0 || h <= 0 || w * h > b->pixel_budget) return PUSHSIM_BOUNDED_REFUSED;
    bd_target(b);
    /* The caller allocates the output on this size. */
    b->pixel_bytes = (long long)b->width * b->height * 4;
    return PUSHSIM_BOUNDED_OK;
}

/* ---- The accumulator ---------------------------------------------------------------------------------------- */

static int acc_init(PushsimBounded *b, Acc *a, int whole, unsigned char *out) {
    memset(a, 0, sizeof *a);
    a->w = b->declared_width; a->h = b->declared_height; a->ow = b->width; a->oh = b->height;
    a->out = out;
    a->cur_oy = -1;
    a->whole = whole;
    a->identity = a->ow == a->w && a->oh == a->h;
    size_t pixels = (size_t)a->ow * a->oh;
    memset(out, 0, pixels * 4);
    for (size_t i = 0; i < pixels; i++) out[i * 4 + 3] = 255;
    if (a->identity) return PUSHSIM_BOUNDED_OK;
    unsigned long long box = ((unsigned long long)(a->w + a->ow - 1) / a->ow) * ((unsigned long long)(a->h + a->oh - 1) / a->oh);
    if (box > BD_MAX_BOX) { bd_fail(b, "the image is too long and thin to reduce"); return PUSHSIM_BOUNDED_UNHANDLED; }
    size_t rows = whole ? (size_t)a->oh : 1;
    a->xmap = malloc((size_t)a->w * sizeof *a->xmap);
    a->colcount = calloc((size_t)a->ow, sizeof *a->colcount);
    a->rowcount = calloc((size_t)a->oh, sizeof *a->rowcount);
    a->sum = calloc((size_t)a->ow * rows * 3, sizeof *a->sum);
    if (!a->xmap || !a->colcount || !a->rowcount || !a->sum) { bd_fail(b, "out of memory"); return PUSHSIM_BOUNDED_NO_MEMORY; }
    b->pixel_bytes += (long long)a->w * sizeof *a->xmap + ((long long)a->ow + a->oh) * sizeof(unsigned)
                    + (long long)a->ow * rows * 3 * sizeof(unsigned);
    for (int x = 0; x < a->w; x++) {
        a->xmap[x] = (int)((long long)x * a->ow / a->w);
        a->colcount[a->xmap[x]]++;
    }
    for (int y = 0; y < a->h; y++) a->rowcount[(long long)y * a->oh / a->h]++;
    return PUSHSIM_BOUNDED_OK;
}

static void acc_flush(Acc *a, int oy, unsigned *s) {
    unsigned char *o = a->out + (size_t)oy * a->ow * 4;
    for (int ox = 0; ox < a->ow; ox++, s += 3, o += 4) {
        unsigned n = a->colcount[ox] * a->rowcount[oy];
        o[0] = (unsigned char)((s[0] + n / 2) / n);
        o[1] = (unsigned char)((s[1] + n / 2) / n);
        o[2] = (unsigned char)((s[2] + n / 2) / n);
        s[0] = s[1] = s[2] = 0;
    }
}

/* The sums for source row y (NULL when pixels go straight to the output); in row order, finishes the previous
   output row when y starts a new one. */
static unsigned *acc_row(Acc *a, int y) {
    if (a->identity) return NULL;
    int oy = (int)((long long)y * a->oh / a->h);
    if (a->whole) return a->sum + (size_t)oy * a->ow * 3;
    if (oy != a->cur_oy) {
        if (a->cur_oy >= 0) acc_flush(a, a->cur_oy, a->sum);
        a->cur_oy = oy;
    }
    return a->sum;
}

/* One source pixel, already composited over black. */
static inline void acc_put(Acc *a, unsigned *row, int x, int y, unsigned r, unsigned g, unsigned bl) {
    if (!row) {
        unsigned char *o = a->out + ((size_t)y * a->ow + x) * 4;
        o[0] = (unsigned char)r; o[1] = (unsigned char)g; o[2] = (unsigned char)bl;
        return;
    }
    unsigned *s = row + (size_t)a->xmap[x] * 3;
    s[0] += r; s[1] += g; s[2] += bl;
}

static void acc_finish(Acc *a) {
    if (a->identity) return;
    if (a->whole) {
        for (int oy = 0; oy < a->oh; oy++) acc_flush(a, oy, a->sum + (size_t)oy * a->ow * 3);
    } else if (a->cur_oy >= 0) {
        acc_flush(a, a->cur_oy, a->sum);
    }
}

static void acc_free(Acc *a) {
    free(a->xmap); free(a->colcount); free(a->rowcount); free(a->sum);
    a->xmap = NULL; a->colcount = a->rowcount = a->sum = NULL;
}

/* ---- PNG ---------------------------------------------------------------------------------------------------- */

static void png_on_error(png_structp png, png_const_charp message) {
    bd_fail((PushsimBounded *)png_get_error_ptr(png), message);
    png_longjmp(png, 1);
}

static void png_on_warning(png_structp png, png_const_charp message) { (void)png; (void)message; }

static void png_on_read(png_structp png, png_bytep out, size_t n) {
    Impl *im = (Impl *)png_get_io_ptr(png);
    if (im->length - im->pos < n) png_error(png, "the data ends early");
    memcpy(out, im->data + im->pos, n);
    im->pos += n;
}

static int png_open(PushsimBounded *b, Impl *im) {
    im->png = png_create_read_struct(PNG_LIBPNG_VER_STRING, b, png_on_error, png_on_warning);
    if (!im->png || !(im->info = png_create_info_struct(im->png))) { bd_fail(b, "out of memory"); return PUSHSIM_BOUNDED_NO_MEMORY; }
    if (setjmp(png_jmpbuf(im->png))) return PUSHSIM_BOUNDED_NOT_AN_IMAGE;
    png_set_read_fn(im->png, im, png_on_read);
    png_read_info(im->png, im->info);
    png_uint_32 w, h;
    int depth, color, interlace;
    png_get_IHDR(im->png, im->info, &w, &h, &depth, &color, &interlace, NULL, NULL);
    int status = bd_declared(b, w, h);
    if (status != PUSHSIM_BOUNDED_OK) return status;
    /* gdk-pixbuf's transformations (io-png.c), so the pixels match it: 8-bit RGB or RGBA, no gamma correction. */
    if (depth == 16) png_set_strip_16(im->png);
    if (color == PNG_COLOR_TYPE_PALETTE && depth <= 8) png_set_expand(im->png);
    if (png_get_valid(im->png, im->info, PNG_INFO_tRNS)) png_set_expand(im->png);
    if (color == PNG_COLOR_TYPE_GRAY && depth < 8) png_set_expand(im->png);
    if (color == PNG_COLOR_TYPE_GRAY || color == PNG_COLOR_TYPE_GRAY_ALPHA) png_set_gray_to_rgb(im->png);
    /* No png_set_interlace_handling: Adam7 rows arrive as each pass's own rows, placed by the pass's start and
       step, so no full-size image is ever assembled. */
    png_read_update_info(im->png, im->info);
    int channels = png_get_channels(im->png, im->info);
    if (png_get_bit_depth(im->png, im->info) != 8 || (channels != 3 && channels != 4)) {
        bd_fail(b, "unsupported PNG colour layout");
        return PUSHSIM_BOUNDED_NOT_AN_IMAGE;
    }
    return PUSHSIM_BOUNDED_OK;
}

static int png_decode(PushsimBounded *b, Impl *im, unsigned char *out) {
    int interlaced = png_get_interlace_type(im->png, im->info) == PNG_INTERLACE_ADAM7;
    int status = acc_init(b, &im->acc, interlaced, out);
    if (status != PUSHSIM_BOUNDED_OK) return status;
    size_t rowbytes = png_get_rowbytes(im->png, im->info);
    int channels = png_get_channels(im->png, im->info);
    im->row = malloc(rowbytes);
    if (!im->row) { bd_fail(b, "out of memory"); return PUSHSIM_BOUNDED_NO_MEMORY; }
    b->pixel_bytes += (long long)rowbytes;
    if (setjmp(png_jmpbuf(im->png))) return PUSHSIM_BOUNDED_CORRUPT;
    int w = b->declared_width, h = b->declared_height;
    for (int pass = 0; pass < (interlaced ? 7 : 1); pass++) {
        int cols = interlaced ? (int)PNG_PASS_COLS(w, pass) : w, rows = interlaced ? (int)PNG_PASS_ROWS(h, pass) : h;
        if (cols == 0 || rows == 0) continue;   /* libpng skips empty passes too */
        for (int r = 0; r < rows; r++) {
            png_read_row(im->png, im->row, NULL);
            int y = interlaced ? (int)PNG_ROW_FROM_PASS_ROW(r, pass) : r;
            unsigned *sums = acc_row(&im->acc, y);
            const unsigned char *p = im->row;
            for (int i = 0; i < cols; i++, p += channels) {
                int x = interlaced ? (int)PNG_COL_FROM_PASS_COL(i, pass) : i;
                if (channels == 4) {
                    unsigned a = p[3];
                    acc_put(&im->acc, sums, x, y, (p[0] * a + 127) / 255, (p[1] * a + 127) / 255, (p[2] * a + 127) / 255);
                } else {
                    acc_put(&im->acc, sums, x, y, p[0], p[1], p[2]);
                }
            }
        }
    }
    acc_finish(&im->acc);
    return PUSHSIM_BOUNDED_OK;
}

/* ---- GIF: the first frame, as gdk-pixbuf's static image of a GIF shows it --------------------------------------- */

static int gif_on_read(GifFileType *gif, GifByteType *out, int n) {
    Impl *im = (Impl *)gif->UserData;
    size_t k = im->length - im->pos < (size_t)n ? im->length - im->pos : (size_t)n;
    memcpy(out, im->data + im->pos, k);
    im->pos += k;
    return (int)k;
}

static int gif_fail(PushsimBounded *b, int code, int status) {
    const char *why = GifErrorString(code);
    bd_fail(b, why ? why : "GIF decoding failed");
    return status;
}

static int gif_open(PushsimBounded *b, Impl *im) {
    int err = 0;
    im->gif = DGifOpen(im, gif_on_read, &err);
    if (!im->gif) return gif_fail(b, err, PUSHSIM_BOUNDED_NOT_AN_IMAGE);
    return bd_declared(b, im->gif->SWidth, im->gif->SHeight);
}

static int gif_decode(PushsimBounded *b, Impl *im, unsigned char *out) {
    GifFileType *gif = im->gif;
    int transparent = -1;
    for (;;) {
        GifRecordType type;
        if (DGifGetRecordType(gif, &type) == GIF_ERROR) return gif_fail(b, gif->Error, PUSHSIM_BOUNDED_CORRUPT);
        if (type == IMAGE_DESC_RECORD_TYPE) break;
        if (type == TERMINATE_RECORD_TYPE) { bd_fail(b, "the GIF has no image"); return PUSHSIM_BOUNDED_CORRUPT; }
        if (type == EXTENSION_RECORD_TYPE) {
            int code;
            GifByteType *ext;
            if (DGifGetExtension(gif, &code, &ext) == GIF_ERROR) return gif_fail(b, gif->Error, PUSHSIM_BOUNDED_CORRUPT);
            /* The graphic control extension before the first frame names its transparent colour. */
            if (code == GRAPHICS_EXT_FUNC_CODE && ext && ext[0] >= 4) transparent = (ext[1] & 1) ? ext[4] : -1;
            while (ext) {
                if (DGifGetExtensionNext(gif, &ext) == GIF_ERROR) return gif_fail(b, gif->Error, PUSHSIM_BOUNDED_CORRUPT);
            }
        }
    }
    if (DGifGetImageDesc(gif) == GIF_ERROR) return gif_fail(b, gif->Error, PUSHSIM_BOUNDED_CORRUPT);
    GifImageDesc *d = &gif->Image;
    ColorMapObject *map = d->ColorMap ? d->ColorMap : gif->SColorMap;
    if (!map) { bd_fail(b, "the first frame has no colour map"); return PUSHSIM_BOUNDED_CORRUPT; }
    if (d->Width <= 0 || d->Height <= 0 || (long long)d->Width * d->Height > b->pixel_budget) {
        bd_fail(b, "the first frame's size is invalid");
        return PUSHSIM_BOUNDED_CORRUPT;
    }
    int status = acc_init(b, &im->acc, d->Interlace, out);
    if (status != PUSHSIM_BOUNDED_OK) return status;
    im->row = malloc((size_t)d->Width);
    if (!im->row) { bd_fail(b, "out of memory"); return PUSHSIM_BOUNDED_NO_MEMORY; }
    b->pixel_bytes += d->Width;
    /* Interlaced rows come in four passes: every 8th from 0, every 8th from 4, every 4th from 2, every 2nd from 1. */
    static const int start[4] = { 0, 4, 2, 1 }, step[4] = { 8, 8, 4, 2 };
    int passes = d->Interlace ? 4 : 1;
    for (int pass = 0; pass < passes; pass++) {
        for (int r = d->Interlace ? start[pass] : 0; r < d->Height; r += d->Interlace ? step[pass] : 1) {
            if (DGifGetLine(gif, im->row, d->Width) == GIF_ERROR) return gif_fail(b, gif->Error, PUSHSIM_BOUNDED_CORRUPT);
            int y = d->Top + r;
            if (y < 0 || y >= b->declared_height) continue;   /* outside the canvas: clipped */
            unsigned *sums = acc_row(&im->acc, y);
            for (int i = 0; i < d->Width; i++) {
                int x = d->Left + i, index = im->row[i];
                /* Transparent (and out-of-map) pixels are black over the story background: nothing to add. */
                if (x >= b->declared_width || index == transparent || index >= map->ColorCount) continue;
                GifColorType c = map->Colors[index];
                acc_put(&im->acc, sums, x, y, c.Red, c.Green, c.Blue);
            }
        }
    }
    acc_finish(&im->acc);
    return PUSHSIM_BOUNDED_OK;
}

/* ---- WebP --------------------------------------------------------------------------------------------------- */

static const char *webp_status(VP8StatusCode code) {
    switch (code) {
    case VP8_STATUS_OUT_OF_MEMORY: return "out of memory";
    case VP8_STATUS_INVALID_PARAM: return "invalid parameter";
    case VP8_STATUS_BITSTREAM_ERROR: return "bitstream error";
    case VP8_STATUS_UNSUPPORTED_FEATURE: return "unsupported feature";
    case VP8_STATUS_NOT_ENOUGH_DATA: return "not enough data";
    default: return "decoding failed";
    }
}

static int webp_open(PushsimBounded *b, Impl *im) {
    VP8StatusCode code = WebPGetFeatures(im->data, im->length, &im->webp);
    if (code != VP8_STATUS_OK) { bd_fail(b, webp_status(code)); return PUSHSIM_BOUNDED_NOT_AN_IMAGE; }
    /* gdk-pixbuf's loader shows an animation's first frame; left to it (the budget still bounds it). */
    if (im->webp.has_animation) return PUSHSIM_BOUNDED_UNHANDLED;
    return bd_declared(b, im->webp.width, im->webp.height);
}

static int webp_decode(PushsimBounded *b, Impl *im, unsigned char *out) {
    WebPDecoderConfig config;
    if (!WebPInitDecoderConfig(&config)) { bd_fail(b, "libwebp version mismatch"); return PUSHSIM_BOUNDED_NO_MEMORY; }
    int w = b->declared_width, h = b->declared_height, ow = b->width, oh = b->height;
    int scaled = ow != w || oh != h;
    if (scaled) {
        /* Lossy VP8 is decoded in macroblock rows and rescaled as they come: memory follows the output. */
        config.options.use_scaling = 1;
        config.options.scaled_width = ow;
        config.options.scaled_height = oh;
    }
    /* Premultiplied when scaling, so the rescaler's averages are already composited over black. */
    config.output.colorspace = scaled ? MODE_rgbA : MODE_RGBA;
    config.output.is_external_memory = 1;
    config.output.u.RGBA.rgba = out;
    config.output.u.RGBA.stride = ow * 4;
    config.output.u.RGBA.size = (size_t)ow * oh * 4;
    /* What libwebp allocates at full size whatever the output: lossless VP8L keeps the whole ARGB image (its
       backward references may point anywhere above), and a lossy image's alpha plane is decoded whole. */
    if (im->webp.format == 2) b->pixel_bytes += (long long)w * h * 4;
    else if (im->webp.has_alpha) b->pixel_bytes += (long long)w * h;
    VP8StatusCode code = WebPDecode(im->data, im->length, &config);
    WebPFreeDecBuffer(&config.output);
    if (code != VP8_STATUS_OK) { bd_fail(b, webp_status(code)); return PUSHSIM_BOUNDED_CORRUPT; }
    size_t pixels = (size_t)ow * oh;
    for (size_t i = 0; i < pixels; i++) {
        unsigned char *p = out + i * 4;
        if (!scaled && im->webp.has_alpha) {
            unsigned a = p[3];
            p[0] = (unsigned char)((p[0] * a + 127) / 255);
            p[1] = (unsigned char)((p[1] * a + 127) / 255);
            p[2] = (unsigned char)((p[2] * a + 127) / 255);
        }
        p[3] = 255;
    }
    return PUSHSIM_BOUNDED_OK;
}

/* ---- JPEG --------------------------------------------------------------------------------------------------- */

static void jpeg_on_error(j_common_ptr c) { longjmp(((JpegError *)c->err)->jump, 1); }
/* Warnings (a premature end, extra bytes) are not printed: the end marker check reports a cut file. */
static void jpeg_on_message(j_common_ptr c) { (void)c; }

static void jpeg_fail(PushsimBounded *b, Impl *im) {
    char text[JMSG_LENGTH_MAX];
    im->jpeg_error.pub.format_message((j_common_ptr)&im->jpeg, text);
    bd_fail(b, text);
}

static int jpeg_turned(int orientation) { return orientation >= 5 && orientation <= 8; }

/* The header, the budget, the DCT scale and the output size; what this decoder leaves to gdk-pixbuf. */
static int jpeg_open(PushsimBounded *b, Impl *im) {
    im->jpeg.err = jpeg_std_error(&im->jpeg_error.pub);
    im->jpeg_error.pub.error_exit = jpeg_on_error;
    im->jpeg_error.pub.output_message = jpeg_on_message;
    if (setjmp(im->jpeg_error.jump)) { jpeg_fail(b, im); return PUSHSIM_BOUNDED_NOT_AN_IMAGE; }
    jpeg_create_decompress(&im->jpeg);
    im->jpeg_live = 1;
    jpeg_mem_src(&im->jpeg, im->data, (unsigned long)im->length);
    jpeg_read_header(&im->jpeg, TRUE);
    int w = (int)im->jpeg.image_width, h = (int)im->jpeg.image_height;
    b->declared_width = w;
    b->declared_height = h;
    if (w <= 0 || h <= 0 || (long long)w * h > b->pixel_budget) return PUSHSIM_BOUNDED_REFUSED;
    /* A damaged file (libjpeg read past something with a warning) is gdk-pixbuf's to judge, at every size: its
       loader refuses some that libjpeg reads, and a picture must not show what the SDK's decode refuses. */
    if (im->jpeg_error.pub.num_warnings > 0) return PUSHSIM_BOUNDED_UNHANDLED;
    /* gdk-pixbuf converts Adobe's inverted CMYK itself. */
    if (im->jpeg.jpeg_color_space == JCS_CMYK || im->jpeg.jpeg_color_space == JCS_YCCK) return PUSHSIM_BOUNDED_UNHANDLED;
    int turned = jpeg_turned(b->orientation), d = 1;
    b->reduced_for_cells = 0;
    if (b->pixels_width > 0 && b->pixels_height > 0) {
        d = pushsim_pixels_denominator(w, h, b->pixels_width, b->pixels_height, turned);
    } else if (b->cells_width > 0 && b->cells_height > 0) {
        /* gdk-pixbuf's size-prepared handler (shim.h) cannot know the orientation yet, so it covers both; here the
           EXIF orientation is read first, and only the one shown needs its cells covered. */
        d = pushsim_cells_denominator(w, h, b->cells_width, b->cells_height, b->half_blocks, turned);
        b->reduced_for_cells = d > 1;
    }
    /* Without a DCT reduction, a file over twice the cap is resized by gdk-pixbuf's loader to the cap. */
    if (d == 1 && b->max_side > 0 && (w > 2 * b->max_side || h > 2 * b->max_side)) return PUSHSIM_BOUNDED_UNHANDLED;
    im->jpeg.scale_num = 1;
    im->jpeg.scale_denom = (unsigned)d;
    im->jpeg.out_color_space = JCS_EXT_RGBA;
    jpeg_calc_output_dimensions(&im->jpeg);
    int ow = (int)im->jpeg.output_width, oh = (int)im->jpeg.output_height;
    if (b->cap && b->max_side > 0 && (ow > b->max_side || oh > b->max_side)) return PUSHSIM_BOUNDED_UNHANDLED;
    b->width = turned ? oh : ow;
    b->height = turned ? ow : oh;
    b->pixel_bytes = (long long)ow * oh * 4;
    return PUSHSIM_BOUNDED_OK;
}

/* gdk_pixbuf_apply_embedded_orientation's eight cases: out (X, Y) of the shown picture from src (x, y) of w x h. */
static void jpeg_orient(const unsigned char *src, int w, int h, int orientation, unsigned char *out) {
    const uint32_t *s = (const uint32_t *)src;
    uint32_t *o = (uint32_t *)out;
    int turned = jpeg_turned(orientation), ow = turned ? h : w, oh = turned ? w : h;
    for (int Y = 0; Y < oh; Y++) {
        for (int X = 0; X < ow; X++) {
            int x, y;
            switch (orientation) {
            case 2: x = w - 1 - X; y = Y; break;                 /* mirrored */
            case 3: x = w - 1 - X; y = h - 1 - Y; break;         /* turned 180 */
            case 4: x = X; y = h - 1 - Y; break;                 /* flipped */
            case 5: x = Y; y = X; break;                         /* transposed */
            case 6: x = Y; y = h - 1 - X; break;                 /* turned clockwise */
            case 7: x = w - 1 - Y; y = h - 1 - X; break;         /* transversed */
            case 8: x = w - 1 - Y; y = X; break;                 /* turned anticlockwise */
            default: x = X; y = Y; break;
            }
            o[(size_t)Y * ow + X] = s[(size_t)y * w + x];
        }
    }
}

static int jpeg_decode(PushsimBounded *b, Impl *im, unsigned char *out) {
    int w = (int)im->jpeg.output_width, h = (int)im->jpeg.output_height;
    int oriented = b->orientation >= 2 && b->orientation <= 8;
    if (oriented) {
        im->turned = malloc((size_t)w * h * 4);
        if (!im->turned) { bd_fail(b, "out of memory"); return PUSHSIM_BOUNDED_NO_MEMORY; }
        b->pixel_bytes += (long long)w * h * 4;
    }
    unsigned char *const into = oriented ? im->turned : out;
    if (setjmp(im->jpeg_error.jump)) { jpeg_fail(b, im); return PUSHSIM_BOUNDED_CORRUPT; }
    jpeg_start_decompress(&im->jpeg);
    while (im->jpeg.output_scanline < im->jpeg.output_height) {
        JSAMPROW rows[4];
        for (int i = 0; i < 4; i++) {
            unsigned y = im->jpeg.output_scanline + (unsigned)i;
            rows[i] = into + (size_t)(y < im->jpeg.output_height ? y : im->jpeg.output_height - 1) * w * 4;
        }
        unsigned left = im->jpeg.output_height - im->jpeg.output_scanline;
        if (jpeg_read_scanlines(&im->jpeg, rows, left < 4 ? left : 4) == 0) {
            bd_fail(b, "the JPEG data ends early");
            return PUSHSIM_BOUNDED_CORRUPT;
        }
    }
    if (im->jpeg_error.pub.num_warnings > 0) { b->pixel_bytes = 0; return PUSHSIM_BOUNDED_UNHANDLED; }
    if (oriented) jpeg_orient(im->turned, w, h, b->orientation, out);
    return PUSHSIM_BOUNDED_OK;
}

/* ---- Entry points ------------------------------------------------------------------------------------------- */

int pushsim_bounded_open(PushsimBounded *b, const unsigned char *data, size_t length) {
    b->error[0] = 0;
    b->pixel_bytes = 0;
    b->width = b->height = b->declared_width = b->declared_height = 0;
    Impl *im = calloc(1, sizeof *im);
    if (!im) { bd_fail(b, "out of memory"); return PUSHSIM_BOUNDED_NO_MEMORY; }
    im->data = data;
    im->length = length;
    b->impl = im;
    b->format = pushsim_bounded_format(data, length);
    switch (b->format) {
    case PUSHSIM_BOUNDED_PNG: return png_open(b, im);
    case PUSHSIM_BOUNDED_GIF: return gif_open(b, im);
    case PUSHSIM_BOUNDED_WEBP: return webp_open(b, im);
    case PUSHSIM_BOUNDED_JPEG: return jpeg_open(b, im);
    default: return PUSHSIM_BOUNDED_UNHANDLED;
    }
}

int pushsim_bounded_read(PushsimBounded *b, unsigned char *rgba) {
    Impl *im = (Impl *)b->impl;
    if (!im) return PUSHSIM_BOUNDED_NO_MEMORY;
    switch (b->format) {
    case PUSHSIM_BOUNDED_PNG: return png_decode(b, im, rgba);
    case PUSHSIM_BOUNDED_GIF: return gif_decode(b, im, rgba);
    case PUSHSIM_BOUNDED_WEBP: return webp_decode(b, im, rgba);
    case PUSHSIM_BOUNDED_JPEG: return jpeg_decode(b, im, rgba);
    default: return PUSHSIM_BOUNDED_UNHANDLED;
    }
}

void pushsim_bounded_close(PushsimBounded *b) {
    Impl *im = (Impl *)b->impl;
    if (!im) return;
    if (im->png) png_destroy_read_struct(&im->png, im->info ? &im->info : NULL, NULL);
    if (im->gif) { int err; DGifCloseFile(im->gif, &err); }
    if (im->jpeg_live) jpeg_destroy_decompress(&im->jpeg);
    free(im->turned);
    acc_free(&im->acc);
    free(im->row);
    free(im);
    b->impl = NULL;
}
