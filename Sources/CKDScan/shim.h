// The block scans of a KD partition (Clusters' KDSorter): where kdbush's left and right scans would
// stop over a block of entries, found four entries a compare with SSE2 (every x86-64 has it; Swift's
// SIMD types cannot turn a compare into a bit mask).
//
// Entries are 16 bytes apart and `keys` points at the first one's key (its x, or its y, 4 bytes
// further). Each scan writes the offsets (0, 1, 2… in scan order) where it would stop, in order,
// and returns how many; it writes only within the first `count` bytes of `offsets` and reads only
// the keys. The left scan (up) stops where `!(key < t)`, the right scan (down, entries at decreasing
// addresses) where `!(key > t)`: an unordered compare stops both, as kdbush's loops would.
#ifndef CAIRN_KD_SCAN_H
#define CAIRN_KD_SCAN_H

#include <stddef.h>
#include <stdint.h>
#include <string.h>
#if defined(__SSE2__)
#include <emmintrin.h>
#endif

// Floats from one entry's key to the next's.
#define CAIRN_KD_STRIDE 4

#if defined(__SSE2__)
// For each 4-bit mask: the positions of its set bits, lowest first, a byte each.
static const uint32_t cairn_kd_positions[16] = {
    0x00000000, 0x00000000, 0x00000001, 0x00000100, 0x00000002, 0x00000200, 0x00000201, 0x00020100,
    0x00000003, 0x00000300, 0x00000301, 0x00030100, 0x00000302, 0x00030200, 0x00030201, 0x03020100,
};
static const uint8_t cairn_kd_bits[16] = {0, 1, 1, 2, 1, 2, 2, 3, 1, 2, 2, 3, 2, 3, 3, 4};

// Appends the offsets `first`… of the set bits of `mask` at `offsets + count`; returns the new count.
static inline size_t cairn_kd_append(uint8_t *offsets, size_t count, unsigned mask, size_t first) {
    uint32_t positions = cairn_kd_positions[mask] + (uint32_t)first * 0x01010101u;
    memcpy(offsets + count, &positions, 4);
    return count + cairn_kd_bits[mask];
}

// Four keys `step` entries apart from `keys` (step 1 or -1), in one vector, lowest lane first.
static inline __m128 cairn_kd_keys4(const float *keys, ptrdiff_t step) {
    __m128 a = _mm_load_ss(keys), b = _mm_load_ss(keys + step * CAIRN_KD_STRIDE);
    __m128 c = _mm_load_ss(keys + 2 * step * CAIRN_KD_STRIDE), d = _mm_load_ss(keys + 3 * step * CAIRN_KD_STRIDE);
    return _mm_movelh_ps(_mm_unpacklo_ps(a, b), _mm_unpacklo_ps(c, d));
}
#endif

// The left scan over `count` entries from `keys` up: offsets where !(key < t).
static inline size_t cairn_kd_stops_up(const float *keys, size_t count, float t, uint8_t *offsets) {
    size_t found = 0, p = 0;
#if defined(__SSE2__)
    __m128 pivot = _mm_set1_ps(t);
    for (; p + 4 <= count; p += 4) {
        unsigned mask = (unsigned)_mm_movemask_ps(_mm_cmpnlt_ps(cairn_kd_keys4(keys + p * CAIRN_KD_STRIDE, 1), pivot));
        found = cairn_kd_append(offsets, found, mask, p);
    }
#endif
    for (; p < count; p++) {
        offsets[found] = (uint8_t)p;
        found += !(keys[p * CAIRN_KD_STRIDE] < t);
    }
    return found;
}

// The right scan over `count` entries from `keys` down: offsets where !(key > t).
static inline size_t cairn_kd_stops_down(const float *keys, size_t count, float t, uint8_t *offsets) {
    size_t found = 0, p = 0;
#if defined(__SSE2__)
    __m128 pivot = _mm_set1_ps(t);
    for (; p + 4 <= count; p += 4) {
        const float *at = keys - (ptrdiff_t)(p * CAIRN_KD_STRIDE);
        unsigned mask = (unsigned)_mm_movemask_ps(_mm_cmpngt_ps(cairn_kd_keys4(at, -1), pivot));
        found = cairn_kd_append(offsets, found, mask, p);
    }
#endif
    for (; p < count; p++) {
        offsets[found] = (uint8_t)p;
        found += !(keys[-(ptrdiff_t)(p * CAIRN_KD_STRIDE)] > t);
    }
    return found;
}

#endif
