/* Deflate's Huffman codes for Cairn's fast PNG encoder: length-limited code lengths fitted to symbol
 * counts, canonical codes, and the dynamic block header (RFC 1951, 3.2.7). */
#include <stdlib.h>
#include "png_fast.h"

#define MAX_SYMBOLS 288

typedef struct { uint32_t frequency; uint16_t symbol; } leaf;

/* Sorts by frequency, ties by symbol (the leaves come in symbol order): a stable LSD radix sort,
 * a byte of the frequency a pass, passes over bytes all leaves share skipped. No comparisons, so no
 * mispredicted branches, which cost a comparison sort of a few hundred counts more than the sort. */
static void sort_leaves(leaf *leaves, int count) {
    leaf buffer[MAX_SYMBOLS];
    leaf *from = leaves, *to = buffer;
    for (int shift = 0; shift < 32; shift += 8) {
        int start[257] = {0};
        for (int i = 0; i < count; i++) start[(from[i].frequency >> shift & 0xFF) + 1]++;
        if (start[(from[0].frequency >> shift & 0xFF) + 1] == count) continue;  /* one bucket: no change */
        for (int b = 0; b < 256; b++) start[b + 1] += start[b];
        for (int i = 0; i < count; i++) to[start[from[i].frequency >> shift & 0xFF]++] = from[i];
        leaf *swap = from;
        from = to;
        to = swap;
    }
    if (from != leaves) memcpy(leaves, from, (size_t)count * sizeof(leaf));
}

void png_fast_huffman_lengths(const uint32_t *frequencies, int count, int limit, uint8_t *lengths) {
    leaf leaves[MAX_SYMBOLS];
    int used = 0;
    memset(lengths, 0, (size_t)count);
    for (int s = 0; s < count; s++) {
        if (frequencies[s] > 0) leaves[used++] = (leaf){frequencies[s], (uint16_t)s};
    }
    if (used == 0) return;
    if (used == 1) {
        lengths[leaves[0].symbol] = 1;
        lengths[leaves[0].symbol == 0 ? 1 : 0] = 1;
        return;
    }
    sort_leaves(leaves, used);
    /* Two queues: the sorted leaves, and the internal nodes, which are made in non-decreasing weight. */
    uint64_t weight[2 * MAX_SYMBOLS];
    int parent[2 * MAX_SYMBOLS];
    for (int i = 0; i < used; i++) weight[i] = leaves[i].frequency;
    int next_leaf = 0, next_internal = used, made = used;
    while (made < 2 * used - 1) {
        int pick[2];
        for (int k = 0; k < 2; k++) {
            if (next_leaf < used && (next_internal >= made || weight[next_leaf] <= weight[next_internal])) {
                pick[k] = next_leaf++;
            } else {
                pick[k] = next_internal++;
            }
        }
        weight[made] = weight[pick[0]] + weight[pick[1]];
        parent[pick[0]] = parent[pick[1]] = made;
        made++;
    }
    int depth[2 * MAX_SYMBOLS];
    int root = 2 * used - 2;
    depth[root] = 0;
    int per_length[64] = {0};
    for (int node = root - 1; node >= 0; node--) {
        depth[node] = depth[parent[node]] + 1;
        if (node < used) per_length[depth[node] < 63 ? depth[node] : 63]++;
    }
    /* Too long: clamp to `limit`, then restore Kraft's equality by lengthening shorter codes. */
    uint64_t kraft = 0;
    for (int length = limit + 1; length < 64; length++) {
        per_length[limit] += per_length[length];
        per_length[length] = 0;
    }
    for (int length = 1; length <= limit; length++) kraft += (uint64_t)per_length[length] << (limit - length);
    while (kraft > (1ull << limit)) {
        per_length[limit]--;
        for (int length = limit - 1; length > 0; length--) {
            if (per_length[length] > 0) {
                per_length[length]--;
                per_length[length + 1] += 2;
                break;
            }
        }
        kraft--;
    }
    /* The rarest symbols get the longest codes. */
    int index = 0;
    for (int length = limit; length > 0; length--) {
        for (int k = 0; k < per_length[length]; k++) lengths[leaves[index++].symbol] = (uint8_t)length;
    }
}

/* The 16 bits of x in reverse order (deflate sends Huffman codes from their top bit, the bit writer
 * from the bottom one). */
static inline uint16_t reverse16(uint16_t x) {
    x = (uint16_t)((x & 0x5555) << 1 | (x >> 1 & 0x5555));
    x = (uint16_t)((x & 0x3333) << 2 | (x >> 2 & 0x3333));
    x = (uint16_t)((x & 0x0F0F) << 4 | (x >> 4 & 0x0F0F));
    return (uint16_t)(x << 8 | x >> 8);
}

/* The codes are made in an array of the function's own and copied out: written straight into
 * code->codes beside the code->lengths they are read from (1- and 2-byte elements, one loop), GCC 12
 * at -O1 and -O2 on aarch64 addressed the stores from a null base, judged the function pure and
 * dropped its calls (see length_codes in png_fast_encode.c; scripts/test-ccodecs.sh looks for it). */
void png_fast_canonical_codes(png_fast_code *code, int count) {
    unsigned per_length[16] = {0}, next[16];
    uint16_t codes[288];
    for (int s = 0; s < count; s++) per_length[code->lengths[s]]++;
    per_length[0] = 0;
    unsigned value = 0;
    for (int length = 1; length < 16; length++) {
        value = (value + per_length[length - 1]) << 1;
        next[length] = value;
    }
    for (int s = 0; s < count; s++) {
        unsigned length = code->lengths[s];
        if (length == 0) {
            codes[s] = 0;
            continue;
        }
        unsigned c = next[length]++;
        codes[s] = (uint16_t)(reverse16((uint16_t)c) >> (16 - length));
    }
    memcpy(code->codes, codes, (size_t)count * sizeof codes[0]);
}

/* The order in which the code-length code's lengths are sent. */
static const uint8_t clen_order[19] = {16, 17, 18, 0, 8, 7, 9, 6, 10, 5, 11, 4, 12, 3, 13, 2, 14, 1, 15};
static const uint8_t clen_extra_bits[19] = {0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 2, 3, 7};

void png_fast_plan_header(png_fast_header *header, const png_fast_code *litlen, const png_fast_code *dist) {
    int litlen_count = PNG_FAST_LITLEN_SYMBOLS, dist_count = PNG_FAST_DIST_SYMBOLS;
    while (litlen_count > 257 && litlen->lengths[litlen_count - 1] == 0) litlen_count--;
    while (dist_count > 1 && dist->lengths[dist_count - 1] == 0) dist_count--;
    uint8_t all[PNG_FAST_LITLEN_SYMBOLS + PNG_FAST_DIST_SYMBOLS];
    memcpy(all, litlen->lengths, (size_t)litlen_count);
    memcpy(all + litlen_count, dist->lengths, (size_t)dist_count);
    int total = litlen_count + dist_count, items = 0;
    uint32_t frequencies[19] = {0};
    for (int i = 0; i < total;) {
        uint8_t value = all[i];
        int run = 1;
        while (i + run < total && all[i + run] == value) run++;
        i += run;
        if (value == 0) {
            while (run >= 11) {
                int part = run < 138 ? run : 138;
                header->items[items++] = (uint16_t)(18 | (part - 11) << 5);
                frequencies[18]++;
                run -= part;
            }
            if (run >= 3) {
                header->items[items++] = (uint16_t)(17 | (run - 3) << 5);
                frequencies[17]++;
                run = 0;
            }
        } else {
            header->items[items++] = value;
            frequencies[value]++;
            run--;
            while (run >= 3) {
                int part = run < 6 ? run : 6;
                header->items[items++] = (uint16_t)(16 | (part - 3) << 5);
                frequencies[16]++;
                run -= part;
            }
        }
        while (run-- > 0) {
            header->items[items++] = value;
            frequencies[value]++;
        }
    }
    png_fast_huffman_lengths(frequencies, 19, 7, header->clen.lengths);
    png_fast_canonical_codes(&header->clen, 19);
    int clen_count = 19;
    while (clen_count > 4 && header->clen.lengths[clen_order[clen_count - 1]] == 0) clen_count--;
    header->litlen_count = litlen_count;
    header->dist_count = dist_count;
    header->clen_count = clen_count;
    header->item_count = items;
    uint64_t bits = 3 + 5 + 5 + 4 + 3 * (uint64_t)clen_count;
    for (int s = 0; s < 19; s++) bits += (uint64_t)frequencies[s] * (header->clen.lengths[s] + clen_extra_bits[s]);
    header->bits = bits;
}

void png_fast_write_header(png_fast_bits *w, const png_fast_header *header) {
    png_fast_flush(w);
    png_fast_put(w, 1 | 2 << 1, 3);  /* BFINAL, BTYPE 2 (dynamic) */
    png_fast_put(w, (uint64_t)(header->litlen_count - 257), 5);
    png_fast_put(w, (uint64_t)(header->dist_count - 1), 5);
    png_fast_put(w, (uint64_t)(header->clen_count - 4), 4);
    for (int i = 0; i < header->clen_count; i++) {
        png_fast_flush(w);
        png_fast_put(w, header->clen.lengths[clen_order[i]], 3);
    }
    for (int i = 0; i < header->item_count; i++) {
        unsigned symbol = header->items[i] & 31, extra = header->items[i] >> 5;
        png_fast_flush(w);
        png_fast_put(w, header->clen.codes[symbol], header->clen.lengths[symbol]);
        png_fast_put(w, extra, clen_extra_bits[symbol]);
    }
}

static const uint16_t length_base[29] = {3, 4, 5, 6, 7, 8, 9, 10, 11, 13, 15, 17, 19, 23, 27, 31, 35, 43, 51, 59,
                                         67, 83, 99, 115, 131, 163, 195, 227, 258};
static const uint8_t length_extra[29] = {0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3,
                                         4, 4, 4, 4, 5, 5, 5, 5, 0};
png_fast_length_code png_fast_length_table[PNG_FAST_MAX_MATCH + 1];

void png_fast_init_length_table(void) {
    int i = 0;
    for (unsigned length = 3; length <= PNG_FAST_MAX_MATCH; length++) {
        while (i < 28 && length_base[i + 1] <= length) i++;
        png_fast_length_table[length] = (png_fast_length_code){(uint16_t)(257 + i), length_extra[i],
                                                               (uint8_t)(length - length_base[i])};
    }
}
