// Loads cairo and pango on first use (PictureLibraries.c): nil when they are ready, else one sentence saying what is missing.
#ifndef PUSHSIM_PICTURE_LIBRARIES_H
#define PUSHSIM_PICTURE_LIBRARIES_H

const char *pushsim_picture_libraries(void);

#endif
