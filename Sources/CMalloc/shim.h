// glibc's allocator settings (mallopt), which the Glibc module does not export. Linux only: other
// systems have no <malloc.h> and no mallopt, and this module is then empty.
#if defined(__linux__)
#include <malloc.h>
#endif
