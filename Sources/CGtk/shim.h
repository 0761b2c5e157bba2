#ifndef NATTER_CGTK_SHIM_H
#define NATTER_CGTK_SHIM_H

#include <gtk/gtk.h>

#endif
