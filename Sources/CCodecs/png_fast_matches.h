/* Included by each path once, after its next_match and match_length kernels: no include guard. */
/* The match search of Cairn's fast PNG encoder, written once and compiled with each path's kernels
 * (KERNEL(next_match), KERNEL(match_length)) inlined: it calls them once or twice a match, thousands
 * of times an image, and the calls through the kernel table cost as much as the work of short ones.
 *
 * Runs (the byte before), flat colour (the pixel before) and the scanline above are found by the
 * vector kernels; between them, a hash table of 4-byte sequences looked up where pixels start finds
 * what they miss. Greedy, and the same decisions on every path. */

/* x mod bpp without a division (bpp is 3 or 4). */
static inline size_t KERNEL(mod_bpp)(size_t x, size_t bpp) { return bpp == 4 ? (x & 3) : x % 3; }

static inline uint32_t KERNEL(hash4)(const uint8_t *p, unsigned bits) {
    return (png_fast_load32(p) * 2654435761u) >> (32 - bits);
}

/* The literals in [from, to) looked up in the hash table, only where pixels start: the repeats that
 * the vector search misses (a badge's shape or a glyph seen before, a circle's row shifted by some
 * pixels) repeat whole pixels, so they start there too, and a quarter of the lookups find them.
 * Scanlines are `line` bytes, a filter byte and then pixels of `bpp` bytes; `row` is where the one
 * holding `from` starts. The first repeat found, or `to`. */
TARGET_ATTR
static inline size_t KERNEL(hashed_repeat)(const uint8_t *data, size_t from, size_t to, size_t row, size_t line,
                                           size_t bpp, uint32_t *table, unsigned hash_bits,
                                           size_t *distance) {
    size_t s = from, row_end = row + line;
    if (s == row) {
        s++;
    } else if (KERNEL(mod_bpp)(s - row - 1, bpp) != 0) {
        s += bpp - KERNEL(mod_bpp)(s - row - 1, bpp);
    }
    if (s >= row_end) {  /* past the row's last pixel: the next row's first */
        s = row_end + 1;
        row_end += line;
    }
    while (s < to) {
        uint32_t h = KERNEL(hash4)(data + s, hash_bits), seen = table[h];
        table[h] = (uint32_t)s + 1;
        if (seen != 0 && s - (seen - 1) <= PNG_FAST_WINDOW &&
            png_fast_load32(data + seen - 1) == png_fast_load32(data + s)) {
            *distance = s - (seen - 1);
            return s;
        }
        s += bpp;
        if (s >= row_end) {
            s = row_end + 1;
            row_end += line;
        }
    }
    return to;
}

/* Whether a run, the pixel before or the scanline above (0: not searched) repeats at `p`: what the
 * vector search would find there, without its vector compares. Two matches in three of overlay tiles
 * follow the one before at once (a run after a run, a row of a badge after the row above), and this
 * test finds them for a few scalar loads. */
static inline int KERNEL(repeats_at)(const uint8_t *data, size_t p, size_t pixel, size_t distance) {
    uint32_t value = png_fast_load32(data + p);
    return png_fast_load32(data + p - 1) == value || (pixel != 0 && png_fast_load32(data + p - pixel) == value) ||
           (distance != 0 && png_fast_load32(data + p - distance) == value);
}

/* The literals data[from, to) counted into `counts`. The first four are counted without a loop: two
 * stretches in three are empty (a match right after the one before) and most of the others short, and
 * a loop's exit after a varying count is a branch missed about once a stretch. Reads up to 4 bytes
 * past `to`, inside the data's padding. */
static inline void KERNEL(count_literals)(const uint8_t *data, size_t from, size_t to, png_fast_tally *counts) {
    const uint8_t *literal = data + from;
    size_t count = to - from;
    counts->litlen[literal[0]] += count > 0;
    counts->litlen[literal[1]] += count > 1;
    counts->litlen[literal[2]] += count > 2;
    counts->litlen[literal[3]] += count > 3;
    for (size_t i = 4; i < count; i++) counts->litlen[literal[i]]++;
}

/* The longest repeat at `found` among the candidate distances (0: none), tried in order; a tie keeps
 * the earlier one, and one as long as `limit` ends the search. */
TARGET_ATTR
static inline size_t KERNEL(longest_repeat)(const uint8_t *data, size_t found, size_t limit,
                                            const size_t *distances, int count, size_t *chosen) {
    size_t best = 0;
    uint32_t value = png_fast_load32(data + found);
    for (int i = 0; i < count && best < limit; i++) {
        size_t d = distances[i];
        if (d == 0 || png_fast_load32(data + found - d) != value) continue;
        size_t length = KERNEL(match_length)(data + found, data + found - d, limit);
        if (length > best) {
            best = length;
            *chosen = d;
        }
    }
    return best;
}

/* The matches in `data` (scanlines of `line` bytes, pixels of `bpp`; `up_distance` the scanline above,
 * 0 for none), and the symbols they and the literals left over make, counted in `counts`; `table` has
 * 2^hash_bits slots, zeroed. */
TARGET_ATTR
static int KERNEL(find_matches)(const uint8_t *data, size_t total, size_t line, size_t bpp, size_t up_distance,
                                png_fast_match_list *matches, png_fast_tally *counts, uint32_t *table,
                                unsigned hash_bits) {
    size_t last = total >= PNG_FAST_MIN_MATCH ? total - PNG_FAST_MIN_MATCH + 1 : 0;
    size_t p = 1, literals_from = 0, row = 0;
    /* The vector search's last answer: no run, pixel or scanline repeat starts in [p, next) when p is
     * at most `next` and the search since ran with the same distances (`next_to` the same end), so a
     * match the hash table found before `next` resumes there without scanning those bytes again. */
    size_t next = 0, next_to = 0;
    while (p < last) {
        if (p - row >= line) row = p - (p - row) % line;  /* the scanline p is in starts at row */
        /* a distance takes part once p has reached it */
        size_t pixel = p >= bpp ? bpp : 0, distance = up_distance != 0 && p >= up_distance ? up_distance : 0;
        size_t to = last;
        if (pixel == 0 && bpp < to) to = bpp;
        if (up_distance != 0 && distance == 0 && up_distance < to) to = up_distance;
        size_t q;
        if (p <= next && to == next_to) {
            q = next;
        } else if (p < to && KERNEL(repeats_at)(data, p, pixel, distance)) {
            q = p;
        } else {
            q = KERNEL(next_match)(data, p, to, pixel, distance);
        }
        next = q;
        next_to = to;
        /* the literals before q: any of them may start an older repeat */
        size_t found_distance = 0;
        size_t found = p < q ? KERNEL(hashed_repeat)(data, p, q, row, line, bpp, table, hash_bits, &found_distance) : q;
        if (found >= to) {
            p = to;
            continue;
        }
        size_t limit = total - found < PNG_FAST_MAX_MATCH ? total - found : PNG_FAST_MAX_MATCH;
        size_t length, chosen = found_distance;
        if (found_distance != 0) {
            length = KERNEL(match_length)(data + found, data + found - found_distance, limit);
        } else {
            const size_t candidates[3] = {1, pixel, distance};
            length = KERNEL(longest_repeat)(data, found, limit, candidates, 3, &chosen);
        }
        KERNEL(count_literals)(data, literals_from, found, counts);
        if (matches->count == matches->capacity && !png_fast_grow_matches(matches)) return 0;
        matches->items[matches->count++] = (png_fast_match){(uint32_t)found, (uint16_t)length, (uint16_t)chosen};
        unsigned symbol, extra_bits, extra;
        png_fast_distance_code((unsigned)chosen, &symbol, &extra_bits, &extra);
        counts->litlen[png_fast_length_table[length].symbol]++;
        counts->dist[symbol]++;
        counts->extra_bits += extra_bits + png_fast_length_table[length].extra_bits;
        p = literals_from = found + length;
    }
    for (size_t i = literals_from; i < total; i++) counts->litlen[data[i]]++;
    return 1;
}
