/* The CRC-32 and Adler-32 kernels of every kernel set against zlib's, over lengths around the
 * kernels' block sizes, at every alignment, whole and continued. */
#include <stdlib.h>
#include <zlib.h>
#include "cairn_png_fast.h"
#include "suite.h"

void suite_checksums(void) {
    enum { SIZE = 5000 };
    uint8_t *data = malloc(SIZE + 4);
    uint32_t state = 12345;
    for (size_t i = 0; i < SIZE + 4; i++) {
        state = state * 1103515245u + 12345u;
        data[i] = (uint8_t)(state >> 16);
    }
    static const size_t lengths[] = {0, 1, 3, 15, 16, 17, 31, 32, 63, 64, 65, 127, 128, 129, 200, 1000, 4099, SIZE};
    int paths[CAIRN_PNG_PATH_COUNT], count = suite_paths(paths, CAIRN_PNG_PATH_COUNT);
    for (int p = 0; p < count; p++) {
        const char *name = cairn_png_fast_path_name(paths[p]);
        for (size_t l = 0; l < sizeof lengths / sizeof lengths[0]; l++) {
            for (size_t offset = 0; offset < 4; offset++) {
                const uint8_t *at = data + offset;
                size_t n = lengths[l], half = n / 2;
                uint32_t crc = (uint32_t)crc32(0, at, (uInt)n), adler = (uint32_t)adler32(1, at, (uInt)n);
                suite_check(cairn_png_crc32(0, at, n, paths[p]) == crc, "%s CRC-32 of %zu bytes at +%zu", name, n, offset);
                suite_check(cairn_png_crc32(cairn_png_crc32(0, at, half, paths[p]), at + half, n - half, paths[p]) == crc,
                            "%s CRC-32 of %zu bytes at +%zu, continued", name, n, offset);
                suite_check(cairn_png_adler32(1, at, n, paths[p]) == adler, "%s Adler-32 of %zu bytes at +%zu", name, n, offset);
                suite_check(cairn_png_adler32(cairn_png_adler32(1, at, half, paths[p]), at + half, n - half, paths[p]) == adler,
                            "%s Adler-32 of %zu bytes at +%zu, continued", name, n, offset);
            }
        }
    }
    free(data);
}
