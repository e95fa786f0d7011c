/* PNG decoding into premultiplied ARGB32 rows: libpng reads the header (and anything unusual); the image data of ordinary files is inflated and unfiltered by png_direct_rows.c. */
#include <png.h>
#include <setjmp.h>
#include "internal.h"

struct ccodecs_png_decoder {
    png_structp png;
    png_infop info;
    const uint8_t *data;
    size_t size;
    size_t position;
    png_bytep *rows;     /* row pointers for interlaced images, freed in destroy */
    png_bytep samples;   /* packed palette/grey samples: one row, or the whole image if interlaced */
    int direct;          /* may take the direct rows (png_direct_rows.c); 2 once it did */
    char message[CCODECS_MESSAGE_SIZE];
};

static void on_error(png_structp png, png_const_charp text) {
    ccodecs_png_decoder *decoder = png_get_error_ptr(png);
    ccodecs_set_message(decoder->message, sizeof decoder->message, text);
    png_longjmp(png, 1);
}

static void on_warning(png_structp png, png_const_charp text) {
    (void)png; (void)text;  /* warnings are not errors and must not reach stderr */
}

static void on_read(png_structp png, png_bytep target, size_t count) {
    ccodecs_png_decoder *decoder = png_get_io_ptr(png);
    if (count > decoder->size - decoder->position) png_error(png, "unexpected end of data (truncated file)");
    memcpy(target, decoder->data + decoder->position, count);
    decoder->position += count;
}

/* Ancillary chunks that do not change the pixels we produce: skipped unparsed (gamma and colour
 * management are ignored like browsers do for untagged images, and like Cairo does). */
static const png_byte ignored_chunks[] =
    "bKGD\0cHRM\0eXIf\0gAMA\0hIST\0iCCP\0iTXt\0oFFs\0pCAL\0pHYs\0sBIT\0sCAL\0sPLT\0sRGB\0tEXt\0tIME\0zTXt";

ccodecs_png_decoder *ccodecs_png_decoder_create(const uint8_t *data, size_t size) {
    ccodecs_png_decoder *decoder = calloc(1, sizeof *decoder);
    if (decoder == NULL) return NULL;
    decoder->data = data;
    decoder->size = size;
    decoder->direct = 1;
    decoder->png = png_create_read_struct(PNG_LIBPNG_VER_STRING, decoder, on_error, on_warning);
    if (decoder->png == NULL) { free(decoder); return NULL; }
    decoder->info = png_create_info_struct(decoder->png);
    if (decoder->info == NULL) { ccodecs_png_decoder_destroy(decoder); return NULL; }
    return decoder;
}

void ccodecs_png_decoder_destroy(ccodecs_png_decoder *decoder) {
    if (decoder == NULL) return;
    png_destroy_read_struct(&decoder->png, decoder->info ? &decoder->info : NULL, NULL);
    free(decoder->rows);
    free(decoder->samples);
    free(decoder);
}

void ccodecs_png_set_direct_rows(ccodecs_png_decoder *decoder, int enabled) { decoder->direct = enabled != 0; }

int ccodecs_png_took_direct_rows(const ccodecs_png_decoder *decoder) { return decoder->direct == 2; }

const char *ccodecs_png_message(const ccodecs_png_decoder *decoder) { return decoder->message; }

int ccodecs_png_read_header(ccodecs_png_decoder *decoder, ccodecs_image_info *info) {
    png_structp png = decoder->png;
    png_infop pinfo = decoder->info;
    if (setjmp(png_jmpbuf(png))) return CCODECS_CORRUPT;
    png_set_read_fn(png, decoder, on_read);
    png_set_keep_unknown_chunks(png, PNG_HANDLE_CHUNK_NEVER, ignored_chunks,
                                (int)(sizeof ignored_chunks / 5));
    /* Every chunk's CRC-32 is still checked; zlib's Adler-32 on top of it only costs time (Chromium does the same). */
    png_set_option(png, PNG_IGNORE_ADLER32, PNG_OPTION_ON);
    /* Inflate with the whole 32 kB window whatever the zlib header declares, as libdeflate does
     * for the direct rows (png_direct_rows.c), so both read every stream alike. */
    png_set_option(png, PNG_MAXIMUM_INFLATE_WINDOW, PNG_OPTION_ON);
    png_read_info(png, pinfo);
    int color_type = png_get_color_type(png, pinfo);
    info->width = png_get_image_width(png, pinfo);
    info->height = png_get_image_height(png, pinfo);
    info->bit_depth = png_get_bit_depth(png, pinfo);
    info->interlaced = png_get_interlace_type(png, pinfo) != PNG_INTERLACE_NONE;
    info->has_alpha = (color_type & PNG_COLOR_MASK_ALPHA) != 0 || png_get_valid(png, pinfo, PNG_INFO_tRNS) != 0;
    return CCODECS_OK;
}

/* Fills `lut` (256 entries) with the premultiplied pixel for each palette or grey sample value. */
static void build_lookup_table(png_structp png, png_infop info, int color_type, int bit_depth, uint32_t *lut) {
    for (int i = 0; i < 256; i++) lut[i] = 0xff000000u;  /* out-of-range indices: opaque black, as libpng */
    if (color_type == PNG_COLOR_TYPE_PALETTE) {
        png_colorp palette = NULL;
        int count = 0;
        png_get_PLTE(png, info, &palette, &count);
        png_bytep alphas = NULL;
        int alpha_count = 0;
        png_color_16p unused = NULL;
        if (png_get_valid(png, info, PNG_INFO_tRNS)) png_get_tRNS(png, info, &alphas, &alpha_count, &unused);
        for (int i = 0; i < count && i < 256; i++) {
            uint32_t a = i < alpha_count ? alphas[i] : 255;
            lut[i] = (a << 24) | (ccodecs_mul_un8(palette[i].red, a) << 16)
                   | (ccodecs_mul_un8(palette[i].green, a) << 8) | ccodecs_mul_un8(palette[i].blue, a);
        }
    } else {  /* grey, 1 to 8 bits */
        int levels = 1 << bit_depth;
        uint32_t scale = 255u / (uint32_t)(levels - 1);
        for (int i = 0; i < levels; i++) {
            uint32_t v = (uint32_t)i * scale;
            lut[i] = 0xff000000u | (v << 16) | (v << 8) | v;
        }
        png_color_16p transparent = NULL;
        if (png_get_valid(png, info, PNG_INFO_tRNS)
            && png_get_tRNS(png, info, NULL, NULL, &transparent) && transparent != NULL
            && transparent->gray < levels) {
            lut[transparent->gray] = 0;
        }
    }
}

/* Maps one row of packed 1-, 2-, 4- or 8-bit samples through the table into ARGB32 pixels. */
static void expand_row(const uint8_t *samples, uint32_t *row, uint32_t width, int bit_depth,
                       const uint32_t *lut, const uint64_t *pairs) {
    uint32_t x = 0;
    switch (bit_depth) {
    case 8:
        for (; x < width; x++) row[x] = lut[samples[x]];
        break;
    case 4: {
        /* Two pixels a byte: one 64-bit store from the table of pixel pairs. */
        for (; x + 2 <= width; x += 2) {
            uint64_t pair = pairs[samples[x >> 1]];
            memcpy(row + x, &pair, sizeof pair);
        }
        if (x < width) row[x] = lut[samples[x >> 1] >> 4];
        break;
    }
    case 2:
        for (; x + 4 <= width; x += 4) {
            uint32_t byte = samples[x >> 2];
            row[x] = lut[byte >> 6];
            row[x + 1] = lut[(byte >> 4) & 3];
            row[x + 2] = lut[(byte >> 2) & 3];
            row[x + 3] = lut[byte & 3];
        }
        for (; x < width; x++) row[x] = lut[(samples[x >> 2] >> (6 - 2 * (x & 3))) & 3];
        break;
    default:
        for (; x < width; x++) row[x] = lut[(samples[x >> 3] >> (7 - (x & 7))) & 1];
        break;
    }
}

/* 8-bit RGB samples to opaque pixels; the tRNS colour, if any, becomes transparent. */
static void convert_rgb_row(const uint8_t *samples, uint32_t *row, uint32_t width, int keyed, uint32_t key) {
    for (uint32_t x = 0; x < width; x++) {
        const uint8_t *s = samples + 3 * (size_t)x;
        uint32_t rgb = ((uint32_t)s[0] << 16) | ((uint32_t)s[1] << 8) | s[2];
        row[x] = keyed && rgb == key ? 0 : 0xff000000u | rgb;
    }
}

/* 8-bit RGBA samples (R, G, B, A bytes) to premultiplied pixels, in place. */
static void convert_rgba_row(uint32_t *row, uint32_t width) {
    for (uint32_t x = 0; x < width; x++) {
        uint32_t p = row[x];  /* 0xAABBGGRR */
        uint32_t a = p >> 24;
        if (a == 255) {
            row[x] = (p & 0xff00ff00u) | ((p >> 16) & 0xff) | ((p & 0xff) << 16);
        } else if (a == 0) {
            row[x] = 0;
        } else {
            row[x] = (a << 24) | (ccodecs_mul_un8(p & 0xff, a) << 16)
                   | (ccodecs_mul_un8((p >> 8) & 0xff, a) << 8) | ccodecs_mul_un8((p >> 16) & 0xff, a);
        }
    }
}

/* How rows become pixels. */
enum row_mode {
    MODE_TABLE,   /* palette, grey <= 8 bits: packed samples through a lookup table */
    MODE_RGB8,    /* 8-bit RGB: samples converted here */
    MODE_RGBA8,   /* 8-bit RGBA: read into the pixel row, converted in place */
    MODE_LIBPNG,  /* everything else (16-bit, grey with alpha): libpng transforms to BGRA */
};

/* One row of unfiltered samples into pixels, for the table, RGB8 and RGBA8 modes. */
static void convert_row(enum row_mode mode, const uint8_t *samples, uint32_t *row, uint32_t width, int bit_depth,
                        const uint32_t *lut, const uint64_t *pairs, int keyed, uint32_t key) {
    switch (mode) {
    case MODE_TABLE: expand_row(samples, row, width, bit_depth, lut, pairs); break;
    case MODE_RGB8: convert_rgb_row(samples, row, width, keyed, key); break;
    case MODE_RGBA8: memcpy(row, samples, 4 * (size_t)width); convert_rgba_row(row, width); break;
    case MODE_LIBPNG: break;
    }
}

int ccodecs_png_read_pixels(ccodecs_png_decoder *decoder, uint32_t *pixels, size_t stride) {
    png_structp png = decoder->png;
    png_infop info = decoder->info;
    uint32_t lut[256];
    uint64_t pairs[256];  /* for 4-bit samples: the pixels of both nibbles of a byte */
    if (setjmp(png_jmpbuf(png))) return CCODECS_CORRUPT;
    /* Locals set from here on are never read after a longjmp (which returns at once). */
    uint32_t key = 0;     /* for RGB with tRNS: the transparent colour */

    uint32_t width = png_get_image_width(png, info);
    uint32_t height = png_get_image_height(png, info);
    int color_type = png_get_color_type(png, info);
    int bit_depth = png_get_bit_depth(png, info);
    int has_trns = png_get_valid(png, info, PNG_INFO_tRNS) != 0;
    int interlaced = png_get_interlace_type(png, info) != PNG_INTERLACE_NONE;
    enum row_mode mode;
    size_t expected;  /* bytes libpng delivers a row */
    int premultiply = 0;

    if (color_type == PNG_COLOR_TYPE_PALETTE || (color_type == PNG_COLOR_TYPE_GRAY && bit_depth <= 8)) {
        mode = MODE_TABLE;
        build_lookup_table(png, info, color_type, bit_depth, lut);
        if (bit_depth == 4)
            for (int b = 0; b < 256; b++) pairs[b] = (uint64_t)lut[b >> 4] | ((uint64_t)lut[b & 15] << 32);
        expected = ((size_t)width * bit_depth + 7) / 8;
    } else if (color_type == PNG_COLOR_TYPE_RGB && bit_depth == 8) {
        mode = MODE_RGB8;
        png_color_16p transparent = NULL;
        if (has_trns && png_get_tRNS(png, info, NULL, NULL, &transparent) && transparent != NULL) {
            key = ((uint32_t)(transparent->red & 0xff) << 16) | ((uint32_t)(transparent->green & 0xff) << 8)
                | (transparent->blue & 0xff);
            /* a key outside 0…255 can never match */
            if ((transparent->red | transparent->green | transparent->blue) > 255) has_trns = 0;
        }
        expected = 3 * (size_t)width;
    } else if (color_type == PNG_COLOR_TYPE_RGB_ALPHA && bit_depth == 8) {
        mode = MODE_RGBA8;
        expected = 4 * (size_t)width;
    } else {
        mode = MODE_LIBPNG;
        if (bit_depth == 16) png_set_scale_16(png);  /* round(v * 255 / 65535) */
        if (has_trns) png_set_tRNS_to_alpha(png);
        if (color_type == PNG_COLOR_TYPE_GRAY || color_type == PNG_COLOR_TYPE_GRAY_ALPHA) png_set_gray_to_rgb(png);
        png_set_bgr(png);  /* B, G, R, A in memory = 0xAARRGGBB on little-endian */
        if ((color_type & PNG_COLOR_MASK_ALPHA) == 0 && !has_trns) png_set_filler(png, 0xff, PNG_FILLER_AFTER);
        premultiply = (color_type & PNG_COLOR_MASK_ALPHA) != 0 || has_trns;
        expected = 4 * (size_t)width;
    }
    if (interlaced) (void)png_set_interlace_handling(png);
    png_read_update_info(png, info);
    size_t row_bytes = png_get_rowbytes(png, info);
    if (row_bytes != expected) png_error(png, "unexpected row layout");

    if (decoder->direct && !interlaced && mode != MODE_LIBPNG && decoder->position >= 8) {
        /* libpng stopped right after the first IDAT's length and type. */
        size_t bpp = mode == MODE_RGB8 ? 3 : mode == MODE_RGBA8 ? 4 : 1;
        uint8_t *rows = ccodecs_png_direct_rows(decoder->data, decoder->size, decoder->position - 8,
                                                height, row_bytes, bpp);
        if (rows != NULL) {
            for (uint32_t y = 0; y < height; y++)
                convert_row(mode, rows + (size_t)y * (row_bytes + 1) + 1, pixels + (size_t)y * stride,
                            width, bit_depth, lut, pairs, has_trns, key);
            free(rows);
            decoder->direct = 2;
            return CCODECS_OK;
        }
    }
    /* Modes whose samples do not fit in place get a buffer: one row, or all rows when interlaced, then
     * zeroed: libpng merges each Adam7 pass into the packed samples of 1-, 2- and 4-bit images bit by
     * bit, reading bytes before any pass has written them (valgrind: uninitialised reads here). */
    int buffered = mode == MODE_TABLE || mode == MODE_RGB8;
    if (buffered) {
        decoder->samples = interlaced ? calloc(height, row_bytes) : malloc(row_bytes);
        if (decoder->samples == NULL) png_error(png, "out of memory");
    }
    if (interlaced) {
        decoder->rows = malloc(sizeof(png_bytep) * height);
        if (decoder->rows == NULL) png_error(png, "out of memory");
        for (uint32_t y = 0; y < height; y++)
            decoder->rows[y] = buffered ? decoder->samples + (size_t)y * row_bytes : (png_bytep)(pixels + (size_t)y * stride);
        png_read_image(png, decoder->rows);
    }
    for (uint32_t y = 0; y < height; y++) {
        uint32_t *row = pixels + (size_t)y * stride;
        png_bytep samples = interlaced ? decoder->rows[y] : buffered ? decoder->samples : (png_bytep)row;
        if (!interlaced) png_read_row(png, samples, NULL);
        if (mode == MODE_RGBA8) convert_rgba_row(row, width);  /* read in place */
        else if (mode == MODE_LIBPNG) { if (premultiply) ccodecs_premultiply_row(row, width); }
        else convert_row(mode, samples, row, width, bit_depth, lut, pairs, has_trns, key);
    }
    /* Reads the rest: the last IDAT's CRC, trailing chunks and IEND (truncated files are errors). */
    png_read_end(png, NULL);
    return CCODECS_OK;
}
