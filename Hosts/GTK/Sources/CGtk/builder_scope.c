/*
** builder_scope.c: the GtkBuilderScope a scene's .ui file is built with.
**
** GtkBuilder's usual scope (GtkBuilderCScope) resolves a file's names to
** C symbols of the running program: a <signal>'s handler, a type-func, a
** class name guessed into a `*_get_type` symbol, a <closure>'s function.
** This one knows only the types GTK has registered, looks no symbol up
** and makes no closure, so whatever the scan (builder_scan.c) let through
** fails to load instead of calling into the program.
*/
#include "builder.h"


typedef struct { GObject parent; } BhgBuilderScope;
typedef struct { GObjectClass parent_class; } BhgBuilderScopeClass;

static void bhg_builder_scope_iface_init (GtkBuilderScopeInterface *iface);
G_DEFINE_TYPE_WITH_CODE (BhgBuilderScope, bhg_builder_scope, G_TYPE_OBJECT,
                         G_IMPLEMENT_INTERFACE (GTK_TYPE_BUILDER_SCOPE, bhg_builder_scope_iface_init))

/* A class name names a type GTK has registered, never a symbol. */
static GType scope_type_from_name (GtkBuilderScope *scope, GtkBuilder *builder, const char *name) {
  GType type = g_type_from_name(name);
  if (type != G_TYPE_INVALID) return type;
  gtk_test_register_all_types();
  return g_type_from_name(name);
}

static GType scope_type_from_function (GtkBuilderScope *scope, GtkBuilder *builder, const char *name) {
  return G_TYPE_INVALID;
}

static GClosure *scope_create_closure (GtkBuilderScope *scope, GtkBuilder *builder, const char *name,
                                       GtkBuilderClosureFlags flags, GObject *object, GError **error) {
  g_set_error(error, GTK_BUILDER_ERROR, GTK_BUILDER_ERROR_INVALID_FUNCTION,
              "`%s` names a C function of the program, which Behave does not call; Behave wires events in the "
              "scene file (connections:, or control:on in a behaviour): remove the <signal> or <closure>", name);
  return NULL;
}

static void bhg_builder_scope_iface_init (GtkBuilderScopeInterface *iface) {
  iface->get_type_from_name = scope_type_from_name;
  iface->get_type_from_function = scope_type_from_function;
  iface->create_closure = scope_create_closure;
}
static void bhg_builder_scope_class_init (BhgBuilderScopeClass *klass) {}
static void bhg_builder_scope_init (BhgBuilderScope *self) {}

GtkBuilderScope *bhg_builder_scope_new (void) {
  return g_object_new(bhg_builder_scope_get_type(), NULL);
}
