/*
 * CCodecs — the C layer under Cairn's Codecs module.
 *
 * libpng and libjpeg report errors with longjmp, which Swift cannot catch, so every call into
 * them happens here, under a setjmp in the same C function. The functions below only use plain
 * C types; none of libpng's, libjpeg's or libwebp's types leak out. libdeflate is re-exported as
 * is (it has no callbacks and no longjmp) for the Swift PNG writer.
 *
 * Pixels are Cairo's ARGB32: native-endian 0xAARRGGBB words with premultiplied alpha, `stride`
 * counted in pixels. Functions returning int return 0 on success and a negative CCODECS_* code
 * on failure, with a short message in the caller's buffer (or the decoder's).
 */
#ifndef CCODECS_H
#define CCODECS_H

#include <stddef.h>
#include <stdint.h>
#include <libdeflate.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Result codes. */
#define CCODECS_OK 0
#define CCODECS_CORRUPT (-1)      /* the data is malformed or truncated */
#define CCODECS_UNSUPPORTED (-2)  /* well-formed but a feature we do not decode (animated WebP…) */
#define CCODECS_NO_MEMORY (-3)
#define CCODECS_FAILED (-4)       /* an encoder failed */

/* What a header says about an image. */
typedef struct ccodecs_image_info {
    uint32_t width;
    uint32_t height;
    int has_alpha;    /* the image may contain non-opaque pixels */
    int bit_depth;    /* bits per sample (PNG), 8 otherwise */
    int interlaced;   /* PNG Adam7 interlacing or progressive JPEG */
} ccodecs_image_info;

#define CCODECS_MESSAGE_SIZE 200

/* ---- PNG (libpng) ------------------------------------------------------------------------ */

typedef struct ccodecs_png_decoder ccodecs_png_decoder;

/* A decoder reading `size` bytes at `data`, which must stay valid until it is destroyed. NULL when out of memory. */
ccodecs_png_decoder *ccodecs_png_decoder_create(const uint8_t *data, size_t size);
/* Reads the chunks up to the image data. */
int ccodecs_png_read_header(ccodecs_png_decoder *decoder, ccodecs_image_info *info);
/* Decodes the image into premultiplied ARGB32 pixels (width x height, `stride` pixels a row). Call once, after the header. */
int ccodecs_png_read_pixels(ccodecs_png_decoder *decoder, uint32_t *pixels, size_t stride);
/* The message of the last failure. */
const char *ccodecs_png_message(const ccodecs_png_decoder *decoder);
void ccodecs_png_decoder_destroy(ccodecs_png_decoder *decoder);
/* Ordinary non-interlaced images of 8 bits a sample or less have their data inflated by libdeflate
 * and unfiltered without libpng (same pixels, same errors). Before reading the pixels, 0 turns that
 * off for this decoder (tests compare the two); afterwards, whether it was taken. */
void ccodecs_png_set_direct_rows(ccodecs_png_decoder *decoder, int enabled);
int ccodecs_png_took_direct_rows(const ccodecs_png_decoder *decoder);

/* ---- JPEG (libjpeg-turbo) --------------------------------------------------------------- */

typedef struct ccodecs_jpeg_decoder ccodecs_jpeg_decoder;

ccodecs_jpeg_decoder *ccodecs_jpeg_decoder_create(const uint8_t *data, size_t size);
int ccodecs_jpeg_read_header(ccodecs_jpeg_decoder *decoder, ccodecs_image_info *info);
/* Decodes into opaque ARGB32 (libjpeg-turbo's JCS_EXT_BGRA on little-endian; CMYK/YCCK converted here). */
int ccodecs_jpeg_read_pixels(ccodecs_jpeg_decoder *decoder, uint32_t *pixels, size_t stride);
const char *ccodecs_jpeg_message(const ccodecs_jpeg_decoder *decoder);
void ccodecs_jpeg_decoder_destroy(ccodecs_jpeg_decoder *decoder);

typedef struct ccodecs_jpeg_options {
    int quality;      /* 1…100 */
    int progressive;  /* write a progressive JPEG */
    int grayscale;    /* write a single-channel JPEG */
    int cmyk;         /* write an Adobe-style (inverted) CMYK JPEG; for tests of the CMYK decoder */
} ccodecs_jpeg_options;

/* Encodes premultiplied ARGB32 pixels; non-opaque pixels are composited over white first.
 * On success `*output` is a malloc'ed buffer of `*output_size` bytes: free it with ccodecs_free. */
int ccodecs_jpeg_encode(const uint32_t *pixels, size_t stride, uint32_t width, uint32_t height,
                        ccodecs_jpeg_options options, uint8_t **output, size_t *output_size,
                        char *message, size_t message_size);

/* ---- WebP (libwebp) --------------------------------------------------------------------- */

int ccodecs_webp_read_header(const uint8_t *data, size_t size, ccodecs_image_info *info,
                             char *message, size_t message_size);
/* Decodes a still WebP into premultiplied ARGB32 pixels (width x height from the header). */
int ccodecs_webp_read_pixels(const uint8_t *data, size_t size, uint32_t *pixels, size_t stride,
                             uint32_t width, uint32_t height, char *message, size_t message_size);
/* Encodes premultiplied ARGB32 pixels (un-premultiplied first). `quality` 0…100.
 * On success `*output` is a buffer of `*output_size` bytes: free it with ccodecs_free. */
int ccodecs_webp_encode(const uint32_t *pixels, size_t stride, uint32_t width, uint32_t height,
                        float quality, int lossless, uint8_t **output, size_t *output_size,
                        char *message, size_t message_size);

/* Animated WebP through libwebpmux's WebPAnimEncoder: create, add every frame with its start time,
 * finish with the end time of the last frame, destroy. Frames are premultiplied ARGB32 (un-premultiplied
 * here), width x height as created, `stride` pixels a row. Identical consecutive frames are merged by
 * libwebp (the earlier frame's duration grows). */
typedef struct ccodecs_webp_anim ccodecs_webp_anim;

/* NULL when out of memory or the size is 0 or above 16383. With `lossless` 1, `quality` (0…100) is
 * the compression effort, as in WebPConfig; `method` 0 (fastest) … 6 (smallest) is WebPConfig's too.
 * `loop_count` 0 = forever, at most 65535. */
ccodecs_webp_anim *ccodecs_webp_anim_create(uint32_t width, uint32_t height, int loop_count,
                                            float quality, int lossless, int method);
int ccodecs_webp_anim_add(ccodecs_webp_anim *anim, const uint32_t *pixels, size_t stride, int timestamp_ms);
/* On success `*output` is a buffer of `*output_size` bytes: free it with ccodecs_free. */
int ccodecs_webp_anim_finish(ccodecs_webp_anim *anim, int end_timestamp_ms, uint8_t **output, size_t *output_size);
/* The message of the last failure. */
const char *ccodecs_webp_anim_message(const ccodecs_webp_anim *anim);
void ccodecs_webp_anim_destroy(ccodecs_webp_anim *anim);

/* Frees a buffer returned by an encoder above. */
void ccodecs_free(void *pointer);

/* ---- Pixels ----------------------------------------------------------------------------- */

/* Premultiplies straight-alpha ARGB32 pixels in place, rounding as Cairo/pixman do: round(c * a / 255). */
void ccodecs_premultiply(uint32_t *pixels, size_t stride, uint32_t width, uint32_t height);

#ifdef __cplusplus
}
#endif

#endif
