/* The AVX2 path of Cairn's fast PNG encoder: png_fast_vector.h over 32-byte vectors, every
 * function compiled for AVX2 alone, chosen at run time; compiled on x86 only. */
#include "png_fast.h"
#if PNG_FAST_X86
#include <immintrin.h>

#define VEC __m256i
#define VBYTES 32
#define KERNEL(name) avx2_##name
#define TARGET_ATTR __attribute__((target("avx2")))
#define V_LOAD(p) _mm256_loadu_si256((const __m256i *)(const void *)(p))
#define V_STORE(p, v) _mm256_storeu_si256((__m256i *)(void *)(p), v)
#define V_ZERO() _mm256_setzero_si256()
#define V_SET1(x) _mm256_set1_epi32((int)(x))
#define V_AND _mm256_and_si256
#define V_OR _mm256_or_si256
#define V_CMPEQ8 _mm256_cmpeq_epi8
#define V_MASK8(v) ((uint64_t)(uint32_t)_mm256_movemask_epi8(v))
#define V_SUB8 _mm256_sub_epi8
#define V_ADD16 _mm256_add_epi16
#define V_SUB16 _mm256_sub_epi16
#define V_ABS8 _mm256_abs_epi8
#define V_ABS16 _mm256_abs_epi16
#define V_CMPGT16 _mm256_cmpgt_epi16
#define V_BLEND8(a, b, mask) _mm256_blendv_epi8(a, b, mask)
#define V_UNPACKLO8 _mm256_unpacklo_epi8
#define V_UNPACKHI8 _mm256_unpackhi_epi8
#define V_PACKUS16 _mm256_packus_epi16
#define V_SAD _mm256_sad_epu8
#define V_ADD32 _mm256_add_epi32
#define V_ADD64 _mm256_add_epi64
#define V_MADDUBS _mm256_maddubs_epi16
#define V_MADD16 _mm256_madd_epi16
#define V_ANDNOT(a, b) _mm256_andnot_si256(a, b)
#define V_SRLI32 _mm256_srli_epi32
#define V_SLLI32 _mm256_slli_epi32
#define V_SUB32 _mm256_sub_epi32
#define V_MIN32 _mm256_min_epi32
#define V_MAX32 _mm256_max_epi32
#define V_CMPEQ32 _mm256_cmpeq_epi32
/* 32-bit lanes as floats, a float quotient, and back truncated */
#define V_DIV_TRUNC(n, d) _mm256_cvttps_epi32(_mm256_div_ps(_mm256_cvtepi32_ps(n), _mm256_cvtepi32_ps(d)))
#define V_SHUFFLE8 _mm256_shuffle_epi8
#define V_BYTES_FROM(...) _mm256_setr_epi8(__VA_ARGS__)
/* Each 128-bit lane holds four pixels' 12 bytes at its start. */
#define V_STORE_RGB(p, v) do { \
        _mm_storeu_si128((__m128i *)(void *)(p), _mm256_castsi256_si128(v)); \
        _mm_storeu_si128((__m128i *)(void *)((p) + 12), _mm256_extracti128_si256(v, 1)); \
    } while (0)

TARGET_ATTR static inline uint64_t avx2_hsum64(__m256i v) {
    __m128i s = _mm_add_epi64(_mm256_castsi256_si128(v), _mm256_extracti128_si256(v, 1));
    return (uint64_t)_mm_cvtsi128_si64(s) + (uint64_t)_mm_extract_epi64(s, 1);
}
TARGET_ATTR static inline uint64_t avx2_hsum32(__m256i v) {
    __m256i wide = _mm256_add_epi64(_mm256_cvtepu32_epi64(_mm256_castsi256_si128(v)),
                                    _mm256_cvtepu32_epi64(_mm256_extracti128_si256(v, 1)));
    return avx2_hsum64(wide);
}
#define V_HSUM64 avx2_hsum64
#define V_HSUM32 avx2_hsum32

#include "png_fast_vector.h"

const png_fast_kernels png_fast_avx2_kernels = {
    avx2_convert_row, avx2_filter_row, avx2_find_matches, avx2_adler32, png_fast_crc32_pclmul,
};

#endif
