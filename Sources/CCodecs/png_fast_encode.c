/* Cairn's fast PNG encoder: rows converted and filtered, matches found, one block coded. */
#include <stdlib.h>
#include "png_fast.h"

int png_fast_grow_matches(png_fast_match_list *list) {
    size_t capacity = list->capacity ? list->capacity * 2 : 1024;
    png_fast_match *items = list->owned ? realloc(list->items, capacity * sizeof(png_fast_match))
                                        : malloc(capacity * sizeof(png_fast_match));
    if (items == NULL) return 0;
    if (!list->owned && list->count > 0) memcpy(items, list->items, list->count * sizeof(png_fast_match));
    list->items = items;
    list->capacity = capacity;
    list->owned = 1;
    return 1;
}

/* The working memory of one encode, all of it in the scratch (allocating it afresh for every image
 * cost more than some of the steps that use it: glibc hands freed blocks of this size back to the
 * kernel, and every page came back zeroed by a fault). */
typedef struct work {
    uint8_t *data;     /* the scanlines, then PNG_FAST_PAD zero bytes twice; first the adaptive sample */
    uint8_t *rows;     /* three padded row buffers */
    uint32_t *table;   /* the match search's hash table */
    struct length_codes *lengths;
    png_fast_match *matches;  /* room for `room` matches; more move to the heap */
    size_t room, size;
} work;

size_t cairn_png_fast_bound(uint32_t width, uint32_t height, int opaque) {
    size_t raw = (size_t)height * ((size_t)width * (opaque ? 3 : 4) + 1);
    /* stored blocks, the zlib header and Adler-32, and the bit writer's slack */
    return raw + 5 * (raw / 65535 + 1) + 2 + 4 + 16;
}

/* Filters one converted row into `out` (its filter byte first), choosing the filter when adaptive. */
static void filter_row(const png_fast_kernels *k, int filter, const uint8_t *row, const uint8_t *previous,
                       size_t count, int bpp, uint8_t *out, uint8_t *candidate) {
    if (filter != CAIRN_PNG_FILTER_ADAPTIVE) {
        out[0] = (uint8_t)filter;
        k->filter_row(filter, row, previous, count, bpp, out + 1);
        return;
    }
    /* Up first: a row equal to the one above costs 0 and needs no other try. */
    static const int order[4] = {CAIRN_PNG_FILTER_UP, CAIRN_PNG_FILTER_SUB, CAIRN_PNG_FILTER_PAETH,
                                 CAIRN_PNG_FILTER_NONE};
    uint64_t best = k->filter_row(order[0], row, previous, count, bpp, out + 1);
    out[0] = (uint8_t)order[0];
    for (int i = 1; i < 4 && best > 0; i++) {
        uint64_t cost = k->filter_row(order[i], row, previous, count, bpp, candidate);
        if (cost < best) {
            best = cost;
            out[0] = (uint8_t)order[i];
            memcpy(out + 1, candidate, count);
        }
    }
}

/* Each match length's code under a literal/length code: its length symbol's code with the extra bits
 * above it, and how many bits that makes. One array of pairs, not an array of codes beside an array
 * of counts: GCC 12 at -O1 and above compiled the loop filling those two (elements of 4 and 1 bytes,
 * one induction variable for both) into stores addressed from a null base, which its pure-function
 * analysis then read as null dereferences ("NULL memory access; terminating BB"); it judged the
 * function pure and dropped its calls, so blocks were coded with whatever the scratch held: corrupt
 * streams, or a crash in write_literals. The C suite (Tests/CCodecsSuite) checks every build. */
typedef struct length_code {
    uint32_t bits;
    uint32_t count;
} length_code;
struct length_codes {
    length_code of[PNG_FAST_MAX_MATCH + 1];
};
typedef struct length_codes length_codes;

static void fill_length_codes(length_codes *table, const png_fast_code *litlen) {
    for (unsigned length = 3; length <= PNG_FAST_MAX_MATCH; length++) {
        png_fast_length_code c = png_fast_length_table[length];
        table->of[length] = (length_code){litlen->codes[c.symbol] | (uint32_t)c.extra << litlen->lengths[c.symbol],
                                          (uint32_t)litlen->lengths[c.symbol] + c.extra_bits};
    }
}

/* The data's size in bits under a pair of codes (without any header). */
static uint64_t coded_bits(const png_fast_code *litlen, const png_fast_code *dist, const png_fast_tally *counts) {
    uint64_t bits = counts->extra_bits;
    for (int s = 0; s < PNG_FAST_LITLEN_SYMBOLS; s++) bits += (uint64_t)counts->litlen[s] * litlen->lengths[s];
    for (int s = 0; s < PNG_FAST_DIST_SYMBOLS; s++) bits += (uint64_t)counts->dist[s] * dist->lengths[s];
    return bits;
}

/* Literal k of `count` at `data`, or a code of no bits when k is past them. */
static inline void put_literal(png_fast_bits *w, const png_fast_code *code, const uint8_t *data, size_t k,
                               size_t count) {
    uint64_t keep = (uint64_t)0 - (uint64_t)(k < count);
    png_fast_put(w, code->codes[data[k]] & keep, code->lengths[data[k]] & (unsigned)keep);
}

/* Writes `count` literals, three after each flush (three codes of at most 15 bits fit beside the 7 a
 * flush may leave). The first three are written without a branch, as codes of no bits past `count`:
 * most stretches between two matches are empty or short, and a loop's exit after a varying count is
 * a branch missed about once a stretch. Reads up to 2 bytes past the literals (the data's padding). */
static inline void write_literals(png_fast_bits *w, const png_fast_code *code, const uint8_t *data, size_t count) {
    png_fast_flush(w);
    put_literal(w, code, data, 0, count);
    put_literal(w, code, data, 1, count);
    put_literal(w, code, data, 2, count);
    for (size_t i = 3; i < count; i += 3) {
        png_fast_flush(w);
        put_literal(w, code, data, i, count);
        put_literal(w, code, data, i + 1, count);
        put_literal(w, code, data, i + 2, count);
    }
}

static void write_symbols(png_fast_bits *writer, const png_fast_code *litlen, const png_fast_code *dist,
                          const length_codes *lengths, const uint8_t *data, size_t total, const png_fast_match_list *matches) {
    /* The writer's state in locals for the whole block: through the pointer, every code written
     * loads and stores it, which cost as much as the coding. */
    png_fast_bits local = *writer, *w = &local;
    size_t position = 0;
    for (size_t i = 0; i < matches->count; i++) {
        const png_fast_match *m = &matches->items[i];
        write_literals(w, litlen, data + position, m->position - position);
        unsigned symbol, extra_bits, extra;
        png_fast_distance_code(m->distance, &symbol, &extra_bits, &extra);
        png_fast_flush(w);
        png_fast_put(w, lengths->of[m->length].bits, lengths->of[m->length].count);
        png_fast_put(w, dist->codes[symbol], dist->lengths[symbol]);
        png_fast_put(w, extra, extra_bits);
        position = m->position + m->length;
    }
    write_literals(w, litlen, data + position, total - position);
    png_fast_flush(w);
    png_fast_put(w, litlen->codes[256], litlen->lengths[256]);
    *writer = local;
}

static void write_stored(png_fast_bits *w, const uint8_t *data, size_t total) {
    size_t position = 0;
    do {
        size_t part = total - position < 65535 ? total - position : 65535;
        png_fast_flush(w);
        png_fast_put(w, position + part == total ? 1 : 0, 3);  /* BFINAL, BTYPE 0 */
        png_fast_align(w);
        w->out[0] = (uint8_t)part;
        w->out[1] = (uint8_t)(part >> 8);
        w->out[2] = (uint8_t)~part;
        w->out[3] = (uint8_t)(~part >> 8);
        memcpy(w->out + 4, data + position, part);
        w->out += 4 + part;
        position += part;
    } while (position < total);
}

/* The lengths of deflate's fixed literal/length code (RFC 1951, 3.2.6) and its 5-bit distance codes
 * (enough to size a block; png_fast_canonical_codes makes the codes when the block is written so). */
static void fixed_lengths(png_fast_code *litlen, png_fast_code *dist) {
    for (int s = 0; s < 288; s++) litlen->lengths[s] = s < 144 ? 8 : s < 256 ? 9 : s < 280 ? 7 : 8;
    memset(dist->lengths, 0, sizeof dist->lengths);
    for (int s = 0; s < 30; s++) dist->lengths[s] = 5;
}

/* Codes and writes the filtered rows as one zlib stream. */
static size_t deflate_rows(const png_fast_kernels *k, const work *memory, size_t total, size_t line, size_t bpp,
                           size_t up_distance, uint8_t *out) {
    const uint8_t *data = memory->data;
    png_fast_match_list matches = {memory->matches, 0, memory->room, 0};
    png_fast_tally counts;
    memset(&counts, 0, sizeof counts);
    memset(memory->table, 0, sizeof(uint32_t) << PNG_FAST_HASH_BITS);
    length_codes *tables = memory->lengths;
    if (!k->find_matches(data, total, line, bpp, up_distance, &matches, &counts, memory->table, PNG_FAST_HASH_BITS)) {
        if (matches.owned) free(matches.items);
        return 0;
    }
    /* The fitted codes: the end-of-block symbol once, and at least two distance codes, so the code is
     * complete whatever is used (sizes are counted before these are added). */
    uint32_t litlen_counts[PNG_FAST_LITLEN_SYMBOLS], dist_counts[PNG_FAST_DIST_SYMBOLS];
    counts.litlen[256] = 1;
    memcpy(litlen_counts, counts.litlen, sizeof litlen_counts);
    memcpy(dist_counts, counts.dist, sizeof dist_counts);
    int used = 0;
    for (int s = 0; s < PNG_FAST_DIST_SYMBOLS; s++) used += dist_counts[s] != 0;
    if (used < 2) {
        if (dist_counts[0] == 0) dist_counts[0] = 1;
        if (dist_counts[1] == 0) dist_counts[1] = 1;
    }
    static const png_fast_code no_code;
    png_fast_code fitted = no_code, fitted_dist = no_code, fixed = no_code, fixed_dist = no_code;
    png_fast_huffman_lengths(litlen_counts, PNG_FAST_LITLEN_SYMBOLS, 15, fitted.lengths);
    png_fast_canonical_codes(&fitted, PNG_FAST_LITLEN_SYMBOLS);
    png_fast_huffman_lengths(dist_counts, PNG_FAST_DIST_SYMBOLS, 15, fitted_dist.lengths);
    png_fast_canonical_codes(&fitted_dist, PNG_FAST_DIST_SYMBOLS);
    fixed_lengths(&fixed, &fixed_dist);
    png_fast_header header;
    png_fast_plan_header(&header, &fitted, &fitted_dist);
    uint64_t dynamic_bits = header.bits + coded_bits(&fitted, &fitted_dist, &counts);
    uint64_t fixed_bits = 3 + coded_bits(&fixed, &fixed_dist, &counts);
    uint64_t stored_bits = 8 * (total + 5 * ((total + 65534) / 65535 + (total == 0)));

    png_fast_bits w = {0, 0, out};
    w.out[0] = 0x78;  /* deflate, 32 KiB window */
    w.out[1] = 0x01;  /* fastest, no dictionary; 0x7801 is a multiple of 31 */
    w.out += 2;
    if (stored_bits <= dynamic_bits && stored_bits <= fixed_bits) {
        write_stored(&w, data, total);
    } else if (fixed_bits < dynamic_bits) {
        png_fast_canonical_codes(&fixed, 288);
        png_fast_canonical_codes(&fixed_dist, PNG_FAST_DIST_SYMBOLS);
        fill_length_codes(tables, &fixed);
        png_fast_put(&w, 1 | 1 << 1, 3);  /* BFINAL, BTYPE 1 (fixed) */
        write_symbols(&w, &fixed, &fixed_dist, tables, data, total, &matches);
    } else {
        fill_length_codes(tables, &fitted);
        png_fast_write_header(&w, &header);
        write_symbols(&w, &fitted, &fitted_dist, tables, data, total, &matches);
    }
    png_fast_align(&w);
    uint32_t adler = k->adler32(1, data, total);
    w.out[0] = (uint8_t)(adler >> 24);
    w.out[1] = (uint8_t)(adler >> 16);
    w.out[2] = (uint8_t)(adler >> 8);
    w.out[3] = (uint8_t)adler;
    w.out += 4;
    if (matches.owned) free(matches.items);
    return (size_t)(w.out - out);
}

/* Converts and filters rows [first, first + count) into `data` (one scanline each), with the row
 * above `first` as their first previous row. `rows` holds three padded row buffers. */
static void filter_rows(const png_fast_kernels *k, const uint32_t *pixels, size_t stride, size_t width, size_t first,
                        size_t count, int bpp, int filter, uint8_t *rows, size_t span, uint8_t *data) {
    size_t row_bytes = width * (size_t)bpp, line = row_bytes + 1;
    if (filter == CAIRN_PNG_FILTER_NONE) {
        /* Unfiltered rows are converted in place, without row buffers or a copy. What convert_row
         * writes past a row lands in the next one, written after it, or in the padding after the
         * data, which the caller zeroes afterwards. */
        for (size_t y = first; y < first + count; y++) {
            uint8_t *out = data + (y - first) * line;
            k->convert_row(pixels + y * stride, width, bpp, out + 1);
            out[0] = CAIRN_PNG_FILTER_NONE;
        }
        return;
    }
    uint8_t *current = rows + PNG_FAST_PAD, *previous = rows + span + PNG_FAST_PAD;
    uint8_t *candidate = rows + 2 * span + PNG_FAST_PAD;
    if (first == 0) {
        memset(previous, 0, row_bytes);
    } else {
        k->convert_row(pixels + (first - 1) * stride, width, bpp, previous);
    }
    for (size_t y = first; y < first + count; y++) {
        k->convert_row(pixels + y * stride, width, bpp, current);
        filter_row(k, filter, current, previous, row_bytes, bpp, data + (y - first) * line, candidate);
        uint8_t *swap = current;
        current = previous;
        previous = swap;
    }
}

/* The rows sampled to choose between unfiltered rows and per-row filters: two strips of this many, a
 * third and two thirds down. For RGBA images (overlays, badges, translucent tiles) two rows are enough
 * for the row above to take part in the estimate: on the overlay tiles they choose as eight did, at a
 * quarter of the cost, which was a tenth of an overlay tile's whole encode. Opaque images (map tiles
 * under a chain) keep eight: with two or four, a `mosaic|grid` tile chose per-row filters that coded
 * 1.5 % larger and 35 % slower than its unfiltered rows (docs/png-encoder.md). */
static size_t sample_rows(int bpp) { return bpp == 4 ? 2 : 8; }

/* An estimate of the coded size of `data` in bits: matches at 16 bits, literals at their entropy. */
static double estimate_bits(const png_fast_kernels *k, const work *memory, size_t total, size_t line, size_t bpp,
                            size_t up_distance) {
    png_fast_match_list matches = {memory->matches, 0, memory->room, 0};
    png_fast_tally all;
    memset(&all, 0, sizeof all);
    const uint32_t *counts = all.litlen;
    memset(memory->table, 0, sizeof(uint32_t) << PNG_FAST_SAMPLE_HASH_BITS);
    if (!k->find_matches(memory->data, total, line, bpp, up_distance, &matches, &all, memory->table,
                         PNG_FAST_SAMPLE_HASH_BITS)) {
        if (matches.owned) free(matches.items);
        return 0;
    }
    double literals = 0, bits = 16.0 * (double)matches.count;
    for (int s = 0; s < 256; s++) literals += counts[s];
    for (int s = 0; s < 256; s++) {
        if (counts[s] != 0) bits += counts[s] * __builtin_log2(literals / counts[s]);
    }
    if (matches.owned) free(matches.items);
    return bits;
}

/* For the adaptive filter: CAIRN_PNG_FILTER_NONE when unfiltered rows code about as small on two strips
 * of the image (flat-colour art: overlays, mosaics over palette tiles), else CAIRN_PNG_FILTER_ADAPTIVE. */
static int choose_filter(const png_fast_kernels *k, const uint32_t *pixels, size_t stride, size_t width,
                         size_t height, int bpp, const work *memory, size_t span) {
    size_t line = width * (size_t)bpp + 1;
    size_t rows_each = sample_rows(bpp);
    size_t strips = height <= 2 * rows_each ? 1 : 2, per_strip = strips == 1 ? height : rows_each;
    size_t total = strips * per_strip * line;
    uint8_t *sample = memory->data, *rows = memory->rows;  /* the sample is at most the image */
    double cost[2];
    const int modes[2] = {CAIRN_PNG_FILTER_NONE, CAIRN_PNG_FILTER_ADAPTIVE};
    for (int m = 0; m < 2; m++) {
        for (size_t s = 0; s < strips; s++) {
            /* a third and two thirds down, the second strip kept inside images of 17 to 21 rows */
            size_t first = strips == 1 ? 0 : height * (s + 1) / 3;
            if (first + per_strip > height) first = height - per_strip;
            filter_rows(k, pixels, stride, width, first, per_strip, bpp, modes[m], rows, span,
                        sample + s * per_strip * line);
        }
        memset(sample + total, 0, 2 * PNG_FAST_PAD);
        cost[m] = estimate_bits(k, memory, total, line, (size_t)bpp, per_strip > 1 && line <= PNG_FAST_WINDOW ? line : 0);
    }
    /* Unfiltered rows are about twice as fast to code: they win unless filtering saves a tenth. */
    return cost[1] >= 0.9 * cost[0] ? CAIRN_PNG_FILTER_NONE : CAIRN_PNG_FILTER_ADAPTIVE;
}

/* Where each part of the working memory lies in a block at `base` (NULL: only the size). */
static work layout(uint8_t *base, size_t width, size_t height, size_t bpp) {
    size_t row_bytes = width * bpp, total = height * (row_bytes + 1);
    size_t span = PNG_FAST_PAD + row_bytes + PNG_FAST_PAD;
    work w;
    /* each part 64-byte aligned: room for the matches of most images (overlay tiles make one every 45
     * bytes, noise none) */
    size_t data = 0, rows = data + (total + 2 * PNG_FAST_PAD + 63) / 64 * 64;
    size_t table = rows + (3 * span + 63) / 64 * 64;
    size_t lengths = table + (sizeof(uint32_t) << PNG_FAST_HASH_BITS);
    size_t matches = lengths + (sizeof(length_codes) + 63) / 64 * 64;
    memset(&w, 0, sizeof w);
    w.room = total / 32 + 1024;
    w.size = matches + w.room * sizeof(png_fast_match);
    if (base == NULL) return w;
    w.data = base + data;
    w.rows = base + rows;
    w.table = (uint32_t *)(void *)(base + table);
    w.lengths = (length_codes *)(void *)(base + lengths);
    w.matches = (png_fast_match *)(void *)(base + matches);
    return w;
}

size_t cairn_png_fast_scratch_size(uint32_t width, uint32_t height, int opaque) {
    return layout(NULL, width, height, opaque ? 3 : 4).size + 64;  /* 64: to align a block given unaligned */
}

size_t cairn_png_fast_zlib(const uint32_t *pixels, size_t stride, uint32_t width, uint32_t height, int opaque,
                           int filter, int path, uint8_t *out, uint8_t *scratch) {
    const png_fast_kernels *k = png_fast_kernels_for(path);
    int bpp = opaque ? 3 : 4;
    size_t row_bytes = (size_t)width * (size_t)bpp, line = row_bytes + 1, total = (size_t)height * line;
    size_t span = PNG_FAST_PAD + row_bytes + PNG_FAST_PAD;
    if (total >= UINT32_MAX - 2 * PNG_FAST_PAD) return 0;  /* match positions are 32-bit */
    uint8_t *owned = scratch == NULL ? malloc(cairn_png_fast_scratch_size(width, height, opaque)) : NULL;
    uint8_t *base = scratch != NULL ? scratch : owned;
    if (base == NULL) return 0;
    work memory = layout(base + (-(uintptr_t)base & 63), width, height, (size_t)bpp);
    memset(memory.rows, 0, 3 * span);
    if (filter == CAIRN_PNG_FILTER_ADAPTIVE) filter = choose_filter(k, pixels, stride, width, height, bpp, &memory, span);
    filter_rows(k, pixels, stride, width, 0, height, bpp, filter, memory.rows, span, memory.data);
    memset(memory.data + total, 0, 2 * PNG_FAST_PAD);
    /* Row-up matches reach one scanline back; deflate's window is 32 KiB. */
    size_t up_distance = line <= PNG_FAST_WINDOW && height > 1 ? line : 0;
    size_t size = deflate_rows(k, &memory, total, line, (size_t)bpp, up_distance, out);
    free(owned);
    return size;
}
