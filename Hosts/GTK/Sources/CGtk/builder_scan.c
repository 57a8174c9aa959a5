/*
** builder_scan.c: what a scene's .ui file may hold, checked before GTK
** reads it.
**
** The scan reads the same bytes with GMarkup (the parser GtkBuilder's is
** made from) and refuses, at the line and column, with the fix:
**   - what calls into the program: <signal>, <closure>, type-func;
**   - what is not one screen: <template>, a second window, a drag icon (a
**     root of its own: GTK asserted on one in a box), objects that are
**     neither widgets nor a helper a designer draws with (a list item
**     factory builds more objects from text with GTK's usual scope, a
**     directory list lists folders), file choosers (they list folders
**     too), app choosers (they list the computer's applications), and a
**     custom layout (it lays out by the program's functions:
**     GTK crashed on one without);
**   - what reads host files or URIs: file, filename, GFile, paintable,
**     pixbuf and bytes properties, an icon given as a path (GtkImage:file
**     on /dev/zero read until memory ran out), and links to anything but
**     the web (GTK hands them to the desktop, which opens files and runs
**     any scheme's handler);
**   - a class or a property GTK does not have (with the nearest name it
**     has), an abstract class (GtkWidget: GtkBuilder crashed), and a value GTK cannot read for its property (a word where a
**     whole number goes, an enum's misspelt nick, with the nicks; a font
**     description or tab stops, of a type it reads from no text), which
**     GtkBuilder reports without a line or only warns of;
**   - what stops GTK itself (a g_error, not an error it returns): a list
**     or tree store's <data> before any <column> of its <columns>, a
**     notebook's tab before any page, a stack's page without its child, and a constraint, or a page's child, naming an
**     object that is not a widget (or a constraint's guide), and a combo
**     box with an entry whose entry-text-column is not a text column of
**     its model (GTK reads a row's text from it, and crashes), and a
**     widget given by id as its own child or its ancestor's (GTK loops
**     or crashes), or one another object holds already (a critical, and
**     a loop), more than UI_MAX_ADOPTIONS of those, a <child> of an
**     object that is not GtkBuildable (an assertion), and a multi
**     filter's or sorter's child that is not a filter or a sorter (GTK
**     calls a null pointer), a widget as a text view's <child> (GTK
**     loops) or an emoji chooser's (it crashes), a widget other than a
**     section in a shortcuts window (a critical as it closes), a dialog's
**     <child type="titlebar"> that is not a header bar (it crashes), a
**     flow box child
**     outside a flow box (it crashes as it takes the focus), an overlay
**     layout as the layout manager of a widget but an overlay, or another
**     as an overlay's (a critical as GTK lays it out), and a list
**     box row outside a list box (a critical as it takes the focus), a
**     tree store's <row> with neither a <col> nor a <row> in it (GTK
**     crashes), and a shortcut's action `signal()` or `action()`, which
**     names nothing (an assertion), a link button without its uri (a
**     critical when it is clicked), and an assistant without a page (a
**     critical when its Back button is clicked);
**   - what GTK cannot lay out: grids, nested, of more than UI_MAX_GRID_LINES
**     rows and columns (a grid keeps its lines on the stack while its
**     children are laid out: 300,000 overflowed it), labels longer than
**     UI_MAX_LABEL characters,
**     elements nested past UI_MAX_DEPTH, more than
**     UI_MAX_OBJECTS objects, a whole number past UI_MAX_INTEGER (a box's
**     spacing of 2^31-1 aborted in GtkBoxLayout) or in a fixed child's
**     transform (GTK hung on rotate(1e10)), text sized past
**     UI_MAX_POINTS (Pango's sizes overflowed).
** Bytes GMarkup cannot read (GTK's precompiled format) are refused too.
*/
#include "builder.h"
#include "interface_limits.h"
#include <math.h>
#include <stdlib.h>
#include <string.h>

/* The limits (UI_MAX_DEPTH, UI_MAX_OBJECTS …) are headless Behave's too:
** interface_limits.h. */
#define STRING(x) #x
#define WRITTEN(x) STRING(x)
#define PAST_PANGO "sizes of 0 to " WRITTEN(UI_MAX_POINTS) " points, scales of 0 to " WRITTEN(UI_MAX_SCALE)

typedef struct {
  GMarkupParseContext *context;
  int depth;
  int objects;
  int windows;
  /* The class of the <object> each open element is in (0: none). */
  GType classes[UI_MAX_DEPTH + 1];
  /* The <property> or menu <attribute> whose text is being read. */
  const char *property;      /* its name (owned by 'names') */
  GParamSpec *pspec;         /* its spec, for a property of a known class */
  gboolean attribute;        /* a menu's <attribute> */
  int owner;                 /* the depth of the object it is of */
  GString *text;
  GStringChunk *names;
  /* Each open object's label and whether it is markup, checked as markup
  ** at the object's end (its use-markup may come after its label). */
  char *labels[UI_MAX_DEPTH + 1];
  gboolean markup[UI_MAX_DEPTH + 1];
  /* Whether each open element is an <object>: only a property directly
  ** in one is the object's (a <layout>'s are its layout child's). */
  gboolean objects_open[UI_MAX_DEPTH + 1];
  /* Whether each open element is a store's <columns>, and whether each
  ** open store has a <column> yet (GTK stops at a <data> before one). */
  gboolean columns_open[UI_MAX_DEPTH + 1];
  gboolean columned[UI_MAX_DEPTH + 1];
  /* Each open object's start, its place in its parent's grid (a child's
  ** <layout> column, row, column-span, row-span), the first and last
  ** column and row of the children placed in it so far (none: first >
  ** last), and the most lines of the grids inside it. */
  int starts[UI_MAX_DEPTH + 1][2];
  gint64 cells[UI_MAX_DEPTH + 1][4];
  gint64 spans[UI_MAX_DEPTH + 1][4];
  gint64 inner_lines[UI_MAX_DEPTH + 1];
  gboolean layouts_open[UI_MAX_DEPTH + 1];
  /* Whether each open notebook has a page yet (GTK asserts one before a
  ** tab), and whether each open stack page lacks its child (GTK stops). */
  gboolean paged[UI_MAX_DEPTH + 1];
  gboolean childless[UI_MAX_DEPTH + 1];
  /* Whether each open element is a <child> right inside an <object>, and
  ** its type (owned by 'names'; NULL: none). */
  gboolean children_open[UI_MAX_DEPTH + 1];
  const char *child_types[UI_MAX_DEPTH + 1];
  /* Whether each open element is a tree store's <data>, or a <row> of
  ** one, and whether each such row has a <col> or a <row> in it yet (GTK
  ** crashes on one that has neither). */
  gboolean tree_data[UI_MAX_DEPTH + 1];
  gboolean tree_rows[UI_MAX_DEPTH + 1];
  gboolean filled[UI_MAX_DEPTH + 1];
  /* Whether each open link button has its uri (GTK shows a NULL one),
  ** and whether each open object has a <child> that is not internal (an
  ** assistant's page: GTK goes back from none). */
  gboolean linked[UI_MAX_DEPTH + 1];
  gboolean given_children[UI_MAX_DEPTH + 1];
  /* Each open object's properties GTK sets as it makes it given so far
  ** (their specs), each with its line: GObject keeps the first of one
  ** given twice, with a critical (made at its first such property). */
  GHashTable *given[UI_MAX_DEPTH + 1];
  /* Each object's class by its id, and the ids that must name a widget
  ** (or a guide), with where they are: checked at the file's end, as an
  ** id may be given after it is named. */
  GHashTable *classes_by_id;
  GArray *widget_names;
  /* The layout managers given by id, checked at the file's end too. */
  GArray *layout_names;
  /* Each store's column types (its GTypes), by its id; each open store's;
  ** and each open combo box's entry, text column, and model (an id or a
  ** store in it), and the combo boxes to check at the file's end. */
  GHashTable *columns_by_id;
  GArray *columns[UI_MAX_DEPTH + 1];
  gboolean entry[UI_MAX_DEPTH + 1];
  gint64 text_column[UI_MAX_DEPTH + 1];
  const char *model_id[UI_MAX_DEPTH + 1];
  GArray *model_columns[UI_MAX_DEPTH + 1];
  GArray *combos;
  /* Each object's index (in the order they open), each object's parent
  ** object in the file (-1: none), each id's index, and the widgets given
  ** by id as an object's child, checked for a loop at the file's end. */
  int indices[UI_MAX_DEPTH + 1];
  GArray *nest_parents;
  /* Whether each object is a widget another holds in the file: in a
  ** <child>, or in a property that makes it a child (`child`). */
  GArray *held;
  GHashTable *indices_by_id;
  GArray *adoptions;
  /* Where the property being read starts, and whether it is bound to
  ** another's (bind-source: GtkBuilder reads no value from its text). */
  int line, column;
  gboolean bound;
  /* Reads values as GtkBuilder does (made at the first value read). */
  GtkBuilder *values;
} Scan;

/* An error at `line` and `column`: "LINE:COLUMN: message". */
static void refuse_at (int line, int column, GError **error, const char *format, va_list args) {
  char *message = g_strdup_vprintf(format, args);
  g_set_error(error, G_MARKUP_ERROR, G_MARKUP_ERROR_INVALID_CONTENT, "%d:%d: %s", line, column, message);
  g_free(message);
}

/* An error at the scan's place. */
static void refuse (Scan *scan, GError **error, const char *format, ...) G_GNUC_PRINTF(3, 4);
static void refuse (Scan *scan, GError **error, const char *format, ...) {
  int line = 0, column = 0;
  va_list args;
  g_markup_parse_context_get_position(scan->context, &line, &column);
  va_start(args, format);
  refuse_at(line, column, error, format, args);
  va_end(args);
}

/* An error at the start tag of the property being read (where GtkBuilder
** places its own), not past its end tag. */
static void refuse_value (Scan *scan, GError **error, const char *format, ...) G_GNUC_PRINTF(3, 4);
static void refuse_value (Scan *scan, GError **error, const char *format, ...) {
  va_list args;
  va_start(args, format);
  refuse_at(scan->line, scan->column, error, format, args);
  va_end(args);
}

/* An error at `place`, a line and a column. */
static void refuse_there (const int place[2], GError **error, const char *format, ...) G_GNUC_PRINTF(3, 4);
static void refuse_there (const int place[2], GError **error, const char *format, ...) {
  va_list args;
  va_start(args, format);
  refuse_at(place[0], place[1], error, format, args);
  va_end(args);
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

/* ------------------------------------------------------------ near names */

/* The edit distance of two short names, case aside. */
static size_t distance (const char *a, const char *b) {
  size_t m = strlen(a), n = strlen(b), row[65], i, j;
  if (m > 64 || n > 64) return (size_t)-1;
  for (j = 0; j <= n; j++) row[j] = j;
  for (i = 1; i <= m; i++) {
    size_t diagonal = row[0];
    row[0] = i;
    for (j = 1; j <= n; j++) {
      size_t above = row[j];
      size_t cost = g_ascii_tolower(a[i - 1]) == g_ascii_tolower(b[j - 1]) ? 0 : 1;
      row[j] = MIN(MIN(above + 1, row[j - 1] + 1), diagonal + cost);
      diagonal = above;
    }
  }
  return row[n];
}

/* Keeps `candidate` as `*best` when it is nearer `name`. */
static void consider (const char *name, const char *candidate, const char **best, size_t *best_distance) {
  size_t d = distance(name, candidate);
  if (d < *best_distance) {
    *best = candidate;
    *best_distance = d;
  }
}

/* The nearest, when near enough to be a typo (the rule of the "did you
** mean" of Behave's other messages: at most a third of the shorter name,
** and 2 at least); NULL otherwise. */
static const char *near_enough (const char *name, const char *best, size_t best_distance) {
  size_t shorter = best != NULL ? MIN(strlen(name), strlen(best)) : 0;
  return best != NULL && best_distance <= MAX(2, shorter / 3) ? best : NULL;
}

/* The property of `type` nearest `name` (a static string of GLib's). */
static const char *nearest_property (GType type, const char *name) {
  GObjectClass *klass = g_type_class_ref(type);
  guint count = 0;
  GParamSpec **specs = g_object_class_list_properties(klass, &count);
  const char *best = NULL;
  size_t best_distance = (size_t)-1;
  for (guint i = 0; i < count; i++) consider(name, g_param_spec_get_name(specs[i]), &best, &best_distance);
  g_free(specs);
  g_type_class_unref(klass);
  return near_enough(name, best, best_distance);
}

static void nearest_below (GType type, const char *name, const char **best, size_t *best_distance) {
  guint count = 0;
  GType *children = g_type_children(type, &count);
  for (guint i = 0; i < count; i++) {
    if (g_str_has_prefix(g_type_name(children[i]), "Gtk")) consider(name, g_type_name(children[i]), best, best_distance);
    nearest_below(children[i], name, best, best_distance);
  }
  g_free(children);
}

/* The GTK class nearest `name` (GTK's types are registered by now). */
static const char *nearest_class (const char *name) {
  const char *best = NULL;
  size_t best_distance = (size_t)-1;
  nearest_below(G_TYPE_OBJECT, name, &best, &best_distance);
  return near_enough(name, best, best_distance);
}

/* What a value of `pspec`'s type is written as, for a fix (freed by the caller). */
static char *values_of (GParamSpec *pspec) {
  GType type = G_PARAM_SPEC_VALUE_TYPE(pspec);
  if (G_TYPE_IS_ENUM(type) || G_TYPE_IS_FLAGS(type)) {
    GString *nicks = g_string_new(G_TYPE_IS_ENUM(type) ? "one of " : "one or more, joined by |, of ");
    if (G_TYPE_IS_ENUM(type)) {
      GEnumClass *klass = g_type_class_ref(type);
      for (guint i = 0; i < klass->n_values; i++)
        g_string_append_printf(nicks, "%s%s", i > 0 ? ", " : "", klass->values[i].value_nick);
      g_type_class_unref(klass);
    } else {
      GFlagsClass *klass = g_type_class_ref(type);
      for (guint i = 0; i < klass->n_values; i++)
        g_string_append_printf(nicks, "%s%s", i > 0 ? ", " : "", klass->values[i].value_nick);
      g_type_class_unref(klass);
    }
    return g_string_free(nicks, FALSE);
  }
  switch (G_TYPE_FUNDAMENTAL(type)) {
  case G_TYPE_BOOLEAN: return g_strdup("True or False");
  case G_TYPE_FLOAT:
  case G_TYPE_DOUBLE: return g_strdup("a number, such as 0.5");
  default: return g_strdup("a whole number");
  }
}

/* Whether GtkBuilder reads a property of this type from text by rules of
** its own that the scan can run beforehand (numbers, booleans, enums). */
static gboolean reads_plain_value (GParamSpec *pspec) {
  switch (G_TYPE_FUNDAMENTAL(G_PARAM_SPEC_VALUE_TYPE(pspec))) {
  case G_TYPE_BOOLEAN: case G_TYPE_INT: case G_TYPE_UINT: case G_TYPE_LONG: case G_TYPE_ULONG:
  case G_TYPE_INT64: case G_TYPE_UINT64: case G_TYPE_FLOAT: case G_TYPE_DOUBLE: case G_TYPE_ENUM: case G_TYPE_FLAGS:
    return TRUE;
  default:
    return FALSE;
  }
}

/* A text of each kind that GtkBuilder's readers of a value other than a
** number, a boolean, an enum, a string or an object take one of: a color
** (GdkRGBA), a transform, a MIME type (GdkContentFormats), a type's name
** (a GType); a list of strings, bytes and a GVariant take any. */
static const char *const text_samples[] = { "", "0", "red", "rotate(0)", "text/plain", "GObject" };

/* Whether GtkBuilder reads no text as a value of the writable property
** `pspec`: of GTK 4.8's, a PangoTabArray, a PangoFontDescription, a
** PangoAttrList, a GdkRectangle, a GtkTreePath, a GtkExpression (given as
** text, not as a <lookup> or a <constant> in it). GtkBuilder warns of
** one, and leaves the property be. */
gboolean bhg_scan_reads_no_text (GParamSpec *pspec) {
  GType type = G_PARAM_SPEC_VALUE_TYPE(pspec);
  GtkBuilder *builder;
  gboolean none = TRUE;
  if (!(pspec->flags & G_PARAM_WRITABLE) || G_TYPE_IS_OBJECT(type) || G_TYPE_IS_INTERFACE(type)
      || G_TYPE_FUNDAMENTAL(type) == G_TYPE_STRING || reads_plain_value(pspec)) return FALSE;
  builder = gtk_builder_new();
  for (size_t i = 0; i < G_N_ELEMENTS(text_samples) && none; i++) {
    GValue value = G_VALUE_INIT;
    if (gtk_builder_value_from_string_type(builder, type, text_samples[i], &value, NULL)) {
      g_value_unset(&value);
      none = FALSE;
    }
  }
  g_object_unref(builder);
  return none;
}

/* A text no reader of GtkBuilder's that refuses any text takes: not a
** colour, a transform, MIME types, a GVariant or a type's name. */
static const char *const unreadable_sample = "(";

/* Whether GtkBuilder reads some texts, but not every one, as a value of
** the writable property `pspec`, by a reader of its own (for GTK 4.8's, a
** colour, a GdkRGBA; a transform; MIME types, GdkContentFormats; a
** GVariant; a type's name): the pre-scan asks GtkBuilder to read a value
** of one (GTK would warn, and leave the property be). */
gboolean bhg_scan_reads_some_text (GParamSpec *pspec) {
  GType type = G_PARAM_SPEC_VALUE_TYPE(pspec);
  if (!(pspec->flags & G_PARAM_WRITABLE) || G_TYPE_IS_OBJECT(type) || G_TYPE_IS_INTERFACE(type)
      || G_TYPE_FUNDAMENTAL(type) == G_TYPE_STRING || reads_plain_value(pspec) || bhg_scan_reads_no_text(pspec))
    return FALSE;
  GtkBuilder *builder = gtk_builder_new();
  GValue value = G_VALUE_INIT;
  gboolean read = gtk_builder_value_from_string(builder, pspec, unreadable_sample, &value, NULL);
  if (read) g_value_unset(&value);
  g_object_unref(builder);
  return !read;
}

/* What a value of `type` (one bhg_scan_reads_some_text is true of) is
** written as, for a fix (freed by the caller); headless Behave gives the
** same fix, from the table gtk-class-table --kinds writes. */
char *bhg_scan_value_form (GType type) {
  if (type == GDK_TYPE_RGBA)
    return g_strdup("a colour: a name (red), #rgb, #rrggbb, #rrggbbaa, rgb(r, g, b) or rgba(r, g, b, a)");
  if (type == GSK_TYPE_TRANSFORM) return g_strdup("a transform, such as rotate(45), scale(2) or translate(10, 20)");
  if (type == GDK_TYPE_CONTENT_FORMATS) return g_strdup("MIME types, separated by spaces (text/plain image/png)");
  if (type == G_TYPE_VARIANT) return g_strdup("a GVariant in GLib's text form, such as 'text', 42, true or (1, 2)");
  if (type == G_TYPE_GTYPE) return g_strdup("a type's name, such as GtkLabel");
  return g_strdup_printf("a %s as GTK reads one from text", g_type_name(type));
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

/* Whether a widget of `type` lists the computer's folders and files, as
** a directory list does: a file chooser, or a dialog of one. */
static gboolean lists_files (GType type) {
  return g_type_is_a(type, GTK_TYPE_FILE_CHOOSER);
}

/* Whether a widget of `type` lists the applications installed on the
** computer, to open a file or a link with: an app chooser (its button,
** widget or dialog). A screen reaches no more of the computer than its
** scene's folders. */
static gboolean lists_applications (GType type) {
  return g_type_is_a(type, GTK_TYPE_APP_CHOOSER);
}

/* Whether a helper of `type` does its work by functions of the program,
** which a file cannot give: a custom layout (GTK crashed on one without). */
static gboolean needs_functions (GType type) {
  return g_type_is_a(type, GTK_TYPE_CUSTOM_LAYOUT);
}

/* Whether the window takes an object of `type`: a widget but a file
** chooser or an app chooser, or a helper but one that needs the
** program's functions (headless Behave keeps the same lists,
** InterfaceDrawing.drawnWith, listingFiles, listingApplications and
** needingFunctions; a GTK test checks the two agree on every class). */
gboolean bhg_scan_draws_with (GType type) {
  return (g_type_is_a(type, GTK_TYPE_WIDGET) && !lists_files(type) && !lists_applications(type))
      || (is_helper(type) && !needs_functions(type));
}

/* The class a child's object must be of for an object of `type` to take
** it, or 0 for any: a multi filter hands any other to GtkBuildable's
** add_child, which it lacks (GTK calls a null pointer), as a multi sorter
** does. */
static GType child_kind (GType type) {
  if (g_type_is_a(type, GTK_TYPE_MULTI_FILTER)) return GTK_TYPE_FILTER;
  if (g_type_is_a(type, GTK_TYPE_MULTI_SORTER)) return GTK_TYPE_SORTER;
  return 0;
}

/* What GTK does with a widget of class `child` in a <child> of type
** `kind` (NULL: none) of an object of `type` that cannot hold one, or as
** its `child` (`child` 0), or NULL: a text view lays it over its text,
** and loops; an emoji chooser, a popover, takes it in place of its own
** content, and crashes; a shortcuts window does too, unless it is a
** section (or its title bar), and fails an assertion as it closes. */
static const char *widget_child_fate (GType type, GType child, const char *kind) {
  if (g_type_is_a(type, GTK_TYPE_TEXT_VIEW)) return "loops for ever (the child laid over the text)";
  if (g_type_is_a(type, GTK_TYPE_EMOJI_CHOOSER)) return "crashes (the child takes the place of the chooser's own content)";
  if (g_type_is_a(type, GTK_TYPE_SHORTCUTS_WINDOW) && !(child != 0 && g_type_is_a(child, GTK_TYPE_SHORTCUTS_SECTION))
      && !(kind != NULL && strcmp(kind, "titlebar") == 0))
    return "fails an assertion (a critical) as it closes (the child takes the place of the window's own sections)";
  return NULL;
}

/* The box a child of `type` takes for granted as it takes the focus, and
** what GTK does outside one, or 0: a flow box child asks its flow box for
** it (a crash), a list box row its list box (a critical). */
static GType box_of (GType type, const char **fate) {
  if (g_type_is_a(type, GTK_TYPE_FLOW_BOX_CHILD)) {
    *fate = "crashes";
    return GTK_TYPE_FLOW_BOX;
  }
  if (g_type_is_a(type, GTK_TYPE_LIST_BOX_ROW)) {
    *fate = "fails an assertion (a critical)";
    return GTK_TYPE_LIST_BOX;
  }
  return 0;
}

/* The classes that read <columns> and <data>. */
static gboolean is_store (GType type) {
  return g_type_is_a(type, GTK_TYPE_LIST_STORE) || g_type_is_a(type, GTK_TYPE_TREE_STORE);
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

/* --------------------------------------------------------- numbers, text */

/* A whole-number property's text past UI_MAX_INTEGER, read as GtkBuilder
** reads it (any base, as strtoll). */
static gboolean is_large_integer (GParamSpec *pspec, const char *text) {
  GType type = pspec != NULL ? G_PARAM_SPEC_VALUE_TYPE(pspec) : G_TYPE_INVALID;
  if (type == G_TYPE_INT || type == G_TYPE_LONG || type == G_TYPE_INT64)
    return llabs(g_ascii_strtoll(text, NULL, 0)) > UI_MAX_INTEGER;
  if (type == G_TYPE_UINT || type == G_TYPE_ULONG || type == G_TYPE_UINT64) {
    while (g_ascii_isspace(*text)) text++;
    return *text == '-' || g_ascii_strtoull(text, NULL, 0) > UI_MAX_INTEGER;
  }
  return FALSE;
}

/* Whether a number of a transform given as text (`rotate(1e10)`) is past
** UI_MAX_INTEGER, or no number, as GTK's CSS tokenizer reads it: its whole
** part and its exponent in 64-bit integers that wrap, 18 digits of its
** fraction, then (whole + fraction) * 10^exponent, so that 0e400 is NaN
** and 1e-10000000000000000000 infinite. GTK hangs on an angle past about
** 8.6e9 degrees, and stops the program on one that is no number. */
static gboolean transform_past_limits (const char *text) {
  size_t i = 0, n = strlen(text);
  while (i < n) {
    size_t j = i + (text[i] == '+' || text[i] == '-');
    if (!(j < n && (g_ascii_isdigit(text[j]) || (text[j] == '.' && j + 1 < n && g_ascii_isdigit(text[j + 1]))))) {
      i++;
      continue;
    }
    double sign = text[i] == '-' ? -1 : 1;
    guint64 whole = 0, fraction = 0, scale = 1, exponent = 0;
    for (i = j; i < n && g_ascii_isdigit(text[i]); i++) whole = whole * 10 + (guint64)g_ascii_digit_value(text[i]);
    if (i + 1 < n && text[i] == '.' && g_ascii_isdigit(text[i + 1]))
      for (i++; i < n && g_ascii_isdigit(text[i]); i++)
        if (scale < G_MAXINT64 / 10) {
          fraction = fraction * 10 + (guint64)g_ascii_digit_value(text[i]);
          scale *= 10;
        }
    gboolean negative = FALSE;
    if (i < n && (text[i] == 'e' || text[i] == 'E')) {
      size_t k = i + 1 + (i + 1 < n && (text[i + 1] == '+' || text[i + 1] == '-'));
      if (k < n && g_ascii_isdigit(text[k])) {
        negative = text[i + 1] == '-';
        for (i = k; i < n && g_ascii_isdigit(text[i]); i++) exponent = exponent * 10 + (guint64)g_ascii_digit_value(text[i]);
      }
    }
    gint64 power = (gint64)(negative ? 0 - exponent : exponent);
    double value = sign * ((double)(gint64)whole + (double)(gint64)fraction / (double)(gint64)scale) * pow(10, (double)power);
    if (!(fabs(value) <= UI_MAX_INTEGER)) return TRUE;
  }
  return FALSE;
}

/* Whether GTK reads `text` as a transform, as it reads a <layout>'s. */
static gboolean parses_transform (const char *text) {
  GskTransform *transform = NULL;
  gboolean read = gsk_transform_parse(text, &transform);
  gsk_transform_unref(transform);
  return read;
}

static gboolean is_large_size (gint64 size) { return size < 0 || size > (gint64)UI_MAX_POINTS * PANGO_SCALE; }

/* Why a text attribute is too large for Pango, or NULL. */
static const char *too_large (PangoAttribute *attribute) {
  switch (attribute->klass->type) {
  case PANGO_ATTR_SIZE:
  case PANGO_ATTR_ABSOLUTE_SIZE:
    return is_large_size(((PangoAttrSize *)attribute)->size) ? "a size" : NULL;
  case PANGO_ATTR_FONT_DESC:
    return is_large_size(pango_font_description_get_size(((PangoAttrFontDesc *)attribute)->desc)) ? "a font's size" : NULL;
  case PANGO_ATTR_LETTER_SPACING:
  case PANGO_ATTR_RISE:
    return is_large_size(llabs(((PangoAttrInt *)attribute)->value)) ? "a spacing or rise" : NULL;
  case PANGO_ATTR_SCALE: {
    double scale = ((PangoAttrFloat *)attribute)->value;
    return !(scale >= 0 && scale <= (double)UI_MAX_SCALE) ? "a scale" : NULL;
  }
  default:
    return NULL;
  }
}

/* Why a list of text attributes is too large, or NULL. */
static const char *list_too_large (PangoAttrList *list) {
  GSList *attributes = pango_attr_list_get_attributes(list), *each;
  const char *why = NULL;
  for (each = attributes; each != NULL; each = each->next) {
    if (why == NULL) why = too_large(each->data);
    pango_attribute_destroy(each->data);
  }
  g_slist_free(attributes);
  return why;
}

/* Whether a link may be followed: web pages and mail. GTK hands any other
** URI to the desktop (xdg-open), which opens files and runs the handler
** of any scheme. */
static gboolean is_web_link (const char *uri) {
  const char *schemes[] = { "http", "https", "mailto" };
  char *scheme = g_uri_parse_scheme(uri);
  gboolean web = FALSE;
  for (size_t i = 0; scheme != NULL && i < G_N_ELEMENTS(schemes); i++)
    if (g_ascii_strcasecmp(scheme, schemes[i]) == 0) web = TRUE;
  g_free(scheme);
  return web;
}

/* A label's markup as GTK reads it: its <a href> links (GTK's own, not
** Pango's) taken out, each checked, the rest copied for Pango. */
typedef struct {
  GString *rest;
  char *link;   /* the first link that is not a web link */
} Links;

static void links_start (GMarkupParseContext *context, const char *element, const char **names, const char **values,
                         gpointer data, GError **error) {
  Links *links = data;
  if (strcmp(element, "a") == 0) {
    const char *href = attribute(names, values, "href");
    if (href != NULL && !is_web_link(href) && links->link == NULL) links->link = g_strdup(href);
    return;
  }
  g_string_append_printf(links->rest, "<%s", element);
  for (; *names != NULL; names++, values++) {
    char *value = g_markup_escape_text(*values, -1);
    g_string_append_printf(links->rest, " %s=\"%s\"", *names, value);
    g_free(value);
  }
  g_string_append_c(links->rest, '>');
}

static void links_end (GMarkupParseContext *context, const char *element, gpointer data, GError **error) {
  Links *links = data;
  if (strcmp(element, "a") != 0) g_string_append_printf(links->rest, "</%s>", element);
}

static void links_text (GMarkupParseContext *context, const char *text, gsize length, gpointer data, GError **error) {
  Links *links = data;
  char *escaped = g_markup_escape_text(text, length);
  g_string_append(links->rest, escaped);
  g_free(escaped);
}

/* Markup Pango cannot read or would size past its limits, or a link that
** is not to the web. */
static void check_markup (Scan *scan, const char *markup, const char *where, GError **error) {
  GMarkupParser parser = { links_start, links_end, links_text, NULL, NULL };
  Links links = { g_string_new(NULL), NULL };
  char *wrapped = g_strconcat("<markup>", markup, "</markup>", NULL);
  GMarkupParseContext *context = g_markup_parse_context_new(&parser, 0, &links, NULL);
  PangoAttrList *list = NULL;
  GError *failure = NULL;
  const char *why;
  gboolean read = g_markup_parse_context_parse(context, wrapped, -1, &failure)
               && g_markup_parse_context_end_parse(context, &failure);
  g_markup_parse_context_free(context);
  g_free(wrapped);
  if (read && links.link != NULL) {
    refuse(scan, error, "%s links to `%s`; a link opens a web page or mail (http, https, mailto)", where, links.link);
  } else if (!read || !pango_parse_markup(links.rest->str, -1, 0, &list, NULL, NULL, &failure)) {
    refuse(scan, error, "%s is not Pango markup: %s", where, failure->message);
  } else if ((why = list_too_large(list)) != NULL) {
    refuse(scan, error, "%s gives %s past what Pango lays out (" PAST_PANGO "); give a smaller one", where, why);
  }
  if (list != NULL) pango_attr_list_unref(list);
  if (failure != NULL) g_error_free(failure);
  g_free(links.link);
  g_string_free(links.rest, TRUE);
}

/* A label's <attribute name=… value=…/>, as a list of one. */
static void check_label_attribute (Scan *scan, const char *name, const char *value, GError **error) {
  char *text = g_strdup_printf("0 -1 %s %s", name, value);
  PangoAttrList *list = pango_attr_list_from_string(text);
  const char *why = list != NULL ? list_too_large(list) : NULL;
  if (list != NULL) pango_attr_list_unref(list);
  g_free(text);
  if (why != NULL)
    refuse(scan, error, "the attribute `%s` gives %s past what Pango lays out (" PAST_PANGO "); give a smaller one",
           name, why);
}

static gboolean is_true (const char *text) {
  return g_ascii_strcasecmp(text, "true") == 0 || g_ascii_strcasecmp(text, "yes") == 0
      || g_ascii_strcasecmp(text, "t") == 0 || g_ascii_strcasecmp(text, "y") == 0 || strcmp(text, "1") == 0;
}

/* ----------------------------------------------------- pages, widgets */

typedef struct {
  const char *id;          /* owned by the scan's names */
  const char *what;        /* a static string: what names it */
  gboolean guide;          /* whether a constraint's guide may be named */
  int line, column;
} WidgetName;

/* `id` (said `what`) must name a widget, or a guide where `guide`. */
static void needs_widget (Scan *scan, const char *id, const char *what, gboolean guide) {
  WidgetName name = { g_string_chunk_insert(scan->names, id), what, guide, 0, 0 };
  g_markup_parse_context_get_position(scan->context, &name.line, &name.column);
  g_array_append_val(scan->widget_names, name);
}

/* The first id that names an object of the file that is not a widget (a
** guide is named apart from the objects); GTK crashed on it. */
static gboolean check_widget_names (Scan *scan, GError **error) {
  for (guint i = 0; i < scan->widget_names->len; i++) {
    WidgetName *name = &g_array_index(scan->widget_names, WidgetName, i);
    GType type = GPOINTER_TO_SIZE(g_hash_table_lookup(scan->classes_by_id, name->id));
    if (type != G_TYPE_INVALID && !g_type_is_a(type, GTK_TYPE_WIDGET)
        && !(name->guide && g_type_is_a(type, GTK_TYPE_CONSTRAINT_GUIDE))) {
      int place[2] = { name->line, name->column };
      refuse_there(place, error, "%s `%s`, which is a %s, not a widget%s, on which GTK crashes; name a widget",
                   name->what, name->id, g_type_name(type), name->guide ? " or a guide" : "");
      return FALSE;
    }
  }
  return TRUE;
}

/* ------------------------------------------------------ layout managers */

typedef struct {
  GType owner;             /* the class of the widget it lays out */
  const char *id;          /* owned by the scan's names */
  int place[2];
} LayoutName;

/* A widget's `layout-manager` given by id (`text`), where GtkBuilder reads
** it: past the property's end tag. */
static void names_layout (Scan *scan, GType owner, const char *text) {
  char *id = g_strstrip(g_strdup(text));
  LayoutName name = { owner, g_string_chunk_insert(scan->names, id), { 0, 0 } };
  g_markup_parse_context_get_position(scan->context, &name.place[0], &name.place[1]);
  if (*id != '\0') g_array_append_val(scan->layout_names, name);
  g_free(id);
}

/* The first layout manager given by id that is an overlay layout of a
** widget but an overlay, or another of an overlay: GTK casts one to the
** other as it lays it out, and fails (a critical), as given inside. */
static gboolean check_layout_names (Scan *scan, GError **error) {
  for (guint i = 0; i < scan->layout_names->len; i++) {
    LayoutName *name = &g_array_index(scan->layout_names, LayoutName, i);
    GType type = GPOINTER_TO_SIZE(g_hash_table_lookup(scan->classes_by_id, name->id));
    if (type != G_TYPE_INVALID && g_type_is_a(type, GTK_TYPE_LAYOUT_MANAGER)
        && g_type_is_a(type, GTK_TYPE_OVERLAY_LAYOUT) != g_type_is_a(name->owner, GTK_TYPE_OVERLAY)) {
      refuse_there(name->place, error, "a %s as the `layout-manager` of a %s, on which GTK fails an assertion (a "
                   "critical) as it lays it out (a GtkOverlayLayout lays out a GtkOverlay, and nothing else); remove the "
                   "property", g_type_name(type), g_type_name(name->owner));
      return FALSE;
    }
  }
  return TRUE;
}

/* ------------------------------------------------------ combo entries */

typedef struct {
  int place[2];
  gint64 column;
  const char *model_id;    /* owned by the scan's names, or NULL */
  GArray *model_columns;   /* a reference, or NULL */
} Combo;

/* The combo box at the scan's depth ends: one with an entry and a model
** is checked at the file's end. */
static void end_combo (Scan *scan) {
  int depth = scan->depth;
  if (scan->entry[depth] && (scan->model_id[depth] != NULL || scan->model_columns[depth] != NULL)) {
    Combo combo = { { scan->starts[depth][0], scan->starts[depth][1] }, scan->text_column[depth], scan->model_id[depth],
                    scan->model_columns[depth] != NULL ? g_array_ref(scan->model_columns[depth]) : NULL };
    g_array_append_val(scan->combos, combo);
  }
  g_clear_pointer(&scan->model_columns[depth], g_array_unref);
}

/* The first combo box whose entry's text column is not a text column of
** its model: GTK reads each row's text from it as a string, and crashed. */
static gboolean check_combos (Scan *scan, GError **error) {
  for (guint i = 0; i < scan->combos->len; i++) {
    Combo *combo = &g_array_index(scan->combos, Combo, i);
    GArray *types = combo->model_columns != NULL ? combo->model_columns
                  : g_hash_table_lookup(scan->columns_by_id, combo->model_id);
    if (types != NULL && combo->column >= 0 && combo->column < types->len
        && g_array_index(types, GType, combo->column) == G_TYPE_STRING) continue;
    refuse_there(combo->place, error, "a GtkComboBox with an entry (has-entry) takes each row's text from its "
                 "entry-text-column, %" G_GINT64_FORMAT ", which is not a text column of its model (a GtkListStore or "
                 "GtkTreeStore of the file), on which GTK crashes; give entry-text-column the number of a gchararray "
                 "column of its model", combo->column);
    return FALSE;
  }
  return TRUE;
}

static void free_combo (gpointer data) {
  Combo *combo = data;
  if (combo->model_columns != NULL) g_array_unref(combo->model_columns);
}

/* --------------------------------------------------------- child types */

/* The child types each class that judges them takes (an untried one,
** `?type`, taken too), from the table gtk-class-table --child-types
** writes from GtkBuilder's answers (Sources/BehaveScene/Data/
** gtk-child-types.txt), which the host hands over: a class's name, a
** NULL-terminated list. A class of no line takes any type. */
static GHashTable *child_types_taken;

void bhg_scan_set_child_types (const char *table) {
  if (child_types_taken != NULL) return;
  child_types_taken = g_hash_table_new_full(g_str_hash, g_str_equal, g_free, (GDestroyNotify)g_strfreev);
  char **lines = g_strsplit(table, "\n", -1);
  for (char **line = lines; *line != NULL; line++) {
    if (**line == '#' || **line == '\0') continue;
    char **words = g_strsplit(*line, " ", -1);
    GPtrArray *types = g_ptr_array_new();
    for (char **word = words + 1; *word != NULL; word++)
      if (**word != '\0') g_ptr_array_add(types, g_strdup(**word == '?' ? *word + 1 : *word));
    g_ptr_array_add(types, NULL);
    g_hash_table_insert(child_types_taken, g_strdup(words[0]), g_ptr_array_free(types, FALSE));
    g_strfreev(words);
  }
  g_strfreev(lines);
}

/* The types `type` takes, joined by ", " (freed by the caller), or NULL
** when it takes `child_type`. */
static char *refuses_child_type (GType type, const char *child_type) {
  char **taken = child_types_taken != NULL ? g_hash_table_lookup(child_types_taken, g_type_name(type)) : NULL;
  if (taken == NULL || g_strv_contains((const char *const *)taken, child_type)) return NULL;
  return g_strjoinv(", ", taken);
}

/* ------------------------------------------------------------- parents */

/* Whether a property is a widget's layout manager, as GObject reads its name. */
static gboolean is_layout_manager (const char *name) {
  return strcmp(name, "layout-manager") == 0 || strcmp(name, "layout_manager") == 0;
}

/* The properties that make the widget they name a child of their object
** (InterfaceDrawing.adoptingProperties, headless's, is the same list). */
static gboolean adopts (const char *name) {
  const char *names[] = { "child", "titlebar", "start-child", "end-child", "label-widget", "title-widget", "popover",
                          "widget" };
  char *canonical = g_strdelimit(g_strdup(name), "_", '-');
  gboolean found = FALSE;
  for (size_t i = 0; i < G_N_ELEMENTS(names); i++) found = found || strcmp(canonical, names[i]) == 0;
  g_free(canonical);
  return found;
}

typedef struct {
  int parent;              /* the object whose property it is */
  const char *id;          /* owned by the scan's names */
  const char *property;    /* owned by the scan's names */
  int place[2];
} Adoption;

/* Whether `wanted` is `from` or above it: its parent in the file, or an
** object that adopts it by id (`adopters` lists them, each node's first,
** then each adoption's next), and so on up. */
static gboolean is_above (Scan *scan, int from, int wanted, const int *first, const int *next, guint8 *seen) {
  GArray *pending = g_array_new(FALSE, FALSE, sizeof(int));
  gboolean found = FALSE;
  memset(seen, 0, scan->nest_parents->len);
  g_array_append_val(pending, from);
  while (pending->len > 0 && !found) {
    int node = g_array_index(pending, int, pending->len - 1);
    g_array_set_size(pending, pending->len - 1);
    if (node < 0 || seen[node]) continue;
    seen[node] = 1;
    found = node == wanted;
    g_array_append_val(pending, g_array_index(scan->nest_parents, int, node));
    for (int i = first[node]; i >= 0; i = next[i])
      g_array_append_val(pending, g_array_index(scan->adoptions, Adoption, i).parent);
  }
  g_array_free(pending, TRUE);
  return found;
}

/* The first widget given by id as the child of itself or of a widget
** inside it: GTK looped forever or crashed on it. */
static gboolean check_adoptions (Scan *scan, GError **error) {
  guint nodes = scan->nest_parents->len, count = scan->adoptions->len;
  int *first, *next, *children;
  guint8 *seen;
  gboolean ok = TRUE;
  if (count > UI_MAX_ADOPTIONS) {
    refuse_there(g_array_index(scan->adoptions, Adoption, UI_MAX_ADOPTIONS).place, error, "more than %d widgets are given "
                 "by id as an object's child; a screen needs far fewer (give each inside the object)", UI_MAX_ADOPTIONS);
    return FALSE;
  }
  first = g_new(int, MAX(1, nodes));
  next = g_new(int, MAX(1, count));
  children = g_new(int, MAX(1, count));
  seen = g_malloc(MAX(1, nodes));
  for (guint node = 0; node < nodes; node++) first[node] = -1;
  for (guint i = 0; i < count; i++) {
    children[i] = GPOINTER_TO_INT(g_hash_table_lookup(scan->indices_by_id, g_array_index(scan->adoptions, Adoption, i).id)) - 1;
    next[i] = children[i] >= 0 ? first[children[i]] : -1;
    if (children[i] >= 0) first[children[i]] = i;
  }
  for (guint i = 0; i < count && ok; i++) {
    Adoption *adoption = &g_array_index(scan->adoptions, Adoption, i);
    gboolean adopted_before = FALSE;
    for (guint j = 0; j < i && children[i] >= 0; j++) adopted_before = adopted_before || children[j] == children[i];
    if (children[i] >= 0 && is_above(scan, adoption->parent, children[i], first, next, seen)) {
      refuse_there(adoption->place, error, "`%s` is `%s`, which is this object or one it is inside, on which GTK loops "
                   "or crashes (a widget inside itself); give it a widget of its own", adoption->property, adoption->id);
      ok = FALSE;
    } else if (children[i] >= 0 && (g_array_index(scan->held, gboolean, children[i]) || adopted_before)) {
      /* A widget has one parent: GTK fails an assertion, and looped on some. */
      refuse_there(adoption->place, error, "`%s` is `%s`, which another object holds already (a widget has one parent), "
                   "on which GTK fails an assertion (a critical); give it a widget of its own", adoption->property,
                   adoption->id);
      ok = FALSE;
    }
  }
  g_free(first);
  g_free(next);
  g_free(children);
  g_free(seen);
  return ok;
}

/* ---------------------------------------------------------------- grids */

/* The object just opened: at column 0, row 0, one of each; nothing in it. */
static void start_cell (Scan *scan) {
  int depth = scan->depth;
  g_markup_parse_context_get_position(scan->context, &scan->starts[depth][0], &scan->starts[depth][1]);
  scan->cells[depth][0] = scan->cells[depth][1] = 0;
  scan->cells[depth][2] = scan->cells[depth][3] = 1;
  scan->spans[depth][0] = scan->spans[depth][1] = G_MAXINT64;
  scan->spans[depth][2] = scan->spans[depth][3] = G_MININT64;
  scan->inner_lines[depth] = 0;
}

/* A <layout> property that places a child in a grid, kept for its object. */
static void keep_cell (Scan *scan, const char *name, const char *text) {
  const char *names[] = { "column", "row", "column-span", "row-span" };
  char *canonical = g_strdelimit(g_strdup(name), "_", '-');   /* as GObject reads a name */
  for (int i = 0; i < 4; i++)
    if (strcmp(canonical, names[i]) == 0) {
      /* GtkBuilder reads a C int: anything past one is too far anyway. */
      gint64 value = g_ascii_strtoll(text, NULL, 0);
      scan->cells[scan->owner - 1][i] = CLAMP(value, -(gint64)G_MAXINT32 * 4, (gint64)G_MAXINT32 * 4);
    }
  g_free(canonical);
}

/* The object at the scan's depth ends: its cell goes to the object it is
** in, and the grids' lines counted from it out are checked. */
static void end_cell (Scan *scan, GError **error) {
  int depth = scan->depth, parent = depth - 1;
  gint64 *spans = scan->spans[depth], *cell = scan->cells[depth], lines = scan->inner_lines[depth];
  for (int axis = 0; axis < 2; axis++)
    if (spans[axis] <= spans[axis + 2]) lines += spans[axis + 2] - spans[axis];
  if (lines > UI_MAX_GRID_LINES) {
    refuse_there(scan->starts[depth], error,
              "the grids from this object in span %" G_GINT64_FORMAT " rows and columns, first to last, and GTK lays a "
              "grid out on its stack; place the children at smaller columns and rows (at most %d in all)", lines,
              UI_MAX_GRID_LINES);
    return;
  }
  while (parent > 0 && !scan->objects_open[parent]) parent--;
  if (parent == 0) return;
  for (int axis = 0; axis < 2; axis++) {
    scan->spans[parent][axis] = MIN(scan->spans[parent][axis], cell[axis]);
    scan->spans[parent][axis + 2] = MAX(scan->spans[parent][axis + 2], cell[axis] + cell[axis + 2]);
  }
  scan->inner_lines[parent] = MAX(scan->inner_lines[parent], lines);
}

/* ------------------------------------------------------------- elements */

/* The line the object of the property being read was given it on before
** (0: not yet), noting it given. */
static int given_before (Scan *scan) {
  GHashTable **given = &scan->given[scan->owner];
  if (*given == NULL) *given = g_hash_table_new(NULL, NULL);
  int first = GPOINTER_TO_INT(g_hash_table_lookup(*given, scan->pspec));
  if (first == 0) g_hash_table_insert(*given, scan->pspec, GINT_TO_POINTER(scan->line));
  return first;
}

static void scan_start (GMarkupParseContext *context, const char *element, const char **names, const char **values,
                        gpointer data, GError **error) {
  Scan *scan = data;
  GType inside = scan->classes[scan->depth];
  if (scan->depth >= UI_MAX_DEPTH) {
    refuse(scan, error, "elements are nested more than %d deep; a screen needs far fewer", UI_MAX_DEPTH);
    return;
  }
  gboolean in_object = scan->objects_open[scan->depth];
  /* The property this element is in (an object given as its value). */
  const char *within = scan->property;
  int within_owner = scan->owner;
  const char *child_type = attribute(names, values, "type");
  char *taken = in_object && strcmp(element, "child") == 0 && child_type != NULL
    && attribute(names, values, "internal-child") == NULL ? refuses_child_type(inside, child_type) : NULL;
  if (taken != NULL) {
    /* GTK warns ("is not a valid child type"), and leaves the child out;
    ** a text view keeps a widget there, and is refused it whatever its type. */
    const char *fate = widget_child_fate(inside, 0, child_type);
    if (fate != NULL)
      refuse(scan, error, "a <child type=\"%s\"> of a %s, which takes no child %s: GTK warns, keeps a widget there, and %s; "
             "remove the <child>", child_type, g_type_name(inside), *taken == '\0' ? "type" : "of that type", fate);
    else if (*taken == '\0')
      refuse(scan, error, "a <child type=\"%s\"> of a %s, which takes no child type (GTK warns, and leaves the child out); "
             "remove the type", child_type, g_type_name(inside));
    else if (strchr(taken, ',') == NULL)
      refuse(scan, error, "a <child type=\"%s\"> of a %s, which takes no child of that type (GTK warns, and leaves the child "
             "out); make it type=\"%s\", or remove the type", child_type, g_type_name(inside), taken);
    else
      refuse(scan, error, "a <child type=\"%s\"> of a %s, which takes no child of that type (GTK warns, and leaves the child "
             "out); give one of %s, or remove the type", child_type, g_type_name(inside), taken);
    g_free(taken);
    return;
  }
  if (in_object && strcmp(element, "child") == 0 && attribute(names, values, "type") == NULL)
    scan->paged[scan->depth] = TRUE;
  if (in_object && strcmp(element, "child") == 0 && attribute(names, values, "internal-child") == NULL)
    scan->given_children[scan->depth] = TRUE;
  scan->depth++;
  scan->classes[scan->depth] = inside;
  scan->objects_open[scan->depth] = strcmp(element, "object") == 0;
  scan->columns_open[scan->depth] = in_object && is_store(inside) && strcmp(element, "columns") == 0;
  scan->layouts_open[scan->depth] = in_object && strcmp(element, "layout") == 0;
  scan->children_open[scan->depth] = in_object && strcmp(element, "child") == 0;
  scan->child_types[scan->depth] = scan->children_open[scan->depth] && attribute(names, values, "type") != NULL
    ? g_string_chunk_insert(scan->names, attribute(names, values, "type")) : NULL;
  scan->tree_data[scan->depth] = in_object && g_type_is_a(inside, GTK_TYPE_TREE_STORE) && strcmp(element, "data") == 0;
  scan->tree_rows[scan->depth] = (scan->tree_data[scan->depth - 1] || scan->tree_rows[scan->depth - 1])
                                 && strcmp(element, "row") == 0;
  scan->filled[scan->depth] = FALSE;
  if (scan->tree_rows[scan->depth - 1] && (strcmp(element, "row") == 0 || strcmp(element, "col") == 0))
    scan->filled[scan->depth - 1] = TRUE;
  if (scan->columns_open[scan->depth - 1] && strcmp(element, "column") == 0) {
    const char *name = attribute(names, values, "type");
    GType type = name != NULL ? class_named(name) : G_TYPE_INVALID;
    scan->columned[scan->depth - 2] = TRUE;
    g_array_append_val(scan->columns[scan->depth - 2], type);
  }
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
  } else if (in_object && g_type_is_a(inside, GTK_TYPE_NOTEBOOK) && strcmp(element, "child") == 0
             && attribute(names, values, "type") != NULL && strcmp(attribute(names, values, "type"), "tab") == 0
             && !scan->paged[scan->depth - 1]) {
    /* GtkNotebook asserts a page to give the tab to: the process aborts. */
    refuse(scan, error, "a GtkNotebook's <child type=\"tab\"> comes before any page (a <child> without a type), on "
           "which GTK stops the program (an assertion); give the page's <child> before its tab");
  } else if (strcmp(element, "constraint") == 0 && scan->classes[scan->depth] != G_TYPE_INVALID
             && g_type_is_a(scan->classes[scan->depth], GTK_TYPE_CONSTRAINT_LAYOUT)) {
    const char *ends[] = { "target", "source" };
    for (int i = 0; i < 2; i++) {
      const char *id = attribute(names, values, ends[i]);
      if (id != NULL && strcmp(id, "super") != 0)
        needs_widget(scan, id, i == 0 ? "a <constraint>'s target is" : "a <constraint>'s source is", TRUE);
    }
  } else if (in_object && is_store(inside) && strcmp(element, "data") == 0 && !scan->columned[scan->depth - 1]) {
    /* GtkListStore and GtkTreeStore call g_error() on it: the process ends. */
    refuse(scan, error, "a %s's <data> comes before any <column> of its <columns>, on which GTK stops the program "
           "(\"Cannot append data to an empty model\"); give the store its <columns> before its <data>",
           g_type_name(inside));
  } else if (strcmp(element, "template") == 0) {
    refuse(scan, error, "a <template> defines a widget class of a program; draw the screen as objects inside a GtkWindow");
  } else if (strcmp(element, "object") == 0) {
    const char *name = attribute(names, values, "class"), *fate = NULL;
    GType type = name ? class_named(name) : G_TYPE_INVALID;
    if (++scan->objects > UI_MAX_OBJECTS) {
      refuse(scan, error, "more than %d objects; a screen needs far fewer", UI_MAX_OBJECTS);
    } else if (type == G_TYPE_INVALID && name != NULL && nearest_class(name) != NULL) {
      refuse(scan, error, "no GTK class is named `%s` (did you mean `%s`?)", name, nearest_class(name));
    } else if (type == G_TYPE_INVALID) {
      refuse(scan, error, "no GTK class is named `%s`; name a class such as GtkButton or GtkBox", name ? name : "");
    } else if (G_TYPE_IS_ABSTRACT(type)) {
      /* GtkBuilder would ask GObject for one, which cannot make it: a
      ** critical, then a crash. */
      refuse(scan, error, "`%s` is a kind of object GTK cannot make on its own (an abstract class); name one of its "
             "classes, such as GtkButton or GtkBox", name);
    } else if (lists_files(type)) {
      refuse(scan, error, "`%s` lists the computer's folders and files, as a directory list does; remove it (Behave shows "
             "images from the scene's images: folder)", name);
    } else if (lists_applications(type)) {
      refuse(scan, error, "`%s` lists the applications installed on the computer; remove it (a screen opens no other "
             "application)", name);
    } else if (needs_functions(type)) {
      refuse(scan, error, "`%s` lays a widget out by functions of the program, which a file cannot give (GTK crashes on "
             "one without them); remove it (a widget's own layout, or a GtkBoxLayout, GtkGridLayout or "
             "GtkConstraintLayout, lays it out)", name);
    } else if (!bhg_scan_draws_with(type)) {
      refuse(scan, error, "`%s` is neither a widget nor one of the objects a screen is drawn with (adjustments, "
             "buffers, list models, event controllers, layouts, size groups); remove it", name);
    } else if (g_type_is_a(type, GTK_TYPE_WINDOW) && ++scan->windows > 1) {
      refuse(scan, error, "a second window (%s); Behave shows one window, the screen, drawn as the file's GtkWindow "
             "(a behaviour's ask shows dialogs): remove it", name);
    } else if (g_type_is_a(type, GTK_TYPE_DRAG_ICON)) {
      /* A root of its own, as a window is: GTK asserts it is no other's child once it holds one. */
      refuse(scan, error, "`%s` is the surface GTK makes for a drag, which a screen does not hold (GTK stops the program "
             "on one in a widget, an assertion); remove it", name);
    } else if (scan->children_open[scan->depth - 1] && !g_type_is_a(inside, GTK_TYPE_BUILDABLE)) {
      /* GtkBuilder asserts that the object a child is added to is buildable. */
      refuse(scan, error, "a %s in a <child> of a %s, which takes no children (it is not GtkBuildable), on which GTK "
             "stops the program (an assertion); remove the <child>, or give the object to one that takes it",
             name, g_type_name(inside));
    } else if (scan->children_open[scan->depth - 1] && child_kind(inside) != 0 && !g_type_is_a(type, child_kind(inside))) {
      refuse(scan, error, "a %s in a <child> of a %s, which takes only a %s as a child, on which GTK crashes; give it "
             "a %s, or remove the <child>", name, g_type_name(inside), g_type_name(child_kind(inside)),
             g_type_name(child_kind(inside)));
    } else if (scan->children_open[scan->depth - 1] && g_type_is_a(type, GTK_TYPE_WIDGET)
               && widget_child_fate(inside, type, scan->child_types[scan->depth - 1]) != NULL) {
      refuse(scan, error, "a %s in a <child> of a %s, on which GTK %s; remove the <child>", name, g_type_name(inside),
             widget_child_fate(inside, type, scan->child_types[scan->depth - 1]));
    } else if (scan->children_open[scan->depth - 1] && g_type_is_a(inside, GTK_TYPE_DIALOG)
               && g_strcmp0(scan->child_types[scan->depth - 1], "titlebar") == 0 && !g_type_is_a(type, GTK_TYPE_HEADER_BAR)) {
      /* The dialog takes its title bar for a header bar, and packs into it. */
      refuse(scan, error, "a %s as the <child type=\"titlebar\"> of a %s, which takes it for a header bar, on which GTK "
             "crashes; give a GtkHeaderBar, or give it as the dialog's <property name=\"titlebar\">", name,
             g_type_name(inside));
    } else if (within != NULL && scan->objects_open[within_owner] && is_layout_manager(within)
               && g_type_is_a(type, GTK_TYPE_OVERLAY_LAYOUT) != g_type_is_a(scan->classes[within_owner], GTK_TYPE_OVERLAY)) {
      /* Each takes the other for granted: GTK casts one to the other, and fails. */
      refuse(scan, error, "a %s as the `layout-manager` of a %s, on which GTK fails an assertion (a critical) as it lays "
             "it out (a GtkOverlayLayout lays out a GtkOverlay, and nothing else); remove the property", name,
             g_type_name(scan->classes[within_owner]));
    } else if (box_of(type, &fate) != 0
               && !(scan->children_open[scan->depth - 1] && g_type_is_a(inside, box_of(type, &fate)))) {
      refuse(scan, error, "a %s outside a %s (not in a <child> of one), on which GTK %s as it takes the focus; give it "
             "in a <child> of a %s, or give its child in place of it", name, g_type_name(box_of(type, &fate)), fate,
             g_type_name(box_of(type, &fate)));
    } else {
      scan->classes[scan->depth] = type;
      scan->columned[scan->depth] = FALSE;
      scan->paged[scan->depth] = FALSE;
      scan->childless[scan->depth] = g_type_is_a(type, GTK_TYPE_STACK_PAGE);
      scan->linked[scan->depth] = FALSE;
      scan->given_children[scan->depth] = FALSE;
      g_clear_pointer(&scan->given[scan->depth], g_hash_table_unref);
      if (attribute(names, values, "id") != NULL)
        g_hash_table_insert(scan->classes_by_id, g_string_chunk_insert(scan->names, attribute(names, values, "id")),
                            GSIZE_TO_POINTER(type));
      start_cell(scan);
      int parent = scan->depth - 1;
      while (parent > 0 && !scan->objects_open[parent]) parent--;
      parent = parent > 0 ? scan->indices[parent] : -1;
      scan->indices[scan->depth] = scan->nest_parents->len;
      g_array_append_val(scan->nest_parents, parent);
      gboolean held = g_type_is_a(type, GTK_TYPE_WIDGET) && parent >= 0
        && (scan->children_open[scan->depth - 1] || (within != NULL && adopts(within) && scan->objects_open[within_owner]));
      g_array_append_val(scan->held, held);
      if (attribute(names, values, "id") != NULL)
        g_hash_table_insert(scan->indices_by_id, g_string_chunk_insert(scan->names, attribute(names, values, "id")),
                            GINT_TO_POINTER(scan->indices[scan->depth] + 1));
      scan->columns[scan->depth] = is_store(type) ? g_array_new(FALSE, FALSE, sizeof(GType)) : NULL;
      if (scan->columns[scan->depth] != NULL && attribute(names, values, "id") != NULL)
        g_hash_table_insert(scan->columns_by_id, g_string_chunk_insert(scan->names, attribute(names, values, "id")),
                            g_array_ref(scan->columns[scan->depth]));
      if (scan->columns[scan->depth] != NULL && within != NULL && strcmp(within, "model") == 0
          && g_type_is_a(scan->classes[within_owner], GTK_TYPE_COMBO_BOX) && scan->objects_open[within_owner])
        scan->model_columns[within_owner] = g_array_ref(scan->columns[scan->depth]);
      scan->entry[scan->depth] = FALSE;
      scan->text_column[scan->depth] = g_type_is_a(type, GTK_TYPE_COMBO_BOX_TEXT) ? 0 : -1;
      scan->model_id[scan->depth] = NULL;
      scan->model_columns[scan->depth] = NULL;
      g_clear_pointer(&scan->labels[scan->depth], g_free);
      scan->markup[scan->depth] = FALSE;
    }
  } else if (strcmp(element, "attribute") == 0 && attribute(names, values, "value") != NULL) {
    /* A label's text attribute (a menu's has its value as text). */
    const char *name = attribute(names, values, "name");
    if (name != NULL) check_label_attribute(scan, name, attribute(names, values, "value"), error);
  } else if (strcmp(element, "property") == 0 || strcmp(element, "attribute") == 0) {
    const char *name = attribute(names, values, "name");
    if (name == NULL) return;   /* GTK says what is missing */
    scan->owner = scan->depth - 1;
    scan->attribute = strcmp(element, "attribute") == 0;
    scan->property = g_string_chunk_insert(scan->names, name);
    g_markup_parse_context_get_position(context, &scan->line, &scan->column);
    scan->bound = attribute(names, values, "bind-source") != NULL;
    if (!scan->attribute && in_object && scan->childless[scan->owner] && strcmp(name, "child") == 0)
      scan->childless[scan->owner] = FALSE;
    if (!scan->attribute && in_object && strcmp(name, "uri") == 0) scan->linked[scan->owner] = TRUE;
    if (!scan->attribute && G_TYPE_IS_OBJECT(inside)) {
      GObjectClass *klass = g_type_class_ref(inside);
      scan->pspec = g_object_class_find_property(klass, name);
      g_type_class_unref(klass);
    }
    int first = 0;
    if (!scan->attribute && in_object && G_TYPE_IS_OBJECT(inside) && scan->pspec == NULL) {
      const char *near = nearest_property(inside, name);
      if (near != NULL)
        refuse(scan, error, "%s has no property `%s` (did you mean `%s`?)", g_type_name(inside), name, near);
      else
        refuse(scan, error, "%s has no property `%s`; remove it (gtk4-builder-tool validate lists what GTK reads)",
               g_type_name(inside), name);
    } else if (!scan->attribute && in_object && scan->pspec != NULL && !scan->bound
               && (scan->pspec->flags & (G_PARAM_CONSTRUCT | G_PARAM_CONSTRUCT_ONLY)) != 0
               && (first = given_before(scan)) != 0) {
      /* GtkBuilder hands these to g_object_new, which keeps the first (the
      ** others it sets after, the last standing). */
      refuse(scan, error, "`%s` is given twice to a %s (first on line %d), which GTK sets as it makes the object: it "
             "keeps the first, with a critical (\"cannot be set twice\"); remove one of them",
             name, g_type_name(inside), first);
    } else if (!scan->attribute && in_object && strcmp(name, "child") == 0 && widget_child_fate(inside, 0, NULL) != NULL) {
      refuse(scan, error, "`child` of %s, on which GTK %s; remove the property", g_type_name(inside),
             widget_child_fate(inside, 0, NULL));
    } else if (!scan->attribute && loads_a_file(name, scan->pspec)) {
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

/* Whether GtkBuilder reads `text` as a value of the property being read. */
static gboolean reads (Scan *scan, const char *text) {
  GValue value = G_VALUE_INIT;
  gboolean read;
  if (scan->values == NULL) scan->values = gtk_builder_new();
  read = gtk_builder_value_from_string_type(scan->values, G_PARAM_SPEC_VALUE_TYPE(scan->pspec), text, &value, NULL);
  if (read) g_value_unset(&value);
  return read;
}

/* Whether GtkBuilder reads `text` as a value of the property being read,
** as it reads a property's (with its spec: a GVariant of the spec's type). */
static gboolean reads_as (Scan *scan, const char *text) {
  GValue value = G_VALUE_INIT;
  if (scan->values == NULL) scan->values = gtk_builder_new();
  gboolean read = gtk_builder_value_from_string(scan->values, scan->pspec, text, &value, NULL);
  if (read) g_value_unset(&value);
  return read;
}

static void scan_end (GMarkupParseContext *context, const char *element, gpointer data, GError **error) {
  Scan *scan = data;
  const char *name = scan->property, *text = scan->text->str;
  if (name != NULL && scan->layouts_open[scan->owner]) keep_cell(scan, name, text);
  if (name != NULL && !scan->attribute && scan->objects_open[scan->owner] && adopts(name)) {
    char *id = g_strstrip(g_strdup(text));
    Adoption adoption = { scan->indices[scan->owner], g_string_chunk_insert(scan->names, id), name,
                          { scan->line, scan->column } };
    if (*id != '\0') g_array_append_val(scan->adoptions, adoption);
    g_free(id);
  }
  if (name != NULL && !scan->attribute && scan->objects_open[scan->owner]
      && g_type_is_a(scan->classes[scan->owner], GTK_TYPE_COMBO_BOX)) {
    char *value = g_strstrip(g_strdup(text));
    if (strcmp(name, "has-entry") == 0 || strcmp(name, "has_entry") == 0) scan->entry[scan->owner] = is_true(value);
    else if (strcmp(name, "entry-text-column") == 0 || strcmp(name, "entry_text_column") == 0)
      scan->text_column[scan->owner] = g_ascii_strtoll(value, NULL, 0);
    else if (strcmp(name, "model") == 0 && *value != '\0')
      scan->model_id[scan->owner] = g_string_chunk_insert(scan->names, value);
    g_free(value);
  }
  if (name != NULL && !scan->attribute && is_layout_manager(name) && scan->objects_open[scan->owner] && !scan->bound)
    names_layout(scan, scan->classes[scan->owner], text);
  if (name != NULL && !scan->attribute && strcmp(name, "child") == 0 && scan->objects_open[scan->owner]
      && g_type_is_a(scan->classes[scan->owner], GTK_TYPE_STACK_PAGE)
      && *g_strstrip(scan->text->str) != '\0')
    needs_widget(scan, scan->text->str, "a page's child is", FALSE);
  if (name != NULL && !scan->attribute && scan->pspec != NULL
      && G_PARAM_SPEC_VALUE_TYPE(scan->pspec) == GTK_TYPE_SHORTCUT_ACTION
      && (strcmp(text, "signal()") == 0 || strcmp(text, "action()") == 0)) {
    /* GTK makes a signal or named action of no name, and asserts it has one. */
    gboolean signal = text[0] == 's';
    refuse(scan, error, "`%s` of %s is `%s`, which names no %s, on which GTK stops the program (an assertion); name "
           "the %s, as in %s", name, g_type_name(scan->classes[scan->depth]), text, signal ? "signal" : "action",
           signal ? "signal" : "action", signal ? "signal(activate)" : "action(window.close)");
  } else if (name == NULL && scan->tree_rows[scan->depth] && !scan->filled[scan->depth]) {
    refuse(scan, error, "a GtkTreeStore's <row> holds neither a <col> nor a <row>, on which GTK crashes; give it its "
           "values (<col id=\"0\">…</col>), or remove it");
  } else if (name != NULL && !scan->attribute && scan->layouts_open[scan->owner] && strcmp(name, "transform") == 0
             && transform_past_limits(text)) {
    refuse(scan, error, "`transform` is `%s`, but GTK lays a screen out in C ints, and the numbers of a transform here are "
           "at most %d (GTK hangs on an angle past about 8,600,000,000 degrees, and stops the program on one it reads as no "
           "number, as 0e400); give smaller ones",
           g_strstrip(scan->text->str), UI_MAX_INTEGER);
  } else if (name != NULL && !scan->attribute && scan->layouts_open[scan->owner] && strcmp(name, "transform") == 0
             && !parses_transform(text)) {
    /* A fixed child's: GTK warns of one it cannot read, and leaves the child where it was. */
    char *form = bhg_scan_value_form(GSK_TYPE_TRANSFORM);
    refuse_value(scan, error, "`transform` of the <layout> is `%s`, which GTK cannot read as its value; give %s",
                 g_strstrip(scan->text->str), form);
    g_free(form);
  } else if (name != NULL && is_icon(name, scan->pspec, scan->attribute) && icon_names_a_file(text)) {
    refuse(scan, error, "the icon `%s` names a file or a URI of the computer; name a themed icon (document-open), or "
           "show an image from the scene's images: folder", text);
  } else if (name != NULL && !scan->attribute && is_large_integer(scan->pspec, text)) {
    refuse(scan, error, "`%s` is %s, but GTK lays a screen out in C ints, and its whole numbers here are at most %d; "
           "give a smaller one", name, g_strstrip(scan->text->str), UI_MAX_INTEGER);
  } else if (name != NULL && (strcmp(name, "label") == 0 || g_str_has_prefix(name, "tooltip-"))
             && g_utf8_strlen(text, -1) > UI_MAX_LABEL) {
    refuse(scan, error, "`%s` holds %ld characters; a label shows at most %d (a text view holds long text)",
           name, g_utf8_strlen(text, -1), UI_MAX_LABEL);
  } else if (name != NULL && !scan->attribute && (strcmp(name, "uri") == 0 || strcmp(name, "website") == 0)
             && !is_web_link(g_strstrip(scan->text->str))) {
    refuse(scan, error, "`%s` is `%s`; a link opens a web page or mail (http, https, mailto)", name, scan->text->str);
  } else if (name != NULL && !scan->attribute && strcmp(name, "tooltip-markup") == 0) {
    check_markup(scan, text, "the tooltip-markup", error);
  } else if (name != NULL && !scan->attribute && scan->pspec != NULL && !scan->bound
             && bhg_scan_reads_no_text(scan->pspec)) {
    refuse_value(scan, error, "`%s` of %s is `%s`, but GTK reads no %s from a file's text (it warns, and leaves the "
                 "property be); remove the property", name, g_type_name(scan->classes[scan->depth]),
                 g_strstrip(scan->text->str), g_type_name(G_PARAM_SPEC_VALUE_TYPE(scan->pspec)));
  } else if (name != NULL && !scan->attribute && scan->pspec != NULL && !scan->bound
             && bhg_scan_reads_some_text(scan->pspec) && !reads_as(scan, text)) {
    char *form = bhg_scan_value_form(G_PARAM_SPEC_VALUE_TYPE(scan->pspec));
    /* GTK would warn, and leave the property be. */
    refuse_value(scan, error, "`%s` of %s is `%s`, which GTK cannot read as its value; give %s", name,
                 g_type_name(scan->classes[scan->depth]), g_strstrip(scan->text->str), form);
    g_free(form);
  } else if (name != NULL && !scan->attribute && scan->pspec != NULL && !scan->bound
             && reads_plain_value(scan->pspec) && !reads(scan, text)) {
    char *kinds = values_of(scan->pspec);
    refuse_value(scan, error, "`%s` of %s is `%s`, which GTK cannot read as its value; give %s", name,
           g_type_name(scan->classes[scan->depth]), g_strstrip(scan->text->str), kinds);
    g_free(kinds);
  } else if (name != NULL && !scan->attribute && strcmp(name, "use-markup") == 0) {
    scan->markup[scan->owner] = is_true(g_strstrip(scan->text->str));
  } else if (name != NULL && !scan->attribute && strcmp(name, "label") == 0) {
    g_free(scan->labels[scan->owner]);
    scan->labels[scan->owner] = g_strdup(text);
  } else if (name == NULL && strcmp(element, "object") == 0 && scan->markup[scan->depth]
             && scan->labels[scan->depth] != NULL) {
    check_markup(scan, scan->labels[scan->depth], "the label (use-markup is on)", error);
  }
  if (name == NULL && strcmp(element, "object") == 0 && scan->childless[scan->depth] && (error == NULL || *error == NULL)) {
    /* GtkStackPage stops the program without one, even where it is in no stack. */
    refuse_there(scan->starts[scan->depth], error, "a %s without its `child`, on which GTK stops the program (\"is "
                 "missing a child widget\"); give it a <property name=\"child\"> holding the page's widget",
                 g_type_name(scan->classes[scan->depth]));
  }
  if (name == NULL && strcmp(element, "object") == 0 && g_type_is_a(scan->classes[scan->depth], GTK_TYPE_LINK_BUTTON)
      && !scan->linked[scan->depth] && (error == NULL || *error == NULL)) {
    /* A click hands GTK's gtk_show_uri a NULL uri: a critical. */
    refuse(scan, error, "a %s without its `uri`, on which GTK fails an assertion (a critical) when it is clicked; give "
           "it a <property name=\"uri\"> (a web page or mail: http, https, mailto)", g_type_name(scan->classes[scan->depth]));
  }
  if (name == NULL && strcmp(element, "object") == 0 && g_type_is_a(scan->classes[scan->depth], GTK_TYPE_ASSISTANT)
      && !scan->given_children[scan->depth] && (error == NULL || *error == NULL)) {
    /* Its Back button shows, and goes back from no page: a critical. */
    refuse(scan, error, "a %s without a page (a <child> of it), on which GTK fails an assertion (a critical) when its "
           "Back button is clicked; give it its pages, each in a <child>", g_type_name(scan->classes[scan->depth]));
  }
  if (name == NULL && strcmp(element, "object") == 0 && (error == NULL || *error == NULL)) end_cell(scan, error);
  if (name == NULL && strcmp(element, "object") == 0) {
    end_combo(scan);
    g_clear_pointer(&scan->columns[scan->depth], g_array_unref);
  }
  if (name == NULL && strcmp(element, "object") == 0) {
    g_clear_pointer(&scan->labels[scan->depth], g_free);
    scan->markup[scan->depth] = FALSE;
  }
  scan->property = NULL;
  scan->pspec = NULL;
  scan->depth--;
}

/* Checks a .ui file's text; FALSE with *error ("LINE:COLUMN: why") when
** it may not be loaded. */
gboolean bhg_scan_ui (const char *text, gssize length, GError **error) {
  GMarkupParser parser = { scan_start, scan_end, scan_text, NULL, NULL };
  Scan scan = { 0 };
  gboolean ok;
  scan.text = g_string_new(NULL);
  scan.names = g_string_chunk_new(256);
  scan.context = g_markup_parse_context_new(&parser, G_MARKUP_TREAT_CDATA_AS_TEXT, &scan, NULL);
  scan.classes_by_id = g_hash_table_new(g_str_hash, g_str_equal);
  scan.widget_names = g_array_new(FALSE, FALSE, sizeof(WidgetName));
  scan.layout_names = g_array_new(FALSE, FALSE, sizeof(LayoutName));
  scan.columns_by_id = g_hash_table_new_full(g_str_hash, g_str_equal, NULL, (GDestroyNotify)g_array_unref);
  scan.combos = g_array_new(FALSE, FALSE, sizeof(Combo));
  scan.nest_parents = g_array_new(FALSE, FALSE, sizeof(int));
  scan.held = g_array_new(FALSE, FALSE, sizeof(gboolean));
  scan.indices_by_id = g_hash_table_new(g_str_hash, g_str_equal);
  scan.adoptions = g_array_new(FALSE, FALSE, sizeof(Adoption));
  g_array_set_clear_func(scan.combos, free_combo);
  ok = g_markup_parse_context_parse(scan.context, text, length, error)
    && g_markup_parse_context_end_parse(scan.context, error)
    && check_widget_names(&scan, error)
    && check_combos(&scan, error)
    && check_layout_names(&scan, error)
    && check_adoptions(&scan, error);
  g_hash_table_destroy(scan.classes_by_id);
  g_array_free(scan.widget_names, TRUE);
  g_array_free(scan.layout_names, TRUE);
  g_hash_table_destroy(scan.columns_by_id);
  g_array_free(scan.combos, TRUE);
  g_array_free(scan.nest_parents, TRUE);
  g_array_free(scan.held, TRUE);
  g_hash_table_destroy(scan.indices_by_id);
  g_array_free(scan.adoptions, TRUE);
  for (int depth = 0; depth <= UI_MAX_DEPTH; depth++) {
    g_clear_pointer(&scan.columns[depth], g_array_unref);
    g_clear_pointer(&scan.model_columns[depth], g_array_unref);
    g_clear_pointer(&scan.given[depth], g_hash_table_unref);
  }
  g_markup_parse_context_free(scan.context);
  g_string_free(scan.text, TRUE);
  g_string_chunk_free(scan.names);
  for (int depth = 0; depth <= UI_MAX_DEPTH; depth++) g_free(scan.labels[depth]);
  if (scan.values != NULL) g_object_unref(scan.values);
  return ok;
}
