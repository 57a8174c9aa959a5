/*
** gtk-class-table: the table of GTK's classes that headless Behave reads a
** scene's .ui file with (Sources/BehaveScene/Data/gtk-classes.txt), written
** from the GTK this program runs against, so that `behave check` refuses
** the class and property names, and the tags, GtkBuilder refuses without
** linking GTK. It asks GtkBuilder on a display (tag_probe.c):
**
**   xvfb-run -a swift run --package-path Hosts/GTK gtk-class-table > Sources/BehaveScene/Data/gtk-classes.txt
**
** One line a class: its name (a `*` after it when it is abstract, then a
** `!` when it is not GtkBuildable: GtkBuilder stops the program on a
** <child> of one), its parent's name, then the names of the properties it has that its parent
** lacks, its own and those of the interfaces it implements, in name order.
** A class's properties are then its line's and its ancestors': what
** g_object_class_find_property finds. Then, for a class GTK makes, the
** tags of GTK's classes' own (probe_tags) that GtkBuilder reads in an
** object of it, `<style>`, and in a <child> of one after the child's
** object, `<child><attributes>`, or before it, `<child-before-object><…>`:
** each class's as GtkBuilder answered, not inherited. A `?` marks a probe
** GTK stopped the program on (`<?data>`; `<?>` all of a place's), with a
** `#` line above saying why. Every GObject class of GTK's (its name starts
** with Gtk) is listed, once GTK has registered them all, with each
** ancestor of one; the classes in name order.
**
**   xvfb-run -a swift run --package-path Hosts/GTK gtk-class-table --adopting
**
** With --adopting, the properties that make the widget given to them a
** child of their object, one a line (adopt_probe.c), which headless
** Behave keeps as InterfaceDrawing.adoptingProperties.
**
**   xvfb-run -a swift run --package-path Hosts/GTK gtk-class-table --child-types > Sources/BehaveScene/Data/gtk-child-types.txt
**
** With --child-types, the child types (`<child type="start">`) each
** buildable class that refuses one it does not take takes, one line a
** class (child_type_probe.c), which headless Behave and the window's
** pre-scan read (GtkChildTypes).
**
**   swift run --package-path Hosts/GTK gtk-class-table --kinds > Sources/BehaveScene/Data/gtk-property-kinds.txt
**
** With --kinds (no display needed: nothing is probed), the properties
** whose type behave window's pre-scan
** (builder_scan.c) checks a value of, so that headless refuses what it
** refuses: one line a class that has such properties its parent lacks, its
** name, then each as name=kind, in name order; the kinds are file (a GFile,
** paintable, pixbuf or bytes: read from a file or a URI), icon (a GIcon),
** int and uint (whole numbers, signed or not), textless:TYPE (a TYPE
** GtkBuilder reads from no text, as the pre-scan asks it:
** bhg_scan_reads_no_text), parsed:TYPE (a TYPE GtkBuilder reads some
** texts as, not every one: a colour, a GVariant; bhg_scan_reads_some_text),
** bool, double (a float or a double), enum:TYPE and flags:TYPE. Then each
** enum's and flags' TYPE's values, one line a type, `@TYPE nick=NAME…`,
** in their order; then each parsed TYPE's form, as the pre-scan's fix
** words it, one line a type, `%TYPE form`, and the CSS colour names GTK reads, `&GdkRGBA name…`.
** Last, the properties GtkBuilder sets as it makes an object (construct
** and construct-only: GObject keeps the first of one given twice, with a
** critical), one line a class that has such properties its parent lacks,
** `^Class name…`.
*/
#include "adopt_probe.h"
#include "child_type_probe.h"
#include "tag_probe.h"
#include <gtk/gtk.h>
#include <gtk_shim.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Adds `type` and its ancestors up to GObject to `wanted` (a set of GTypes). */
static void want (GHashTable *wanted, GType type) {
  for (; type != 0 && !g_hash_table_contains(wanted, GSIZE_TO_POINTER(type)); type = g_type_parent(type))
    g_hash_table_add(wanted, GSIZE_TO_POINTER(type));
}

/* Each class below `type` whose name starts with Gtk, with its ancestors. */
static void walk (GHashTable *wanted, GType type) {
  guint count = 0;
  GType *children = g_type_children(type, &count);
  for (guint i = 0; i < count; i++) {
    if (g_str_has_prefix(g_type_name(children[i]), "Gtk")) want(wanted, children[i]);
    walk(wanted, children[i]);
  }
  g_free(children);
}

static int by_type_name (gconstpointer a, gconstpointer b) {
  return strcmp(g_type_name(GPOINTER_TO_SIZE(*(gpointer const *)a)), g_type_name(GPOINTER_TO_SIZE(*(gpointer const *)b)));
}

/* Whether `type` is the type named `name` or one of its (by name: this
** program links neither GIO, Pango nor GdkPixbuf itself). */
static gboolean is_a (GType type, const char *name) {
  GType wanted = g_type_from_name(name);
  return wanted != 0 && g_type_is_a(type, wanted);
}

/* The kind of a property the pre-scan checks the value of, or NULL. */
static const char *kind_of (GParamSpec *spec) {
  GType type = G_PARAM_SPEC_VALUE_TYPE(spec);
  if (is_a(type, "GFile") || g_type_is_a(type, GDK_TYPE_PAINTABLE) || g_type_is_a(type, G_TYPE_BYTES)
      || is_a(type, "GdkPixbuf")) return "file";
  if (is_a(type, "GIcon")) return "icon";
  if (type == G_TYPE_INT || type == G_TYPE_LONG || type == G_TYPE_INT64) return "int";
  if (type == G_TYPE_UINT || type == G_TYPE_ULONG || type == G_TYPE_UINT64) return "uint";
  if (bhg_scan_reads_no_text(spec)) return "textless";
  if (bhg_scan_reads_some_text(spec)) return "parsed";
  if (type == G_TYPE_BOOLEAN) return "bool";
  if (type == G_TYPE_FLOAT || type == G_TYPE_DOUBLE) return "double";
  if (G_TYPE_IS_ENUM(type)) return "enum";
  if (G_TYPE_IS_FLAGS(type)) return "flags";
  return NULL;
}

/* The enum and flags types a property of a kind has, for their values,
** and the types GtkBuilder reads some texts as, for their forms. */
static GHashTable *enums, *parsed;

/* A property's kind as written: an enum's or flags' with its type
** (enum:GtkOrientation), whose values follow the classes. */
static void print_kind (const char *name, GParamSpec *spec) {
  const char *kind = kind_of(spec);
  GType type = G_PARAM_SPEC_VALUE_TYPE(spec);
  if (strcmp(kind, "enum") == 0 || strcmp(kind, "flags") == 0) {
    printf(" %s=%s:%s", name, kind, g_type_name(type));
    g_hash_table_add(enums, GSIZE_TO_POINTER(type));
  } else if (strcmp(kind, "textless") == 0) {
    printf(" %s=%s:%s", name, kind, g_type_name(type));
  } else if (strcmp(kind, "parsed") == 0) {
    printf(" %s=%s:%s", name, kind, g_type_name(type));
    g_hash_table_add(parsed, GSIZE_TO_POINTER(type));
  } else {
    printf(" %s=%s", name, kind);
  }
}

/* An enum's or flags' values in order, `@Type nick=NAME…`. */
static void print_values (GType type) {
  printf("@%s", g_type_name(type));
  if (G_TYPE_IS_ENUM(type)) {
    GEnumClass *klass = g_type_class_ref(type);
    for (guint i = 0; i < klass->n_values; i++) printf(" %s=%s", klass->values[i].value_nick, klass->values[i].value_name);
    g_type_class_unref(klass);
  } else {
    GFlagsClass *klass = g_type_class_ref(type);
    for (guint i = 0; i < klass->n_values; i++) printf(" %s=%s", klass->values[i].value_nick, klass->values[i].value_name);
    g_type_class_unref(klass);
  }
  printf("\n");
}

/* The colour names of CSS, which headless Behave may know a colour by:
** those GTK reads (gdk_rgba_parse; Pango's names, X11's, are more) are
** written for it, GTK's verdict, not this list's. */
static const char *const css_colours[] = {
  "aliceblue", "antiquewhite", "aqua", "aquamarine", "azure", "beige", "bisque", "black", "blanchedalmond", "blue",
  "blueviolet", "brown", "burlywood", "cadetblue", "chartreuse", "chocolate", "coral", "cornflowerblue", "cornsilk",
  "crimson", "cyan", "darkblue", "darkcyan", "darkgoldenrod", "darkgray", "darkgreen", "darkgrey", "darkkhaki",
  "darkmagenta", "darkolivegreen", "darkorange", "darkorchid", "darkred", "darksalmon", "darkseagreen",
  "darkslateblue", "darkslategray", "darkslategrey", "darkturquoise", "darkviolet", "deeppink", "deepskyblue",
  "dimgray", "dimgrey", "dodgerblue", "firebrick", "floralwhite", "forestgreen", "fuchsia", "gainsboro",
  "ghostwhite", "gold", "goldenrod", "gray", "green", "greenyellow", "grey", "honeydew", "hotpink", "indianred",
  "indigo", "ivory", "khaki", "lavender", "lavenderblush", "lawngreen", "lemonchiffon", "lightblue", "lightcoral",
  "lightcyan", "lightgoldenrodyellow", "lightgray", "lightgreen", "lightgrey", "lightpink", "lightsalmon",
  "lightseagreen", "lightskyblue", "lightslategray", "lightslategrey", "lightsteelblue", "lightyellow", "lime",
  "limegreen", "linen", "magenta", "maroon", "mediumaquamarine", "mediumblue", "mediumorchid", "mediumpurple",
  "mediumseagreen", "mediumslateblue", "mediumspringgreen", "mediumturquoise", "mediumvioletred", "midnightblue",
  "mintcream", "mistyrose", "moccasin", "navajowhite", "navy", "oldlace", "olive", "olivedrab", "orange",
  "orangered", "orchid", "palegoldenrod", "palegreen", "paleturquoise", "palevioletred", "papayawhip", "peachpuff",
  "peru", "pink", "plum", "powderblue", "purple", "rebeccapurple", "red", "rosybrown", "royalblue", "saddlebrown",
  "salmon", "sandybrown", "seagreen", "seashell", "sienna", "silver", "skyblue", "slateblue", "slategray",
  "slategrey", "snow", "springgreen", "steelblue", "tan", "teal", "thistle", "tomato", "transparent", "turquoise",
  "violet", "wheat", "white", "whitesmoke", "yellow", "yellowgreen",
};

/* Which of a class's own properties own_properties keeps. */
typedef enum { ALL_PROPERTIES, OF_A_KIND, SET_AS_MADE } PropertyChoice;

static int by_spec_name (gconstpointer a, gconstpointer b) {
  return strcmp(g_param_spec_get_name(*(GParamSpec *const *)a), g_param_spec_get_name(*(GParamSpec *const *)b));
}

/* The properties of `type` that its parent lacks and `choice` keeps, in
** name order (the specs are the class's, which a static type keeps for
** the program's life: free only the array). */
static GPtrArray *own_properties (GType type, PropertyChoice choice) {
  GObjectClass *klass = g_type_class_ref(type);
  GObjectClass *parent = g_type_parent(type) != 0 && G_TYPE_IS_OBJECT(g_type_parent(type))
    ? g_type_class_ref(g_type_parent(type)) : NULL;
  guint count = 0;
  GParamSpec **specs = g_object_class_list_properties(klass, &count);
  GPtrArray *own = g_ptr_array_new();
  for (guint i = 0; i < count; i++) {
    GParamSpec *spec = specs[i];
    gboolean kept = choice == ALL_PROPERTIES
      || (choice == OF_A_KIND && kind_of(spec) != NULL)
      || (choice == SET_AS_MADE && (spec->flags & (G_PARAM_CONSTRUCT | G_PARAM_CONSTRUCT_ONLY)) != 0
          && (spec->flags & G_PARAM_WRITABLE) != 0);
    if (kept && (parent == NULL || g_object_class_find_property(parent, g_param_spec_get_name(spec)) == NULL))
      g_ptr_array_add(own, spec);
  }
  g_ptr_array_sort(own, by_spec_name);
  g_free(specs);
  if (parent != NULL) g_type_class_unref(parent);
  g_type_class_unref(klass);
  return own;
}

/* A class's properties GtkBuilder sets as it makes the object that its
** parent lacks, `^Class name…`; nothing when it has none. */
static void print_constructed (GType type) {
  GPtrArray *own = own_properties(type, SET_AS_MADE);
  if (own->len > 0) {
    printf("^%s", g_type_name(type));
    for (guint i = 0; i < own->len; i++) printf(" %s", g_param_spec_get_name(own->pdata[i]));
    printf("\n");
  }
  g_ptr_array_free(own, TRUE);
}

/* The CSS colour names GTK reads, `&GdkRGBA name…`. */
static void print_colours (void) {
  printf("&%s", g_type_name(GDK_TYPE_RGBA));
  for (guint i = 0; i < G_N_ELEMENTS(css_colours); i++) {
    GdkRGBA colour;
    if (gdk_rgba_parse(&colour, css_colours[i])) printf(" %s", css_colours[i]);
  }
  printf("\n");
}

/* The properties of `type` that its parent lacks, in name order: each
** name, or with `kinds`, each of a kind as name=kind. */
static void print_properties (GType type, gboolean kinds) {
  GPtrArray *own = own_properties(type, kinds ? OF_A_KIND : ALL_PROPERTIES);
  for (guint i = 0; i < own->len; i++) {
    GParamSpec *spec = own->pdata[i];
    if (kinds) print_kind(g_param_spec_get_name(spec), spec);
    else printf(" %s", g_param_spec_get_name(spec));
  }
  g_ptr_array_free(own, TRUE);
}

/* Whether `type` has a property of a kind its parent lacks. */
static gboolean has_kinds (GType type) {
  GPtrArray *own = own_properties(type, OF_A_KIND);
  gboolean found = own->len > 0;
  g_ptr_array_free(own, TRUE);
  return found;
}

/* How the table writes each place a tag is read in (tag_probe.h). */
static const char *const place_words[PROBE_PLACES] = {"", "<child>", "<child-before-object>"};
static const char *const place_names[PROBE_PLACES] = {"", " in a <child>", " in a <child> before its object"};

/* The class's probe of `tag` in `place`. */
static const ProbeResult *probe_of (const ProbeResult *results, guint tag, guint place) {
  return &results[tag * PROBE_PLACES + place];
}

/* Whether every probe of the class in one place went untried for one
   reason (GTK stops the program on making a GtkNamedAction without its
   name, or on giving a filter a cell renderer as its child): the place
   is then told once, as `<?>`. */
static gboolean all_untried (const ProbeResult *results, guint place) {
  for (guint tag = 0; tag < probe_tag_count; tag++) {
    const ProbeResult *result = probe_of(results, tag, place);
    if (result->verdict != 'x' || strcmp(result->why, probe_of(results, 0, place)->why) != 0) return FALSE;
  }
  return TRUE;
}

/* The tags GtkBuilder reads in an object of the class (`<style>`), in a
   <child> of one after the child's object (`<child><attributes>`) and
   before it (`<child-before-object><…>`), from the probes of it
   (tag_probe.c); one untried gets `?` (`<?data>`), and a place of which
   all went untried `<?>` (`<child><?>`). */
static void print_tags (const ProbeResult *results) {
  for (guint place = 0; place < PROBE_PLACES; place++) {
    if (all_untried(results, place)) {
      printf(" %s<?>", place_words[place]);
      continue;
    }
    for (guint tag = 0; tag < probe_tag_count; tag++) {
      const ProbeResult *result = probe_of(results, tag, place);
      if (result->verdict != 'u') printf(" %s<%s%s>", place_words[place], result->verdict == 'x' ? "?" : "", probe_tags[tag]);
    }
  }
}

/* Why the class's untried probes were, as `#` lines. */
static void print_untried (const char *class_name, const ProbeResult *results) {
  for (guint place = 0; place < PROBE_PLACES; place++) {
    if (all_untried(results, place)) {
      printf("# %s: its tags%s untried: %s\n", class_name, place_names[place], probe_of(results, 0, place)->why);
      continue;
    }
    for (guint tag = 0; tag < probe_tag_count; tag++)
      if (probe_of(results, tag, place)->verdict == 'x')
        printf("# %s: <%s>%s untried: %s\n", class_name, probe_tags[tag], place_names[place], probe_of(results, tag, place)->why);
  }
}

int main (int argc, char **argv) {
  gboolean kinds = argc > 1 && strcmp(argv[1], "--kinds") == 0;
  GHashTable *wanted = g_hash_table_new(NULL, NULL);
  enums = g_hash_table_new(NULL, NULL);
  parsed = g_hash_table_new(NULL, NULL);
  gtk_test_register_all_types();
  walk(wanted, G_TYPE_OBJECT);
  GPtrArray *types = g_ptr_array_new();
  GHashTableIter each;
  gpointer key;
  g_hash_table_iter_init(&each, wanted);
  while (g_hash_table_iter_next(&each, &key, NULL)) g_ptr_array_add(types, key);
  g_ptr_array_sort(types, by_type_name);
  /* The classes GtkBuilder can make, each probed for the tags it reads
     (not for --kinds). */
  GPtrArray *made = g_ptr_array_new();
  for (guint i = 0; i < types->len; i++)
    if (!G_TYPE_IS_ABSTRACT(GPOINTER_TO_SIZE(types->pdata[i])))
      g_ptr_array_add(made, (gpointer)g_type_name(GPOINTER_TO_SIZE(types->pdata[i])));
  if (argc == 2 && strcmp(argv[1], "--adopting") == 0) {
    GType *all = g_new(GType, types->len);
    for (guint i = 0; i < types->len; i++) all[i] = GPOINTER_TO_SIZE(types->pdata[i]);
    return print_adopting(all, types->len);
  }
  /* The buildable classes GtkBuilder can make, probed for the child types they take. */
  GPtrArray *buildable = g_ptr_array_new();
  for (guint i = 0; i < made->len; i++)
    if (g_type_is_a(g_type_from_name(made->pdata[i]), GTK_TYPE_BUILDABLE)) g_ptr_array_add(buildable, made->pdata[i]);
  if (argc == 2 && strcmp(argv[1], "--child-types") == 0)
    return print_child_types((const char *const *)buildable->pdata, buildable->len);
  gboolean again = argc == 3 && strcmp(argv[1], "--child-types-again") == 0;
  if (again || (argc == 3 && strcmp(argv[1], "--child-types-from") == 0))
    return probe_child_types((const char *const *)buildable->pdata, buildable->len, (guint)strtoul(argv[2], NULL, 10), again);
  if (argc == 3 && strcmp(argv[1], "--probe-from") == 0)
    return probe_child((const char *const *)made->pdata, made->len, (guint)strtoul(argv[2], NULL, 10));
  ProbeResult *results = NULL;
  if (!kinds) {
    results = g_new0(ProbeResult, made->len * probe_tag_count * PROBE_PLACES);
    if (!probe_classes(made->len, results)) {
      fprintf(stderr, "gtk-class-table: GTK cannot open a display, which it asks which class reads which tag on; "
                      "run it with one (xvfb-run -a swift run --package-path Hosts/GTK gtk-class-table)\n");
      return 1;
    }
  }
  printf("# GTK %u.%u.%u: written by Hosts/GTK/Sources/gtk-class-table/main.c%s\n",
         gtk_get_major_version(), gtk_get_minor_version(), gtk_get_micro_version(), kinds ? " --kinds" : "");
  for (guint i = 0, probed = 0; i < types->len; i++) {
    GType type = GPOINTER_TO_SIZE(types->pdata[i]);
    GType parent = g_type_parent(type);
    const ProbeResult *own = kinds || G_TYPE_IS_ABSTRACT(type) ? NULL : &results[probed++ * probe_tag_count * PROBE_PLACES];
    if (kinds && !has_kinds(type)) continue;
    if (own != NULL) print_untried(g_type_name(type), own);
    if (kinds) printf("%s", g_type_name(type));
    else printf("%s%s%s %s", g_type_name(type), G_TYPE_IS_ABSTRACT(type) ? "*" : "",
                g_type_is_a(type, GTK_TYPE_BUILDABLE) ? "" : "!", parent != 0 ? g_type_name(parent) : "-");
    print_properties(type, kinds);
    if (own != NULL) print_tags(own);
    printf("\n");
  }
  if (kinds) {
    GPtrArray *values = g_ptr_array_new();
    g_hash_table_iter_init(&each, enums);
    while (g_hash_table_iter_next(&each, &key, NULL)) g_ptr_array_add(values, key);
    g_ptr_array_sort(values, by_type_name);
    for (guint i = 0; i < values->len; i++) print_values(GPOINTER_TO_SIZE(values->pdata[i]));
    g_ptr_array_free(values, TRUE);
    GPtrArray *forms = g_ptr_array_new();
    g_hash_table_iter_init(&each, parsed);
    while (g_hash_table_iter_next(&each, &key, NULL)) g_ptr_array_add(forms, key);
    g_ptr_array_sort(forms, by_type_name);
    for (guint i = 0; i < forms->len; i++) {
      char *form = bhg_scan_value_form(GPOINTER_TO_SIZE(forms->pdata[i]));
      printf("%%%s %s\n", g_type_name(GPOINTER_TO_SIZE(forms->pdata[i])), form);
      g_free(form);
    }
    g_ptr_array_free(forms, TRUE);
    print_colours();
    for (guint i = 0; i < types->len; i++) print_constructed(GPOINTER_TO_SIZE(types->pdata[i]));
  }
  g_free(results);
  g_ptr_array_free(buildable, TRUE);
  g_ptr_array_free(made, TRUE);
  g_ptr_array_free(types, TRUE);
  g_hash_table_unref(wanted);
  g_hash_table_unref(enums);
  g_hash_table_unref(parsed);
  return 0;
}
