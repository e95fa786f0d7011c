/* Included by the vector paths only, once each: no include guard. */
/* The vector kernels of Cairn's fast PNG encoder, written once over a few operations that
 * png_fast_sse41.c (16-byte vectors) and png_fast_avx2.c (32-byte vectors) define before including
 * this file. Every function gets the path's target attribute; nothing raises the whole file's flags.
 *
 * Expected: VEC (the vector type), VBYTES, KERNEL(name), TARGET_ATTR, and
 * V_LOAD, V_STORE, V_ZERO, V_SET1, V_AND, V_OR, V_CMPEQ8, V_MASK8 (bits as uint64_t), V_SUB8, V_ADD16,
 * V_SUB16, V_ABS8, V_ABS16, V_CMPGT16, V_ANDNOT, V_BLEND8, V_UNPACKLO8, V_UNPACKHI8, V_PACKUS16,
 * V_SAD (sums of 8 bytes into 64-bit lanes), V_ADD32, V_ADD64, V_HSUM64, V_HSUM32, V_MADDUBS, V_MADD16,
 * V_SHUFFLE8, V_BYTES_FROM (a vector of 32 bytes given lowest first), V_STORE_RGB (the 3-byte pixels
 * of a shuffled vector: VBYTES * 3 / 4 bytes), V_SRLI32, V_SLLI32, V_SUB32, V_MIN32, V_MAX32, V_CMPEQ32,
 * V_DIV_TRUNC (32-bit lanes divided as floats, truncated).
 */

/* ---- pixels -------------------------------------------------------------------------------------- */

/* Premultiplied ARGB32 pixels un-premultiplied, exactly as png_fast_unpremultiply's table does it:
 * round(c * 255 / a) = (c * 255 + a / 2) / a, clamped to 255, 0 when a is 0. The quotient is taken in
 * single precision and truncated, which is exact here: the numerator is below 2^16 and the divisor at
 * most 255, so a quotient that is not a whole number is at least 1/255 below the next one, far more
 * than a float's rounding error at that size (2^-24 relative), and a whole one is exact. */
TARGET_ATTR
static inline VEC KERNEL(unpremultiply)(VEC pixels) {
    const VEC byte = V_SET1(0xFFu), max = V_SET1(255u);
    VEC alpha = V_SRLI32(pixels, 24), half = V_SRLI32(alpha, 1), divisor = V_MAX32(alpha, V_SET1(1u));
    VEC result = V_SLLI32(alpha, 24);
#define CHANNEL(shift) do { \
        VEC c = V_AND(V_SRLI32(pixels, shift), byte); \
        VEC n = V_ADD32(V_SUB32(V_SLLI32(c, 8), c), half);  /* c * 255 + a / 2 */ \
        result = V_OR(result, V_SLLI32(V_MIN32(V_DIV_TRUNC(n, divisor), max), shift)); \
    } while (0)
    CHANNEL(0);
    CHANNEL(8);
    CHANNEL(16);
#undef CHANNEL
    /* alpha 0 leaves 0 whatever the colour bytes held */
    return V_ANDNOT(V_CMPEQ32(alpha, V_ZERO()), result);
}

TARGET_ATTR
static void KERNEL(convert_row)(const uint32_t *source, size_t width, int bpp, uint8_t *out) {
    const size_t step = VBYTES / 4;
    size_t x = 0;
    if (bpp == 3) {
        /* B,G,R,A words to R,G,B triples, packed into the low 12 bytes of each 16. */
        const VEC order = V_BYTES_FROM(2, 1, 0, 6, 5, 4, 10, 9, 8, 14, 13, 12, -1, -1, -1, -1,
                                       2, 1, 0, 6, 5, 4, 10, 9, 8, 14, 13, 12, -1, -1, -1, -1);
        for (; x + step <= width; x += step) {
            VEC pixels = V_LOAD(source + x);
            V_STORE_RGB(out, V_SHUFFLE8(pixels, order));
            out += step * 3;
        }
    } else {
        const VEC order = V_BYTES_FROM(2, 1, 0, 3, 6, 5, 4, 7, 10, 9, 8, 11, 14, 13, 12, 15,
                                       2, 1, 0, 3, 6, 5, 4, 7, 10, 9, 8, 11, 14, 13, 12, 15);
        const VEC alpha = V_SET1(0xFF000000u);
        for (; x + step <= width; x += step) {
            VEC pixels = V_LOAD(source + x);
            VEC masked = V_AND(pixels, alpha);
            uint64_t opaque = V_MASK8(V_CMPEQ8(masked, alpha));
            uint64_t clear = V_MASK8(V_CMPEQ8(masked, V_ZERO()));
            uint64_t all = VBYTES == 32 ? 0xFFFFFFFFull : 0xFFFFull;
            if (opaque == all) {
                V_STORE(out, V_SHUFFLE8(pixels, order));
            } else if (clear == all) {
                V_STORE(out, V_ZERO());
            } else {
                V_STORE(out, V_SHUFFLE8(KERNEL(unpremultiply)(pixels), order));
            }
            out += VBYTES;
        }
    }
    png_fast_convert_pixels(source + x, width - x, bpp, out);
}

/* ---- filters ------------------------------------------------------------------------------------- */

/* The Paeth predictor of 16-bit lanes. */
TARGET_ATTR
static inline VEC KERNEL(paeth16)(VEC a, VEC b, VEC c) {
    VEC bc = V_SUB16(b, c), ac = V_SUB16(a, c);
    VEC pa = V_ABS16(bc), pb = V_ABS16(ac), pc = V_ABS16(V_ADD16(bc, ac));
    /* a when pa <= pb and pa <= pc; else b when pb <= pc; else c */
    VEC not_a = V_OR(V_CMPGT16(pa, pb), V_CMPGT16(pa, pc));
    VEC use_c = V_CMPGT16(pb, pc);
    VEC b_or_c = V_BLEND8(b, c, use_c);
    return V_BLEND8(a, b_or_c, not_a);
}

TARGET_ATTR
static uint64_t KERNEL(filter_row)(int filter, const uint8_t *row, const uint8_t *previous, size_t count, int bpp,
                                   uint8_t *out) {
    VEC cost = V_ZERO();
    const VEC zero = V_ZERO();
    size_t i = 0;
    for (; i + VBYTES <= count; i += VBYTES) {
        VEC x = V_LOAD(row + i), filtered;
        switch (filter) {
        case CAIRN_PNG_FILTER_SUB: filtered = V_SUB8(x, V_LOAD(row + i - bpp)); break;
        case CAIRN_PNG_FILTER_UP: filtered = V_SUB8(x, V_LOAD(previous + i)); break;
        case CAIRN_PNG_FILTER_PAETH: {
            VEC a = V_LOAD(row + i - bpp), b = V_LOAD(previous + i), c = V_LOAD(previous + i - bpp);
            VEC lo = KERNEL(paeth16)(V_UNPACKLO8(a, zero), V_UNPACKLO8(b, zero), V_UNPACKLO8(c, zero));
            VEC hi = KERNEL(paeth16)(V_UNPACKHI8(a, zero), V_UNPACKHI8(b, zero), V_UNPACKHI8(c, zero));
            filtered = V_SUB8(x, V_PACKUS16(lo, hi));
            break;
        }
        default: filtered = x; break;
        }
        V_STORE(out + i, filtered);
        cost = V_ADD64(cost, V_SAD(V_ABS8(filtered), zero));
    }
    return V_HSUM64(cost) + png_fast_filter_tail(filter, row, previous, i, count, bpp, out);
}

/* ---- matches ------------------------------------------------------------------------------------- */

/* Bits set where the bytes at `a` and `b` are equal, over two vectors. */
TARGET_ATTR
static inline uint64_t KERNEL(equal_mask)(const uint8_t *a, const uint8_t *b) {
    uint64_t low = V_MASK8(V_CMPEQ8(V_LOAD(a), V_LOAD(b)));
    uint64_t high = V_MASK8(V_CMPEQ8(V_LOAD(a + VBYTES), V_LOAD(b + VBYTES)));
    return low | high << VBYTES;
}

TARGET_ATTR
static inline size_t KERNEL(next_match)(const uint8_t *data, size_t from, size_t to, size_t pixel, size_t distance) {
    const uint64_t window = VBYTES == 32 ? 0xFFFFFFFFull : 0xFFFFull;
    for (size_t p = from; p < to; p += VBYTES) {
        uint64_t run = KERNEL(equal_mask)(data + p, data + p - 1);
        uint64_t starts = run & run >> 1 & run >> 2 & run >> 3;
        if (pixel != 0) {
            uint64_t left = KERNEL(equal_mask)(data + p, data + p - pixel);
            starts |= left & left >> 1 & left >> 2 & left >> 3;
        }
        if (distance != 0) {
            uint64_t up = KERNEL(equal_mask)(data + p, data + p - distance);
            starts |= up & up >> 1 & up >> 2 & up >> 3;
        }
        starts &= window;
        if (starts != 0) {
            size_t found = p + (size_t)__builtin_ctzll(starts);
            return found < to ? found : to;
        }
    }
    return to;
}

TARGET_ATTR
static inline size_t KERNEL(match_length)(const uint8_t *a, const uint8_t *b, size_t limit) {
    const uint64_t all = VBYTES == 32 ? 0xFFFFFFFFull : 0xFFFFull;
    for (size_t n = 0; n < limit; n += VBYTES) {
        uint64_t equal = V_MASK8(V_CMPEQ8(V_LOAD(a + n), V_LOAD(b + n)));
        if (equal != all) {
            size_t length = n + (size_t)__builtin_ctzll(~equal);
            return length < limit ? length : limit;
        }
    }
    return limit;
}

#include "png_fast_matches.h"

/* ---- Adler-32 ------------------------------------------------------------------------------------ */

TARGET_ATTR
static uint32_t KERNEL(adler32)(uint32_t adler, const uint8_t *data, size_t count) {
    uint32_t s1 = adler & 0xFFFF, s2 = adler >> 16;
    /* byte i of a vector weighs VBYTES - i in s2 */
    VEC weights = V_BYTES_FROM(16, 15, 14, 13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1,
                               0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0);
    if (VBYTES == 32) {
        weights = V_BYTES_FROM(32, 31, 30, 29, 28, 27, 26, 25, 24, 23, 22, 21, 20, 19, 18, 17,
                               16, 15, 14, 13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1);
    }
    const VEC ones = V_SET1(0x00010001u), zero = V_ZERO();
    while (count >= VBYTES) {
        size_t chunk = (count < PNG_FAST_ADLER_NMAX ? count : PNG_FAST_ADLER_NMAX) / VBYTES * VBYTES;
        count -= chunk;
        VEC sums = zero, weighted = zero, prefix = zero;
        for (size_t i = 0; i < chunk; i += VBYTES) {
            VEC bytes = V_LOAD(data + i);
            prefix = V_ADD32(prefix, sums);
            sums = V_ADD32(sums, V_SAD(bytes, zero));
            weighted = V_ADD32(weighted, V_MADD16(V_MADDUBS(bytes, weights), ones));
        }
        data += chunk;
        uint64_t total2 = (uint64_t)s2 + (uint64_t)s1 * chunk + (uint64_t)VBYTES * V_HSUM32(prefix) + V_HSUM32(weighted);
        s1 = (uint32_t)((s1 + V_HSUM32(sums)) % PNG_FAST_ADLER_BASE);
        s2 = (uint32_t)(total2 % PNG_FAST_ADLER_BASE);
    }
    return png_fast_adler32_scalar(s2 << 16 | s1, data, count);
}
