/* JPEG encoding through libjpeg-turbo from ARGB32 rows (JCS_EXT_BGRX). */
#include "jpeg_error.h"

/* One row of premultiplied pixels composited over white: c + (255 - a), exact. */
static int composite_row_over_white(const uint32_t *source, uint32_t *target, uint32_t width) {
    int changed = 0;
    for (uint32_t x = 0; x < width; x++) {
        uint32_t p = source[x];
        uint32_t a = p >> 24;
        if (a != 255) {
            uint32_t w = 255 - a;
            p = 0xff000000u | ((((p >> 16) & 0xff) + w) << 16) | ((((p >> 8) & 0xff) + w) << 8) | ((p & 0xff) + w);
            changed = 1;
        }
        target[x] = p;
    }
    return changed;
}

/* Premultiplied ARGB32 → inverted CMYK bytes (Adobe convention), for tests of the CMYK decoder. */
static void row_to_inverted_cmyk(const uint32_t *source, uint8_t *target, uint32_t width) {
    for (uint32_t x = 0; x < width; x++) {
        uint32_t p = source[x];
        uint32_t r = (p >> 16) & 0xff, g = (p >> 8) & 0xff, b = p & 0xff;
        uint32_t k = r > g ? (r > b ? r : b) : (g > b ? g : b);  /* inverted K = max(r, g, b) */
        target[4 * x] = (uint8_t)(k ? (r * 255 + k / 2) / k : 0);
        target[4 * x + 1] = (uint8_t)(k ? (g * 255 + k / 2) / k : 0);
        target[4 * x + 2] = (uint8_t)(k ? (b * 255 + k / 2) / k : 0);
        target[4 * x + 3] = (uint8_t)k;
    }
}

/* What must survive a longjmp: kept on the heap behind a volatile pointer. */
typedef struct encode_state {
    struct jpeg_compress_struct cinfo;
    ccodecs_jpeg_error error;
    unsigned char *buffer;  /* owned by libjpeg's memory destination until finished */
    unsigned long size;
    uint32_t *scratch;
    int created;
} encode_state;

static void encode_state_free(encode_state *state, int keep_buffer) {
    if (state->created) jpeg_destroy_compress(&state->cinfo);
    if (!keep_buffer) free(state->buffer);
    free(state->scratch);
    free(state);
}

int ccodecs_jpeg_encode(const uint32_t *pixels, size_t stride, uint32_t width, uint32_t height,
                        ccodecs_jpeg_options options, uint8_t **output, size_t *output_size,
                        char *message, size_t message_size) {
    encode_state *volatile state = calloc(1, sizeof(encode_state));
    if (state == NULL) {
        ccodecs_set_message(message, message_size, "out of memory");
        return CCODECS_NO_MEMORY;
    }
    j_compress_ptr cinfo = &state->cinfo;
    cinfo->err = ccodecs_jpeg_error_init(&state->error);
    if (setjmp(state->error.jump)) {
        ccodecs_set_message(message, message_size, state->error.message);
        encode_state_free(state, 0);
        return CCODECS_FAILED;
    }
    jpeg_create_compress(cinfo);
    state->created = 1;
    jpeg_mem_dest(cinfo, &state->buffer, &state->size);
    cinfo->image_width = width;
    cinfo->image_height = height;
    cinfo->input_components = 4;
    if (options.cmyk) {
        cinfo->in_color_space = JCS_CMYK;
    } else {
#if __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
        cinfo->in_color_space = JCS_EXT_BGRX;
#else
        cinfo->in_color_space = JCS_EXT_XRGB;
#endif
    }
    jpeg_set_defaults(cinfo);
    if (options.grayscale) jpeg_set_colorspace(cinfo, JCS_GRAYSCALE);
    jpeg_set_quality(cinfo, options.quality < 1 ? 1 : options.quality > 100 ? 100 : options.quality, TRUE);
    if (options.progressive) jpeg_simple_progression(cinfo);
    state->scratch = malloc(sizeof(uint32_t) * (width ? width : 1));
    if (state->scratch == NULL) {
        snprintf(state->error.message, sizeof state->error.message, "out of memory");
        longjmp(state->error.jump, 1);
    }
    jpeg_start_compress(cinfo, TRUE);
    while (cinfo->next_scanline < height) {
        const uint32_t *source = pixels + (size_t)cinfo->next_scanline * stride;
        JSAMPROW row;
        if (options.cmyk) {
            composite_row_over_white(source, state->scratch, width);
            row_to_inverted_cmyk(state->scratch, (uint8_t *)state->scratch, width);
            row = (JSAMPROW)state->scratch;
        } else {
            row = composite_row_over_white(source, state->scratch, width) ? (JSAMPROW)state->scratch : (JSAMPROW)source;
        }
        jpeg_write_scanlines(cinfo, &row, 1);
    }
    jpeg_finish_compress(cinfo);
    *output = state->buffer;
    *output_size = state->size;
    encode_state_free(state, 1);
    return CCODECS_OK;
}
