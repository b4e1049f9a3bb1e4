/* CCurlLazy has no API of its own: it only defines the libcurl functions the static Foundation's URLSession calls
 * (see CurlLazy.c). This header exists because SwiftPM wants one per C target. */
#ifndef PUSHSIM_CURL_LAZY_H
#define PUSHSIM_CURL_LAZY_H
#endif
