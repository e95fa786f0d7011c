/* JPEG decoding through libjpeg-turbo, straight into ARGB32 rows (JCS_EXT_BGRA). */
#include "jpeg_error.h"

/* Progressive files can hold any number of scans; a hostile one makes decoding crawl. */
#define MAX_SCANS 1000

struct ccodecs_jpeg_decoder {
    struct jpeg_decompress_struct cinfo;
    ccodecs_jpeg_error error;
    struct jpeg_progress_mgr progress;
    const uint8_t *data;
    size_t size;
    int created;
    JSAMPROW *rows;
};

static void on_progress(j_common_ptr common) {
    if (common->is_decompressor) {
        j_decompress_ptr cinfo = (j_decompress_ptr)common;
        if (cinfo->input_scan_number > MAX_SCANS) {
            ccodecs_jpeg_error *error = (ccodecs_jpeg_error *)common->err;
            snprintf(error->message, sizeof error->message, "more than %d progressive scans", MAX_SCANS);
            longjmp(error->jump, 1);
        }
    }
}

ccodecs_jpeg_decoder *ccodecs_jpeg_decoder_create(const uint8_t *data, size_t size) {
    ccodecs_jpeg_decoder *decoder = calloc(1, sizeof *decoder);
    if (decoder == NULL) return NULL;
    decoder->data = data;
    decoder->size = size;
    return decoder;
}

void ccodecs_jpeg_decoder_destroy(ccodecs_jpeg_decoder *decoder) {
    if (decoder == NULL) return;
    if (decoder->created) jpeg_destroy_decompress(&decoder->cinfo);
    free(decoder->rows);
    free(decoder);
}

const char *ccodecs_jpeg_message(const ccodecs_jpeg_decoder *decoder) { return decoder->error.message; }

int ccodecs_jpeg_read_header(ccodecs_jpeg_decoder *decoder, ccodecs_image_info *info) {
    j_decompress_ptr cinfo = &decoder->cinfo;
    cinfo->err = ccodecs_jpeg_error_init(&decoder->error);
    if (setjmp(decoder->error.jump)) return CCODECS_CORRUPT;
    jpeg_create_decompress(cinfo);
    decoder->created = 1;
    decoder->progress.progress_monitor = on_progress;
    cinfo->progress = &decoder->progress;
    if (decoder->size == 0 || decoder->size > (size_t)(unsigned long)-1) {
        snprintf(decoder->error.message, sizeof decoder->error.message, "empty input");
        return CCODECS_CORRUPT;
    }
    jpeg_mem_src(cinfo, decoder->data, (unsigned long)decoder->size);
    if (jpeg_read_header(cinfo, TRUE) != JPEG_HEADER_OK) {
        snprintf(decoder->error.message, sizeof decoder->error.message, "no image in the file");
        return CCODECS_CORRUPT;
    }
    info->width = cinfo->image_width;
    info->height = cinfo->image_height;
    info->has_alpha = 0;
    info->bit_depth = cinfo->data_precision;
    info->interlaced = jpeg_has_multiple_scans(cinfo);
    return CCODECS_OK;
}

/* Adobe CMYK JPEGs store inverted inks: R = C' * K' / 255 with C' = 255 - C, which is what is stored. */
static void cmyk_to_argb(uint32_t *row, uint32_t width, int inverted) {
    uint8_t *bytes = (uint8_t *)row;
    for (uint32_t x = 0; x < width; x++) {
        uint32_t c = bytes[4 * x], m = bytes[4 * x + 1], y = bytes[4 * x + 2], k = bytes[4 * x + 3];
        if (!inverted) { c = 255 - c; m = 255 - m; y = 255 - y; k = 255 - k; }
        uint32_t r = ccodecs_mul_un8(c, k), g = ccodecs_mul_un8(m, k), b = ccodecs_mul_un8(y, k);
        row[x] = 0xff000000u | (r << 16) | (g << 8) | b;
    }
}

int ccodecs_jpeg_read_pixels(ccodecs_jpeg_decoder *decoder, uint32_t *pixels, size_t stride) {
    j_decompress_ptr cinfo = &decoder->cinfo;
    if (setjmp(decoder->error.jump)) return CCODECS_CORRUPT;
    int cmyk = cinfo->jpeg_color_space == JCS_CMYK || cinfo->jpeg_color_space == JCS_YCCK;
    if (cmyk) {
        cinfo->out_color_space = JCS_CMYK;
    } else {
#if __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
        cinfo->out_color_space = JCS_EXT_BGRA;
#else
        cinfo->out_color_space = JCS_EXT_ARGB;
#endif
    }
    jpeg_start_decompress(cinfo);
    if (cinfo->output_components != 4) {
        snprintf(decoder->error.message, sizeof decoder->error.message, "unexpected colour layout");
        return CCODECS_CORRUPT;
    }
    uint32_t height = cinfo->output_height;
    decoder->rows = malloc(sizeof(JSAMPROW) * height);
    if (decoder->rows == NULL) {
        snprintf(decoder->error.message, sizeof decoder->error.message, "out of memory");
        return CCODECS_NO_MEMORY;
    }
    for (uint32_t y = 0; y < height; y++) decoder->rows[y] = (JSAMPROW)(pixels + (size_t)y * stride);
    while (cinfo->output_scanline < height) {
        JDIMENSION done = cinfo->output_scanline;
        if (jpeg_read_scanlines(cinfo, decoder->rows + done, height - done) == 0) {
            snprintf(decoder->error.message, sizeof decoder->error.message, "decoder stalled");
            return CCODECS_CORRUPT;
        }
    }
    if (cmyk) {
        int inverted = cinfo->saw_Adobe_marker;
        for (uint32_t y = 0; y < height; y++) cmyk_to_argb(pixels + (size_t)y * stride, cinfo->output_width, inverted);
    }
    jpeg_abort_decompress(cinfo);  /* the trailing EOI is not needed */
    return CCODECS_OK;
}
