// Animated WebP and GIF encoders for `pushsim record`, fed one frame at a time (AnimationEncoder.h).
//
// WebP: the rectangle that changed since the last frame (found row by row here) is encoded with libwebp's WebPEncode
// and added to libwebpmux's WebPMux as an animation frame at its offset (no blending, no disposal), the way
// WebPAnimEncoder builds sub-frames; WebPAnimEncoder itself was not used because it looks for the changed rectangle
// again on every frame, column by column over the whole canvas (70 % of a 3x recording's time). Frames equal to the
// previous one only lengthen it.
// GIF: giflib's EGifPutImageDesc with a local colour table per frame: the rectangle that changed since the last frame
// is quantised to 256 colours by libimagequant (the quantiser behind pngquant: a modified median cut refined by
// k-means in a perceptual colour space, with Floyd–Steinberg dithering), drawn over what stays ("do not dispose").
//
// libwebpmux and libimagequant are loaded with dlopen when a recording starts, like cairo and pango for pictures
// (PictureLibraries.c): no other command maps them. libwebp and giflib are linked already (the image decoders).

#include <dlfcn.h>
#include <errno.h>
#include <limits.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <gif_lib.h>
#include <libimagequant.h>
#include <webp/encode.h>
#include <webp/mux.h>
#include "AnimationEncoder.h"

#pragma GCC visibility push(hidden)

// MARK: - The libraries, loaded on first use

static struct {
    WebPMux *(*new_mux)(int);
    WebPMuxError (*push_frame)(WebPMux *, const WebPMuxFrameInfo *, int);
    WebPMuxError (*set_animation_params)(WebPMux *, const WebPMuxAnimParams *);
    WebPMuxError (*set_canvas_size)(WebPMux *, int, int);
    WebPMuxError (*assemble)(WebPMux *, WebPData *);
    void (*delete_mux)(WebPMux *);
} mux;

static struct {
    liq_attr *(*attr_create)(void);
    void (*attr_destroy)(liq_attr *);
    liq_error (*set_max_colors)(liq_attr *, int);
    liq_error (*set_speed)(liq_attr *, int);
    liq_image *(*image_create_rgba_rows)(const liq_attr *, void *const rows[], int, int, double);
    void (*image_destroy)(liq_image *);
    liq_error (*image_quantize)(liq_image *, liq_attr *, liq_result **);
    liq_error (*set_dithering_level)(liq_result *, float);
    const liq_palette *(*get_palette)(liq_result *);
    liq_error (*write_remapped_image_rows)(liq_result *, liq_image *, unsigned char **);
    void (*result_destroy)(liq_result *);
} liq;

static char mux_failure[256], liq_failure[256];
static pthread_once_t mux_once = PTHREAD_ONCE_INIT, liq_once = PTHREAD_ONCE_INIT;

static int bind(void *handle, void **slot, const char *name, const char *library, char *failure, size_t size) {
    *slot = dlsym(handle, name);
    if (!*slot) snprintf(failure, size, "recording needs %s from %s, which this one does not have", name, library);
    return *slot != NULL;
}

#define BIND(h, lib, fail, field, name) bind(h, (void **)&field, name, lib, fail, sizeof fail)

static void load_mux(void) {
    const char *lib = "libwebpmux.so.3";
    void *h = dlopen(lib, RTLD_NOW | RTLD_LOCAL);
    if (!h) {
        snprintf(mux_failure, sizeof mux_failure, "a WebP recording is encoded with libwebpmux, and %s could not be loaded; "
                 "install libwebpmux3 (make deps)", lib);
        return;
    }
    (void)(BIND(h, lib, mux_failure, mux.new_mux, "WebPNewInternal")
        && BIND(h, lib, mux_failure, mux.push_frame, "WebPMuxPushFrame")
        && BIND(h, lib, mux_failure, mux.set_animation_params, "WebPMuxSetAnimationParams")
        && BIND(h, lib, mux_failure, mux.set_canvas_size, "WebPMuxSetCanvasSize")
        && BIND(h, lib, mux_failure, mux.assemble, "WebPMuxAssemble")
        && BIND(h, lib, mux_failure, mux.delete_mux, "WebPMuxDelete"));
}

static void load_liq(void) {
    // libimagequant parallelises with OpenMP; one thread keeps its floating-point sums in one order, so the same
    // frames give the same bytes (and a shared 2-core machine loses nothing). libgomp reads this when it loads.
    setenv("OMP_NUM_THREADS", "1", 0);
    const char *lib = "libimagequant.so.0";
    void *h = dlopen(lib, RTLD_NOW | RTLD_LOCAL);
    if (!h) {
        snprintf(liq_failure, sizeof liq_failure, "a GIF recording picks each frame's palette with libimagequant, and %s "
                 "could not be loaded; install libimagequant0 (make deps), or record a .webp", lib);
        return;
    }
    (void)(BIND(h, lib, liq_failure, liq.attr_create, "liq_attr_create")
        && BIND(h, lib, liq_failure, liq.attr_destroy, "liq_attr_destroy")
        && BIND(h, lib, liq_failure, liq.set_max_colors, "liq_set_max_colors")
        && BIND(h, lib, liq_failure, liq.set_speed, "liq_set_speed")
        && BIND(h, lib, liq_failure, liq.image_create_rgba_rows, "liq_image_create_rgba_rows")
        && BIND(h, lib, liq_failure, liq.image_destroy, "liq_image_destroy")
        && BIND(h, lib, liq_failure, liq.image_quantize, "liq_image_quantize")
        && BIND(h, lib, liq_failure, liq.set_dithering_level, "liq_set_dithering_level")
        && BIND(h, lib, liq_failure, liq.get_palette, "liq_get_palette")
        && BIND(h, lib, liq_failure, liq.write_remapped_image_rows, "liq_write_remapped_image_rows")
        && BIND(h, lib, liq_failure, liq.result_destroy, "liq_result_destroy"));
}

// MARK: - The encoder

struct pushsim_anim {
    int format, width, height, frames;
    uint8_t *previous;          // the last frame given, BGRA tightly packed: what changed is found against it
    int have_previous;
    // WebP: frames go into the mux once the next one says how long they lasted.
    WebPMux *webp;
    WebPConfig config;
    WebPMemoryWriter pending_webp;
    int webp_pending, wx, wy, webp_start_ms;
    FILE *file;                 // opened at the start, so a path that cannot be written fails before any frame
    // GIF: a frame is written once the next one says how long it lasted.
    GifFileType *gif;
    uint8_t *rgba;              // the changed rectangle, as RGBA rows for libimagequant
    uint8_t *indices;           // the pending frame's palette indices
    GifColorType palette[256];
    int pending, pending_colors, px, py, pw, ph, pending_start_cs;
    liq_attr *attr;
    long long gif_bytes;
    int write_failed;
};

/// giflib's output: counted, to the file opened with the encoder.
static int gif_write(GifFileType *gif, const GifByteType *bytes, int n) {
    pushsim_anim *a = gif->UserData;
    if (fwrite(bytes, 1, (size_t)n, a->file) != (size_t)n) { a->write_failed = 1; return 0; }
    a->gif_bytes += n;
    return n;
}

static void fail(char *error, size_t size, const char *fmt, const char *detail) {
    if (error && size) snprintf(error, size, fmt, detail);
}

pushsim_anim *pushsim_anim_open(int format, const char *path, int width, int height, int quality, char *error, size_t error_size) {
    if (format == PUSHSIM_ANIM_WEBP) {
        pthread_once(&mux_once, load_mux);
        if (mux_failure[0]) { fail(error, error_size, "%s", mux_failure); return NULL; }
    } else {
        pthread_once(&liq_once, load_liq);
        if (liq_failure[0]) { fail(error, error_size, "%s", liq_failure); return NULL; }
    }
    pushsim_anim *a = calloc(1, sizeof *a);
    if (!a) { fail(error, error_size, "%s", "out of memory"); return NULL; }
    a->format = format;
    a->width = width;
    a->height = height;
    a->previous = malloc((size_t)width * height * 4);
    if (!a->previous) { fail(error, error_size, "%s", "out of memory"); pushsim_anim_abandon(a); return NULL; }
    a->file = fopen(path, "wb");
    if (!a->file) { fail(error, error_size, "%s", strerror(errno)); pushsim_anim_abandon(a); return NULL; }
    if (format == PUSHSIM_ANIM_WEBP) {
        if (!WebPConfigInit(&a->config)) {
            fail(error, error_size, "%s", "libwebp's version does not match its headers");
            pushsim_anim_abandon(a);
            return NULL;
        }
        if (quality < 0) {
            a->config.lossless = 1;
            a->config.exact = 1;
            a->config.quality = 25;                  // lossless effort: the phone's flat colours compress at any
            a->config.method = 1;
        } else {
            a->config.quality = (float)(quality > 100 ? 100 : quality);
            a->config.method = 2;
        }
        a->config.thread_level = 0;
        WebPMemoryWriterInit(&a->pending_webp);
        a->webp = mux.new_mux(WEBP_MUX_ABI_VERSION);
        WebPMuxAnimParams params = {.bgcolor = 0xff000000, .loop_count = 0};   // loop forever, as a GIF in a chat does
        if (!a->webp || mux.set_animation_params(a->webp, &params) != WEBP_MUX_OK
            || mux.set_canvas_size(a->webp, width, height) != WEBP_MUX_OK) {
            fail(error, error_size, "%s", "libwebpmux could not start an animation (out of memory?)");
            pushsim_anim_abandon(a);
            return NULL;
        }
    } else {
        int err = 0;
        a->gif = EGifOpen(a, gif_write, &err);
        if (!a->gif) { fail(error, error_size, "%s", GifErrorString(err)); pushsim_anim_abandon(a); return NULL; }
        EGifSetGifVersion(a->gif, true);
        a->rgba = malloc((size_t)width * height * 4);
        a->indices = malloc((size_t)width * height);
        a->attr = liq.attr_create();
        if (!a->rgba || !a->indices || !a->attr) { fail(error, error_size, "%s", "out of memory"); pushsim_anim_abandon(a); return NULL; }
        liq.set_max_colors(a->attr, 256);
        liq.set_speed(a->attr, 6);
        if (EGifPutScreenDesc(a->gif, width, height, 8, 0, NULL) == GIF_ERROR) {
            fail(error, error_size, "%s", GifErrorString(a->gif->Error));
            pushsim_anim_abandon(a);
            return NULL;
        }
        // NETSCAPE2.0: loop forever.
        static const unsigned char loop[3] = {1, 0, 0};
        if (EGifPutExtensionLeader(a->gif, APPLICATION_EXT_FUNC_CODE) == GIF_ERROR
            || EGifPutExtensionBlock(a->gif, 11, "NETSCAPE2.0") == GIF_ERROR
            || EGifPutExtensionBlock(a->gif, 3, loop) == GIF_ERROR
            || EGifPutExtensionTrailer(a->gif) == GIF_ERROR) {
            fail(error, error_size, "%s", GifErrorString(a->gif->Error));
            pushsim_anim_abandon(a);
            return NULL;
        }
    }
    return a;
}

/// The smallest rectangle holding every pixel that differs from the previous frame; 0 when none does.
static int changed_rect(const pushsim_anim *a, const uint8_t *bgra, int stride, int *x0, int *y0, int *x1, int *y1) {
    int w = a->width, h = a->height;
    int top = -1, bottom = -1, left = w, right = -1;
    for (int y = 0; y < h; y++) {
        const uint32_t *row = (const uint32_t *)(bgra + (size_t)y * stride);
        const uint32_t *old = (const uint32_t *)(a->previous + (size_t)y * w * 4);
        if (memcmp(row, old, (size_t)w * 4) == 0) continue;
        if (top < 0) top = y;
        bottom = y;
        int l = 0;
        while (l < left && row[l] == old[l]) l++;
        if (l < left) left = l;
        int r = w - 1;
        while (r > right && row[r] == old[r]) r--;
        if (r > right) right = r;
    }
    if (top < 0) return 0;
    *x0 = left; *y0 = top; *x1 = right + 1; *y1 = bottom + 1;
    return 1;
}

static int centiseconds(int ms) { return (ms + 5) / 10; }

/// Writes the pending GIF frame, shown for `end_cs - start`.
static int gif_flush(pushsim_anim *a, int end_cs, char *error, size_t error_size) {
    if (!a->pending) return 0;
    a->pending = 0;
    int delay = end_cs - a->pending_start_cs;
    GraphicsControlBlock gcb = {.DisposalMode = DISPOSE_DO_NOT, .UserInputFlag = false,
                                .DelayTime = delay < 1 ? 1 : delay, .TransparentColor = NO_TRANSPARENT_COLOR};
    GifByteType ext[4];
    size_t n = EGifGCBToExtension(&gcb, ext);
    // A colour table's size is a power of two; the unused entries are black.
    int size = 2;
    while (size < a->pending_colors) size *= 2;
    ColorMapObject *map = GifMakeMapObject(size, NULL);
    if (!map) { fail(error, error_size, "%s", "out of memory"); return -1; }
    memset(map->Colors, 0, sizeof(GifColorType) * size);
    memcpy(map->Colors, a->palette, sizeof(GifColorType) * a->pending_colors);
    int ok = EGifPutExtension(a->gif, GRAPHICS_EXT_FUNC_CODE, (int)n, ext) != GIF_ERROR
          && EGifPutImageDesc(a->gif, a->px, a->py, a->pw, a->ph, false, map) != GIF_ERROR;
    for (int y = 0; ok && y < a->ph; y++) ok = EGifPutLine(a->gif, a->indices + (size_t)y * a->pw, a->pw) != GIF_ERROR;
    GifFreeMapObject(map);
    if (!ok) { fail(error, error_size, "%s", GifErrorString(a->gif->Error)); return -1; }
    return 0;
}

static int gif_add(pushsim_anim *a, const uint8_t *bgra, int stride, int x0, int y0, int x1, int y1, int t_ms,
                   char *error, size_t error_size) {
    int start = centiseconds(t_ms);
    if (gif_flush(a, start, error, error_size) != 0) return -1;
    int w = x1 - x0, h = y1 - y0;
    void **rows = malloc(sizeof(void *) * h);
    unsigned char **out = malloc(sizeof(unsigned char *) * h);
    if (!rows || !out) { free(rows); free(out); fail(error, error_size, "%s", "out of memory"); return -1; }
    for (int y = 0; y < h; y++) {
        const uint8_t *src = bgra + (size_t)(y0 + y) * stride + (size_t)x0 * 4;
        uint8_t *dst = a->rgba + (size_t)y * w * 4;
        for (int x = 0; x < w; x++) {
            dst[x * 4] = src[x * 4 + 2]; dst[x * 4 + 1] = src[x * 4 + 1]; dst[x * 4 + 2] = src[x * 4]; dst[x * 4 + 3] = 255;
        }
        rows[y] = dst;
        out[y] = a->indices + (size_t)y * w;
    }
    liq_image *img = liq.image_create_rgba_rows(a->attr, rows, w, h, 0);
    liq_result *res = NULL;
    int ok = img && liq.image_quantize(img, a->attr, &res) == LIQ_OK && res;
    if (ok) {
        liq.set_dithering_level(res, 1.0f);
        ok = liq.write_remapped_image_rows(res, img, out) == LIQ_OK;
    }
    if (ok) {
        const liq_palette *pal = liq.get_palette(res);
        a->pending_colors = (int)pal->count;
        for (unsigned i = 0; i < pal->count; i++) {
            a->palette[i].Red = pal->entries[i].r; a->palette[i].Green = pal->entries[i].g; a->palette[i].Blue = pal->entries[i].b;
        }
    }
    if (res) liq.result_destroy(res);
    if (img) liq.image_destroy(img);
    free(rows);
    free(out);
    if (!ok) { fail(error, error_size, "%s", "libimagequant could not choose a palette for a frame"); return -1; }
    a->pending = 1;
    a->px = x0; a->py = y0; a->pw = w; a->ph = h;
    a->pending_start_cs = start;
    return 0;
}

/// Adds the pending WebP frame to the mux, shown until `end_ms`.
static int webp_flush(pushsim_anim *a, int end_ms, char *error, size_t error_size) {
    if (!a->webp_pending) return 0;
    a->webp_pending = 0;
    WebPMuxFrameInfo frame;
    memset(&frame, 0, sizeof frame);
    frame.bitstream.bytes = a->pending_webp.mem;
    frame.bitstream.size = a->pending_webp.size;
    frame.x_offset = a->wx;
    frame.y_offset = a->wy;
    frame.duration = end_ms - a->webp_start_ms < 1 ? 1 : end_ms - a->webp_start_ms;
    frame.id = WEBP_CHUNK_ANMF;
    frame.dispose_method = WEBP_MUX_DISPOSE_NONE;
    frame.blend_method = WEBP_MUX_NO_BLEND;
    WebPMuxError status = mux.push_frame(a->webp, &frame, 1);
    WebPMemoryWriterClear(&a->pending_webp);
    WebPMemoryWriterInit(&a->pending_webp);
    if (status != WEBP_MUX_OK) { fail(error, error_size, "%s", "libwebpmux refused a frame (out of memory?)"); return -1; }
    return 0;
}

/// Encodes the changed rectangle (its offsets made even, as WebP's frame offsets must be) as the pending frame.
static int webp_add(pushsim_anim *a, const uint8_t *bgra, int stride, int x0, int y0, int x1, int y1, int t_ms,
                    char *error, size_t error_size) {
    if (webp_flush(a, t_ms, error, error_size) != 0) return -1;
    x0 &= ~1;
    y0 &= ~1;
    WebPPicture pic;
    if (!WebPPictureInit(&pic)) { fail(error, error_size, "%s", "libwebp version mismatch"); return -1; }
    pic.width = x1 - x0;
    pic.height = y1 - y0;
    pic.use_argb = a->config.lossless;
    pic.writer = WebPMemoryWrite;
    pic.custom_ptr = &a->pending_webp;
    int ok = WebPPictureImportBGRA(&pic, bgra + (size_t)y0 * stride + (size_t)x0 * 4, stride) && WebPEncode(&a->config, &pic);
    WebPPictureFree(&pic);
    if (!ok) { fail(error, error_size, "%s", "libwebp could not encode a frame (out of memory?)"); return -1; }
    a->webp_pending = 1;
    a->wx = x0;
    a->wy = y0;
    a->webp_start_ms = t_ms;
    return 0;
}

int pushsim_anim_add(pushsim_anim *a, const uint8_t *bgra, int stride, int t_ms, char *error, size_t error_size) {
    int x0 = 0, y0 = 0, x1 = a->width, y1 = a->height;
    if (a->have_previous && !changed_rect(a, bgra, stride, &x0, &y0, &x1, &y1)) return 0;
    int status = a->format == PUSHSIM_ANIM_WEBP ? webp_add(a, bgra, stride, x0, y0, x1, y1, t_ms, error, error_size)
                                                : gif_add(a, bgra, stride, x0, y0, x1, y1, t_ms, error, error_size);
    if (status != 0) return status;
    for (int y = y0; y < y1; y++) {
        memcpy(a->previous + ((size_t)y * a->width + x0) * 4, bgra + (size_t)y * stride + (size_t)x0 * 4, (size_t)(x1 - x0) * 4);
    }
    a->have_previous = 1;
    a->frames++;
    return 0;
}

// Not inlined and not empty to the optimiser, so the call stays where a profiler can see it.
__attribute__((noinline)) void pushsim_anim_frame_starts(int index) { __asm__ volatile("" : : "r"(index) : "memory"); }

int pushsim_anim_encoded_frames(const pushsim_anim *a) { return a->frames; }

long long pushsim_anim_close(pushsim_anim *a, int end_ms, char *error, size_t error_size) {
    long long size = -1;
    if (a->format == PUSHSIM_ANIM_WEBP) {
        WebPData data;
        WebPDataInit(&data);
        if (webp_flush(a, end_ms, error, error_size) != 0) {
            // said by webp_flush
        } else if (mux.assemble(a->webp, &data) != WEBP_MUX_OK) {
            fail(error, error_size, "%s", "libwebpmux could not assemble the animation");
        } else {
            FILE *f = a->file;
            a->file = NULL;
            size_t wrote = fwrite(data.bytes, 1, data.size, f);
            if (fclose(f) != 0 || wrote != data.size) fail(error, error_size, "%s", "the file could not be written (disk full?)");
            else size = (long long)data.size;
        }
        WebPDataClear(&data);
    } else {
        if (gif_flush(a, centiseconds(end_ms), error, error_size) == 0) {
            int err = 0;
            GifFileType *g = a->gif;
            a->gif = NULL;
            int closed = EGifCloseFile(g, &err) != GIF_ERROR;
            FILE *f = a->file;
            a->file = NULL;
            if (fclose(f) != 0 || a->write_failed || !closed) fail(error, error_size, "%s", "the file could not be written (disk full?)");
            else size = a->gif_bytes;
        }
    }
    pushsim_anim_abandon(a);
    return size;
}

void pushsim_anim_abandon(pushsim_anim *a) {
    if (!a) return;
    if (a->webp) mux.delete_mux(a->webp);
    WebPMemoryWriterClear(&a->pending_webp);
    if (a->gif) { int err; EGifCloseFile(a->gif, &err); }
    if (a->file) fclose(a->file);
    if (a->attr) liq.attr_destroy(a->attr);
    free(a->previous);
    free(a->rgba);
    free(a->indices);
    free(a);
}

#pragma GCC visibility pop
