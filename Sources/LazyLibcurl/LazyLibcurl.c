// libcurl, loaded on first use instead of at start-up.
//
// FoundationNetworking's static library (lib_CFURLSessionInterface.a) calls the curl_* functions
// below. Linking libcurl.so.4 for them would make the dynamic loader map and bind libcurl and
// its ~30 dependencies (TLS, Kerberos, LDAP...) at every start, which costs more than the rest
// of a `squad list`. In the static release build these definitions satisfy those references
// instead: each forwards to the real function, resolved with dlopen/dlsym the first time any is
// called. They are hidden, so nothing outside this executable ever sees them, and in the
// dynamic build (where libFoundationNetworking.so links libcurl itself) they go unused.

#include "LazyLibcurl.h"

#if defined(__linux__)

#include <dlfcn.h>
#include <pthread.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

#define HIDDEN __attribute__((visibility("hidden")))

// The functions FoundationNetworking calls (`nm -u lib_CFURLSessionInterface.a`), with their
// libcurl signatures. Handles are opaque and every enum is an int, so no curl header is needed.
#define LAZY_LIBCURL_FUNCTIONS(X)                                                             \
  X(void *, curl_easy_init, (void), ())                                                       \
  X(void, curl_easy_cleanup, (void *handle), (handle))                                        \
  X(int, curl_easy_pause, (void *handle, int mask), (handle, mask))                           \
  X(const char *, curl_easy_strerror, (int code), (code))                                     \
  X(void, curl_free, (void *pointer), (pointer))                                              \
  X(int, curl_global_init, (long flags), (flags))                                             \
  X(int, curl_multi_add_handle, (void *multi, void *easy), (multi, easy))                     \
  X(int, curl_multi_assign, (void *multi, int socket, void *pointer), (multi, socket, pointer)) \
  X(int, curl_multi_cleanup, (void *multi), (multi))                                          \
  X(void *, curl_multi_info_read, (void *multi, int *queued), (multi, queued))                \
  X(void *, curl_multi_init, (void), ())                                                      \
  X(int, curl_multi_remove_handle, (void *multi, void *easy), (multi, easy))                  \
  X(int, curl_multi_socket_action, (void *multi, int socket, int mask, int *running),         \
    (multi, socket, mask, running))                                                           \
  X(void *, curl_slist_append, (void *list, const char *text), (list, text))                  \
  X(void, curl_slist_free_all, (void *list), (list))                                          \
  X(void *, curl_url, (void), ())                                                             \
  X(int, curl_url_get, (const void *url, int part, char **value, unsigned flags),             \
    (url, part, value, flags))                                                                \
  X(int, curl_url_set, (void *url, int part, const char *value, unsigned flags),              \
    (url, part, value, flags))                                                                \
  X(char *, curl_version, (void), ())                                                         \
  X(void *, curl_version_info, (int age), (age))

// The variadic ones, forwarded by hand below.
#define LAZY_LIBCURL_VARIADIC(X)                              \
  X(int, curl_easy_setopt, (void *handle, int option, ...))   \
  X(int, curl_easy_getinfo, (void *handle, int info, ...))    \
  X(int, curl_multi_setopt, (void *multi, int option, ...))

typedef void (*function_pointer)(void);

static struct {
#define FIELD(result, name, parameters, arguments) result(*name) parameters;
#define VARIADIC_FIELD(result, name, parameters) result(*name) parameters;
  LAZY_LIBCURL_FUNCTIONS(FIELD)
  LAZY_LIBCURL_VARIADIC(VARIADIC_FIELD)
} real;

static pthread_mutex_t load_lock = PTHREAD_MUTEX_INITIALIZER;
static int loaded;  // read with __atomic_load_n, written under load_lock after `real` is filled

int lazy_libcurl_open(const char *name, char *error, size_t error_size) {
  void *library = dlopen(name, RTLD_NOW | RTLD_LOCAL);
  if (library == NULL) {
    snprintf(error, error_size, "%s", dlerror());
    return 0;
  }
  // Every function is looked up even when another library already serves the process, so the
  // answer for a name never depends on what was loaded before it.
  int usable = 1;
  typeof(real) found;
#define RESOLVE(result, name_, ...)                                                              \
  found.name_ = (typeof(found.name_))dlsym(library, #name_);                                     \
  if (usable && found.name_ == NULL) {                                                           \
    snprintf(error, error_size, "%s has no %s (libcurl 7.62 or newer is needed)", name, #name_); \
    usable = 0;                                                                                  \
  }
  LAZY_LIBCURL_FUNCTIONS(RESOLVE)
  LAZY_LIBCURL_VARIADIC(RESOLVE)
  int serves = 0;
  if (usable) {
    pthread_mutex_lock(&load_lock);
    if (!__atomic_load_n(&loaded, __ATOMIC_ACQUIRE)) {
      real = found;
      __atomic_store_n(&loaded, 1, __ATOMIC_RELEASE);
      serves = 1;
    }
    pthread_mutex_unlock(&load_lock);
  }
  // The library that serves the process stays loaded for good; any other is let go (dlopen
  // counts references, so this only drops the one taken above).
  if (!serves) dlclose(library);
  return usable;
}

// Squad loads libcurl before it creates a URLSession and reports a failure itself; this is the
// fallback for a call that comes first anyway: load the usual library, or stop with a sentence
// rather than jump through a null pointer.
static void require_libcurl(void) {
  if (__atomic_load_n(&loaded, __ATOMIC_ACQUIRE)) return;
  char error[512];
  const char *configured = getenv("SQUAD_LIBCURL");
  if (configured != NULL && configured[0] != '\0') {
    if (lazy_libcurl_open(configured, error, sizeof error)) return;
  } else if (lazy_libcurl_open("libcurl.so.4", error, sizeof error) ||
             lazy_libcurl_open("libcurl-gnutls.so.4", error, sizeof error)) {
    return;
  }
  fprintf(stderr, "Error: squad needs libcurl for the network and could not load it (%s).\n", error);
  _exit(1);
}

#define FORWARD(result, name, parameters, arguments) \
  HIDDEN result name parameters {                    \
    require_libcurl();                               \
    return real.name arguments;                      \
  }
LAZY_LIBCURL_FUNCTIONS(FORWARD)

// libcurl reads the one variadic argument by the option's type range (curl.h's CURLOPTTYPE_*:
// 0 long, 10000 object pointer, 20000 function pointer, 30000 curl_off_t, 40000 blob pointer),
// so it is read and passed on as exactly that type.
#define FORWARD_OPTION(function, handle, option)                          \
  va_list list;                                                           \
  va_start(list, option);                                                 \
  int code;                                                               \
  switch (option / 10000) {                                               \
  case 0: code = real.function(handle, option, va_arg(list, long)); break; \
  case 2: code = real.function(handle, option, va_arg(list, function_pointer)); break; \
  case 3: code = real.function(handle, option, va_arg(list, int64_t)); break; \
  default: code = real.function(handle, option, va_arg(list, void *)); break; \
  }                                                                       \
  va_end(list);                                                           \
  return code;

HIDDEN int curl_easy_setopt(void *handle, int option, ...) {
  require_libcurl();
  FORWARD_OPTION(curl_easy_setopt, handle, option)
}

HIDDEN int curl_multi_setopt(void *multi, int option, ...) {
  require_libcurl();
  FORWARD_OPTION(curl_multi_setopt, multi, option)
}

// Every CURLINFO_* takes a pointer to where the answer goes.
HIDDEN int curl_easy_getinfo(void *handle, int info, ...) {
  require_libcurl();
  va_list list;
  va_start(list, info);
  int code = real.curl_easy_getinfo(handle, info, va_arg(list, void *));
  va_end(list);
  return code;
}

#else

int lazy_libcurl_open(const char *name, char *error, size_t error_size) {
  (void)name;
  (void)error;
  (void)error_size;
  return 1;
}

#endif
