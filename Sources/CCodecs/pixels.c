/* Alpha premultiplication for the decoders and encoders. */
#include "internal.h"

void ccodecs_premultiply_row(uint32_t *row, size_t count) {
    for (size_t i = 0; i < count; i++) {
        uint32_t p = row[i];
        uint32_t a = p >> 24;
        if (a == 255) continue;
        if (a == 0) { row[i] = 0; continue; }
        uint32_t r = ccodecs_mul_un8((p >> 16) & 0xff, a);
        uint32_t g = ccodecs_mul_un8((p >> 8) & 0xff, a);
        uint32_t b = ccodecs_mul_un8(p & 0xff, a);
        row[i] = (a << 24) | (r << 16) | (g << 8) | b;
    }
}

void ccodecs_premultiply(uint32_t *pixels, size_t stride, uint32_t width, uint32_t height) {
    for (uint32_t y = 0; y < height; y++) ccodecs_premultiply_row(pixels + (size_t)y * stride, width);
}

static inline uint32_t unpremultiply_channel(uint32_t c, uint32_t a) {
    uint32_t v = (c * 255 + a / 2) / a;
    return v > 255 ? 255 : v;
}

void ccodecs_unpremultiply_row(const uint32_t *source, uint32_t *target, size_t count) {
    for (size_t i = 0; i < count; i++) {
        uint32_t p = source[i];
        uint32_t a = p >> 24;
        if (a == 255 || a == 0) { target[i] = a == 0 ? 0 : p; continue; }
        uint32_t r = unpremultiply_channel((p >> 16) & 0xff, a);
        uint32_t g = unpremultiply_channel((p >> 8) & 0xff, a);
        uint32_t b = unpremultiply_channel(p & 0xff, a);
        target[i] = (a << 24) | (r << 16) | (g << 8) | b;
    }
}

void ccodecs_free(void *pointer) { free(pointer); }
