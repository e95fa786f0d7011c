/* The libjpeg error manager shared by the JPEG decoder and encoder: errors longjmp back to the
 * shim's setjmp, warnings are counted and never printed. */
#ifndef CCODECS_JPEG_ERROR_H
#define CCODECS_JPEG_ERROR_H

#include <stdio.h>
#include <setjmp.h>
#include <jpeglib.h>
#include <jerror.h>
#include "internal.h"

typedef struct ccodecs_jpeg_error {
    struct jpeg_error_mgr manager;
    jmp_buf jump;
    char message[JMSG_LENGTH_MAX];
} ccodecs_jpeg_error;

/* Installs the manager on `common` (cinfo->err must point to error->manager). */
struct jpeg_error_mgr *ccodecs_jpeg_error_init(ccodecs_jpeg_error *error);

#endif
