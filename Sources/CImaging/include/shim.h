// C entry points for the media layer: gdk-pixbuf decoding (with a size-prepared trampoline) and libchafa rendering.
#ifndef PUSHSIM_CIMAGING_SHIM_H
#define PUSHSIM_CIMAGING_SHIM_H

#include <gdk-pixbuf/gdk-pixbuf.h>
#include <chafa.h>
#include <string.h>

/* What the size-prepared handler learns and decides. Swift owns this struct and keeps it alive for the loader's life. */
typedef struct {
    gint declared_width;
    gint declared_height;
    /* Longest side wanted after decoding (the SDK downsamples to 1500 px); 0 = keep. */
    gint max_side;
    /* Declared width x height above this is refused before any pixel is decoded. */
    gint64 pixel_budget;
    /* 1 = only read the header (format and size), then stop. */
    gint header_only;
    /* Cells the image is decoded for (0 = unknown): a JPEG is then decoded at 1/2, 1/4 or 1/8 scale in the DCT
       when that still gives every cell the source pixels it needs (pushsim_crop_fits), the picture as shown. */
    gint cells_width;
    gint cells_height;
    /* Set by the handler. */
    gint prepared;
    gint refused;
    gint scale_denominator;
    /* Bytes of the pixel buffer the loader allocated (area-prepared), 0 while none exists: a refusal must leave
       this at 0, and a decode for cells keeps it near what the cells need. */
    gint64 pixel_bytes;
    gulong size_handler;
    gulong area_handler;
    /* A pixel box the image is decoded for (0 = none): a terminal picture of pixels_width x pixels_height, aspect-
       filled. A JPEG is then decoded at the smallest 1/8, 1/4, 1/2 scale still covering the box (or the cells);
       sides_swapped = 1 when the file's EXIF orientation turns it a quarter (the box, or the cells, are then compared
       with the sides exchanged). */
    gint pixels_width;
    gint pixels_height;
    gint sides_swapped;
    /* 1 = the cells are drawn by the half-block average (HalfBlockRenderer), which needs 2x4 source pixels per
       cell; else chafa's symbol match's 4x8 (pushsim_crop_fits). */
    gint half_blocks;
} PushsimLoadState;

/* Whether an iw x ih image, aspect-fill cropped to cw x ch cells (1 x 2 pixels each), leaves enough source pixels per
   cell: 4 x 8 for chafa's symbol match (which resamples to 8 x 8 work pixels a cell), or
   2 x 4 for the half-block average (each half cell the mean of at least 2 x 2 source pixels, already an area mean of
   the DCT's own reduction; HalfBlockRenderer's box filter then takes every one of them). */
static inline int pushsim_crop_fits(double iw, double ih, int cw, int ch, int half_blocks) {
    double t = (double)cw / (2.0 * ch), crop_w, crop_h;
    double per_w = half_blocks ? 2.0 : 4.0, per_h = half_blocks ? 4.0 : 8.0;
    if (iw / ih > t) { crop_w = ih * t; crop_h = ih; } else { crop_w = iw; crop_h = iw / t; }
    return crop_w >= per_w * cw && crop_h >= per_h * ch;
}

/* The largest JPEG DCT denominator (8, 4, 2, else 1) whose decode of a width x height image still covers a pw x ph
   pixel box after an aspect-fill crop: aspect-fill scales by max(pw / w, ph / h), so the crop keeps at least the
   box's pixels exactly when both sides are at least the box's. libjpeg's scaled size is the ceiling. */
static inline int pushsim_pixels_denominator(int width, int height, int pw, int ph, int swapped) {
    if (swapped) { int t = pw; pw = ph; ph = t; }
    for (int d = 8; d >= 2; d /= 2) {
        if ((width + d - 1) / d >= pw && (height + d - 1) / d >= ph) return d;
    }
    return 1;
}

/* The largest JPEG DCT denominator (8, 4, 2, else 1) whose decode of a width x height image still leaves each of
   cw x ch cells its source pixels (pushsim_crop_fits; libjpeg's scaled size is the ceiling), for the picture as it is
   shown: turned = 0 upright, 1 turned a quarter by its EXIF orientation, -1 either (a decoder that cannot read the
   orientation first, or a format without one here). Covering only the orientation shown lets an upright portrait
   photo in a portrait story decode at 1/8 where either orientation needed 1/4. */
static inline int pushsim_cells_denominator(int width, int height, int cw, int ch, int half_blocks, int turned) {
    for (int d = 8; d >= 2; d /= 2) {
        int w = (width + d - 1) / d, h = (height + d - 1) / d;
        int upright = turned == 1 || pushsim_crop_fits(w, h, cw, ch, half_blocks);
        int sideways = turned == 0 || pushsim_crop_fits(h, w, cw, ch, half_blocks);
        if (upright && sideways) return d;
    }
    return 1;
}

static inline void pushsim_on_size_prepared(GdkPixbufLoader *loader, gint width, gint height, gpointer data) {
    PushsimLoadState *s = (PushsimLoadState *)data;
    s->declared_width = width;
    s->declared_height = height;
    s->prepared = 1;
    if ((gint64)width * (gint64)height > s->pixel_budget || width <= 0 || height <= 0) {
        s->refused = 1;
    }
    if (s->refused || s->header_only) {
        /* 0x0 is GdkPixbufModuleSizeFunc's documented "stop, allocate nothing" (what gdk_pixbuf_get_file_info
           relies on): the PNG, JPEG, GIF and WebP loaders then fail the load before creating a pixbuf. A 1x1
           target instead let the PNG loader allocate the declared size and gdk-pixbuf scale all of it at close
           (9.8 GB and 26 s for a 50000x50000 PNG). */
        gdk_pixbuf_loader_set_size(loader, 0, 0);
        return;
    }
    s->scale_denominator = 1;
    GdkPixbufFormat *format = gdk_pixbuf_loader_get_format(loader);
    /* The name is a new string each time (transfer full). */
    gchar *name = format ? gdk_pixbuf_format_get_name(format) : NULL;
    int jpeg = name && strcmp(name, "jpeg") == 0;
    g_free(name);
    if (s->pixels_width > 0 && s->pixels_height > 0 && jpeg) {
        int d = pushsim_pixels_denominator(width, height, s->pixels_width, s->pixels_height, s->sides_swapped);
        if (d > 1) {
            s->scale_denominator = d;
            gdk_pixbuf_loader_set_size(loader, (width + d - 1) / d, (height + d - 1) / d);
            return;
        }
    }
    if (s->cells_width > 0 && s->cells_height > 0 && jpeg) {
        /* The orientation gdk-pixbuf applies at close, read from the bytes beforehand (sides_swapped): the cells of
           the picture as shown are the ones to cover, as the direct decode does (BoundedDecode.c). */
        int d = pushsim_cells_denominator(width, height, s->cells_width, s->cells_height, s->half_blocks, s->sides_swapped);
        if (d > 1) {
            /* Exactly libjpeg's scaled size: no extra scaling pass. */
            s->scale_denominator = d;
            gdk_pixbuf_loader_set_size(loader, (width + d - 1) / d, (height + d - 1) / d);
            return;
        }
    }
    /* Only big reductions are asked of the loader (JPEG then scales in the DCT, cheaply); a mild one such as
       1620 -> 1500 would cost a full bilinear pass at close, so the caller does it with a cheap filter. */
    if (s->max_side > 0 && (width > 2 * s->max_side || height > 2 * s->max_side)) {
        double k = (double)s->max_side / (double)(width > height ? width : height);
        gint w = (gint)(width * k + 0.5), h = (gint)(height * k + 0.5);
        gdk_pixbuf_loader_set_size(loader, w < 1 ? 1 : w, h < 1 ? 1 : h);
    }
}

static inline void pushsim_on_area_prepared(GdkPixbufLoader *loader, gpointer data) {
    PushsimLoadState *s = (PushsimLoadState *)data;
    GdkPixbuf *pixbuf = gdk_pixbuf_loader_get_pixbuf(loader);
    if (pixbuf) s->pixel_bytes += (gint64)gdk_pixbuf_get_byte_length(pixbuf);
}

/* G_CALLBACK and g_signal_connect are macros Swift cannot see. */
static inline void pushsim_loader_watch(GdkPixbufLoader *loader, PushsimLoadState *state) {
    state->size_handler = g_signal_connect(loader, "size-prepared", G_CALLBACK(pushsim_on_size_prepared), state);
    state->area_handler = g_signal_connect(loader, "area-prepared", G_CALLBACK(pushsim_on_area_prepared), state);
}

static inline void pushsim_loader_unwatch(GdkPixbufLoader *loader, PushsimLoadState *state) {
    g_signal_handler_disconnect(loader, state->size_handler);
    g_signal_handler_disconnect(loader, state->area_handler);
}

static inline void pushsim_object_unref(gpointer object) { g_object_unref(object); }
static inline void pushsim_pixbuf_unref(GdkPixbuf *pixbuf) { g_object_unref(pixbuf); }

/* The loader's format name ("jpeg", "png", "gif", "webp"...), or NULL before the format is known; free it with g_free. */
static inline gchar *pushsim_loader_format_name(GdkPixbufLoader *loader) {
    GdkPixbufFormat *f = gdk_pixbuf_loader_get_format(loader);
    return f ? gdk_pixbuf_format_get_name(f) : NULL;
}

/* Copies a pixbuf into tightly packed RGBA8, compositing any alpha over black (the story background). */
static inline void pushsim_pixbuf_copy_rgba(const GdkPixbuf *pixbuf, guint8 *out) {
    int w = gdk_pixbuf_get_width(pixbuf), h = gdk_pixbuf_get_height(pixbuf);
    int n = gdk_pixbuf_get_n_channels(pixbuf), stride = gdk_pixbuf_get_rowstride(pixbuf);
    gboolean alpha = gdk_pixbuf_get_has_alpha(pixbuf);
    const guint8 *src = gdk_pixbuf_read_pixels(pixbuf);
    for (int y = 0; y < h; y++) {
        const guint8 *row = src + (gsize)y * stride;
        guint8 *dst = out + (gsize)y * w * 4;
        for (int x = 0; x < w; x++) {
            const guint8 *p = row + x * n;
            if (alpha) {
                unsigned a = p[3];
                dst[0] = (guint8)((p[0] * a + 127) / 255);
                dst[1] = (guint8)((p[1] * a + 127) / 255);
                dst[2] = (guint8)((p[2] * a + 127) / 255);
            } else {
                dst[0] = p[0]; dst[1] = p[1]; dst[2] = p[2];
            }
            dst[3] = 255;
            dst += 4;
        }
    }
}

/* Encodes packed RGBA8 (alpha kept when has_alpha) as "png", "jpeg" (quality 0-100) or "webp". */
static inline gboolean pushsim_encode_rgba(const guint8 *rgba, int width, int height, gboolean has_alpha,
                                           const char *type, int quality, gchar **buffer, gsize *size, GError **error) {
    GdkPixbuf *pb = gdk_pixbuf_new(GDK_COLORSPACE_RGB, has_alpha, 8, width, height);
    if (!pb) { g_set_error_literal(error, GDK_PIXBUF_ERROR, GDK_PIXBUF_ERROR_INSUFFICIENT_MEMORY, "out of memory"); return FALSE; }
    guint8 *dst = gdk_pixbuf_get_pixels(pb);
    int stride = gdk_pixbuf_get_rowstride(pb), n = has_alpha ? 4 : 3;
    for (int y = 0; y < height; y++)
        for (int x = 0; x < width; x++)
            memcpy(dst + (gsize)y * stride + x * n, rgba + ((gsize)y * width + x) * 4, n);
    gboolean ok;
    if (strcmp(type, "jpeg") == 0 || strcmp(type, "webp") == 0) {
        char q[8];
        g_snprintf(q, sizeof q, "%d", quality);
        ok = gdk_pixbuf_save_to_buffer(pb, buffer, size, type, error, "quality", q, NULL);
    } else {
        ok = gdk_pixbuf_save_to_buffer(pb, buffer, size, type, error, NULL);
    }
    g_object_unref(pb);
    return ok;
}

static inline void pushsim_drop_log(const gchar *domain, GLogLevelFlags level, const gchar *message, gpointer data) {
    (void)domain; (void)level; (void)message; (void)data;
}

/* Loader warnings about corrupt files would be written to stderr behind ncurses' back; failures arrive as GErrors anyway. */
static inline void pushsim_silence_library_logs(void) {
    g_log_set_handler("GdkPixbuf", (GLogLevelFlags)(G_LOG_LEVEL_WARNING | G_LOG_LEVEL_MESSAGE | G_LOG_LEVEL_CRITICAL | G_LOG_LEVEL_INFO | G_LOG_LEVEL_DEBUG), pushsim_drop_log, NULL);
    g_log_set_handler("Chafa", (GLogLevelFlags)(G_LOG_LEVEL_WARNING | G_LOG_LEVEL_MESSAGE | G_LOG_LEVEL_CRITICAL | G_LOG_LEVEL_INFO | G_LOG_LEVEL_DEBUG), pushsim_drop_log, NULL);
}

/* ---------------------------------------------------------------------------------------------------------------
 * HTTP through libcurl, loaded with dlopen the first time an http(s) image is fetched. Linking URLSession
 * (FoundationNetworking) instead pulls libcurl's whole dependency chain (TLS, Kerberos, LDAP, ...) into every
 * pushsim start: about 20 ms of dynamic linking before the first frame, even for stories with local images.
 * The option and info numbers below are libcurl's public ABI (curl/curl.h), stable since 7.x.
 * ------------------------------------------------------------------------------------------------------------- */
#include <dlfcn.h>
#include <pthread.h>
#include <stdlib.h>

enum {
    PUSHSIM_CURLOPT_WRITEDATA = 10001, PUSHSIM_CURLOPT_URL = 10002, PUSHSIM_CURLOPT_USERAGENT = 10018,
    PUSHSIM_CURLOPT_NOPROGRESS = 43, PUSHSIM_CURLOPT_FOLLOWLOCATION = 52, PUSHSIM_CURLOPT_MAXREDIRS = 68,
    PUSHSIM_CURLOPT_NOSIGNAL = 99, PUSHSIM_CURLOPT_TIMEOUT_MS = 155, PUSHSIM_CURLOPT_CONNECTTIMEOUT_MS = 156,
    PUSHSIM_CURLOPT_PROTOCOLS = 181, PUSHSIM_CURLOPT_REDIR_PROTOCOLS = 182,
    PUSHSIM_CURLOPT_WRITEFUNCTION = 20011, PUSHSIM_CURLOPT_HEADERFUNCTION = 20079, PUSHSIM_CURLOPT_HEADERDATA = 10029,
    PUSHSIM_CURLOPT_MAXFILESIZE_LARGE = 30117,
    PUSHSIM_CURLINFO_CONTENT_TYPE = 0x100000 + 18, PUSHSIM_CURLINFO_RESPONSE_CODE = 0x200000 + 2,
    PUSHSIM_CURLINFO_CONNECT_TIME = 0x300000 + 5,
};

/* libcurl result codes pushsim explains; anything else is described with curl_easy_strerror. */
enum {
    PUSHSIM_CURLE_OK = 0, PUSHSIM_CURLE_UNSUPPORTED_PROTOCOL = 1, PUSHSIM_CURLE_COULDNT_RESOLVE_HOST = 6,
    PUSHSIM_CURLE_COULDNT_CONNECT = 7, PUSHSIM_CURLE_PARTIAL_FILE = 18, PUSHSIM_CURLE_WRITE_ERROR = 23,
    PUSHSIM_CURLE_OPERATION_TIMEDOUT = 28, PUSHSIM_CURLE_TOO_MANY_REDIRECTS = 47, PUSHSIM_CURLE_GOT_NOTHING = 52,
    PUSHSIM_CURLE_RECV_ERROR = 56, PUSHSIM_CURLE_FILESIZE_EXCEEDED = 63,
};

typedef struct {
    void *(*easy_init)(void);
    int (*easy_setopt)(void *, int, ...);
    int (*easy_perform)(void *);
    int (*easy_getinfo)(void *, int, ...);
    void (*easy_cleanup)(void *);
    const char *(*easy_strerror)(int);
    int loaded;
} PushsimCurlAPI;

/* Function-local statics: Swift's importer emits functions from this header, not global variables. */
static inline PushsimCurlAPI *pushsim_curl_storage(void) {
    static PushsimCurlAPI api;
    return &api;
}

static inline void pushsim_curl_load(void) {
    PushsimCurlAPI *api = pushsim_curl_storage();
    const char *names[] = { "libcurl.so.4", "libcurl-gnutls.so.4", "libcurl-nss.so.4", "libcurl.so" };
    void *lib = NULL;
    for (unsigned i = 0; i < sizeof names / sizeof names[0] && !lib; i++) lib = dlopen(names[i], RTLD_NOW | RTLD_LOCAL);
    if (!lib) return;
    int (*global_init)(long) = (int (*)(long))dlsym(lib, "curl_global_init");
    api->easy_init = (void *(*)(void))dlsym(lib, "curl_easy_init");
    api->easy_setopt = (int (*)(void *, int, ...))dlsym(lib, "curl_easy_setopt");
    api->easy_perform = (int (*)(void *))dlsym(lib, "curl_easy_perform");
    api->easy_getinfo = (int (*)(void *, int, ...))dlsym(lib, "curl_easy_getinfo");
    api->easy_cleanup = (void (*)(void *))dlsym(lib, "curl_easy_cleanup");
    api->easy_strerror = (const char *(*)(int))dlsym(lib, "curl_easy_strerror");
    if (!global_init || !api->easy_init || !api->easy_setopt || !api->easy_perform ||
        !api->easy_getinfo || !api->easy_cleanup || !api->easy_strerror) return;
    /* CURL_GLOBAL_DEFAULT; once, before any thread uses a handle. */
    if (global_init(3) != 0) return;
    api->loaded = 1;
}

/* The loaded API, or NULL when libcurl is not installed. */
static inline const PushsimCurlAPI *pushsim_curl(void) {
    static pthread_once_t once = PTHREAD_ONCE_INIT;
    pthread_once(&once, pushsim_curl_load);
    const PushsimCurlAPI *api = pushsim_curl_storage();
    return api->loaded ? api : NULL;
}

/* The downloaded body, grown as bytes arrive; the callback stops the transfer past max_bytes. */
typedef struct {
    unsigned char *data;
    size_t length;
    size_t capacity;
    size_t max_bytes;
    int over_limit;
    /* The last response's Content-Length (-1 if none): libcurl forgets it when it refuses a too-large one. */
    long long declared_length;
} PushsimBody;

static inline size_t pushsim_curl_header(char *line, size_t size, size_t count, void *userdata) {
    PushsimBody *b = (PushsimBody *)userdata;
    size_t n = size * count;
    if (n >= 5 && strncmp(line, "HTTP/", 5) == 0) b->declared_length = -1;   /* a new response (after a redirect) */
    if (n > 15 && g_ascii_strncasecmp(line, "content-length:", 15) == 0) {
        char buf[64];
        size_t k = n - 15 < sizeof buf - 1 ? n - 15 : sizeof buf - 1;
        memcpy(buf, line + 15, k);
        buf[k] = 0;
        b->declared_length = g_ascii_strtoll(g_strstrip(buf), NULL, 10);
    }
    return n;
}

static inline size_t pushsim_curl_write(char *ptr, size_t size, size_t count, void *userdata) {
    PushsimBody *b = (PushsimBody *)userdata;
    size_t n = size * count;
    if (b->length + n > b->max_bytes) { b->over_limit = 1; return 0; }
    if (b->length + n > b->capacity) {
        size_t cap = b->capacity ? b->capacity : 64 * 1024;
        while (cap < b->length + n) cap *= 2;
        unsigned char *grown = (unsigned char *)realloc(b->data, cap);
        if (!grown) return 0;
        b->data = grown;
        b->capacity = cap;
    }
    memcpy(b->data + b->length, ptr, n);
    b->length += n;
    return n;
}

/* What one transfer ended with, read back by Swift. */
typedef struct {
    int curl_code;          /* -1: libcurl is not installed */
    long status;
    double connect_time;
    long long declared_length; /* -1 when the server sent no Content-Length */
    char content_type[128];
    char error[256];
} PushsimFetchResult;

static inline void pushsim_body_free(PushsimBody *b) { free(b->data); b->data = NULL; b->length = b->capacity = 0; }

/* One GET: redirects followed up to max_redirects (http and https only), connect and total timeouts in ms,
   bodies and declared lengths over max_bytes refused. Blocks the calling thread. */
static inline void pushsim_http_get(const char *url, long connect_ms, long total_ms, long max_redirects,
                                    long long max_bytes, PushsimBody *body, PushsimFetchResult *out) {
    memset(out, 0, sizeof *out);
    out->declared_length = -1;
    const PushsimCurlAPI *c = pushsim_curl();
    if (!c) { out->curl_code = -1; return; }
    void *h = c->easy_init();
    if (!h) { out->curl_code = -1; return; }
    body->max_bytes = (size_t)max_bytes;
    body->declared_length = -1;
    c->easy_setopt(h, PUSHSIM_CURLOPT_URL, url);
    c->easy_setopt(h, PUSHSIM_CURLOPT_USERAGENT, "pushsim (PushwooshNotificationUI image loader)");
    c->easy_setopt(h, PUSHSIM_CURLOPT_NOSIGNAL, 1L);
    c->easy_setopt(h, PUSHSIM_CURLOPT_PROTOCOLS, 3L);       /* CURLPROTO_HTTP | CURLPROTO_HTTPS */
    c->easy_setopt(h, PUSHSIM_CURLOPT_REDIR_PROTOCOLS, 3L);
    c->easy_setopt(h, PUSHSIM_CURLOPT_FOLLOWLOCATION, 1L);
    c->easy_setopt(h, PUSHSIM_CURLOPT_MAXREDIRS, max_redirects);
    c->easy_setopt(h, PUSHSIM_CURLOPT_CONNECTTIMEOUT_MS, connect_ms);
    c->easy_setopt(h, PUSHSIM_CURLOPT_TIMEOUT_MS, total_ms);
    c->easy_setopt(h, PUSHSIM_CURLOPT_MAXFILESIZE_LARGE, (long long)max_bytes);
    c->easy_setopt(h, PUSHSIM_CURLOPT_WRITEFUNCTION, pushsim_curl_write);
    c->easy_setopt(h, PUSHSIM_CURLOPT_WRITEDATA, (void *)body);
    c->easy_setopt(h, PUSHSIM_CURLOPT_HEADERFUNCTION, pushsim_curl_header);
    c->easy_setopt(h, PUSHSIM_CURLOPT_HEADERDATA, (void *)body);
    out->curl_code = c->easy_perform(h);
    long status = 0;
    c->easy_getinfo(h, PUSHSIM_CURLINFO_RESPONSE_CODE, &status);
    out->status = status;
    double connect = 0;
    c->easy_getinfo(h, PUSHSIM_CURLINFO_CONNECT_TIME, &connect);
    out->connect_time = connect;
    out->declared_length = body->declared_length;
    char *type = NULL;
    if (c->easy_getinfo(h, PUSHSIM_CURLINFO_CONTENT_TYPE, &type) == 0 && type) g_strlcpy(out->content_type, type, sizeof out->content_type);
    if (out->curl_code != 0) g_strlcpy(out->error, c->easy_strerror(out->curl_code), sizeof out->error);
    c->easy_cleanup(h);
}

/* ---------------------------------------------------------------------------------------------------------------
 * Real pixels for terminals that show them (kitty graphics, iTerm2 inline images, sixel): see PixelRenderer.swift.
 * ------------------------------------------------------------------------------------------------------------- */

/* Which pixel protocols libchafa's terminal database finds in an environment (NULL-terminated "NAME=value"s). */
static inline void pushsim_chafa_pixel_hint(gchar **envp, int *sixel, int *kitty, int *iterm) {
    ChafaTermInfo *ti = chafa_term_db_detect(chafa_term_db_get_default(), envp);
    *sixel = ti && chafa_term_info_have_seq(ti, CHAFA_TERM_SEQ_BEGIN_SIXELS);
    *kitty = ti && chafa_term_info_have_seq(ti, CHAFA_TERM_SEQ_BEGIN_KITTY_IMMEDIATE_IMAGE_V1);
    *iterm = ti && chafa_term_info_have_seq(ti, CHAFA_TERM_SEQ_BEGIN_ITERM2_IMAGE);
    if (ti) chafa_term_info_unref(ti);
}

/* A cw x ch region of RGBA8 (row stride in bytes) scaled to dw x dh (bilinear), written packed with 3 (RGB8) or 4
   (RGBA8, opaque) channels: kitty takes RGB; chafa 1.12's sixel and iTerm2 encoders read RGB8 wrongly, RGBA right. */
static inline int pushsim_scale_rgb(const guint8 *rgba, int stride, int cw, int ch, int dw, int dh, int channels, guint8 *out) {
    GdkPixbuf *src = gdk_pixbuf_new_from_data(rgba, GDK_COLORSPACE_RGB, TRUE, 8, cw, ch, stride, NULL, NULL);
    if (!src) return 0;
    GdkPixbuf *dst = gdk_pixbuf_scale_simple(src, dw, dh, GDK_INTERP_BILINEAR);
    g_object_unref(src);
    if (!dst) return 0;
    int n = gdk_pixbuf_get_n_channels(dst), ds = gdk_pixbuf_get_rowstride(dst);
    const guint8 *p = gdk_pixbuf_read_pixels(dst);
    for (int y = 0; y < dh; y++)
        for (int x = 0; x < dw; x++) {
            guint8 *o = out + ((gsize)y * dw + x) * channels;
            memcpy(o, p + (gsize)y * ds + x * n, 3);
            if (channels == 4) o[3] = 255;
        }
    g_object_unref(dst);
    return 1;
}

/* RGBA8 pixels drawn by chafa in a pixel mode (sixel or iTerm2) over cols x rows cells of cell_w x cell_h pixels;
   returns the escape sequence (g_free it), or NULL. The fallback term info knows every protocol's codes. `type` says
   how chafa reads the alpha: pushsim's pixels are opaque (composited over black), for which premultiplied and
   unassociated are the same pixels, and premultiplied spares chafa's scaler a multiply per channel (PixelRendererTests
   checks that every value gives the same bytes either way). */
static inline gchar *pushsim_chafa_pixels(ChafaPixelMode mode, ChafaPixelType type, const guint8 *rgba, int cw, int ch, int stride,
                                          int cols, int rows, int cell_w, int cell_h, gsize *length) {
    ChafaCanvasConfig *config = chafa_canvas_config_new();
    if (!config) return NULL;
    chafa_canvas_config_set_geometry(config, cols, rows);
    chafa_canvas_config_set_cell_geometry(config, cell_w, cell_h);
    chafa_canvas_config_set_pixel_mode(config, mode);
    chafa_canvas_config_set_canvas_mode(config, CHAFA_CANVAS_MODE_TRUECOLOR);
    /* Dithering would change with every size and shimmer on resize; a photo looks right without it. */
    chafa_canvas_config_set_dither_mode(config, CHAFA_DITHER_MODE_NONE);
    ChafaCanvas *canvas = chafa_canvas_new(config);
    chafa_canvas_config_unref(config);
    if (!canvas) return NULL;
    chafa_canvas_draw_all_pixels(canvas, type, rgba, cw, ch, stride);
    ChafaTermInfo *ti = chafa_term_db_get_fallback_info(chafa_term_db_get_default());
    GString *out = chafa_canvas_print(canvas, ti);
    chafa_term_info_unref(ti);
    chafa_canvas_unref(canvas);
    if (!out) return NULL;
    *length = out->len;
    return g_string_free(out, FALSE);
}

#endif
