/* libcurl, loaded when first called instead of at every start.
 *
 * The MCP library (modelcontextprotocol/swift-sdk, its OAuth and HTTP client transport) imports FoundationNetworking,
 * so pushsim-server's static Foundation brings URLSession (`pushsim` itself links neither), whose C layer (swift-corelibs-foundation's
 * CFURLSessionInterface) calls the 23 libcurl functions below. Linked directly, Debian's libcurl4 and its dependency
 * chain (TLS, Kerberos, LDAP, SSH, IDN, PSL, brotli, zstd...: 30 shared objects) were mapped and relocated at every
 * start (`pushsim --version` included, before `serve` and `mcp` had a binary of their own): `ldd` 37 entries, about 10 M instructions of the dynamic loader's before the
 * first frame. pushsim itself never calls URLSession (images go through CImaging's own dlopen of libcurl, shim.h), and
 * `pushsim mcp` speaks over standard input and output, so nothing calls these in practice; they forward, exactly, in
 * case something does. With these definitions in the executable, tools/link-static.sh's `--as-needed` libcurl is
 * no longer needed and the release binary does not name it (test_start_libraries).
 *
 * Each function resolves its libcurl counterpart on first use (dlopen once, dlsym from that handle, so never one of
 * these definitions); without libcurl installed it answers as libcurl does when it cannot start: CURLE_FAILED_INIT
 * (2), CURLM_INTERNAL_ERROR (4), CURLUE_OUT_OF_MEMORY (7) or NULL.
 *
 * curl_easy_setopt, curl_easy_getinfo and curl_multi_setopt are variadic with exactly one argument after the option
 * (curl.h: "a long, a function pointer, an object pointer or a curl_off_t"); on x86-64 and arm64 Linux each is passed
 * in one general-purpose register, so it is read and passed on as a pointer-sized integer. */
#include "CurlLazy.h"
#include <dlfcn.h>
#include <pthread.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

static void *curl_handle;
static pthread_once_t curl_once = PTHREAD_ONCE_INIT;

static void curl_open(void) {
    const char *names[] = { "libcurl.so.4", "libcurl-gnutls.so.4", "libcurl-nss.so.4", "libcurl.so" };
    for (size_t i = 0; i < sizeof names / sizeof names[0] && !curl_handle; i++) curl_handle = dlopen(names[i], RTLD_NOW | RTLD_LOCAL);
}

static void *curl_symbol(const char *name) {
    pthread_once(&curl_once, curl_open);
    return curl_handle ? dlsym(curl_handle, name) : NULL;
}

/* One forwarding function: RET NAME(PARAMS) calls the real NAME with ARGS, or returns FALLBACK. */
#define FORWARD(ret, name, params, args, fallback)                                   \
    ret name params {                                                                \
        static ret (*real) params;                                                   \
        if (!real) real = (ret (*) params)curl_symbol(#name);                        \
        return real ? real args : (fallback);                                        \
    }
#define FORWARD_VOID(name, params, args)                                             \
    void name params {                                                               \
        static void (*real) params;                                                  \
        if (!real) real = (void (*) params)curl_symbol(#name);                       \
        if (real) real args;                                                         \
    }
#define FORWARD_ONE_MORE(name, fallback)                                             \
    int name(void *handle, int option, ...) {                                        \
        static int (*real)(void *, int, ...);                                        \
        if (!real) real = (int (*)(void *, int, ...))curl_symbol(#name);             \
        va_list ap;                                                                  \
        va_start(ap, option);                                                        \
        uintptr_t argument = va_arg(ap, uintptr_t);                                  \
        va_end(ap);                                                                  \
        return real ? real(handle, option, argument) : (fallback);                   \
    }

FORWARD(int, curl_global_init, (long flags), (flags), 2)
FORWARD(void *, curl_easy_init, (void), (), NULL)
FORWARD_ONE_MORE(curl_easy_setopt, 2)
FORWARD_ONE_MORE(curl_easy_getinfo, 2)
FORWARD_VOID(curl_easy_cleanup, (void *handle), (handle))
FORWARD(int, curl_easy_pause, (void *handle, int bitmask), (handle, bitmask), 2)
FORWARD(const char *, curl_easy_strerror, (int code), (code), "libcurl is not installed")
FORWARD_VOID(curl_free, (void *p), (p))
FORWARD(void *, curl_multi_init, (void), (), NULL)
FORWARD(int, curl_multi_add_handle, (void *multi, void *easy), (multi, easy), 4)
FORWARD(int, curl_multi_remove_handle, (void *multi, void *easy), (multi, easy), 4)
FORWARD(int, curl_multi_assign, (void *multi, int socket, void *pointer), (multi, socket, pointer), 4)
FORWARD(int, curl_multi_cleanup, (void *multi), (multi), 4)
FORWARD(void *, curl_multi_info_read, (void *multi, int *left), (multi, left), NULL)
FORWARD(int, curl_multi_socket_action, (void *multi, int socket, int events, int *running), (multi, socket, events, running), 4)
FORWARD(void *, curl_slist_append, (void *list, const char *data), (list, data), NULL)
FORWARD_VOID(curl_slist_free_all, (void *list), (list))
FORWARD(void *, curl_url, (void), (), NULL)
FORWARD(int, curl_url_get, (const void *url, int what, char **part, unsigned int flags), (url, what, part, flags), 7)
FORWARD(int, curl_url_set, (void *url, int what, const char *part, unsigned int flags), (url, what, part, flags), 7)
FORWARD(char *, curl_version, (void), (), (char *)"libcurl is not installed")
FORWARD(void *, curl_version_info, (int age), (age), NULL)

FORWARD_ONE_MORE(curl_multi_setopt, 4)
