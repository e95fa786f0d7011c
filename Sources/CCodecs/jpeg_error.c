#include "jpeg_error.h"

static void on_error_exit(j_common_ptr common) {
    ccodecs_jpeg_error *error = (ccodecs_jpeg_error *)common->err;
    error->manager.format_message(common, error->message);
    longjmp(error->jump, 1);
}

static void on_emit_message(j_common_ptr common, int level) {
    ccodecs_jpeg_error *error = (ccodecs_jpeg_error *)common->err;
    if (level >= 0) return;  /* trace messages */
    error->manager.num_warnings++;
    /* Running out of data makes libjpeg pad with grey and warn: a truncated file is an error for us. */
    if (error->manager.msg_code == JWRN_JPEG_EOF) {
        error->manager.format_message(common, error->message);
        longjmp(error->jump, 1);
    }
}

static void on_output_message(j_common_ptr common) { (void)common; }

struct jpeg_error_mgr *ccodecs_jpeg_error_init(ccodecs_jpeg_error *error) {
    struct jpeg_error_mgr *manager = jpeg_std_error(&error->manager);
    manager->error_exit = on_error_exit;
    manager->emit_message = on_emit_message;
    manager->output_message = on_output_message;
    error->message[0] = 0;
    return manager;
}
