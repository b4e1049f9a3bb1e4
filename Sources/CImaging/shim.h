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
    /* Set by the handler. */
    gint prepared;
    gint refused;
} PushsimLoadState;

static inline void pushsim_on_size_prepared(GdkPixbufLoader *loader, gint width, gint height, gpointer data) {
    PushsimLoadState *s = (PushsimLoadState *)data;
    s->declared_width = width;
    s->declared_height = height;
    s->prepared = 1;
    if ((gint64)width * (gint64)height > s->pixel_budget || width <= 0 || height <= 0) {
        s->refused = 1;
    }
    if (s->refused || s->header_only) {
        /* The caller stops feeding bytes now; a 1x1 target keeps scaling decoders from allocating the full image. */
        gdk_pixbuf_loader_set_size(loader, 1, 1);
        return;
    }
    if (s->max_side > 0 && (width > s->max_side || height > s->max_side)) {
        double k = (double)s->max_side / (double)(width > height ? width : height);
        gint w = (gint)(width * k + 0.5), h = (gint)(height * k + 0.5);
        gdk_pixbuf_loader_set_size(loader, w < 1 ? 1 : w, h < 1 ? 1 : h);
    }
}

/* G_CALLBACK and g_signal_connect are macros Swift cannot see. */
static inline gulong pushsim_loader_watch_size(GdkPixbufLoader *loader, PushsimLoadState *state) {
    return g_signal_connect(loader, "size-prepared", G_CALLBACK(pushsim_on_size_prepared), state);
}

static inline void pushsim_loader_unwatch(GdkPixbufLoader *loader, gulong handler) {
    g_signal_handler_disconnect(loader, handler);
}

static inline void pushsim_object_unref(gpointer object) { g_object_unref(object); }
static inline void pushsim_pixbuf_unref(GdkPixbuf *pixbuf) { g_object_unref(pixbuf); }

/* The loader's format name ("jpeg", "png", "gif", "webp"...), or NULL before the format is known. */
static inline const gchar *pushsim_loader_format_name(GdkPixbufLoader *loader) {
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

#endif
