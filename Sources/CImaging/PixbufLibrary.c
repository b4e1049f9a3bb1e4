// gdk-pixbuf and GObject, loaded when an image first needs them instead of at every start: these definitions stand in
// for the library functions the media layer (and the picture layer's g_object_unref) calls, and forward to the real
// ones found with dlsym.
//
// JPEG, PNG, GIF and WebP are decoded by libjpeg, libpng, giflib and libwebp directly (BoundedDecode.c); gdk-pixbuf
// decodes only the other formats and scales a kitty picture (on the picture's worker thread). Linked, it brought GIO,
// GModule, libmount,
// libselinux, libblkid, GObject and libffi with it: eight libraries mapped, relocated and initialised (libselinux
// reads /proc/filesystems, GObject registers its types) at every start, before the first frame of a story whose
// picture never touches them (docs/performance.md). Tests/EndToEnd/test_start_libraries.sh checks they stay out.
//
// A gdk-pixbuf or GObject function the media layer starts to use needs its definition below and its name in `names`,
// at the same index; without it the link fails with "undefined reference".

#include <pthread.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>

// Hidden: not exported from the executable, so the real libraries' own calls to each other never bind to these.
#pragma GCC visibility push(hidden)
#include <gdk-pixbuf/gdk-pixbuf.h>
#include "LazyLibrary.h"

/* libgdk_pixbuf brings GObject with it; dlsym on its handle searches it too. */
static const char *const library = "libgdk_pixbuf-2.0.so.0";
static const char *const names[] = {
    "gdk_pixbuf_apply_embedded_orientation",
    "gdk_pixbuf_error_quark",
    "gdk_pixbuf_format_get_name",
    "gdk_pixbuf_get_byte_length",
    "gdk_pixbuf_get_has_alpha",
    "gdk_pixbuf_get_height",
    "gdk_pixbuf_get_n_channels",
    "gdk_pixbuf_get_pixels",
    "gdk_pixbuf_get_rowstride",
    "gdk_pixbuf_get_width",
    "gdk_pixbuf_loader_close",
    "gdk_pixbuf_loader_get_format",
    "gdk_pixbuf_loader_get_pixbuf",
    "gdk_pixbuf_loader_new",
    "gdk_pixbuf_loader_set_size",
    "gdk_pixbuf_loader_write",
    "gdk_pixbuf_new",
    "gdk_pixbuf_new_from_data",
    "gdk_pixbuf_read_pixels",
    "gdk_pixbuf_save_to_bufferv",
    "gdk_pixbuf_scale_simple",
    "g_object_unref",
    "g_signal_connect_data",
    "g_signal_handler_disconnect",
};
#define COUNT (sizeof names / sizeof names[0])
static void *functions[COUNT];
static char failure[512];
static pthread_once_t once = PTHREAD_ONCE_INIT;

static void load(void) {
    pushsim_lazy_load(library, names, COUNT, functions, "images are decoded with gdk-pixbuf", "pushsim", "",
                      "libgdk-pixbuf-2.0-0", failure, sizeof failure);
}

/* The library is a dependency of the package (`make deps`), as it was when it was linked, when the loader refused to
   start pushsim at all without it; now only the first image that needs it stops, with this sentence. */
static void *function(size_t i) {
    pthread_once(&once, load);
    if (failure[0]) {
        fprintf(stderr, "pushsim: %s\n", failure);
        exit(1);
    }
    return functions[i];
}

#define CALL(i, name) ((__typeof__(&name))function(i))

GdkPixbuf *gdk_pixbuf_apply_embedded_orientation(GdkPixbuf *a0) { return CALL(0, gdk_pixbuf_apply_embedded_orientation)(a0); }
GQuark gdk_pixbuf_error_quark(void) { return CALL(1, gdk_pixbuf_error_quark)(); }
gchar *gdk_pixbuf_format_get_name(GdkPixbufFormat *a0) { return CALL(2, gdk_pixbuf_format_get_name)(a0); }
gsize gdk_pixbuf_get_byte_length(const GdkPixbuf *a0) { return CALL(3, gdk_pixbuf_get_byte_length)(a0); }
gboolean gdk_pixbuf_get_has_alpha(const GdkPixbuf *a0) { return CALL(4, gdk_pixbuf_get_has_alpha)(a0); }
int gdk_pixbuf_get_height(const GdkPixbuf *a0) { return CALL(5, gdk_pixbuf_get_height)(a0); }
int gdk_pixbuf_get_n_channels(const GdkPixbuf *a0) { return CALL(6, gdk_pixbuf_get_n_channels)(a0); }
guchar *gdk_pixbuf_get_pixels(const GdkPixbuf *a0) { return CALL(7, gdk_pixbuf_get_pixels)(a0); }
int gdk_pixbuf_get_rowstride(const GdkPixbuf *a0) { return CALL(8, gdk_pixbuf_get_rowstride)(a0); }
int gdk_pixbuf_get_width(const GdkPixbuf *a0) { return CALL(9, gdk_pixbuf_get_width)(a0); }
gboolean gdk_pixbuf_loader_close(GdkPixbufLoader *a0, GError **a1) { return CALL(10, gdk_pixbuf_loader_close)(a0, a1); }
GdkPixbufFormat *gdk_pixbuf_loader_get_format(GdkPixbufLoader *a0) { return CALL(11, gdk_pixbuf_loader_get_format)(a0); }
GdkPixbuf *gdk_pixbuf_loader_get_pixbuf(GdkPixbufLoader *a0) { return CALL(12, gdk_pixbuf_loader_get_pixbuf)(a0); }
GdkPixbufLoader *gdk_pixbuf_loader_new(void) { return CALL(13, gdk_pixbuf_loader_new)(); }
void gdk_pixbuf_loader_set_size(GdkPixbufLoader *a0, int a1, int a2) { CALL(14, gdk_pixbuf_loader_set_size)(a0, a1, a2); }
gboolean gdk_pixbuf_loader_write(GdkPixbufLoader *a0, const guchar *a1, gsize a2, GError **a3) { return CALL(15, gdk_pixbuf_loader_write)(a0, a1, a2, a3); }
GdkPixbuf *gdk_pixbuf_new(GdkColorspace a0, gboolean a1, int a2, int a3, int a4) { return CALL(16, gdk_pixbuf_new)(a0, a1, a2, a3, a4); }
GdkPixbuf *gdk_pixbuf_new_from_data(const guchar *a0, GdkColorspace a1, gboolean a2, int a3, int a4, int a5, int a6,
                                    GdkPixbufDestroyNotify a7, gpointer a8) {
    return CALL(17, gdk_pixbuf_new_from_data)(a0, a1, a2, a3, a4, a5, a6, a7, a8);
}
const guint8 *gdk_pixbuf_read_pixels(const GdkPixbuf *a0) { return CALL(18, gdk_pixbuf_read_pixels)(a0); }
gboolean gdk_pixbuf_save_to_bufferv(GdkPixbuf *a0, gchar **a1, gsize *a2, const char *a3, char **a4, char **a5, GError **a6) {
    return CALL(19, gdk_pixbuf_save_to_bufferv)(a0, a1, a2, a3, a4, a5, a6);
}
/* The variadic form (key, value, …, NULL) through the array one: a variadic call cannot be forwarded as it is. */
gboolean gdk_pixbuf_save_to_buffer(GdkPixbuf *pixbuf, gchar **buffer, gsize *size, const char *type, GError **error, ...) {
    enum { MAX_OPTIONS = 16 };
    char *keys[MAX_OPTIONS + 1] = { NULL }, *values[MAX_OPTIONS + 1] = { NULL };
    va_list options;
    va_start(options, error);
    for (int n = 0; n < MAX_OPTIONS; n++) {
        char *key = va_arg(options, char *);
        if (!key) break;
        keys[n] = key;
        values[n] = va_arg(options, char *);
    }
    va_end(options);
    return gdk_pixbuf_save_to_bufferv(pixbuf, buffer, size, type, keys, values, error);
}
GdkPixbuf *gdk_pixbuf_scale_simple(const GdkPixbuf *a0, int a1, int a2, GdkInterpType a3) { return CALL(20, gdk_pixbuf_scale_simple)(a0, a1, a2, a3); }
void g_object_unref(gpointer a0) { CALL(21, g_object_unref)(a0); }
gulong g_signal_connect_data(gpointer a0, const gchar *a1, GCallback a2, gpointer a3, GClosureNotify a4, GConnectFlags a5) {
    return CALL(22, g_signal_connect_data)(a0, a1, a2, a3, a4, a5);
}
void g_signal_handler_disconnect(gpointer a0, gulong a1) { CALL(23, g_signal_handler_disconnect)(a0, a1); }

#pragma GCC visibility pop
