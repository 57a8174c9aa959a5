/*
** builder.c: a scene's .ui file made into objects, safely.
**
** A .ui file is untrusted input, as a scene file is. GtkBuilder's usual
** scope (GtkBuilderCScope) resolves the file's names to C symbols of the
** running program: `<signal handler="abort"/>` connects libc's abort to a
** click, `type-func="abort"` calls it while loading, a class name is
** guessed into a `*_get_type` symbol and called, `<closure function=…>`
** calls any function from an expression. And some objects and properties
** read host files when made (`GtkImage:file` on /dev/zero reads until
** memory runs out; a GFile may be a URI GIO fetches).
**
** So the file goes through two gates, both here:
**   1. A scan with GMarkup (the parser GtkBuilder uses, over the same
**      bytes) that refuses, at the line and column, what Behave does
**      otherwise or does not allow: signals, closures, type functions,
**      templates, a second window (the file draws one screen), objects
**      that are neither widgets nor one of the helper objects a designer
**      draws with, and properties that load a file or a URI. Bytes GMarkup cannot read (GTK's precompiled format) are
**      refused with them.
**   2. A builder scope of our own that knows only registered types, looks
**      no symbol up and makes no closure: what the scan missed fails to
**      load instead of calling into the program.
*/
#include "gtk_shim.h"
#include <string.h>

/* -------------------------------------------------------------- scope */

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

/* --------------------------------------------------------------- scan */

/* Deeper than this, GTK's layout and drawing (recursive) run out of stack
** long before a person could read the screen. */
#define MAX_DEPTH 256
/* More objects than a screen has, by far; each costs GTK time and memory. */
#define MAX_OBJECTS 20000

typedef struct {
  GMarkupParseContext *context;
  int depth;
  int objects;
  int windows;
  /* The class of the <object> each open element is in (0: none). */
  GType classes[MAX_DEPTH + 1];
  /* The <property> or menu <attribute> whose text is being read. */
  const char *property;      /* its name (owned by 'names') */
  GParamSpec *pspec;         /* its spec, for a property of a known class */
  gboolean attribute;        /* a menu's <attribute> */
  GString *text;
  GStringChunk *names;
} Scan;

/* An error at the scan's place: "LINE:COLUMN: message". */
static void refuse (Scan *scan, GError **error, const char *format, ...) G_GNUC_PRINTF(3, 4);
static void refuse (Scan *scan, GError **error, const char *format, ...) {
  int line = 0, column = 0;
  va_list args;
  char *message;
  g_markup_parse_context_get_position(scan->context, &line, &column);
  va_start(args, format);
  message = g_strdup_vprintf(format, args);
  va_end(args);
  g_set_error(error, G_MARKUP_ERROR, G_MARKUP_ERROR_INVALID_CONTENT, "%d:%d: %s", line, column, message);
  g_free(message);
}

static const char *attribute (const char **names, const char **values, const char *wanted) {
  for (; *names != NULL; names++, values++)
    if (strcmp(*names, wanted) == 0) return *values;
  return NULL;
}

static GType class_named (const char *name) {
  GType type = g_type_from_name(name);
  if (type == G_TYPE_INVALID) {
    gtk_test_register_all_types();
    type = g_type_from_name(name);
  }
  return type;
}

/* The objects other than widgets a designer draws with: models, buffers,
** adjustments, controllers, layouts, factories that build from signals. */
static gboolean is_helper (GType type) {
  GType helpers[] = {
    GTK_TYPE_ADJUSTMENT, GTK_TYPE_SIZE_GROUP, GTK_TYPE_ENTRY_BUFFER, GTK_TYPE_TEXT_BUFFER, GTK_TYPE_TEXT_TAG,
    GTK_TYPE_TEXT_TAG_TABLE, GTK_TYPE_EVENT_CONTROLLER, GTK_TYPE_LAYOUT_MANAGER, GTK_TYPE_CONSTRAINT,
    GTK_TYPE_CONSTRAINT_GUIDE, GTK_TYPE_STRING_LIST, GTK_TYPE_STRING_OBJECT, GTK_TYPE_LIST_STORE, GTK_TYPE_TREE_STORE,
    GTK_TYPE_TREE_MODEL_FILTER, GTK_TYPE_TREE_MODEL_SORT, GTK_TYPE_CELL_RENDERER, GTK_TYPE_CELL_AREA,
    GTK_TYPE_TREE_VIEW_COLUMN, GTK_TYPE_FILE_FILTER, GTK_TYPE_SHORTCUT, GTK_TYPE_SINGLE_SELECTION,
    GTK_TYPE_NO_SELECTION, GTK_TYPE_MULTI_SELECTION, GTK_TYPE_SORT_LIST_MODEL, GTK_TYPE_FILTER_LIST_MODEL,
    GTK_TYPE_SORTER, GTK_TYPE_FILTER, GTK_TYPE_COLUMN_VIEW_COLUMN, GTK_TYPE_SIGNAL_LIST_ITEM_FACTORY,
    GTK_TYPE_STACK_PAGE, GTK_TYPE_ASSISTANT_PAGE,
  };
  for (size_t i = 0; i < G_N_ELEMENTS(helpers); i++)
    if (g_type_is_a(type, helpers[i])) return TRUE;
  return FALSE;
}

/* Whether a property's value, given as text, is read as a file or a URI. */
static gboolean loads_a_file (const char *name, GParamSpec *pspec) {
  if (strcmp(name, "file") == 0 || strcmp(name, "filename") == 0) return TRUE;
  if (pspec == NULL) return FALSE;
  GType type = G_PARAM_SPEC_VALUE_TYPE(pspec);
  /* GdkPixbuf by name: its library is GTK's, not one Behave links itself. */
  return g_type_is_a(type, G_TYPE_FILE) || g_type_is_a(type, GDK_TYPE_PAINTABLE) || g_type_is_a(type, G_TYPE_BYTES)
      || strcmp(g_type_name(type), "GdkPixbuf") == 0;
}

/* An icon given as text is a themed icon's name, unless it is a path, a
** URI or a serialized icon (a leading dot), which GIO reads as a file. */
static gboolean icon_names_a_file (const char *text) {
  while (*text == ' ' || *text == '\t' || *text == '\n') text++;
  return text[0] == '.' || text[0] == '~' || strchr(text, '/') != NULL || strchr(text, ':') != NULL;
}

static gboolean is_icon (const char *name, GParamSpec *pspec, gboolean attribute) {
  if (attribute) return strcmp(name, "icon") == 0 || strcmp(name, "verb-icon") == 0;
  return pspec != NULL && g_type_is_a(G_PARAM_SPEC_VALUE_TYPE(pspec), G_TYPE_ICON);
}

static void scan_start (GMarkupParseContext *context, const char *element, const char **names, const char **values,
                        gpointer data, GError **error) {
  Scan *scan = data;
  GType inside = scan->classes[scan->depth];
  if (scan->depth >= MAX_DEPTH) {
    refuse(scan, error, "elements are nested more than %d deep; a screen needs far fewer", MAX_DEPTH);
    return;
  }
  scan->depth++;
  scan->classes[scan->depth] = inside;
  scan->property = NULL;
  scan->pspec = NULL;
  scan->attribute = FALSE;
  if (attribute(names, values, "type-func") != NULL) {
    refuse(scan, error, "type-func=\"%s\" names a C function for GTK to call; remove the attribute (the class names the type)",
           attribute(names, values, "type-func"));
  } else if (strcmp(element, "signal") == 0) {
    const char *handler = attribute(names, values, "handler"), *signal = attribute(names, values, "name");
    refuse(scan, error, "<signal name=\"%s\" handler=\"%s\"> would call a C function of the program; Behave wires events "
           "in the scene file (connections:, or control:on in a behaviour): remove the <signal> element",
           signal ? signal : "", handler ? handler : "");
  } else if (strcmp(element, "closure") == 0) {
    const char *function = attribute(names, values, "function");
    refuse(scan, error, "<closure function=\"%s\"> would call a C function of the program; remove it (a behaviour "
           "computes the value and sets it)", function ? function : "");
  } else if (strcmp(element, "template") == 0) {
    refuse(scan, error, "a <template> defines a widget class of a program; draw the screen as objects inside a GtkWindow");
  } else if (strcmp(element, "object") == 0) {
    const char *name = attribute(names, values, "class");
    GType type = name ? class_named(name) : G_TYPE_INVALID;
    if (++scan->objects > MAX_OBJECTS) {
      refuse(scan, error, "more than %d objects; a screen needs far fewer", MAX_OBJECTS);
    } else if (type == G_TYPE_INVALID) {
      refuse(scan, error, "no GTK class is named `%s`; name a class such as GtkButton or GtkBox", name ? name : "");
    } else if (!g_type_is_a(type, GTK_TYPE_WIDGET) && !is_helper(type)) {
      refuse(scan, error, "`%s` is neither a widget nor one of the objects a screen is drawn with (adjustments, "
             "buffers, list models, event controllers, layouts, size groups); remove it", name);
    } else if (g_type_is_a(type, GTK_TYPE_WINDOW) && ++scan->windows > 1) {
      refuse(scan, error, "a second window (%s); Behave shows one window, the screen, drawn as the file's GtkWindow "
             "(a behaviour's ask shows dialogs): remove it", name);
    } else {
      scan->classes[scan->depth] = type;
    }
  } else if (strcmp(element, "property") == 0 || strcmp(element, "attribute") == 0) {
    const char *name = attribute(names, values, "name");
    if (name == NULL) return;   /* GTK says what is missing */
    scan->attribute = strcmp(element, "attribute") == 0;
    scan->property = g_string_chunk_insert(scan->names, name);
    if (!scan->attribute && G_TYPE_IS_OBJECT(inside)) {
      GObjectClass *klass = g_type_class_ref(inside);
      scan->pspec = g_object_class_find_property(klass, name);
      g_type_class_unref(klass);
    }
    if (!scan->attribute && loads_a_file(name, scan->pspec)) {
      refuse(scan, error, "the property `%s` of %s reads a file or a URI of the computer; Behave shows images from "
             "the scene's images: folder (bind the widget to an ImageView or a Button and set its image): remove "
             "the property", name, g_type_name(inside));
    }
    g_string_truncate(scan->text, 0);
  }
}

static void scan_text (GMarkupParseContext *context, const char *text, gsize length, gpointer data, GError **error) {
  Scan *scan = data;
  if (scan->property != NULL) g_string_append_len(scan->text, text, length);
}

static void scan_end (GMarkupParseContext *context, const char *element, gpointer data, GError **error) {
  Scan *scan = data;
  if (scan->property != NULL && is_icon(scan->property, scan->pspec, scan->attribute)
      && icon_names_a_file(scan->text->str)) {
    refuse(scan, error, "the icon `%s` names a file or a URI of the computer; name a themed icon (document-open), or "
           "show an image from the scene's images: folder", scan->text->str);
  }
  scan->property = NULL;
  scan->pspec = NULL;
  scan->depth--;
}

/* Checks a .ui file's text; FALSE with *error ("LINE:COLUMN: why") when
** it may not be loaded. */
static gboolean scan_ui (const char *text, gssize length, GError **error) {
  GMarkupParser parser = { scan_start, scan_end, scan_text, NULL, NULL };
  Scan scan = { 0 };
  gboolean ok;
  scan.text = g_string_new(NULL);
  scan.names = g_string_chunk_new(256);
  scan.context = g_markup_parse_context_new(&parser, G_MARKUP_TREAT_CDATA_AS_TEXT, &scan, NULL);
  ok = g_markup_parse_context_parse(scan.context, text, length, error)
    && g_markup_parse_context_end_parse(scan.context, error);
  g_markup_parse_context_free(scan.context);
  g_string_free(scan.text, TRUE);
  g_string_chunk_free(scan.names);
  return ok;
}

/* ------------------------------------------------------ GTK's warnings */

/* A value GtkBuilder cannot set (a number out of a property's range, an
** enum's unknown nick) is not an error to GtkBuilder: it warns on stderr
** and builds on. While a file is built, this thread's warnings are kept
** instead, and the first refuses the file. The writer is GLib's for
** everything else. */
static GString *warnings;
static GThread *warned_thread;

static GLogWriterOutput keep_warnings (GLogLevelFlags level, const GLogField *fields, gsize count, gpointer data) {
  if (warnings != NULL && g_thread_self() == warned_thread
      && (level & (G_LOG_LEVEL_ERROR | G_LOG_LEVEL_CRITICAL | G_LOG_LEVEL_WARNING)) != 0) {
    for (gsize i = 0; i < count; i++) {
      if (strcmp(fields[i].key, "MESSAGE") != 0 || warnings->len > 0) continue;
      if (fields[i].length < 0) g_string_append(warnings, fields[i].value);
      else g_string_append_len(warnings, fields[i].value, fields[i].length);
    }
    return G_LOG_WRITER_HANDLED;
  }
  return g_log_writer_default(level, fields, count, data);
}

static void keep_warnings_once (void) {
  static gsize done = 0;
  if (g_once_init_enter(&done)) {
    g_log_set_writer_func(keep_warnings, NULL, NULL);
    g_once_init_leave(&done, 1);
  }
}

static void destroy_windows (GtkBuilder *builder) {
  GSList *objects = gtk_builder_get_objects(builder), *each;
  for (each = objects; each != NULL; each = each->next)
    if (GTK_IS_WINDOW(each->data)) gtk_window_destroy(GTK_WINDOW(each->data));
  g_slist_free(objects);
}

GtkBuilder *bhg_builder_from_ui (const char *text, long length, GError **error) {
  GtkBuilder *builder;
  GtkBuilderScope *scope;
  GError *failure = NULL;
  if (!scan_ui(text, length, error)) return NULL;
  builder = gtk_builder_new();
  scope = g_object_new(bhg_builder_scope_get_type(), NULL);
  gtk_builder_set_scope(builder, scope);
  g_object_unref(scope);
  keep_warnings_once();
  warnings = g_string_new(NULL);
  warned_thread = g_thread_self();
  if (gtk_builder_add_from_string(builder, text, length, &failure) && warnings->len > 0)
    g_set_error(&failure, GTK_BUILDER_ERROR, GTK_BUILDER_ERROR_INVALID_VALUE, "%s", warnings->str);
  g_string_free(warnings, TRUE);
  warnings = NULL;
  if (failure == NULL) return builder;
  /* Nothing of it stays: a window GtkBuilder showed goes too. */
  g_propagate_error(error, failure);
  destroy_windows(builder);
  g_object_unref(builder);
  return NULL;
}

void bhg_builder_destroy_windows (GtkBuilder *builder) { destroy_windows(builder); }
