// ecCodes, opened when meshdiff first reads a GRIB file (common/LibraryOnDemand.h): each function
// meshdiff uses, defined to call the library's own.
#include <eccodes.h>

#include "common/LibraryOnDemand.h"

namespace {

meshdiff::LibraryOnDemand& eccodes() {
    static meshdiff::LibraryOnDemand library(MESHDIFF_ECCODES_SONAME, "to read GRIB files");
    return library;
}

}  // namespace

MESHDIFF_ON_DEMAND(eccodes(), codes_context*, codes_context_get_default, (void), ())
MESHDIFF_ON_DEMAND(eccodes(), void, codes_context_set_logging_proc, (codes_context * c, codes_log_proc p_log),
                   (c, p_log))
MESHDIFF_ON_DEMAND(eccodes(), int, codes_get_double, (const codes_handle* h, const char* key, double* value),
                   (h, key, value))
MESHDIFF_ON_DEMAND(eccodes(), int, codes_get_double_array,
                   (const codes_handle* h, const char* key, double* vals, size_t* length), (h, key, vals, length))
MESHDIFF_ON_DEMAND(eccodes(), const char*, codes_get_error_message, (int code), (code))
MESHDIFF_ON_DEMAND(eccodes(), int, codes_get_long, (const codes_handle* h, const char* key, long* value),
                   (h, key, value))
MESHDIFF_ON_DEMAND(eccodes(), int, codes_get_long_array,
                   (const codes_handle* h, const char* key, long* vals, size_t* length), (h, key, vals, length))
MESHDIFF_ON_DEMAND(eccodes(), int, codes_get_message_offset, (const codes_handle* h, off_t* offset), (h, offset))
MESHDIFF_ON_DEMAND(eccodes(), int, codes_get_size, (const codes_handle* h, const char* key, size_t* size),
                   (h, key, size))
MESHDIFF_ON_DEMAND(eccodes(), int, codes_get_string,
                   (const codes_handle* h, const char* key, char* mesg, size_t* length), (h, key, mesg, length))
MESHDIFF_ON_DEMAND(eccodes(), int, codes_handle_delete, (codes_handle * h), (h))
MESHDIFF_ON_DEMAND(eccodes(), codes_handle*, codes_handle_new_from_file,
                   (codes_context * c, FILE* f, ProductKind product, int* error), (c, f, product, error))
MESHDIFF_ON_DEMAND(eccodes(), codes_handle*, codes_handle_new_from_message,
                   (codes_context * c, const void* data, size_t data_len), (c, data, data_len))
MESHDIFF_ON_DEMAND(eccodes(), int, codes_is_defined, (const codes_handle* h, const char* key), (h, key))
MESHDIFF_ON_DEMAND(eccodes(), int, codes_is_missing, (const codes_handle* h, const char* key, int* err), (h, key, err))
