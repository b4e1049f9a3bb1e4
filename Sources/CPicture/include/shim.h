// C entry points for the picture layer: cairo drawing and pango text, with macros and GObject casts as functions.
#ifndef PUSHSIM_CPICTURE_SHIM_H
#define PUSHSIM_CPICTURE_SHIM_H

#include <cairo.h>
#include <pango/pangocairo.h>
#include <png.h>
#include <stdio.h>
#include <stdlib.h>
#include "PictureLibraries.h"
#include "AnimationEncoder.h"

/* PANGO_SCALE is a macro Swift cannot see. */
static inline int pushsim_pango_scale(void) { return PANGO_SCALE; }

static inline void pushsim_layout_unref(PangoLayout *layout) { g_object_unref(layout); }

/* The family fontconfig actually gives for `family` (the caller frees it with g_free), or NULL. Fontconfig answers a
   missing family with its nearest match, so comparing the two tells whether the font is installed. */
static inline char *pushsim_resolved_family(const char *family) {
    PangoFontMap *map = pango_cairo_font_map_get_default();
    PangoContext *ctx = pango_font_map_create_context(map);
    PangoFontDescription *want = pango_font_description_new();
    pango_font_description_set_family(want, family);
    pango_font_description_set_absolute_size(want, 12 * PANGO_SCALE);
    PangoFont *font = pango_context_load_font(ctx, want);
    char *out = NULL;
    if (font) {
        PangoFontDescription *got = pango_font_describe(font);
        const char *name = pango_font_description_get_family(got);
        if (name) out = g_strdup(name);
        pango_font_description_free(got);
        g_object_unref(font);
    }
    pango_font_description_free(want);
    g_object_unref(ctx);
    return out;
}

/* Copies tightly packed RGBA8 (alpha straight) into a cairo ARGB32 surface (premultiplied, native endian). */
static inline cairo_surface_t *pushsim_surface_from_rgba(const unsigned char *rgba, int width, int height) {
    cairo_surface_t *s = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, width, height);
    if (cairo_surface_status(s) != CAIRO_STATUS_SUCCESS) return s;
    cairo_surface_flush(s);
    unsigned char *data = cairo_image_surface_get_data(s);
    int stride = cairo_image_surface_get_stride(s);
    for (int y = 0; y < height; y++) {
        uint32_t *row = (uint32_t *)(data + (size_t)y * stride);
        const unsigned char *src = rgba + (size_t)y * width * 4;
        for (int x = 0; x < width; x++) {
            unsigned a = src[3];
            unsigned r = src[0] * a / 255, g = src[1] * a / 255, b = src[2] * a / 255;
            row[x] = (a << 24) | (r << 16) | (g << 8) | b;
            src += 4;
        }
    }
    cairo_surface_mark_dirty(s);
    return s;
}

/* A finished surface's pixels for an encoder: cairo ARGB32 (B, G, R, A bytes), `*stride` bytes a row. */
static inline const unsigned char *pushsim_surface_pixels(cairo_surface_t *s, int *stride) {
    cairo_surface_flush(s);
    *stride = cairo_image_surface_get_stride(s);
    return cairo_image_surface_get_data(s);
}

/* Reads a cairo ARGB32 surface back as RGBA8 (un-premultiplied), for comparing pictures. */
static inline void pushsim_surface_to_rgba(cairo_surface_t *s, unsigned char *out) {
    cairo_surface_flush(s);
    int w = cairo_image_surface_get_width(s), h = cairo_image_surface_get_height(s);
    int stride = cairo_image_surface_get_stride(s);
    const unsigned char *data = cairo_image_surface_get_data(s);
    for (int y = 0; y < h; y++) {
        const uint32_t *row = (const uint32_t *)(data + (size_t)y * stride);
        for (int x = 0; x < w; x++) {
            uint32_t p = row[x];
            unsigned a = p >> 24, r = (p >> 16) & 255, g = (p >> 8) & 255, b = p & 255;
            if (a > 0 && a < 255) { r = r * 255 / a; g = g * 255 / a; b = b * 255 / a; }
            out[0] = r; out[1] = g; out[2] = b; out[3] = a;
            out += 4;
        }
    }
}

/* Writes a finished cairo ARGB32 surface as a PNG at zlib `level` (1 = fastest … 9 = smallest), un-premultiplied as
   pushsim_surface_to_rgba reads it, as RGB when every pixel is opaque (a phone picture always is: a quarter less to
   compress). Read straight from the surface, a row at a time: the whole-picture RGBA copy it replaces cost a 3x
   snapshot 75 M instructions. Every row takes PNG's Up filter: libpng's default tries all five filters on every row
   and keeps the one whose bytes sum smallest, which was 872 M of a 3x snapshot's 1,986 M instructions (44 %); Up alone
   costs a few per byte, and on a phone's pictures (flat fills, gradients, photos scaled up) it compresses as well or
   better (a 3x story page: 813 KB against 839 KB; docs/performance.md). cairo's own writer always uses level 6.
   Returns 0, or 1 when the file cannot be opened, 2 when libpng fails. */
static inline int pushsim_encode_png(FILE *f, cairo_surface_t *s, int level);
static inline int pushsim_write_png(const char *path, cairo_surface_t *s, int level) {
    FILE *f = fopen(path, "wb");
    if (!f) return 1;
    return pushsim_encode_png(f, s, level);
}

/* The same PNG in memory (`pushsim serve` sends it over a WebSocket): *out is malloc'ed, the caller frees it.
   Returns 0, 1 when no memory stream could be opened, 2 when libpng fails. */
static inline int pushsim_png_bytes(cairo_surface_t *s, int level, char **out, size_t *length) {
    *out = NULL;
    *length = 0;
    FILE *f = open_memstream(out, length);
    if (!f) return 1;
    int status = pushsim_encode_png(f, s, level);
    if (status != 0) { free(*out); *out = NULL; *length = 0; }
    return status;
}

/* Encodes into `f` and closes it. */
static inline int pushsim_encode_png(FILE *f, cairo_surface_t *s, int level) {
    cairo_surface_flush(s);
    const int width = cairo_image_surface_get_width(s), height = cairo_image_surface_get_height(s);
    const int stride = cairo_image_surface_get_stride(s);
    const unsigned char *data = cairo_image_surface_get_data(s);
    int opaque = 1;
    for (int y = 0; y < height && opaque; y++) {
        const uint32_t *px = (const uint32_t *)(data + (size_t)y * stride);
        for (int x = 0; x < width; x++) if ((px[x] >> 24) != 255) { opaque = 0; break; }
    }
    png_structp png = png_create_write_struct(PNG_LIBPNG_VER_STRING, NULL, NULL, NULL);
    png_infop info = png ? png_create_info_struct(png) : NULL;
    unsigned char *row = NULL;
    if (!png || !info || setjmp(png_jmpbuf(png))) {
        png_destroy_write_struct(&png, &info);
        free(row);
        fclose(f);
        return 2;
    }
    png_init_io(png, f);
    png_set_compression_level(png, level);
    png_set_filter(png, PNG_FILTER_TYPE_BASE, PNG_FILTER_UP);
    png_set_IHDR(png, info, width, height, 8, opaque ? PNG_COLOR_TYPE_RGB : PNG_COLOR_TYPE_RGBA, PNG_INTERLACE_NONE,
                 PNG_COMPRESSION_TYPE_DEFAULT, PNG_FILTER_TYPE_DEFAULT);
    png_write_info(png, info);
    row = malloc((size_t)width * 4);
    if (!row) png_error(png, "out of memory");
    for (int y = 0; y < height; y++) {
        const uint32_t *src = (const uint32_t *)(data + (size_t)y * stride);
        unsigned char *out = row;
        if (opaque) {
            for (int x = 0; x < width; x++, out += 3) {
                uint32_t p = src[x];
                out[0] = (p >> 16) & 255; out[1] = (p >> 8) & 255; out[2] = p & 255;
            }
        } else {
            for (int x = 0; x < width; x++, out += 4) {
                uint32_t p = src[x];
                unsigned a = p >> 24, r = (p >> 16) & 255, g = (p >> 8) & 255, b = p & 255;
                if (a > 0 && a < 255) { r = r * 255 / a; g = g * 255 / a; b = b * 255 / a; }
                out[0] = r; out[1] = g; out[2] = b; out[3] = a;
            }
        }
        png_write_row(png, row);
    }
    png_write_end(png, NULL);
    png_destroy_write_struct(&png, &info);
    free(row);
    return fclose(f) == 0 ? 0 : 1;
}

#endif
