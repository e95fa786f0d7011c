/*
 * The image data of an ordinary PNG, without libpng: the IDAT chunks gathered (every chunk's CRC
 * checked), inflated in one call by libdeflate (2-3x zlib's speed, and one call instead of one a
 * row) and unfiltered here. It takes only what it can prove well-formed: one complete zlib stream
 * with a valid Adler-32 filling the rows exactly, filter types 0-4, CRC-valid chunks up to IEND and
 * no critical chunk after the data but IEND. Anything else returns NULL and the caller reads the
 * file through libpng, which then succeeds or fails with its own message exactly as before; so
 * this path changes no pixel and no error, only the time (see png_decode.c).
 */
#include "internal.h"

static uint32_t be32(const uint8_t *p) {
    return ((uint32_t)p[0] << 24) | ((uint32_t)p[1] << 16) | ((uint32_t)p[2] << 8) | p[3];
}

/* The chunk at `at`: its data length, when the whole chunk lies in the data and its CRC is right; else -1. */
static int64_t checked_chunk(const uint8_t *data, size_t size, size_t at) {
    if (size - at < 12) return -1;
    uint32_t length = be32(data + at);
    if (length > 0x7fffffffu || length > size - at - 12) return -1;  /* libpng refuses lengths past 2^31 - 1 */
    uint32_t crc = (uint32_t)libdeflate_crc32(0, data + at + 4, (size_t)length + 4);
    return crc == be32(data + at + 8 + length) ? (int64_t)length : -1;
}

static int is_type(const uint8_t *data, size_t at, const char *type) { return memcmp(data + at + 4, type, 4) == 0; }

/* After the image data: ancillary chunks, then IEND; true when that holds and every CRC is right. */
static int ends_well(const uint8_t *data, size_t size, size_t at) {
    for (;;) {
        int64_t length = checked_chunk(data, size, at);
        if (length < 0) return 0;
        if (is_type(data, at, "IEND")) return length == 0;
        if ((data[at + 4] & 0x20) == 0) return 0;  /* a critical chunk here (another IDAT, PLTE…) */
        at += 12 + (size_t)length;
    }
}

/* 0-4: Paeth's predictor of left, above and upper-left. */
static inline uint8_t paeth(int a, int b, int c) {
    int p = a + b - c;
    int pa = abs(p - a), pb = abs(p - b), pc = abs(p - c);
    return (uint8_t)(pa <= pb && pa <= pc ? a : pb <= pc ? b : c);
}

#ifdef __SSE2__
#include <emmintrin.h>

/* Paeth for 3- and 4-byte pixels, a pixel at a time in 16-bit lanes (libpng's approach, SSE2 being
 * in every x86-64): with pa = |b - c|, pb = |a - c|, pc = |a + b - 2c|, the predictor is a where pa
 * is smallest, else b where pb is, else c. Every pixel is loaded and stored as 4 bytes; for 3-byte
 * pixels the fourth is the next pixel's (or the byte after the row, which the buffer has as slack),
 * predicted as 0 so that it is written back unchanged. */
static inline __attribute__((always_inline))
void paeth_pixels(uint8_t *x, const uint8_t *above, size_t row_bytes, const size_t bpp) {
    const __m128i zero = _mm_setzero_si128();
    const __m128i lanes = _mm_set_epi16(0, 0, 0, 0, bpp == 4 ? -1 : 0, -1, -1, -1);
    __m128i a = zero, c = zero;
    uint32_t raw_word, next_word = 0;
    memcpy(&raw_word, x, 4);
    for (size_t i = 0; i + bpp <= row_bytes; i += bpp, raw_word = next_word) {
        uint32_t above_word;
        memcpy(&above_word, above + i, 4);
        /* the next pixel's samples, read before this pixel's store overlaps them (no store-forwarding stall) */
        if (i + 2 * bpp <= row_bytes) memcpy(&next_word, x + i + bpp, 4);
        __m128i b = _mm_and_si128(_mm_unpacklo_epi8(_mm_cvtsi32_si128((int)above_word), zero), lanes);
        __m128i bc = _mm_sub_epi16(b, c), ac = _mm_sub_epi16(a, c);
        __m128i pa = _mm_max_epi16(bc, _mm_sub_epi16(zero, bc));
        __m128i pb = _mm_max_epi16(ac, _mm_sub_epi16(zero, ac));
        __m128i abc = _mm_add_epi16(bc, ac);
        __m128i pc = _mm_max_epi16(abc, _mm_sub_epi16(zero, abc));
        __m128i smallest = _mm_min_epi16(_mm_min_epi16(pa, pb), pc);
        __m128i use_b = _mm_cmpeq_epi16(pb, smallest), use_a = _mm_cmpeq_epi16(pa, smallest);
        __m128i nearest = _mm_or_si128(_mm_and_si128(use_b, b), _mm_andnot_si128(use_b, c));
        nearest = _mm_or_si128(_mm_and_si128(use_a, a), _mm_andnot_si128(use_a, nearest));
        __m128i out = _mm_add_epi8(_mm_cvtsi32_si128((int)raw_word), _mm_packus_epi16(nearest, zero));
        uint32_t out_word = (uint32_t)_mm_cvtsi128_si32(out);
        memcpy(x + i, &out_word, 4);
        a = _mm_and_si128(_mm_unpacklo_epi8(out, zero), lanes);
        c = b;
    }
}
#endif

/* Undoes each row's filter in place; `rows` holds `height` rows of a filter byte and `row_bytes`. */
static int unfilter(uint8_t *rows, uint32_t height, size_t row_bytes, size_t bpp) {
    static const uint8_t zeros[1 << 16] = {0};
    /* the row above the first: zeros, with a byte of slack for paeth_pixels */
    uint8_t *above_buffer = row_bytes >= sizeof zeros ? calloc(row_bytes + 1, 1) : NULL;
    if (row_bytes >= sizeof zeros && above_buffer == NULL) return 0;
    const uint8_t *above = above_buffer ? above_buffer : zeros;
    for (uint32_t y = 0; y < height; y++) {
        uint8_t *row = rows + (size_t)y * (row_bytes + 1);
        uint8_t filter = row[0];
        uint8_t *x = row + 1;
        size_t i;
        switch (filter) {
        case 0: break;
        case 1: for (i = bpp; i < row_bytes; i++) x[i] = (uint8_t)(x[i] + x[i - bpp]); break;
        case 2: for (i = 0; i < row_bytes; i++) x[i] = (uint8_t)(x[i] + above[i]); break;
        case 3:
            for (i = 0; i < bpp && i < row_bytes; i++) x[i] = (uint8_t)(x[i] + (above[i] >> 1));
            for (; i < row_bytes; i++) x[i] = (uint8_t)(x[i] + ((x[i - bpp] + above[i]) >> 1));
            break;
        case 4:
#ifdef __SSE2__
            /* constant sizes, so that each pixel's loads and stores are plain moves */
            if (bpp == 3) { paeth_pixels(x, above, row_bytes, 3); break; }
            if (bpp == 4) { paeth_pixels(x, above, row_bytes, 4); break; }
#endif
            for (i = 0; i < bpp && i < row_bytes; i++) x[i] = (uint8_t)(x[i] + above[i]);
            for (; i < row_bytes; i++) x[i] = (uint8_t)(x[i] + paeth(x[i - bpp], above[i], above[i - bpp]));
            break;
        default:
            free(above_buffer);
            return 0;
        }
        above = x;
    }
    free(above_buffer);
    return 1;
}

uint8_t *ccodecs_png_direct_rows(const uint8_t *data, size_t size, size_t first_idat,
                                 uint32_t height, size_t row_bytes, size_t bpp) {
    if (first_idat > size || height == 0 || row_bytes == 0) return NULL;
    /* The run of IDAT chunks, each checked, and the bytes they hold together. */
    size_t at = first_idat, total = 0, chunks = 0;
    int64_t length;
    while ((length = checked_chunk(data, size, at)) >= 0 && is_type(data, at, "IDAT")) {
        total += (size_t)length;
        chunks++;
        at += 12 + (size_t)length;
    }
    if (chunks == 0 || !ends_well(data, size, at)) return NULL;
    const uint8_t *stream = data + first_idat + 8;
    uint8_t *joined = NULL;
    if (chunks > 1) {
        joined = malloc(total ? total : 1);
        if (joined == NULL) return NULL;
        size_t filled = 0;
        for (size_t chunk = first_idat; chunk < at; chunk += 12 + be32(data + chunk)) {
            memcpy(joined + filled, data + chunk + 8, be32(data + chunk));
            filled += be32(data + chunk);
        }
        stream = joined;
    }
    size_t expected = (size_t)height * (row_bytes + 1);
    if (expected / height != row_bytes + 1) { free(joined); return NULL; }
    uint8_t *rows = malloc(expected + 1);  /* one byte of slack for paeth_pixels' 4-byte stores */
    struct libdeflate_decompressor *inflater = libdeflate_alloc_decompressor();
    size_t consumed = 0, produced = 0;
    enum libdeflate_result result = LIBDEFLATE_BAD_DATA;
    if (rows != NULL && inflater != NULL)
        result = libdeflate_zlib_decompress_ex(inflater, stream, total, rows, expected, &consumed, &produced);
    libdeflate_free_decompressor(inflater);
    free(joined);
    if (result != LIBDEFLATE_SUCCESS || consumed != total || produced != expected
        || !unfilter(rows, height, row_bytes, bpp)) {
        free(rows);
        return NULL;
    }
    return rows;
}
