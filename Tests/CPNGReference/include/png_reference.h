/*
 * CPNGReference — for tests only: an independent PNG decode through libpng's simplified API
 * (png_image_begin_read_from_memory / png_image_finish_read) that the Codecs tests compare
 * Cairn's decoder and encoders against. Not linked into any product.
 */
#ifndef PNG_REFERENCE_H
#define PNG_REFERENCE_H

#include <stddef.h>
#include <stdint.h>

/*
 * With `linear16` 0: straight-alpha 8-bit RGBA (4 bytes a pixel); files without gAMA/sRGB are
 * taken as sRGB, so 8-bit samples pass through unchanged. With `linear16` 1: 16-bit RGBA
 * (8 bytes a pixel, native-endian) with premultiplied alpha; a 16-bit file without gAMA/sRGB is
 * taken as linear, so its samples pass through unchanged (the simplified API's own 16-to-8-bit
 * path mangles interlaced images in libpng 1.6.39, which is why this mode exists).
 * With `pixels` NULL, only fills width and height. Returns 0 on success, -1 when libpng rejects the data.
 */
int png_reference_decode(const uint8_t *data, size_t size, int linear16, void *pixels,
                         uint32_t *width, uint32_t *height);

#endif
