/*
 * Cairn's own truecolour PNG encoder (the `.simd` compressor of Codecs' PNGEncoder).
 *
 * Premultiplied ARGB32 rows in, one zlib stream (a PNG's IDAT data) out, written the way the fastest
 * known encoders work (fpnge, fdeflate): rows filtered with vector code, the filter chosen per row by
 * a cheap cost, runs (distance 1) and row-up matches (distance = one scanline) found with vector
 * compares, one Huffman code fitted to the whole image (or deflate's fixed code, or stored blocks,
 * whichever is smallest), Adler-32 with vector sums, CRC-32 with carry-less multiplication.
 *
 * Kernels exist for AVX2, SSE4.1 (both x86 only) and portable C (every architecture: what aarch64
 * runs); the best the CPU supports is chosen once, at the first call, by __builtin_cpu_supports.
 * CAIRN_PNG_SIMD=avx2|sse4.1|portable in the environment, or the `path` argument below, forces a path
 * (one the CPU lacks falls back to the best it has). Every path writes the same bytes.
 */
#ifndef CAIRN_PNG_FAST_H
#define CAIRN_PNG_FAST_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Kernel sets; CAIRN_PNG_PATH_AUTO is the one chosen at start-up. */
#define CAIRN_PNG_PATH_AUTO (-1)
#define CAIRN_PNG_PATH_PORTABLE 0
#define CAIRN_PNG_PATH_SSE41 1
#define CAIRN_PNG_PATH_AVX2 2
#define CAIRN_PNG_PATH_COUNT 3

/* Row filters: the PNG filter types, plus ADAPTIVE (per row, the cheapest of none, sub, up, paeth). */
#define CAIRN_PNG_FILTER_NONE 0
#define CAIRN_PNG_FILTER_SUB 1
#define CAIRN_PNG_FILTER_UP 2
#define CAIRN_PNG_FILTER_PAETH 4
#define CAIRN_PNG_FILTER_ADAPTIVE 5

/* The path chosen at start-up (the CPU's best, or CAIRN_PNG_SIMD's). */
int cairn_png_fast_active_path(void);
/* 1 when this CPU can run `path`. */
int cairn_png_fast_path_supported(int path);
/* "avx2", "sse4.1" or "portable"; NULL for an unknown path. */
const char *cairn_png_fast_path_name(int path);

/* The most bytes cairn_png_fast_zlib writes for such an image. */
size_t cairn_png_fast_bound(uint32_t width, uint32_t height, int opaque);

/* The working memory cairn_png_fast_zlib uses when given `scratch`. */
size_t cairn_png_fast_scratch_size(uint32_t width, uint32_t height, int opaque);

/*
 * Converts (RGB when `opaque`, else straight RGBA, alpha un-premultiplied as round(c * 255 / a)),
 * filters and compresses `height` rows of `width` pixels (`stride` pixels apart) into `out`, which
 * holds at least cairn_png_fast_bound bytes, working in `scratch` (cairn_png_fast_scratch_size bytes;
 * NULL: memory of its own). Returns the zlib stream's size, 0 when out of memory.
 * The output depends only on the pixels, `opaque` and `filter`, never on `path`.
 */
size_t cairn_png_fast_zlib(const uint32_t *pixels, size_t stride, uint32_t width, uint32_t height, int opaque,
                           int filter, int path, uint8_t *out, uint8_t *scratch);

/* CRC-32 (PNG's, zlib's) of `count` bytes continuing from `crc` (0 to start), with `path`'s kernel. */
uint32_t cairn_png_crc32(uint32_t crc, const uint8_t *data, size_t count, int path);
/* Adler-32 continuing from `adler` (1 to start), with `path`'s kernel. */
uint32_t cairn_png_adler32(uint32_t adler, const uint8_t *data, size_t count, int path);

#ifdef __cplusplus
}
#endif

#endif
