/* The SSE4.1 path of Cairn's fast PNG encoder: png_fast_vector.h over 16-byte vectors, every
 * function compiled for SSE4.1 (and PCLMULQDQ for the CRC) alone, chosen at run time; compiled on x86 only. */
#include "png_fast.h"
#if PNG_FAST_X86
#include <immintrin.h>

#define VEC __m128i
#define VBYTES 16
#define KERNEL(name) sse41_##name
#define TARGET_ATTR __attribute__((target("sse4.1")))
#define V_LOAD(p) _mm_loadu_si128((const __m128i *)(const void *)(p))
#define V_STORE(p, v) _mm_storeu_si128((__m128i *)(void *)(p), v)
#define V_ZERO() _mm_setzero_si128()
#define V_SET1(x) _mm_set1_epi32((int)(x))
#define V_AND _mm_and_si128
#define V_OR _mm_or_si128
#define V_CMPEQ8 _mm_cmpeq_epi8
#define V_MASK8(v) ((uint64_t)(uint32_t)_mm_movemask_epi8(v))
#define V_SUB8 _mm_sub_epi8
#define V_ADD16 _mm_add_epi16
#define V_SUB16 _mm_sub_epi16
#define V_ABS8 _mm_abs_epi8
#define V_ABS16 _mm_abs_epi16
#define V_CMPGT16 _mm_cmpgt_epi16
#define V_BLEND8(a, b, mask) _mm_blendv_epi8(a, b, mask)
#define V_UNPACKLO8 _mm_unpacklo_epi8
#define V_UNPACKHI8 _mm_unpackhi_epi8
#define V_PACKUS16 _mm_packus_epi16
#define V_SAD _mm_sad_epu8
#define V_ADD32 _mm_add_epi32
#define V_ADD64 _mm_add_epi64
#define V_MADDUBS _mm_maddubs_epi16
#define V_MADD16 _mm_madd_epi16
#define V_ANDNOT(a, b) _mm_andnot_si128(a, b)
#define V_SRLI32 _mm_srli_epi32
#define V_SLLI32 _mm_slli_epi32
#define V_SUB32 _mm_sub_epi32
#define V_MIN32 _mm_min_epi32
#define V_MAX32 _mm_max_epi32
#define V_CMPEQ32 _mm_cmpeq_epi32
/* 32-bit lanes as floats, a float quotient, and back truncated */
#define V_DIV_TRUNC(n, d) _mm_cvttps_epi32(_mm_div_ps(_mm_cvtepi32_ps(n), _mm_cvtepi32_ps(d)))
#define V_SHUFFLE8 _mm_shuffle_epi8
#define V_BYTES_FROM(b0, b1, b2, b3, b4, b5, b6, b7, b8, b9, b10, b11, b12, b13, b14, b15, ...) \
    _mm_setr_epi8(b0, b1, b2, b3, b4, b5, b6, b7, b8, b9, b10, b11, b12, b13, b14, b15)
#define V_STORE_RGB(p, v) _mm_storeu_si128((__m128i *)(void *)(p), v)

TARGET_ATTR static inline uint64_t sse41_hsum64(__m128i v) {
    return (uint64_t)_mm_cvtsi128_si64(v) + (uint64_t)_mm_extract_epi64(v, 1);
}
TARGET_ATTR static inline uint64_t sse41_hsum32(__m128i v) {
    return (uint64_t)(uint32_t)_mm_extract_epi32(v, 0) + (uint32_t)_mm_extract_epi32(v, 1)
        + (uint32_t)_mm_extract_epi32(v, 2) + (uint32_t)_mm_extract_epi32(v, 3);
}
#define V_HSUM64 sse41_hsum64
#define V_HSUM32 sse41_hsum32

#include "png_fast_vector.h"

const png_fast_kernels png_fast_sse41_kernels = {
    sse41_convert_row, sse41_filter_row, sse41_find_matches, sse41_adler32, png_fast_crc32_pclmul,
};

#endif
