/* Animated WebP encoding through libwebpmux's WebPAnimEncoder. */
#include <webp/encode.h>
#include <webp/mux.h>
#include "internal.h"

struct ccodecs_webp_anim {
    WebPAnimEncoder *encoder;
    WebPConfig config;
    WebPPicture picture;  /* straight ARGB, reused for every frame */
    char message[CCODECS_MESSAGE_SIZE];
};

/* libwebp's last error, or a general one when it gives none. */
static void failed(ccodecs_webp_anim *anim) {
    const char *text = WebPAnimEncoderGetError(anim->encoder);
    ccodecs_set_message(anim->message, sizeof anim->message,
                        text != NULL && text[0] != '\0' ? text : "libwebp could not encode the animation");
}

ccodecs_webp_anim *ccodecs_webp_anim_create(uint32_t width, uint32_t height, int loop_count,
                                            float quality, int lossless, int method) {
    if (width == 0 || height == 0 || width > WEBP_MAX_DIMENSION || height > WEBP_MAX_DIMENSION) return NULL;
    ccodecs_webp_anim *anim = calloc(1, sizeof *anim);
    if (anim == NULL) return NULL;
    WebPAnimEncoderOptions options;
    if (!WebPAnimEncoderOptionsInit(&options) || !WebPConfigInit(&anim->config) || !WebPPictureInit(&anim->picture)) {
        free(anim);
        return NULL;
    }
    options.anim_params.loop_count = loop_count;
    anim->config.lossless = lossless;
    anim->config.quality = quality;
    anim->config.method = method;
    anim->picture.use_argb = 1;
    anim->picture.width = (int)width;
    anim->picture.height = (int)height;
    anim->encoder = WebPAnimEncoderNew((int)width, (int)height, &options);
    if (anim->encoder == NULL || !WebPValidateConfig(&anim->config) || !WebPPictureAlloc(&anim->picture)) {
        ccodecs_webp_anim_destroy(anim);
        return NULL;
    }
    return anim;
}

int ccodecs_webp_anim_add(ccodecs_webp_anim *anim, const uint32_t *pixels, size_t stride, int timestamp_ms) {
    WebPPicture *picture = &anim->picture;
    for (int y = 0; y < picture->height; y++)
        ccodecs_unpremultiply_row(pixels + (size_t)y * stride, picture->argb + (size_t)y * picture->argb_stride,
                                  (size_t)picture->width);
    if (!WebPAnimEncoderAdd(anim->encoder, picture, timestamp_ms, &anim->config)) {
        failed(anim);
        return CCODECS_FAILED;
    }
    return CCODECS_OK;
}

int ccodecs_webp_anim_finish(ccodecs_webp_anim *anim, int end_timestamp_ms, uint8_t **output, size_t *output_size) {
    WebPData data;
    WebPDataInit(&data);
    if (!WebPAnimEncoderAdd(anim->encoder, NULL, end_timestamp_ms, NULL) ||
        !WebPAnimEncoderAssemble(anim->encoder, &data)) {
        failed(anim);
        WebPDataClear(&data);
        return CCODECS_FAILED;
    }
    /* A malloc'ed copy, so that every encoder's output is freed with ccodecs_free. */
    uint8_t *copy = malloc(data.size);
    if (copy == NULL) {
        WebPDataClear(&data);
        ccodecs_set_message(anim->message, sizeof anim->message, "out of memory");
        return CCODECS_NO_MEMORY;
    }
    memcpy(copy, data.bytes, data.size);
    *output = copy;
    *output_size = data.size;
    WebPDataClear(&data);
    return CCODECS_OK;
}

const char *ccodecs_webp_anim_message(const ccodecs_webp_anim *anim) { return anim->message; }

void ccodecs_webp_anim_destroy(ccodecs_webp_anim *anim) {
    if (anim == NULL) return;
    if (anim->encoder != NULL) WebPAnimEncoderDelete(anim->encoder);
    WebPPictureFree(&anim->picture);
    free(anim);
}
