/* Which kernels Cairn's fast PNG encoder runs: the best the CPU reports, chosen once. On x86 that is
 * AVX2, SSE4.1 or portable C (by __builtin_cpu_supports); on every other architecture, portable C. */
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include "png_fast.h"

static uint8_t unpremultiply_table[1 << 16];
const uint8_t *png_fast_unpremultiply = unpremultiply_table;

static int active_path = CAIRN_PNG_PATH_PORTABLE;
static pthread_once_t once = PTHREAD_ONCE_INIT;

int cairn_png_fast_path_supported(int path) {
    if (path == CAIRN_PNG_PATH_PORTABLE) return 1;
#if PNG_FAST_X86
    __builtin_cpu_init();
    switch (path) {
    case CAIRN_PNG_PATH_SSE41:
        return __builtin_cpu_supports("sse4.1") && __builtin_cpu_supports("pclmul");
    case CAIRN_PNG_PATH_AVX2:
        return __builtin_cpu_supports("avx2") && __builtin_cpu_supports("pclmul");
    default: return 0;
    }
#else
    return 0;
#endif
}

const char *cairn_png_fast_path_name(int path) {
    switch (path) {
    case CAIRN_PNG_PATH_PORTABLE: return "portable";
    case CAIRN_PNG_PATH_SSE41: return "sse4.1";
    case CAIRN_PNG_PATH_AVX2: return "avx2";
    default: return NULL;
    }
}

static int best_supported(int at_most) {
    for (int path = at_most; path > CAIRN_PNG_PATH_PORTABLE; path--) {
        if (cairn_png_fast_path_supported(path)) return path;
    }
    return CAIRN_PNG_PATH_PORTABLE;
}

static void initialize(void) {
    for (uint32_t alpha = 0; alpha < 256; alpha++) {
        for (uint32_t value = 0; value < 256; value++) {
            uint32_t result = alpha == 0 ? 0 : alpha == 255 ? value : (value * 255 + alpha / 2) / alpha;
            unpremultiply_table[alpha << 8 | value] = (uint8_t)(result > 255 ? 255 : result);
        }
    }
    png_fast_init_crc_tables();
    png_fast_init_length_table();
    int wanted = CAIRN_PNG_PATH_COUNT - 1;
    const char *forced = getenv("CAIRN_PNG_SIMD");
    if (forced != NULL) {
        for (int path = 0; path < CAIRN_PNG_PATH_COUNT; path++) {
            if (strcmp(forced, cairn_png_fast_path_name(path)) == 0) wanted = path;
        }
    }
    active_path = best_supported(wanted);
}

void png_fast_init_tables(void) { pthread_once(&once, initialize); }

int cairn_png_fast_active_path(void) {
    png_fast_init_tables();
    return active_path;
}

const png_fast_kernels *png_fast_kernels_for(int path) {
    png_fast_init_tables();
    int chosen = path == CAIRN_PNG_PATH_AUTO ? active_path : best_supported(path);
    switch (chosen) {
#if PNG_FAST_X86
    case CAIRN_PNG_PATH_AVX2: return &png_fast_avx2_kernels;
    case CAIRN_PNG_PATH_SSE41: return &png_fast_sse41_kernels;
#endif
    default: return &png_fast_portable_kernels;
    }
}

uint32_t cairn_png_crc32(uint32_t crc, const uint8_t *data, size_t count, int path) {
    return png_fast_kernels_for(path)->crc32(crc, data, count);
}

uint32_t cairn_png_adler32(uint32_t adler, const uint8_t *data, size_t count, int path) {
    return png_fast_kernels_for(path)->adler32(adler, data, count);
}
