// cairo and pango, loaded when `pushsim snapshot` first draws instead of at every start: these definitions stand in
// for the library functions the picture layer calls, and forward to the real ones found with dlsym.
//
// Linked directly, libpangocairo and its 24 dependencies (pango, cairo, harfbuzz, fontconfig, freetype, pixman, X11
// client libraries…) were mapped and relocated at every start, a third of the dynamic loader's work, for the one
// command that draws with them (docs/performance.md). Nothing links them now (Package.swift takes cairo's and
// HarfBuzz's headers by include path, not pkg-config), and Tests/EndToEnd/test_start_libraries.sh checks they stay out.
//
// A cairo/pango function the picture layer starts to use needs its definition below and its name in `names`, at the
// same index; without it the link fails with "undefined reference".

#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>

// Hidden: not exported from the executable, so the real libraries' own calls to each other never bind to these.
#pragma GCC visibility push(hidden)
#include <cairo.h>
#include <pango/pangocairo.h>
#include "PictureLibraries.h"
#include "LazyLibrary.h"

/* libpangocairo brings pango and cairo with it; dlsym on its handle searches those too. */
static const char *const library = "libpangocairo-1.0.so.0";
static const char *const names[] = {
    "cairo_arc",
    "cairo_clip",
    "cairo_close_path",
    "cairo_create",
    "cairo_curve_to",
    "cairo_destroy",
    "cairo_fill",
    "cairo_font_options_create",
    "cairo_font_options_destroy",
    "cairo_font_options_set_antialias",
    "cairo_font_options_set_hint_metrics",
    "cairo_font_options_set_hint_style",
    "cairo_get_source",
    "cairo_image_surface_create",
    "cairo_image_surface_get_data",
    "cairo_image_surface_get_height",
    "cairo_image_surface_get_stride",
    "cairo_image_surface_get_width",
    "cairo_line_to",
    "cairo_move_to",
    "cairo_new_path",
    "cairo_new_sub_path",
    "cairo_paint_with_alpha",
    "cairo_pattern_add_color_stop_rgba",
    "cairo_pattern_create_linear",
    "cairo_pattern_destroy",
    "cairo_pattern_set_extend",
    "cairo_pattern_set_filter",
    "cairo_pop_group_to_source",
    "cairo_push_group",
    "cairo_rectangle",
    "cairo_restore",
    "cairo_save",
    "cairo_scale",
    "cairo_set_line_width",
    "cairo_set_source",
    "cairo_set_source_rgba",
    "cairo_set_source_surface",
    "cairo_stroke",
    "cairo_surface_destroy",
    "cairo_surface_flush",
    "cairo_surface_mark_dirty",
    "cairo_surface_status",
    "cairo_translate",
    "pango_cairo_context_set_font_options",
    "pango_cairo_create_layout",
    "pango_cairo_font_map_get_default",
    "pango_cairo_show_layout",
    "pango_context_load_font",
    "pango_font_describe",
    "pango_font_description_free",
    "pango_font_description_get_family",
    "pango_font_description_new",
    "pango_font_description_set_absolute_size",
    "pango_font_description_set_family",
    "pango_font_description_set_weight",
    "pango_font_map_create_context",
    "pango_layout_context_changed",
    "pango_layout_get_context",
    "pango_layout_get_size",
    "pango_layout_set_alignment",
    "pango_layout_set_ellipsize",
    "pango_layout_set_font_description",
    "pango_layout_set_height",
    "pango_layout_set_text",
    "pango_layout_set_width",
    "pango_layout_set_wrap",
    "pango_layout_is_ellipsized",
    "cairo_get_matrix",
    "cairo_identity_matrix",
    "cairo_paint",
    "cairo_set_matrix",
    /* Added for the native in-app pictures (the wheel, the promo chip, the scratch strokes, the modal's line
       spacing): kept after the alphabetical block and the functions added after it, so no index above moves. */
    "cairo_rotate",
    "cairo_set_dash",
    "cairo_set_line_cap",
    "cairo_set_line_join",
    "cairo_set_operator",
    "pango_layout_set_spacing",
};
#define COUNT (sizeof names / sizeof names[0])
static void *functions[COUNT];
static char failure[512];
static pthread_once_t once = PTHREAD_ONCE_INIT;

static void load(void) {
    pushsim_lazy_load(library, names, COUNT, functions, "snapshot draws with cairo and pango", "snapshot",
                      " from cairo/pango", "libpangocairo-1.0-0", failure, sizeof failure);
}

const char *pushsim_picture_libraries(void) {
    pthread_once(&once, load);
    return failure[0] ? failure : NULL;
}

/* Every caller checks pushsim_picture_libraries() first (Picture.init); this is the backstop for one that did not. */
static void *function(size_t i) {
    const char *error = pushsim_picture_libraries();
    if (error) {
        fprintf(stderr, "pushsim: %s\n", error);
        exit(1);
    }
    return functions[i];
}

#define CALL(i, name) ((__typeof__(&name))function(i))

void cairo_arc(cairo_t *a0, double a1, double a2, double a3, double a4, double a5) { CALL(0, cairo_arc)(a0, a1, a2, a3, a4, a5); }
void cairo_clip(cairo_t *a0) { CALL(1, cairo_clip)(a0); }
void cairo_close_path(cairo_t *a0) { CALL(2, cairo_close_path)(a0); }
cairo_t *cairo_create(cairo_surface_t *a0) { return CALL(3, cairo_create)(a0); }
void cairo_curve_to(cairo_t *a0, double a1, double a2, double a3, double a4, double a5, double a6) { CALL(4, cairo_curve_to)(a0, a1, a2, a3, a4, a5, a6); }
void cairo_destroy(cairo_t *a0) { CALL(5, cairo_destroy)(a0); }
void cairo_fill(cairo_t *a0) { CALL(6, cairo_fill)(a0); }
cairo_font_options_t *cairo_font_options_create(void) { return CALL(7, cairo_font_options_create)(); }
void cairo_font_options_destroy(cairo_font_options_t *a0) { CALL(8, cairo_font_options_destroy)(a0); }
void cairo_font_options_set_antialias(cairo_font_options_t *a0, cairo_antialias_t a1) { CALL(9, cairo_font_options_set_antialias)(a0, a1); }
void cairo_font_options_set_hint_metrics(cairo_font_options_t *a0, cairo_hint_metrics_t a1) { CALL(10, cairo_font_options_set_hint_metrics)(a0, a1); }
void cairo_font_options_set_hint_style(cairo_font_options_t *a0, cairo_hint_style_t a1) { CALL(11, cairo_font_options_set_hint_style)(a0, a1); }
cairo_pattern_t *cairo_get_source(cairo_t *a0) { return CALL(12, cairo_get_source)(a0); }
cairo_surface_t *cairo_image_surface_create(cairo_format_t a0, int a1, int a2) { return CALL(13, cairo_image_surface_create)(a0, a1, a2); }
unsigned char *cairo_image_surface_get_data(cairo_surface_t *a0) { return CALL(14, cairo_image_surface_get_data)(a0); }
int cairo_image_surface_get_height(cairo_surface_t *a0) { return CALL(15, cairo_image_surface_get_height)(a0); }
int cairo_image_surface_get_stride(cairo_surface_t *a0) { return CALL(16, cairo_image_surface_get_stride)(a0); }
int cairo_image_surface_get_width(cairo_surface_t *a0) { return CALL(17, cairo_image_surface_get_width)(a0); }
void cairo_line_to(cairo_t *a0, double a1, double a2) { CALL(18, cairo_line_to)(a0, a1, a2); }
void cairo_move_to(cairo_t *a0, double a1, double a2) { CALL(19, cairo_move_to)(a0, a1, a2); }
void cairo_new_path(cairo_t *a0) { CALL(20, cairo_new_path)(a0); }
void cairo_new_sub_path(cairo_t *a0) { CALL(21, cairo_new_sub_path)(a0); }
void cairo_paint_with_alpha(cairo_t *a0, double a1) { CALL(22, cairo_paint_with_alpha)(a0, a1); }
void cairo_pattern_add_color_stop_rgba(cairo_pattern_t *a0, double a1, double a2, double a3, double a4, double a5) { CALL(23, cairo_pattern_add_color_stop_rgba)(a0, a1, a2, a3, a4, a5); }
cairo_pattern_t *cairo_pattern_create_linear(double a0, double a1, double a2, double a3) { return CALL(24, cairo_pattern_create_linear)(a0, a1, a2, a3); }
void cairo_pattern_destroy(cairo_pattern_t *a0) { CALL(25, cairo_pattern_destroy)(a0); }
void cairo_pattern_set_extend(cairo_pattern_t *a0, cairo_extend_t a1) { CALL(26, cairo_pattern_set_extend)(a0, a1); }
void cairo_pattern_set_filter(cairo_pattern_t *a0, cairo_filter_t a1) { CALL(27, cairo_pattern_set_filter)(a0, a1); }
void cairo_pop_group_to_source(cairo_t *a0) { CALL(28, cairo_pop_group_to_source)(a0); }
void cairo_push_group(cairo_t *a0) { CALL(29, cairo_push_group)(a0); }
void cairo_rectangle(cairo_t *a0, double a1, double a2, double a3, double a4) { CALL(30, cairo_rectangle)(a0, a1, a2, a3, a4); }
void cairo_restore(cairo_t *a0) { CALL(31, cairo_restore)(a0); }
void cairo_save(cairo_t *a0) { CALL(32, cairo_save)(a0); }
void cairo_scale(cairo_t *a0, double a1, double a2) { CALL(33, cairo_scale)(a0, a1, a2); }
void cairo_set_line_width(cairo_t *a0, double a1) { CALL(34, cairo_set_line_width)(a0, a1); }
void cairo_set_source(cairo_t *a0, cairo_pattern_t *a1) { CALL(35, cairo_set_source)(a0, a1); }
void cairo_set_source_rgba(cairo_t *a0, double a1, double a2, double a3, double a4) { CALL(36, cairo_set_source_rgba)(a0, a1, a2, a3, a4); }
void cairo_set_source_surface(cairo_t *a0, cairo_surface_t *a1, double a2, double a3) { CALL(37, cairo_set_source_surface)(a0, a1, a2, a3); }
void cairo_stroke(cairo_t *a0) { CALL(38, cairo_stroke)(a0); }
void cairo_surface_destroy(cairo_surface_t *a0) { CALL(39, cairo_surface_destroy)(a0); }
void cairo_surface_flush(cairo_surface_t *a0) { CALL(40, cairo_surface_flush)(a0); }
void cairo_surface_mark_dirty(cairo_surface_t *a0) { CALL(41, cairo_surface_mark_dirty)(a0); }
cairo_status_t cairo_surface_status(cairo_surface_t *a0) { return CALL(42, cairo_surface_status)(a0); }
void cairo_translate(cairo_t *a0, double a1, double a2) { CALL(43, cairo_translate)(a0, a1, a2); }
void pango_cairo_context_set_font_options(PangoContext *a0, const cairo_font_options_t *a1) { CALL(44, pango_cairo_context_set_font_options)(a0, a1); }
PangoLayout *pango_cairo_create_layout(cairo_t *a0) { return CALL(45, pango_cairo_create_layout)(a0); }
PangoFontMap *pango_cairo_font_map_get_default(void) { return CALL(46, pango_cairo_font_map_get_default)(); }
void pango_cairo_show_layout(cairo_t *a0, PangoLayout *a1) { CALL(47, pango_cairo_show_layout)(a0, a1); }
PangoFont *pango_context_load_font(PangoContext *a0, const PangoFontDescription *a1) { return CALL(48, pango_context_load_font)(a0, a1); }
PangoFontDescription *pango_font_describe(PangoFont *a0) { return CALL(49, pango_font_describe)(a0); }
void pango_font_description_free(PangoFontDescription *a0) { CALL(50, pango_font_description_free)(a0); }
const char *pango_font_description_get_family(const PangoFontDescription *a0) { return CALL(51, pango_font_description_get_family)(a0); }
PangoFontDescription *pango_font_description_new(void) { return CALL(52, pango_font_description_new)(); }
void pango_font_description_set_absolute_size(PangoFontDescription *a0, double a1) { CALL(53, pango_font_description_set_absolute_size)(a0, a1); }
void pango_font_description_set_family(PangoFontDescription *a0, const char *a1) { CALL(54, pango_font_description_set_family)(a0, a1); }
void pango_font_description_set_weight(PangoFontDescription *a0, PangoWeight a1) { CALL(55, pango_font_description_set_weight)(a0, a1); }
PangoContext *pango_font_map_create_context(PangoFontMap *a0) { return CALL(56, pango_font_map_create_context)(a0); }
void pango_layout_context_changed(PangoLayout *a0) { CALL(57, pango_layout_context_changed)(a0); }
PangoContext *pango_layout_get_context(PangoLayout *a0) { return CALL(58, pango_layout_get_context)(a0); }
void pango_layout_get_size(PangoLayout *a0, int *a1, int *a2) { CALL(59, pango_layout_get_size)(a0, a1, a2); }
void pango_layout_set_alignment(PangoLayout *a0, PangoAlignment a1) { CALL(60, pango_layout_set_alignment)(a0, a1); }
void pango_layout_set_ellipsize(PangoLayout *a0, PangoEllipsizeMode a1) { CALL(61, pango_layout_set_ellipsize)(a0, a1); }
void pango_layout_set_font_description(PangoLayout *a0, const PangoFontDescription *a1) { CALL(62, pango_layout_set_font_description)(a0, a1); }
void pango_layout_set_height(PangoLayout *a0, int a1) { CALL(63, pango_layout_set_height)(a0, a1); }
void pango_layout_set_text(PangoLayout *a0, const char *a1, int a2) { CALL(64, pango_layout_set_text)(a0, a1, a2); }
void pango_layout_set_width(PangoLayout *a0, int a1) { CALL(65, pango_layout_set_width)(a0, a1); }
void pango_layout_set_wrap(PangoLayout *a0, PangoWrapMode a1) { CALL(66, pango_layout_set_wrap)(a0, a1); }
gboolean pango_layout_is_ellipsized(PangoLayout *a0) { return CALL(67, pango_layout_is_ellipsized)(a0); }
void cairo_get_matrix(cairo_t *a0, cairo_matrix_t *a1) { CALL(68, cairo_get_matrix)(a0, a1); }
void cairo_identity_matrix(cairo_t *a0) { CALL(69, cairo_identity_matrix)(a0); }
void cairo_paint(cairo_t *a0) { CALL(70, cairo_paint)(a0); }
void cairo_set_matrix(cairo_t *a0, const cairo_matrix_t *a1) { CALL(71, cairo_set_matrix)(a0, a1); }

void cairo_rotate(cairo_t *a0, double a1) { CALL(72, cairo_rotate)(a0, a1); }
void cairo_set_dash(cairo_t *a0, const double *a1, int a2, double a3) { CALL(73, cairo_set_dash)(a0, a1, a2, a3); }
void cairo_set_line_cap(cairo_t *a0, cairo_line_cap_t a1) { CALL(74, cairo_set_line_cap)(a0, a1); }
void cairo_set_line_join(cairo_t *a0, cairo_line_join_t a1) { CALL(75, cairo_set_line_join)(a0, a1); }
void cairo_set_operator(cairo_t *a0, cairo_operator_t a1) { CALL(76, cairo_set_operator)(a0, a1); }
void pango_layout_set_spacing(PangoLayout *a0, int a1) { CALL(77, pango_layout_set_spacing)(a0, a1); }

#pragma GCC visibility pop
