/*
 * The C suite of CCodecs, one program for every architecture Cairn builds on (x86-64 natively,
 * aarch64 cross-compiled and run under qemu-aarch64; scripts/test-ccodecs.sh builds and runs it):
 *   round_trips.c  Cairn's PNG encoder on every kernel set this CPU offers, every row filter, odd and
 *                  wide sizes, flat, noisy and translucent images: decoded by CCodecs' two PNG paths
 *                  and by libpng to the pixels encoded, and the same bytes from every kernel set;
 *   checksums.c    the CRC-32 and Adler-32 kernels against zlib's;
 *   pngsuite.c     PngSuite decoded by CCodecs' two paths and compared with libpng's pixels, the
 *                  corrupt files refused;
 *   jpeg_webp.c    JPEG and WebP encode and decode round trips.
 * Usage: ccodecs-suite PNGSUITE_DIRECTORY. With CAIRN_PNG_SIMD set, also checks that the encoder
 * runs the kernel set it names when the CPU has it. Prints each failure and a summary; exits 1 when
 * anything failed.
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "cairn_png_fast.h"
#include "suite.h"

static unsigned long checks, failures;

int suite_check(int ok, const char *format, ...) {
    checks++;
    if (ok) return 1;
    failures++;
    if (failures <= 50) {
        va_list arguments;
        va_start(arguments, format);
        fputs("FAIL: ", stdout);
        vprintf(format, arguments);
        fputc('\n', stdout);
        va_end(arguments);
    }
    return 0;
}

int suite_paths(int paths[], int capacity) {
    int count = 0;
    for (int path = 0; path < CAIRN_PNG_PATH_COUNT && count < capacity; path++) {
        if (cairn_png_fast_path_supported(path)) paths[count++] = path;
    }
    return count;
}

uint8_t *suite_read_file(const char *path, size_t *size) {
    FILE *file = fopen(path, "rb");
    uint8_t *data = NULL;
    long length = -1;
    if (file != NULL && fseek(file, 0, SEEK_END) == 0 && (length = ftell(file)) >= 0 && fseek(file, 0, SEEK_SET) == 0) {
        data = malloc((size_t)length + 1);
        if (data != NULL && fread(data, 1, (size_t)length, file) != (size_t)length) {
            free(data);
            data = NULL;
        }
    }
    if (file != NULL) fclose(file);
    suite_check(data != NULL, "%s: cannot read", path);
    *size = data != NULL ? (size_t)length : 0;
    return data;
}

/* With CAIRN_PNG_SIMD naming a kernel set this CPU has, the encoder chose that one. */
static void check_forced_path(void) {
    const char *forced = getenv("CAIRN_PNG_SIMD");
    if (forced == NULL) return;
    for (int path = 0; path < CAIRN_PNG_PATH_COUNT; path++) {
        if (strcmp(forced, cairn_png_fast_path_name(path)) != 0) continue;
        /* a kernel set the CPU lacks falls back to the best one below it that it has */
        int expected = path;
        while (expected > CAIRN_PNG_PATH_PORTABLE && !cairn_png_fast_path_supported(expected)) expected--;
        suite_check(cairn_png_fast_active_path() == expected, "CAIRN_PNG_SIMD=%s: active path is %s", forced,
                    cairn_png_fast_path_name(cairn_png_fast_active_path()));
        return;
    }
    suite_check(0, "CAIRN_PNG_SIMD=%s names no kernel set", forced);
}

int main(int argc, char **argv) {
    if (argc != 2) {
        fprintf(stderr, "usage: %s PNGSUITE_DIRECTORY\n", argv[0]);
        return 64;
    }
    check_forced_path();
    suite_round_trips();
    suite_checksums();
    suite_pngsuite(argv[1]);
    suite_jpeg_webp();
    int paths[CAIRN_PNG_PATH_COUNT], count = suite_paths(paths, CAIRN_PNG_PATH_COUNT);
    printf("ccodecs-suite:");
#if defined(__aarch64__)
    printf(" aarch64,");
#elif defined(__x86_64__)
    printf(" x86-64,");
#endif
    printf(" kernel sets");
    for (int i = 0; i < count; i++) printf(" %s", cairn_png_fast_path_name(paths[i]));
    printf(" (active %s): %lu checks, %lu failed\n", cairn_png_fast_path_name(cairn_png_fast_active_path()),
           checks, failures);
    return failures == 0 ? 0 : 1;
}
