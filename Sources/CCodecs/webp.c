/* WebP decoding and encoding through libwebp. */
#include <webp/decode.h>
#include <webp/encode.h>
#include "internal.h"

static const char *status_text(VP8StatusCode status) {
    switch (status) {
    case VP8_STATUS_OK: return "ok";
    case VP8_STATUS_OUT_OF_MEMORY: return "out of memory";
    case VP8_STATUS_INVALID_PARAM: return "invalid parameter";
    case VP8_STATUS_BITSTREAM_ERROR: return "invalid bitstream";
    case VP8_STATUS_UNSUPPORTED_FEATURE: return "unsupported feature";
    case VP8_STATUS_SUSPENDED: return "suspended";
    case VP8_STATUS_USER_ABORT: return "aborted";
    case VP8_STATUS_NOT_ENOUGH_DATA: return "unexpected end of data (truncated file)";
    }
    return "unknown error";
}

static int status_result(VP8StatusCode status) {
    switch (status) {
    case VP8_STATUS_OK: return CCODECS_OK;
    case VP8_STATUS_OUT_OF_MEMORY: return CCODECS_NO_MEMORY;
    case VP8_STATUS_UNSUPPORTED_FEATURE: return CCODECS_UNSUPPORTED;
    default: return CCODECS_CORRUPT;
    }
}

int ccodecs_webp_read_header(const uint8_t *data, size_t size, ccodecs_image_info *info,
                             char *message, size_t message_size) {
    WebPBitstreamFeatures features;
    VP8StatusCode status = WebPGetFeatures(data, size, &features);
    if (status != VP8_STATUS_OK) {
        ccodecs_set_message(message, message_size, status_text(status));
        return status_result(status);
    }
    if (features.has_animation) {
        ccodecs_set_message(message, message_size, "animated WebP images are not supported");
        return CCODECS_UNSUPPORTED;
    }
    info->width = (uint32_t)features.width;
    info->height = (uint32_t)features.height;
    info->has_alpha = features.has_alpha;
    info->bit_depth = 8;
    info->interlaced = 0;
    return CCODECS_OK;
}

int ccodecs_webp_read_pixels(const uint8_t *data, size_t size, uint32_t *pixels, size_t stride,
                             uint32_t width, uint32_t height, char *message, size_t message_size) {
    WebPDecoderConfig config;
    if (!WebPInitDecoderConfig(&config)) {
        ccodecs_set_message(message, message_size, "libwebp version mismatch");
        return CCODECS_FAILED;
    }
    /* Straight BGRA, then premultiplied here with Cairo's rounding (MODE_bgrA rounds differently). */
    config.output.colorspace = MODE_BGRA;
    config.output.is_external_memory = 1;
    config.output.width = (int)width;
    config.output.height = (int)height;
    config.output.u.RGBA.rgba = (uint8_t *)pixels;
    config.output.u.RGBA.stride = (int)(stride * 4);
    config.output.u.RGBA.size = stride * 4 * height;
    VP8StatusCode status = WebPDecode(data, size, &config);
    int has_alpha = config.input.has_alpha;
    WebPFreeDecBuffer(&config.output);
    if (status != VP8_STATUS_OK) {
        ccodecs_set_message(message, message_size, status_text(status));
        return status_result(status);
    }
    if (has_alpha) ccodecs_premultiply(pixels, stride, width, height);
    return CCODECS_OK;
}

int ccodecs_webp_encode(const uint32_t *pixels, size_t stride, uint32_t width, uint32_t height,
                        float quality, int lossless, uint8_t **output, size_t *output_size,
                        char *message, size_t message_size) {
    if (width > WEBP_MAX_DIMENSION || height > WEBP_MAX_DIMENSION) {
        ccodecs_set_message(message, message_size, "WebP images are limited to 16383 pixels a side");
        return CCODECS_FAILED;
    }
    uint32_t *straight = malloc(sizeof(uint32_t) * (size_t)width * height);
    if (straight == NULL) {
        ccodecs_set_message(message, message_size, "out of memory");
        return CCODECS_NO_MEMORY;
    }
    for (uint32_t y = 0; y < height; y++)
        ccodecs_unpremultiply_row(pixels + (size_t)y * stride, straight + (size_t)y * width, width);
    uint8_t *encoded = NULL;
    const uint8_t *bgra = (const uint8_t *)straight;
    int row_bytes = (int)(width * 4);
    size_t size = lossless ? WebPEncodeLosslessBGRA(bgra, (int)width, (int)height, row_bytes, &encoded)
                           : WebPEncodeBGRA(bgra, (int)width, (int)height, row_bytes, quality, &encoded);
    free(straight);
    if (size == 0 || encoded == NULL) {
        WebPFree(encoded);
        ccodecs_set_message(message, message_size, "libwebp could not encode the image");
        return CCODECS_FAILED;
    }
    /* Hand back a malloc'ed copy so every encoder's output is freed with ccodecs_free. */
    uint8_t *copy = malloc(size);
    if (copy == NULL) {
        WebPFree(encoded);
        ccodecs_set_message(message, message_size, "out of memory");
        return CCODECS_NO_MEMORY;
    }
    memcpy(copy, encoded, size);
    WebPFree(encoded);
    *output = copy;
    *output_size = size;
    return CCODECS_OK;
}
