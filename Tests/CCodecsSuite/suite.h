/* The C suite of CCodecs: what every part of the suite shares (see main.c). */
#ifndef CCODECS_SUITE_H
#define CCODECS_SUITE_H

#include <stddef.h>
#include <stdint.h>

/* Counts a check; when `ok` is 0, prints "FAIL: " and the message and counts a failure. Returns `ok`. */
int suite_check(int ok, const char *format, ...) __attribute__((format(printf, 2, 3)));

/* The kernel sets this CPU runs (CAIRN_PNG_PATH_*), portable first; returns how many. */
int suite_paths(int paths[], int capacity);

/* A whole file read into memory (to be freed), or NULL (a failure is counted). */
uint8_t *suite_read_file(const char *path, size_t *size);

/* The parts of the suite; each counts its checks through suite_check. */
void suite_round_trips(void);
void suite_checksums(void);
void suite_pngsuite(const char *directory);
void suite_jpeg_webp(void);

#endif
