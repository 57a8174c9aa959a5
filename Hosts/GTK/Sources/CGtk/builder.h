/*
** builder.h: the parts of reading a scene's .ui file (builder.c), for
** one another; not for Swift.
*/
#ifndef BEHAVE_GTK_BUILDER_H
#define BEHAVE_GTK_BUILDER_H

#include "gtk_shim.h"

/* A builder scope that resolves class names to registered types only and
** refuses every function name (builder_scope.c). */
GtkBuilderScope *bhg_builder_scope_new (void);

/* Checks a .ui file's text; FALSE with *error ("LINE:COLUMN: why") when it
** may not be loaded (builder_scan.c). */
gboolean bhg_scan_ui (const char *text, gssize length, GError **error);

#endif
