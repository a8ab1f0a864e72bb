#ifndef LAZY_LIBCURL_H
#define LAZY_LIBCURL_H

#include <stddef.h>

/// Loads libcurl from `name` (a file name such as "libcurl.so.4" or a path) with dlopen and
/// resolves every libcurl function FoundationNetworking calls.
///
/// Returns 1 when libcurl is usable. Returns 0 and writes a sentence into `error` when `name`
/// cannot be loaded or lacks a function. The first library that loads serves the whole process;
/// later successful calls keep it. Thread-safe.
int lazy_libcurl_open(const char *name, char *error, size_t error_size);

#endif
