#include <gdk-pixbuf/gdk-pixbuf.h>
#include <chafa.h>
