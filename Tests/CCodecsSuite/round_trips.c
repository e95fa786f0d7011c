/* Cairn's PNG encoder (cairn_png_fast_zlib) on every kernel set, row filter, size and kind of image:
 * each stream wrapped in a PNG, decoded by CCodecs (its direct rows and libpng) and by libpng's
 * simplified API, must give back the pixels encoded; every kernel set must write the same bytes. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "ccodecs.h"
#include "cairn_png_fast.h"
#include "png_reference.h"
#include "suite.h"

enum image_kind { FLAT_OPAQUE, FLAT_TRANSLUCENT, NOISE_OPAQUE, NOISE_TRANSLUCENT, SHAPES, REPEATS, KIND_COUNT };
static const char *const kind_names[KIND_COUNT] = {
    "flat opaque", "flat translucent", "noisy opaque", "noisy translucent", "translucent shapes", "repeating rows",
};

static uint32_t random_state;
static uint32_t next_random(void) {
    random_state ^= random_state << 13;
    random_state ^= random_state >> 17;
    random_state ^= random_state << 5;
    return random_state;
}

/* Straight-alpha ARGB for pixel (x, y) of an image of `kind`. */
static uint32_t straight_pixel(enum image_kind kind, uint32_t x, uint32_t y, uint32_t width) {
    switch (kind) {
    case FLAT_OPAQUE: return 0xFF3A7BC8u;
    case FLAT_TRANSLUCENT: return 0x80D04020u;
    case NOISE_OPAQUE: return 0xFF000000u | (next_random() & 0xFFFFFFu);
    case NOISE_TRANSLUCENT: {
        /* alpha anywhere, 0 and 255 included */
        uint32_t r = next_random();
        return (r & 0xFFFFFFu) | (r % 5 == 0 ? 0u : r % 5 == 1 ? 255u : r >> 24) << 24;
    }
    case SHAPES: {
        /* discs and bars with soft edges on a clear ground: runs, pixel and row repeats, older repeats */
        int dx = (int)(x % 24) - 12, dy = (int)(y % 24) - 12, d2 = dx * dx + dy * dy;
        if (d2 < 64) return 0xE0FF8800u;
        if (d2 < 100) return (uint32_t)(0x20 + d2) << 24 | 0x3366CCu;
        if (y % 7 == 3) return 0x60000000u | (x * 3 % 256) << 8;
        return 0;
    }
    case REPEATS: {
        /* rows that repeat a few rows down shifted by a pixel, from a few colours */
        static const uint32_t colours[4] = {0xFF102030u, 0xFFF0E0D0u, 0xFF7F7F7Fu, 0xFF00FF00u};
        return colours[((x + y / 3) * 7 + y % 3 * 11) / 5 % 4 ^ (width % 2)];
    }
    default: return 0;
    }
}

static int is_opaque_kind(enum image_kind kind) {
    return kind == FLAT_OPAQUE || kind == NOISE_OPAQUE || kind == REPEATS;
}

/* One big-endian 32-bit value. */
static void put32(uint8_t *p, uint32_t v) {
    p[0] = (uint8_t)(v >> 24); p[1] = (uint8_t)(v >> 16); p[2] = (uint8_t)(v >> 8); p[3] = (uint8_t)v;
}

/* A chunk at `p` (`type`, `count` data bytes already at p + 8); returns its whole size. */
static size_t finish_chunk(uint8_t *p, const char *type, size_t count) {
    put32(p, (uint32_t)count);
    memcpy(p + 4, type, 4);
    put32(p + 8 + count, cairn_png_crc32(0, p + 4, count + 4, CAIRN_PNG_PATH_AUTO));
    return count + 12;
}

/* An 8-bit RGB or RGBA PNG of the zlib stream `zlib` into `png` (room for count + 57 bytes). */
static size_t wrap_png(const uint8_t *zlib, size_t count, uint32_t width, uint32_t height, int opaque, uint8_t *png) {
    static const uint8_t signature[8] = {0x89, 'P', 'N', 'G', '\r', '\n', 0x1A, '\n'};
    memcpy(png, signature, 8);
    size_t at = 8;
    uint8_t *header = png + at + 8;
    put32(header, width);
    put32(header + 4, height);
    header[8] = 8;
    header[9] = opaque ? 2 : 6;
    header[10] = header[11] = header[12] = 0;
    at += finish_chunk(png + at, "IHDR", 13);
    memcpy(png + at + 8, zlib, count);
    at += finish_chunk(png + at, "IDAT", count);
    at += finish_chunk(png + at, "IEND", 0);
    return at;
}

/* Decodes with CCodecs, its direct rows on or off; 0 on success (and whether they were taken). */
static int decode_ccodecs(const uint8_t *png, size_t size, int direct, uint32_t *pixels, uint32_t width,
                          uint32_t height, int *took_direct) {
    ccodecs_png_decoder *decoder = ccodecs_png_decoder_create(png, size);
    if (decoder == NULL) return -1;
    ccodecs_image_info info;
    int status = ccodecs_png_read_header(decoder, &info);
    if (status == CCODECS_OK && (info.width != width || info.height != height)) status = CCODECS_CORRUPT;
    if (status == CCODECS_OK) {
        ccodecs_png_set_direct_rows(decoder, direct);
        status = ccodecs_png_read_pixels(decoder, pixels, width);
        *took_direct = ccodecs_png_took_direct_rows(decoder);
    }
    ccodecs_png_decoder_destroy(decoder);
    return status;
}

/* The first pixel at which `actual` differs from `expected` (`stride` pixels a row), or -1. */
static long first_difference(const uint32_t *expected, size_t stride, const uint32_t *actual, uint32_t width,
                             uint32_t height) {
    for (uint32_t y = 0; y < height; y++) {
        for (uint32_t x = 0; x < width; x++) {
            if (expected[(size_t)y * stride + x] != actual[(size_t)y * width + x]) return (long)y * width + x;
        }
    }
    return -1;
}

/* libpng's straight RGBA, premultiplied as Cairo does, into ARGB32. */
static int decode_reference(const uint8_t *png, size_t size, uint32_t *pixels, uint32_t width, uint32_t height) {
    uint8_t *rgba = malloc((size_t)width * height * 4);
    uint32_t w = 0, h = 0;
    int status = rgba == NULL ? -1 : png_reference_decode(png, size, 0, rgba, &w, &h);
    if (status == 0 && (w != width || h != height)) status = -1;
    for (size_t i = 0; status == 0 && i < (size_t)width * height; i++) {
        const uint8_t *p = rgba + 4 * i;
        pixels[i] = (uint32_t)p[3] << 24 | (uint32_t)p[0] << 16 | (uint32_t)p[1] << 8 | p[2];
    }
    if (status == 0) ccodecs_premultiply(pixels, width, width, height);
    free(rgba);
    return status;
}

/* Every decode of one encoded image gives back `pixels`. */
static void check_decodes(const char *what, const uint8_t *png, size_t size, const uint32_t *pixels, size_t stride,
                          uint32_t width, uint32_t height) {
    uint32_t *decoded = malloc((size_t)width * height * 4);
    for (int direct = 1; direct >= 0; direct--) {
        int took = -1;
        int status = decode_ccodecs(png, size, direct, decoded, width, height, &took);
        long at = status == 0 ? first_difference(pixels, stride, decoded, width, height) : -1;
        suite_check(status == 0 && at < 0 && took == direct, "%s: CCodecs (%s) status %d, took direct rows %d, first difference at %ld",
                    what, direct ? "direct rows" : "libpng", status, took, at);
    }
    int status = decode_reference(png, size, decoded, width, height);
    long at = status == 0 ? first_difference(pixels, stride, decoded, width, height) : -1;
    suite_check(status == 0 && at < 0, "%s: libpng's simplified API status %d, first difference at %ld", what, status, at);
    free(decoded);
}

/* Encodes one image with every kernel set and filter; checks the decodes and that the bytes agree. */
static void round_trip(enum image_kind kind, uint32_t width, uint32_t height, int opaque) {
    /* rows 3 pixels longer than the image, the extra ones not valid premultiplied pixels */
    size_t stride = (size_t)width + 3, count = stride * height;
    uint32_t *pixels = malloc(count * 4);
    random_state = 0x9E3779B9u ^ width * 131 ^ height;
    for (uint32_t y = 0; y < height; y++) {
        for (size_t x = 0; x < stride; x++) {
            pixels[y * stride + x] = x < width ? straight_pixel(kind, (uint32_t)x, y, width) : 0x10FFFFFFu;
        }
        ccodecs_premultiply(pixels + y * stride, stride, width, 1);
    }
    size_t bound = cairn_png_fast_bound(width, height, opaque), scratch_size = cairn_png_fast_scratch_size(width, height, opaque);
    uint8_t *zlib = malloc(bound), *first = malloc(bound), *png = malloc(bound + 64);
    /* a scratch full of junk and one byte off alignment: nothing may depend on what it held */
    uint8_t *scratch_block = malloc(scratch_size + 1), *scratch = scratch_block + 1;
    static const int filters[] = {CAIRN_PNG_FILTER_NONE, CAIRN_PNG_FILTER_SUB, CAIRN_PNG_FILTER_UP,
                                  CAIRN_PNG_FILTER_PAETH, CAIRN_PNG_FILTER_ADAPTIVE};
    int paths[CAIRN_PNG_PATH_COUNT], path_count = suite_paths(paths, CAIRN_PNG_PATH_COUNT);
    for (size_t f = 0; f < sizeof filters / sizeof filters[0]; f++) {
        size_t first_size = 0;
        for (int p = 0; p < path_count; p++) {
            char what[160];
            snprintf(what, sizeof what, "%s %ux%u as %s, filter %d, %s", kind_names[kind], width, height,
                     opaque ? "RGB" : "RGBA", filters[f], cairn_png_fast_path_name(paths[p]));
            memset(scratch_block, 0xA5, scratch_size + 1);
            size_t size = cairn_png_fast_zlib(pixels, stride, width, height, opaque, filters[f], paths[p], zlib, scratch);
            if (!suite_check(size > 0 && size <= bound, "%s: encoded %zu bytes (bound %zu)", what, size, bound)) continue;
            int same = p > 0 && size == first_size && memcmp(zlib, first, size) == 0;
            if (p == 0) {
                memcpy(first, zlib, size);
                first_size = size;
                /* without a scratch of the caller's: the same bytes */
                size_t own = cairn_png_fast_zlib(pixels, stride, width, height, opaque, filters[f], paths[p], zlib, NULL);
                suite_check(own == size && memcmp(zlib, first, size) == 0, "%s: without a scratch, %zu bytes, not the same", what, own);
                memcpy(zlib, first, size);
            } else {
                suite_check(same, "%s: %zu bytes, not the %s path's %zu", what, size, cairn_png_fast_path_name(paths[0]), first_size);
            }
            /* the bytes of the first path decoded, and those of any path that wrote others */
            if (!same) check_decodes(what, png, wrap_png(zlib, size, width, height, opaque, png), pixels, stride, width, height);
        }
    }
    free(scratch_block);
    free(png);
    free(first);
    free(zlib);
    free(pixels);
}

void suite_round_trips(void) {
    static const uint32_t sizes[][2] = {
        {1, 1}, {2, 1}, {1, 2}, {3, 3}, {5, 7}, {7, 5}, {17, 9}, {31, 33}, {33, 17}, {63, 4}, {257, 3}, {4096, 3}, {256, 256},
    };
    for (int kind = 0; kind < KIND_COUNT; kind++) {
        for (size_t s = 0; s < sizeof sizes / sizeof sizes[0]; s++) {
            round_trip((enum image_kind)kind, sizes[s][0], sizes[s][1], 0);
            if (is_opaque_kind((enum image_kind)kind)) round_trip((enum image_kind)kind, sizes[s][0], sizes[s][1], 1);
        }
    }
}
