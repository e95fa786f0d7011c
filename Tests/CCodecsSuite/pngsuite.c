/* PngSuite (Tests/Fixtures/pngsuite): every valid file decoded by CCodecs, with its direct rows and
 * with libpng alone, to libpng's pixels (the simplified API, on the file with its gamma and colour
 * chunks removed, which Cairn ignores); every corrupt file (x*.png) refused by both. 1- to 8-bit
 * files must match exactly; 16-bit ones within 1, as CCodecs scales to 8 bits before premultiplying
 * and the reference after. */
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "ccodecs.h"
#include "png_reference.h"
#include "suite.h"

static uint32_t get32(const uint8_t *p) {
    return (uint32_t)p[0] << 24 | (uint32_t)p[1] << 16 | (uint32_t)p[2] << 8 | p[3];
}

/* The file without its gAMA, cHRM, sRGB and iCCP chunks (a copy, to be freed; its size in `*count`). */
static uint8_t *untagged(const uint8_t *png, size_t size, size_t *count) {
    uint8_t *copy = malloc(size);
    size_t at = 8, kept = 8;
    memcpy(copy, png, 8);
    while (at + 12 <= size) {
        size_t whole = (size_t)get32(png + at) + 12;
        if (whole > size - at) break;
        const uint8_t *type = png + at + 4;
        if (memcmp(type, "gAMA", 4) && memcmp(type, "cHRM", 4) && memcmp(type, "sRGB", 4) && memcmp(type, "iCCP", 4)) {
            memcpy(copy + kept, png + at, whole);
            kept += whole;
        }
        at += whole;
    }
    *count = kept;
    return copy;
}

/* CCodecs' pixels (direct rows on or off), or NULL when it refuses the file. */
static uint32_t *decode(const uint8_t *png, size_t size, int direct, uint32_t *width, uint32_t *height) {
    ccodecs_png_decoder *decoder = ccodecs_png_decoder_create(png, size);
    ccodecs_image_info info;
    uint32_t *pixels = NULL;
    if (decoder != NULL && ccodecs_png_read_header(decoder, &info) == CCODECS_OK && info.width <= 4096 && info.height <= 4096) {
        pixels = malloc((size_t)info.width * info.height * 4 + 4);
        ccodecs_png_set_direct_rows(decoder, direct);
        if (ccodecs_png_read_pixels(decoder, pixels, info.width) != CCODECS_OK) {
            free(pixels);
            pixels = NULL;
        }
        *width = info.width;
        *height = info.height;
    }
    ccodecs_png_decoder_destroy(decoder);
    return pixels;
}

/* libpng's pixels as premultiplied ARGB32, to be freed; NULL when it refuses the file. */
static uint32_t *reference(const uint8_t *png, size_t size, int sixteen_bit, uint32_t *width, uint32_t *height) {
    if (png_reference_decode(png, size, 0, NULL, width, height) != 0) return NULL;
    size_t count = (size_t)*width * *height;
    uint16_t *samples = malloc(count * 8);
    uint32_t *pixels = malloc(count * 4 + 4);
    if (png_reference_decode(png, size, sixteen_bit, samples, width, height) != 0) {
        free(samples);
        free(pixels);
        return NULL;
    }
    const uint8_t *bytes = (const uint8_t *)samples;
    for (size_t i = 0; i < count; i++) {
        uint32_t r, g, b, a;
        if (sixteen_bit) {
            /* premultiplied 16-bit samples scaled to 8 bits */
            const uint16_t *s = samples + 4 * i;
            r = (s[0] * 255u + 32767) / 65535; g = (s[1] * 255u + 32767) / 65535;
            b = (s[2] * 255u + 32767) / 65535; a = (s[3] * 255u + 32767) / 65535;
        } else {
            const uint8_t *s = bytes + 4 * i;
            r = s[0]; g = s[1]; b = s[2]; a = s[3];
        }
        pixels[i] = a << 24 | r << 16 | g << 8 | b;
    }
    if (!sixteen_bit) ccodecs_premultiply(pixels, *width, *width, *height);
    free(samples);
    return pixels;
}

/* The largest difference of a channel between two images of `count` pixels. */
static int largest_difference(const uint32_t *a, const uint32_t *b, size_t count) {
    int largest = 0;
    for (size_t i = 0; i < count; i++) {
        for (int shift = 0; shift < 32; shift += 8) {
            int d = abs((int)(a[i] >> shift & 0xFF) - (int)(b[i] >> shift & 0xFF));
            if (d > largest) largest = d;
        }
    }
    return largest;
}

static void check_file(const char *directory, const char *name) {
    char path[4096];
    snprintf(path, sizeof path, "%s/%s", directory, name);
    size_t size;
    uint8_t *png = suite_read_file(path, &size);
    if (png == NULL) return;
    uint32_t width = 0, height = 0, direct_width = 0, direct_height = 0;
    uint32_t *plain = decode(png, size, 0, &width, &height);
    uint32_t *direct = decode(png, size, 1, &direct_width, &direct_height);
    if (name[0] == 'x') {
        suite_check(plain == NULL && direct == NULL, "%s: a corrupt file decoded", name);
    } else if (suite_check(plain != NULL && direct != NULL, "%s: refused", name)) {
        size_t count = (size_t)width * height;
        suite_check(direct_width == width && direct_height == height && memcmp(plain, direct, count * 4) == 0,
                    "%s: the direct rows and libpng differ", name);
        size_t untagged_size;
        uint8_t *bare = untagged(png, size, &untagged_size);
        int sixteen_bit = size > 24 && png[24] == 16;
        uint32_t reference_width = 0, reference_height = 0;
        uint32_t *expected = reference(bare, untagged_size, sixteen_bit, &reference_width, &reference_height);
        if (suite_check(expected != NULL && reference_width == width && reference_height == height,
                        "%s: libpng refused it or read another size", name)) {
            int largest = largest_difference(expected, plain, count);
            suite_check(largest <= (sixteen_bit ? 1 : 0), "%s: channels differ from libpng's by %d", name, largest);
        }
        free(expected);
        free(bare);
    }
    free(direct);
    free(plain);
    free(png);
}

void suite_pngsuite(const char *directory) {
    DIR *listing = opendir(directory);
    if (!suite_check(listing != NULL, "%s: cannot list", directory)) return;
    int files = 0;
    for (struct dirent *entry; (entry = readdir(listing)) != NULL;) {
        size_t length = strlen(entry->d_name);
        /* PngSuite.png is the suite's own logo, not a test image; it decodes like the others */
        if (length < 5 || strcmp(entry->d_name + length - 4, ".png") != 0) continue;
        check_file(directory, entry->d_name);
        files++;
    }
    closedir(listing);
    suite_check(files >= 170, "%s: %d PNG files, PngSuite has 175", directory, files);
}
