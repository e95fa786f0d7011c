/* The portable path of Cairn's fast PNG encoder, and the scalar pieces the vector paths finish with. */
#include "png_fast.h"

uint8_t png_fast_paeth_predict(uint8_t a, uint8_t b, uint8_t c) {
    int pa = b > c ? b - c : c - b;             /* |p - a| with p = a + b - c */
    int pb = a > c ? a - c : c - a;             /* |p - b| */
    int pc = (int)a + b - 2 * c;                /* p - c */
    if (pc < 0) pc = -pc;
    if (pa <= pb && pa <= pc) return a;
    return pb <= pc ? b : c;
}

/* |b| of a byte read as signed: what the adaptive filter sums (libpng's heuristic). */
static inline uint32_t signed_magnitude(uint8_t b) { return b < 128 ? b : 256u - b; }

void png_fast_convert_pixels(const uint32_t *source, size_t count, int bpp, uint8_t *out) {
    const uint8_t *table = png_fast_unpremultiply;
    for (size_t x = 0; x < count; x++) {
        uint32_t p = source[x], a = p >> 24;
        uint8_t r = (uint8_t)(p >> 16), g = (uint8_t)(p >> 8), b = (uint8_t)p;
        if (bpp == 3) {
            out[0] = r; out[1] = g; out[2] = b;
            out += 3;
            continue;
        }
        if (a != 255) {
            const uint8_t *row = table + (a << 8);
            r = row[r]; g = row[g]; b = row[b];
        }
        out[0] = r; out[1] = g; out[2] = b; out[3] = (uint8_t)a;
        out += 4;
    }
}

uint64_t png_fast_filter_tail(int filter, const uint8_t *row, const uint8_t *previous, size_t start, size_t count,
                              int bpp, uint8_t *out) {
    uint64_t cost = 0;
    for (size_t i = start; i < count; i++) {
        uint8_t predicted;
        switch (filter) {
        case CAIRN_PNG_FILTER_SUB: predicted = row[(ptrdiff_t)i - bpp]; break;
        case CAIRN_PNG_FILTER_UP: predicted = previous[i]; break;
        case CAIRN_PNG_FILTER_PAETH:
            predicted = png_fast_paeth_predict(row[(ptrdiff_t)i - bpp], previous[i], previous[(ptrdiff_t)i - bpp]);
            break;
        default: predicted = 0; break;
        }
        uint8_t value = (uint8_t)(row[i] - predicted);
        out[i] = value;
        cost += signed_magnitude(value);
    }
    return cost;
}

uint32_t png_fast_adler32_scalar(uint32_t adler, const uint8_t *data, size_t count) {
    uint32_t s1 = adler & 0xFFFF, s2 = adler >> 16;
    while (count > 0) {
        size_t chunk = count < PNG_FAST_ADLER_NMAX ? count : PNG_FAST_ADLER_NMAX;
        count -= chunk;
        while (chunk--) {
            s1 += *data++;
            s2 += s1;
        }
        s1 %= PNG_FAST_ADLER_BASE;
        s2 %= PNG_FAST_ADLER_BASE;
    }
    return s2 << 16 | s1;
}

static void portable_convert_row(const uint32_t *source, size_t width, int bpp, uint8_t *out) {
    png_fast_convert_pixels(source, width, bpp, out);
}

static uint64_t portable_filter_row(int filter, const uint8_t *row, const uint8_t *previous, size_t count, int bpp,
                                    uint8_t *out) {
    return png_fast_filter_tail(filter, row, previous, 0, count, bpp, out);
}

_Static_assert(PNG_FAST_MIN_MATCH == 4, "portable_next_match compares 4-byte words");

/* High bit of each byte of x set where that byte is zero (exact: no false positives). */
static inline uint64_t zero_bytes(uint64_t x) {
    const uint64_t low7 = 0x7F7F7F7F7F7F7F7Full;
    return ~(((x & low7) + low7) | x | low7);
}

/* Bits set (the high bit of a byte) where the four bytes from that byte on equal those `distance`
 * back: bytes equal to their counterpart found as zero bytes of an XOR, four in a row by ANDing the
 * mask with itself shifted; the five lowest positions of each word have all four. */
static inline uint64_t repeats(const uint8_t *here, uint64_t word, size_t distance) {
    uint64_t back;
    memcpy(&back, here - distance, 8);
    uint64_t equal = zero_bytes(word ^ back);
    return equal & equal >> 8 & equal >> 16 & equal >> 24;
}

/* Five positions a step, eight bytes read. */
static inline size_t portable_next_match(const uint8_t *data, size_t from, size_t to, size_t pixel, size_t distance) {
    size_t p = from;
    for (; p + 5 <= to; p += 5) {
        uint64_t here;
        memcpy(&here, data + p, 8);
        uint64_t found = repeats(data + p, here, 1);
        if (pixel != 0) found |= repeats(data + p, here, pixel);
        if (distance != 0) found |= repeats(data + p, here, distance);
        found &= 0x000000FFFFFFFFFFull;
        if (found != 0) return p + (size_t)(__builtin_ctzll(found) >> 3);
    }
    for (; p < to; p++) {
        uint32_t value = png_fast_load32(data + p);
        if (value == png_fast_load32(data + p - 1)) return p;
        if (pixel != 0 && value == png_fast_load32(data + p - pixel)) return p;
        if (distance != 0 && value == png_fast_load32(data + p - distance)) return p;
    }
    return to;
}

static inline size_t portable_match_length(const uint8_t *a, const uint8_t *b, size_t limit) {
    size_t n = 0;
    while (n + 8 <= limit) {
        uint64_t x, y;
        memcpy(&x, a + n, 8);
        memcpy(&y, b + n, 8);
        if (x != y) return n + (size_t)(__builtin_ctzll(x ^ y) >> 3);
        n += 8;
    }
    while (n < limit && a[n] == b[n]) n++;
    return n;
}

#define KERNEL(name) portable_##name
#define TARGET_ATTR
#include "png_fast_matches.h"

static uint32_t portable_crc32(uint32_t crc, const uint8_t *data, size_t count) {
    return ~png_fast_crc32_raw(~crc, data, count);
}

const png_fast_kernels png_fast_portable_kernels = {
    portable_convert_row, portable_filter_row, portable_find_matches,
    png_fast_adler32_scalar, portable_crc32,
};
