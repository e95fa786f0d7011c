/* Helpers shared by the CCodecs shims (not part of the module's public header). */
#ifndef CCODECS_INTERNAL_H
#define CCODECS_INTERNAL_H

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "ccodecs.h"

/* ARGB32 words are read and written as B, G, R, A bytes (libpng's png_set_bgr, JCS_EXT_BGRA, MODE_BGRA). */
#if __BYTE_ORDER__ != __ORDER_LITTLE_ENDIAN__
#error "CCodecs assumes a little-endian machine (x86-64 and aarch64 Linux are)"
#endif

/* round(c * a / 255) for 8-bit c and a, exactly as pixman/Cairo compute it. */
static inline uint32_t ccodecs_mul_un8(uint32_t c, uint32_t a) {
    uint32_t t = c * a + 0x80;
    return (t + (t >> 8)) >> 8;
}

/* Premultiplies one row of straight-alpha ARGB32 pixels in place. */
void ccodecs_premultiply_row(uint32_t *row, size_t count);

/* Copies one row of premultiplied ARGB32 pixels to straight alpha (same layout),
 * computing round(c * 255 / a), clamped to 255, as Cairn's Premultiply.unpremultiply does. */
void ccodecs_unpremultiply_row(const uint32_t *source, uint32_t *target, size_t count);

/* Copies `text` into a caller's message buffer, truncating. */
static inline void ccodecs_set_message(char *message, size_t size, const char *text) {
    if (message != NULL && size > 0) snprintf(message, size, "%s", text);
}

/* The image data of a non-interlaced PNG inflated and unfiltered without libpng (png_direct_rows.c):
 * `height` rows of a filter byte (undone) and `row_bytes` sample bytes, `bpp` bytes a pixel (at
 * least 1), read from the IDAT chunk whose length field is at `first_idat`; to be freed. NULL when
 * the data is anything but plainly well-formed: then libpng must read it. */
uint8_t *ccodecs_png_direct_rows(const uint8_t *data, size_t size, size_t first_idat,
                                 uint32_t height, size_t row_bytes, size_t bpp);

#endif
