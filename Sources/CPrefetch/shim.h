// A hint to fetch memory into the caches ahead of a read, for passes whose reads are scattered.
static inline void cairn_prefetch(const void *address) { __builtin_prefetch(address, 0, 3); }
// The same, for memory about to be written.
static inline void cairn_prefetch_write(const void *address) { __builtin_prefetch(address, 1, 3); }
