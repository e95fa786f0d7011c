/* CRC-32 for PNG chunks: slicing-by-8 tables for the portable path (every architecture), carry-less
 * multiplication (PCLMULQDQ) folding 64 bytes a step for the x86 vector paths (Intel's "Fast CRC
 * Computation for Generic Polynomials Using PCLMULQDQ", bit-reflected form). */
#include "png_fast.h"
#if PNG_FAST_X86
#include <immintrin.h>
#endif

static uint32_t crc_table[8][256];

void png_fast_init_crc_tables(void) {
    for (uint32_t n = 0; n < 256; n++) {
        uint32_t c = n;
        for (int k = 0; k < 8; k++) c = c & 1 ? 0xEDB88320u ^ (c >> 1) : c >> 1;
        crc_table[0][n] = c;
    }
    for (uint32_t n = 0; n < 256; n++) {
        for (int k = 1; k < 8; k++) crc_table[k][n] = crc_table[0][crc_table[k - 1][n] & 0xFF] ^ (crc_table[k - 1][n] >> 8);
    }
}

/* The CRC register after `data`, without the pre- and post-inversion. */
uint32_t png_fast_crc32_raw(uint32_t state, const uint8_t *data, size_t count) {
    while (count >= 8) {
        uint32_t lo = png_fast_load32(data) ^ state, hi = png_fast_load32(data + 4);
        state = crc_table[7][lo & 0xFF] ^ crc_table[6][(lo >> 8) & 0xFF] ^ crc_table[5][(lo >> 16) & 0xFF]
            ^ crc_table[4][lo >> 24] ^ crc_table[3][hi & 0xFF] ^ crc_table[2][(hi >> 8) & 0xFF]
            ^ crc_table[1][(hi >> 16) & 0xFF] ^ crc_table[0][hi >> 24];
        data += 8;
        count -= 8;
    }
    while (count--) state = crc_table[0][(state ^ *data++) & 0xFF] ^ (state >> 8);
    return state;
}

#if PNG_FAST_X86
/* x · (k.lo, k.hi): the 128-bit value folded forward over the distance `k`'s constants stand for. */
__attribute__((target("pclmul,sse4.1")))
static inline __m128i fold(__m128i x, __m128i k) {
    return _mm_xor_si128(_mm_clmulepi64_si128(x, k, 0x00), _mm_clmulepi64_si128(x, k, 0x11));
}

__attribute__((target("pclmul,sse4.1")))
uint32_t png_fast_crc32_pclmul(uint32_t crc, const uint8_t *data, size_t count) {
    if (count < 64) return ~png_fast_crc32_raw(~crc, data, count);
    /* The inverted start value enters as if xored into the first four bytes. */
    __m128i x0 = _mm_xor_si128(_mm_loadu_si128((const __m128i *)data), _mm_cvtsi32_si128((int)~crc));
    __m128i x1 = _mm_loadu_si128((const __m128i *)(data + 16));
    __m128i x2 = _mm_loadu_si128((const __m128i *)(data + 32));
    __m128i x3 = _mm_loadu_si128((const __m128i *)(data + 48));
    data += 64;
    count -= 64;
    /* x^(4·128+32) and x^(4·128-32) mod P, reflected and shifted: 512 bits forward. */
    const __m128i k512 = _mm_set_epi64x(0x1c6e41596LL, 0x154442bd4LL);
    while (count >= 64) {
        x0 = _mm_xor_si128(fold(x0, k512), _mm_loadu_si128((const __m128i *)data));
        x1 = _mm_xor_si128(fold(x1, k512), _mm_loadu_si128((const __m128i *)(data + 16)));
        x2 = _mm_xor_si128(fold(x2, k512), _mm_loadu_si128((const __m128i *)(data + 32)));
        x3 = _mm_xor_si128(fold(x3, k512), _mm_loadu_si128((const __m128i *)(data + 48)));
        data += 64;
        count -= 64;
    }
    /* 128 bits forward. */
    const __m128i k128 = _mm_set_epi64x(0x0ccaa009eLL, 0x1751997d0LL);
    __m128i x = _mm_xor_si128(fold(x0, k128), x1);
    x = _mm_xor_si128(fold(x, k128), x2);
    x = _mm_xor_si128(fold(x, k128), x3);
    while (count >= 16) {
        x = _mm_xor_si128(fold(x, k128), _mm_loadu_si128((const __m128i *)data));
        data += 16;
        count -= 16;
    }
    /* The folded register is a 16-byte message with the same remainder as everything read so far:
     * finish it and the tail with the tables. */
    uint8_t folded[16];
    _mm_storeu_si128((__m128i *)folded, x);
    uint32_t state = png_fast_crc32_raw(0, folded, 16);
    return ~png_fast_crc32_raw(state, data, count);
}
#endif
