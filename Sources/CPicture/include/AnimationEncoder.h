// Animated pictures for `pushsim record`: frames go in one at a time and are encoded as they come (never all held),
// as an animated WebP (each changed rectangle encoded by libwebp, the frames put together by libwebpmux) or a GIF (giflib, a palette per frame chosen by
// libimagequant). libwebpmux and libimagequant are loaded with dlopen when a recording starts (AnimationEncoder.c).
#ifndef PUSHSIM_ANIMATION_ENCODER_H
#define PUSHSIM_ANIMATION_ENCODER_H

#include <stddef.h>
#include <stdint.h>

typedef struct pushsim_anim pushsim_anim;

enum { PUSHSIM_ANIM_WEBP = 0, PUSHSIM_ANIM_GIF = 1 };

/// Opens an encoder writing to `path` (written whole when closed) for `width` × `height` frames. `quality` 0–100 is
/// lossy WebP; a negative quality is lossless WebP (ignored for GIF). NULL with `error` (a sentence) filled on failure.
pushsim_anim *pushsim_anim_open(int format, const char *path, int width, int height, int quality,
                                char *error, size_t error_size);

/// One frame shown from `timestamp_ms` on: cairo ARGB32 pixels (B, G, R, A bytes, opaque), `stride` bytes a row. A
/// frame equal to the one before only lengthens it; otherwise only the rectangle that changed is encoded.
/// Returns 0, or -1 with `error` filled.
int pushsim_anim_add(pushsim_anim *anim, const uint8_t *bgra, int stride, int timestamp_ms, char *error, size_t error_size);

/// Ends the last frame at `end_ms`, writes the file and frees the encoder (always). Returns the file's size in bytes,
/// or -1 with `error` filled.
long long pushsim_anim_close(pushsim_anim *anim, int end_ms, char *error, size_t error_size);

/// Frees an encoder without writing anything (an error elsewhere).
void pushsim_anim_abandon(pushsim_anim *anim);

/// How many frames were encoded (changed frames; an unchanged one lengthens the one before).
int pushsim_anim_encoded_frames(const pushsim_anim *anim);

/// Called as each frame of a recording starts to be drawn (frame `index`, from 0): does nothing. It names the frame's
/// start for a profiler (`valgrind --tool=callgrind --dump-before=pushsim_anim_frame_starts`: one count per frame),
/// which bench/record.sh uses to compare a frame after the first with the first.
void pushsim_anim_frame_starts(int index);

#endif
