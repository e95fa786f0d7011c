/* JPEG and WebP through CCodecs: lossless WebP gives back the pixels encoded (opaque and
 * translucent), a JPEG of flat colour comes back within a step of it, both at odd sizes. */
#include <stdlib.h>
#include <string.h>
#include "ccodecs.h"
#include "suite.h"

static uint32_t *image(uint32_t width, uint32_t height, int translucent) {
    uint32_t *pixels = malloc((size_t)width * height * 4), state = 77;
    for (size_t i = 0; i < (size_t)width * height; i++) {
        state = state * 1103515245u + 12345u;
        uint32_t alpha = translucent ? (state >> 24 | 1) : 0xFF;
        pixels[i] = alpha << 24 | ((state >> 8) & 0xFFFFFF);
    }
    ccodecs_premultiply(pixels, width, width, height);
    return pixels;
}

static void webp_round_trip(uint32_t width, uint32_t height, int translucent) {
    uint32_t *pixels = image(width, height, translucent), *decoded = malloc((size_t)width * height * 4);
    uint8_t *webp = NULL;
    size_t size = 0;
    char message[CCODECS_MESSAGE_SIZE] = "";
    int status = ccodecs_webp_encode(pixels, width, width, height, 75, 1, &webp, &size, message, sizeof message);
    if (suite_check(status == CCODECS_OK, "WebP %ux%u: encode: %s", width, height, message)) {
        ccodecs_image_info info;
        status = ccodecs_webp_read_header(webp, size, &info, message, sizeof message);
        if (status == CCODECS_OK) status = ccodecs_webp_read_pixels(webp, size, decoded, width, width, height, message, sizeof message);
        suite_check(status == CCODECS_OK && info.width == width && info.height == height, "WebP %ux%u: decode: %s", width, height, message);
        if (status == CCODECS_OK) {
            suite_check(memcmp(decoded, pixels, (size_t)width * height * 4) == 0, "WebP %ux%u: lossless, other pixels", width, height);
        }
        ccodecs_free(webp);
    }
    free(decoded);
    free(pixels);
}

static void jpeg_round_trip(uint32_t width, uint32_t height) {
    uint32_t *pixels = malloc((size_t)width * height * 4), *decoded = malloc((size_t)width * height * 4);
    for (size_t i = 0; i < (size_t)width * height; i++) pixels[i] = 0xFF3A7BC8u;
    uint8_t *jpeg = NULL;
    size_t size = 0;
    char message[CCODECS_MESSAGE_SIZE] = "";
    ccodecs_jpeg_options options = {95, 0, 0, 0};
    int status = ccodecs_jpeg_encode(pixels, width, width, height, options, &jpeg, &size, message, sizeof message);
    if (suite_check(status == CCODECS_OK, "JPEG %ux%u: encode: %s", width, height, message)) {
        ccodecs_jpeg_decoder *decoder = ccodecs_jpeg_decoder_create(jpeg, size);
        ccodecs_image_info info;
        status = ccodecs_jpeg_read_header(decoder, &info);
        if (status == CCODECS_OK) status = ccodecs_jpeg_read_pixels(decoder, decoded, width);
        suite_check(status == CCODECS_OK && info.width == width && info.height == height, "JPEG %ux%u: decode", width, height);
        int largest = 0;
        for (size_t i = 0; status == CCODECS_OK && i < (size_t)width * height; i++) {
            for (int shift = 0; shift < 32; shift += 8) {
                int d = abs((int)(decoded[i] >> shift & 0xFF) - (int)(pixels[i] >> shift & 0xFF));
                if (d > largest) largest = d;
            }
        }
        suite_check(largest <= 2, "JPEG %ux%u: flat colour off by %d", width, height, largest);
        ccodecs_jpeg_decoder_destroy(decoder);
        ccodecs_free(jpeg);
    }
    free(decoded);
    free(pixels);
}

void suite_jpeg_webp(void) {
    static const uint32_t sizes[][2] = {{1, 1}, {17, 9}, {100, 37}};
    for (size_t s = 0; s < sizeof sizes / sizeof sizes[0]; s++) {
        webp_round_trip(sizes[s][0], sizes[s][1], 0);
        webp_round_trip(sizes[s][0], sizes[s][1], 1);
        jpeg_round_trip(sizes[s][0], sizes[s][1]);
    }
}
