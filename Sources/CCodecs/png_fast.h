/* Internals of Cairn's fast PNG encoder (see include/cairn_png_fast.h): the kernel table each
 * instruction-set path fills, and the pieces the driver shares. */
#ifndef CAIRN_PNG_FAST_INTERNAL_H
#define CAIRN_PNG_FAST_INTERNAL_H

#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include "cairn_png_fast.h"

/* The shortest match the encoder takes (deflate allows 3; 4 pays for its length code on filtered rows). */
#define PNG_FAST_MIN_MATCH 4
#define PNG_FAST_MAX_MATCH 258
/* Zero bytes kept before every row buffer (the left neighbours of the first pixel) and slack after
 * buffers that vector code reads or writes past their end. */
#define PNG_FAST_PAD 64

struct png_fast_match_list;
struct png_fast_tally;

/* One instruction set's kernels. Every path computes exactly the same results. */
typedef struct png_fast_kernels {
    /* Premultiplied ARGB32 to R,G,B (bpp 3) or straight R,G,B,A (bpp 4); may write 32 bytes past the row. */
    void (*convert_row)(const uint32_t *source, size_t width, int bpp, uint8_t *out);
    /* Row `filter` (1 sub, 2 up, 4 paeth) of `row` against `previous` (both with PNG_FAST_PAD zero bytes
     * before them) into `out`; returns the cost: the sum of |b| over the output read as signed bytes. */
    uint64_t (*filter_row)(int filter, const uint8_t *row, const uint8_t *previous, size_t count, int bpp,
                           uint8_t *out);
    /* The matches of a zlib stream's data (png_fast_matches.h, compiled with the path's kernels). */
    int (*find_matches)(const uint8_t *data, size_t total, size_t line, size_t bpp, size_t up_distance,
                        struct png_fast_match_list *matches, struct png_fast_tally *counts, uint32_t *table,
                        unsigned hash_bits);
    uint32_t (*adler32)(uint32_t adler, const uint8_t *data, size_t count);
    uint32_t (*crc32)(uint32_t crc, const uint8_t *data, size_t count);
} png_fast_kernels;

/* The x86 kernel sets are compiled on x86 only; everywhere else the portable kernels run. */
#if defined(__x86_64__) || defined(__i386__)
#define PNG_FAST_X86 1
#else
#define PNG_FAST_X86 0
#endif

extern const png_fast_kernels png_fast_portable_kernels;
#if PNG_FAST_X86
extern const png_fast_kernels png_fast_sse41_kernels;
extern const png_fast_kernels png_fast_avx2_kernels;
#endif

/* The kernels for `path` (CAIRN_PNG_PATH_AUTO: the active one; an unsupported one: the best supported). */
const png_fast_kernels *png_fast_kernels_for(int path);

/* table[alpha << 8 | value] = round(value * 255 / alpha) clamped to 255, 0 when alpha is 0. */
extern const uint8_t *png_fast_unpremultiply;
void png_fast_init_tables(void);

/* Scalar pieces every path shares (png_fast_portable.c). */
uint8_t png_fast_paeth_predict(uint8_t a, uint8_t b, uint8_t c);
void png_fast_convert_pixels(const uint32_t *source, size_t count, int bpp, uint8_t *out);
uint64_t png_fast_filter_tail(int filter, const uint8_t *row, const uint8_t *previous, size_t start, size_t count,
                              int bpp, uint8_t *out);
uint32_t png_fast_adler32_scalar(uint32_t adler, const uint8_t *data, size_t count);
uint32_t png_fast_crc32_raw(uint32_t state, const uint8_t *data, size_t count);
void png_fast_init_crc_tables(void);
#if PNG_FAST_X86
uint32_t png_fast_crc32_pclmul(uint32_t crc, const uint8_t *data, size_t count);
#endif

/* Adler-32's modulus and the longest run of bytes whose sums fit 32 bits before reducing. */
#define PNG_FAST_ADLER_BASE 65521u
#define PNG_FAST_ADLER_NMAX 5552

static inline uint32_t png_fast_load32(const uint8_t *p) {
    uint32_t v;
    memcpy(&v, p, 4);
    return v;
}

/* ---- deflate ------------------------------------------------------------------------------------- */

/* An LSB-first bit writer that stores 8 bytes at a time (its buffer needs 8 bytes of slack). */
typedef struct png_fast_bits {
    uint64_t buffer;
    unsigned used;
    uint8_t *out;
} png_fast_bits;

/* Appends `count` bits; used + count must stay within 64 (flush first). */
static inline void png_fast_put(png_fast_bits *w, uint64_t bits, unsigned count) {
    w->buffer |= bits << w->used;
    w->used += count;
}

/* Writes the whole bytes out, keeping fewer than 8 bits. */
static inline void png_fast_flush(png_fast_bits *w) {
    memcpy(w->out, &w->buffer, 8);
    unsigned bytes = w->used >> 3;
    w->out += bytes;
    w->buffer = (w->buffer >> (bytes * 4)) >> (bytes * 4);
    w->used &= 7;
}

/* Flushes and pads the last partial byte with zero bits. */
static inline void png_fast_align(png_fast_bits *w) {
    png_fast_flush(w);
    if (w->used > 0) {
        *w->out++ = (uint8_t)w->buffer;
        w->buffer = 0;
        w->used = 0;
    }
}

#define PNG_FAST_LITLEN_SYMBOLS 286
#define PNG_FAST_DIST_SYMBOLS 30

/* A deflate code: lengths, and codes bit-reversed for LSB-first writing. */
typedef struct png_fast_code {
    uint8_t lengths[288];
    uint16_t codes[288];
} png_fast_code;

/* Code lengths of at most `limit` bits for the symbols with a non-zero frequency (a lone symbol gets a
 * partner so that the code is complete). Deterministic: ties go by symbol number. */
void png_fast_huffman_lengths(const uint32_t *frequencies, int count, int limit, uint8_t *lengths);
/* The canonical codes of `lengths`, bit-reversed. */
void png_fast_canonical_codes(png_fast_code *code, int count);

/* A dynamic block's header: the code-length code and the run-length coded lengths. */
typedef struct png_fast_header {
    int litlen_count, dist_count, clen_count;
    png_fast_code clen;
    uint16_t items[PNG_FAST_LITLEN_SYMBOLS + PNG_FAST_DIST_SYMBOLS];  /* symbol | extra value << 5 */
    int item_count;
    uint64_t bits;  /* the header's size in bits, BFINAL and BTYPE included */
} png_fast_header;

void png_fast_plan_header(png_fast_header *header, const png_fast_code *litlen, const png_fast_code *dist);
void png_fast_write_header(png_fast_bits *w, const png_fast_header *header);

/* Deflate's length symbols: for each match length 3…258, its symbol, extra bit count and extra value
 * (filled by png_fast_init_tables). */
typedef struct png_fast_length_code {
    uint16_t symbol;
    uint8_t extra_bits, extra;
} png_fast_length_code;
extern png_fast_length_code png_fast_length_table[PNG_FAST_MAX_MATCH + 1];
void png_fast_init_length_table(void);

/* ---- matches ------------------------------------------------------------------------------------ */

/* The hash table of the match search: the last position (plus one) at which each hash of four bytes
 * was seen, as libdeflate's fastest level keeps it; deflate's window. */
#define PNG_FAST_HASH_BITS 14
/* The adaptive filter's sample strips are a few KiB: a smaller table, cleared twice an image, fits them. */
#define PNG_FAST_SAMPLE_HASH_BITS 12
#define PNG_FAST_WINDOW 32768

/* A match: `length` bytes at `position` repeat those `distance` bytes back. */
typedef struct png_fast_match {
    uint32_t position;
    uint16_t length;
    uint16_t distance;
} png_fast_match;

typedef struct png_fast_match_list {
    png_fast_match *items;
    size_t count, capacity;
    int owned;  /* items is the list's own heap memory (else room in the caller's scratch) */
} png_fast_match_list;

/* Makes room for one more match (moving a list out of the scratch onto the heap when it outgrows its
 * room); 0 when out of memory. */
int png_fast_grow_matches(png_fast_match_list *list);

/* What the codes are fitted to and sized by, counted while matches are found: literal/length and
 * distance symbols, and the extra bits the matches carry (so no pass over the matches is needed). */
typedef struct png_fast_tally {
    uint32_t litlen[PNG_FAST_LITLEN_SYMBOLS];
    uint32_t dist[PNG_FAST_DIST_SYMBOLS];
    uint64_t extra_bits;
} png_fast_tally;

/* A distance's symbol, extra bit count and extra value, by arithmetic (RFC 1951's table), without a
 * branch: d = distance - 1 codes as 2 * log2(d) plus the bit below the top one for every d from 2 on,
 * so distances 1 and 2 are coded as 3 would be and take their own symbol by a select. Matches at the
 * pixel before and at the scanline above alternate without a pattern, and the branch this replaces
 * (d < 4) missed on many of them: 3-6 % of an overlay, mosaic or cold tile's whole encode. */
static inline void png_fast_distance_code(unsigned distance, unsigned *symbol, unsigned *extra_bits,
                                          unsigned *extra) {
    unsigned d = distance - 1, small = d < 2, wide = small ? 2 : d;
    unsigned log = 31 - (unsigned)__builtin_clz(wide);
    unsigned code = 2 * log + ((wide >> (log - 1)) & 1);
    *symbol = small ? d : code;
    *extra_bits = log - 1;
    *extra = wide & ((1u << (log - 1)) - 1);
}

#endif
