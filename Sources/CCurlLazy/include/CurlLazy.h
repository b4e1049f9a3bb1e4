/* CCurlLazy has no API of its own: it only defines the libcurl functions the static Foundation's URLSession calls
 * (see CurlLazy.c). This header exists because SwiftPM wants one per C target. */
#ifndef PUSHSIM_CURL_LAZY_H
#define PUSHSIM_CURL_LAZY_H
/* Whether libcurl has been loaded by one of the forwarding functions (tests: a start that loads it is a regression). */
int pushsim_curl_lazy_loaded(void);
#endif
