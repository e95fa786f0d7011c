/* TEST REFERENCE ONLY: a second, independent PNG decode path (libpng's simplified API) that the
 * tests compare Cairn's decoder against. Not used by the library itself. */
#include <png.h>
#include "internal.h"

int ccodecs_reference_png_decode(const uint8_t *data, size_t size, int linear16, void *pixels,
                                 uint32_t *width, uint32_t *height,
                                 char *message, size_t message_size) {
    png_image image;
    memset(&image, 0, sizeof image);
    image.version = PNG_IMAGE_VERSION;
    if (!png_image_begin_read_from_memory(&image, data, size)) {
        ccodecs_set_message(message, message_size, image.message);
        png_image_free(&image);
        return CCODECS_CORRUPT;
    }
    *width = image.width;
    *height = image.height;
    if (pixels == NULL) {
        png_image_free(&image);
        return CCODECS_OK;
    }
    image.format = linear16 ? PNG_FORMAT_LINEAR_RGB_ALPHA : PNG_FORMAT_RGBA;
    if (!png_image_finish_read(&image, NULL, pixels, 0, NULL)) {
        ccodecs_set_message(message, message_size, image.message);
        png_image_free(&image);
        return CCODECS_CORRUPT;
    }
    return CCODECS_OK;
}
