/* A second, independent PNG decode path (libpng's simplified API) for the tests; see png_reference.h. */
#include <png.h>
#include <string.h>
#include "png_reference.h"

int png_reference_decode(const uint8_t *data, size_t size, int linear16, void *pixels,
                         uint32_t *width, uint32_t *height) {
    png_image image;
    memset(&image, 0, sizeof image);
    image.version = PNG_IMAGE_VERSION;
    if (!png_image_begin_read_from_memory(&image, data, size)) {
        png_image_free(&image);
        return -1;
    }
    *width = image.width;
    *height = image.height;
    if (pixels == NULL) {
        png_image_free(&image);
        return 0;
    }
    image.format = linear16 ? PNG_FORMAT_LINEAR_RGB_ALPHA : PNG_FORMAT_RGBA;
    if (!png_image_finish_read(&image, NULL, pixels, 0, NULL)) {
        png_image_free(&image);
        return -1;
    }
    return 0;
}
