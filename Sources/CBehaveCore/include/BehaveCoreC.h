/*
** BehaveCoreC.h: the C half of Behave's core. What the Swift core and the
** Lua bridge share without converting: texts, typed values, the property
** slots of each control, and the trace's records. No Lua here.
**
** Nothing here is thread-safe: a scene and what it holds live on one
** thread. Texts marked immortal (schema names) are never counted, so they
** may be shared.
*/
#ifndef BEHAVE_CORE_C_H
#define BEHAVE_CORE_C_H

#include <stddef.h>
#include <stdint.h>
/* memchr, for the Swift core's texts (View.holdsNUL), which then needs no
   Foundation nor a platform's C module for it. */
#include <string.h>


/* ---------------------------------------------------------------- texts */

/* An immutable byte string with a count of its holders. */
typedef struct bh_text {
  size_t refs;          /* BH_IMMORTAL: never freed */
  size_t len;
  char bytes[1];        /* 'len' bytes and a NUL */
} bh_text;

#define BH_IMMORTAL   ((size_t)-1)

/* A new text (one reference), or NULL when memory is short. */
bh_text *bh_text_new (const char *bytes, size_t len);

/* A text that is never freed (names of schemas, shared by threads). */
bh_text *bh_text_immortal (const char *bytes, size_t len);

static inline bh_text *bh_text_retain (bh_text *t) {
  if (t != NULL && t->refs != BH_IMMORTAL) t->refs++;
  return t;
}

void bh_text_release (bh_text *t);

static inline const char *bh_text_bytes (const bh_text *t) {
  return t->bytes;
}

/* Whether two texts hold the same bytes (NULL equals only NULL). */
int bh_text_equal (const bh_text *a, const bh_text *b);


/* --------------------------------------------------------------- values */

/* The types of a value (Behave's Value). */
#define BH_VNIL       0
#define BH_VBOOL      1
#define BH_VNUMBER    2
#define BH_VSTRING    3
#define BH_VIMAGE     4
#define BH_VCOLOR     5
#define BH_VPOINT     6
#define BH_VSIZE      7
#define BH_VRECT      8

/* flags of an image: which of its width and height are known */
#define BH_VWIDTH     1
#define BH_VHEIGHT    2

/* A value. It holds one reference to 'text' (a string, an image's name,
** the name a colour was written with, or NULL: an empty string has no
** text, and a colour written as "#RRGGBB" no name). Numbers: n[0]; a bool:
** n[0] is 0 or 1; a point x y, a size width height, a rect x y width
** height; an image's width and height; a colour's red, green, blue. */
typedef struct bh_value {
  int type;
  int flags;
  bh_text *text;
  double n[4];
} bh_value;

static inline void bh_value_release (bh_value *v) {
  bh_text_release(v->text);
  v->text = NULL;
  v->type = BH_VNIL;
}

/* *to = from, each holding its own reference to the text. */
static inline void bh_value_copy (bh_value *to, const bh_value *from) {
  bh_text *old = to->text;
  *to = *from;
  bh_text_retain(to->text);
  bh_text_release(old);
}

/* Equal as Behave's Value is: colours by their channels only. */
int bh_value_equal (const bh_value *a, const bh_value *b);

/* Equal, and read back the same way (a colour's name too). */
int bh_value_identical (const bh_value *a, const bh_value *b);

/* Bytes of text the value holds (a string, an image's name). */
static inline size_t bh_value_text_bytes (const bh_value *v) {
  return (v->type == BH_VSTRING || v->type == BH_VIMAGE) && v->text != NULL
         ? v->text->len : 0;
}


/* ---------------------------------------------------------------- trace */

/* What a record is. */
#define BH_REVENT     1   /* 'subject' sent event 'name' */
#define BH_RCHANGE    2   /* 'subject'.'name': old -> new */
#define BH_RTEXT      3   /* a record whose text the host keeps ('detail') */
#define BH_RLIFECYCLE 4   /* 'subject' 'name' ("toggle awake"); 'detail' is
                          ** 1 once its text is kept clipped */

/* One entry of a scene's trace: fixed size, its text made when read. */
typedef struct bh_record {
  double time;
  int kind;
  int detail;           /* BH_RTEXT: the host's kind of entry; see BH_RLIFECYCLE */
  int clip;             /* BH_RTEXT: its subject is kept clipped */
  bh_text *subject;
  bh_text *name;
  size_t bytes;         /* text counted against the trace's limit */
  bh_value old, new;    /* BH_RCHANGE only: other kinds leave them unset */
} bh_record;

typedef void (*bh_notify_fn) (void *context);

/* The entries a scene keeps: the last 'capacity', holding at most
** 'byte_limit' bytes of text. Sequence numbers count every record ever
** made; the oldest kept is next - count. */
typedef struct bh_trace {
  bh_record *ring;
  size_t size;          /* slots allocated (grows up to capacity) */
  size_t capacity;
  size_t head;          /* slot of the oldest record */
  size_t count;
  unsigned long long next;
  size_t bytes;
  size_t byte_limit;
  /* Called after each record whose kind is in 'notify_kinds' (a bit per
     kind, 1 << kind) is made: the host hears the trace as it grows. */
  bh_notify_fn notify;
  void *notify_context;
  unsigned notify_kinds;
  int notifying;
  /* While 'timing' is set (a script's long callback runs: the Lua
     bridge's watchdog sets it), the host's listeners (notify, the scene's
     on_change) are timed: they have run for listening_ns in all, and one
     runs since listening_since (ns of the thread's processor clock; 0 when
     none runs). A script's instruction budget does not count them. */
  int timing;
  int listening;
  long long listening_ns;
  long long listening_since;
} bh_trace;

/* The record with sequence number 'seq', or NULL when it is not kept. */
const bh_record *bh_trace_at (const bh_trace *t, unsigned long long seq);

static inline unsigned long long bh_trace_first (const bh_trace *t) {
  return t->next - t->count;
}


/* ---------------------------------------------------------------- scene */

struct bh_view;
struct bh_value;

/* Hears a property change: the control, the property's index, its old and
** new values (valid during the call only) and where the change came from
** (BH_SOURCE_*). It must not set properties itself. */
typedef void (*bh_change_fn) (void *context, struct bh_view *v, int index,
                              const struct bh_value *old,
                              const struct bh_value *new_, int source);

/* Where a change comes from (Behave's ChangeSource). */
#define BH_SOURCE_SCRIPT     0
#define BH_SOURCE_SCENE      1
#define BH_SOURCE_COMMAND    2
#define BH_SOURCE_USER       3
#define BH_SOURCE_ANIMATION  4

/* What a scene shares with the code that writes its controls. */
typedef struct bh_scene {
  size_t refs;
  int alive;                  /* 0 once the host's scene is gone */
  double now;                 /* the clock */
  long long text_bytes;       /* text its controls, behaviours and dialogs
                                 hold (the host's copies) */
  long long text_limit;
  int capturing;              /* an animation block is capturing sets */
  int source;                 /* where the changes made now come from */
  bh_change_fn on_change;     /* hears every change, when set */
  void *change_context;
  bh_trace trace;
} bh_scene;

bh_scene *bh_scene_new (size_t trace_capacity, size_t trace_byte_limit);
static inline bh_scene *bh_scene_retain (bh_scene *s) {
  if (s != NULL) s->refs++;
  return s;
}
void bh_scene_release (bh_scene *s);

/* 'subject' sent 'event' now. The texts are retained. Returns 0 when
** memory is short (nothing recorded). */
int bh_trace_event (bh_scene *s, bh_text *subject, bh_text *event);

/* 'subject'.'name' changed from old to new (the values are copied). */
int bh_trace_change (bh_scene *s, bh_text *subject, bh_text *name,
                     const bh_value *old, const bh_value *new_);

/* A record whose text the host keeps, of kind 'detail', counting 'bytes'
** (of the copy it keeps); its sequence number, or 0 when memory is short.
** The host keeps the text before it calls this: the listener hears it. */
unsigned long long bh_trace_text (bh_scene *s, int detail, bh_text *subject,
                                  size_t bytes, int clip);

/* 'subject' went through 'what' of its life ("toggle awake"), counted as
** the text "subject what". The texts are retained. Returns 0 when memory
** is short (nothing recorded). */
int bh_trace_lifecycle (bh_scene *s, bh_text *subject, bh_text *what);


/* --------------------------------------------------------------- schema */

/* A property of a control type, as the fast path checks it. */
#define BH_PREADONLY  1
#define BH_POPTIONAL  2
#define BH_PHOST      4   /* every set and read goes through the host */
#define BH_PMIN       8
#define BH_PMAX       16

typedef struct bh_property {
  bh_text *name;        /* immortal */
  int type;             /* BH_V* */
  int flags;
  double min, max;
  int nchoices;         /* an enumeration: the strings it takes */
  bh_text **choices;
  /* A string: the index of the number property that bounds its length in
     characters (a text field's maxLength; 0 there: no bound), or -1. */
  int limit;
} bh_property;

/* The most bytes a string with a bound ('limit') holds, whatever the
** bound: a GtkEntryBuffer's 65535 less its NUL. */
#define BH_BOUNDED_TEXT_BYTES 65534

/* Another name of a property (UIKit's Swift names of booleans: isHidden). */
typedef struct bh_alias {
  bh_text *name;        /* immortal */
  int index;
} bh_alias;

/* A control type: its properties and their defaults. Made once, never
** freed, shared by threads. */
typedef struct bh_schema {
  bh_text *name;
  int count;
  bh_property *properties;
  bh_value *defaults;   /* their texts immortal */
  int nalias;
  bh_alias *aliases;
} bh_schema;

/* A new schema of 'count' properties, all of type nil; fill each with
** bh_schema_define. */
bh_schema *bh_schema_new (const char *name, int count);
void bh_schema_define (bh_schema *schema, int index, const char *name,
                       int type, int flags, double min, double max);
void bh_schema_add_choice (bh_schema *schema, int index, const char *choice,
                           size_t len);
void bh_schema_alias (bh_schema *schema, int index, const char *name);
/* String property 'index' is at most as many characters long as number
** property 'limit' says, when that is above 0. */
void bh_schema_limit (bh_schema *schema, int index, int limit);
/* The default of property 'index' (its text must be immortal). */
void bh_schema_set_default (bh_schema *schema, int index,
                            const bh_value *value);


/* ------------------------------------------------------------- controls */

/* What scripts need of any control that sends events (a behaviour): its
** name and events as the trace keeps them, and which events something
** listens to. Counted: the host object holds one reference, each script
** handle another. */
typedef struct bh_control {
  size_t refs;
  int alive;            /* 0 once the host's control is gone or destroyed */
  bh_scene *scene;      /* retained, while it is on a scene */
  bh_text *name;
  int nevents;
  bh_text **events;     /* retained; the slots follow the block */
  /* Bit i: something listens to event i (a connection, a target): the
     host sends it. Events past 63 always go through the host. */
  uint64_t listened;
} bh_control;

/* A new block named 'name' with room for 'nevents' event names (one
** reference), alive. NULL when memory is short. */
bh_control *bh_control_new (const char *name, size_t len, int nevents);
void bh_control_set_event (bh_control *c, int index, const char *name,
                           size_t len);
static inline bh_control *bh_control_retain (bh_control *c) {
  c->refs++;
  return c;
}
void bh_control_release (bh_control *c);
void bh_control_set_scene (bh_control *c, bh_scene *s);


/* ---------------------------------------------------------------- views */

/* The property values of one control, shared by the host object and the
** scripts that hold it. Counted: the host object holds one reference,
** each script handle another. */
typedef struct bh_view {
  /* Its references; and nonzero once a Lua state has made its userdata
     (bh_push_view): until then no state's cache of them holds one, and
     none is looked for. 32 bits each, so that the block is no larger: its
     address is a key of those caches, and a larger block moved where a
     scene's keys fall (the scroll storm's lookups counted 60 more). */
  uint32_t refs;
  uint32_t pushed;
  void *host;           /* the host object (unretained); NULL once gone */
  bh_scene *scene;      /* retained, while the control is on a scene */
  bh_text *name;
  const bh_schema *schema;
  /* Bit i: sets of property i go through the host (its schema says so, or
     an animation presents it). Properties past 63 always do. */
  uint64_t host_mask;
  /* Bit i: an animation presents property i: reads go through the host. */
  uint64_t presented_mask;
  bh_value values[1];   /* schema->count of them */
} bh_view;

/* A new view block for 'schema' (one reference), each value its
** default. */
bh_view *bh_view_new (const bh_schema *schema, const char *name, size_t len);
static inline bh_view *bh_view_retain (bh_view *v) {
  v->refs++;
  return v;
}
void bh_view_release (bh_view *v);

/* The scene the control is on (retained), or NULL. */
void bh_view_set_scene (bh_view *v, bh_scene *s);

static inline bh_value *bh_view_value (bh_view *v, int index) {
  return &v->values[index];
}

static inline int bh_view_goes_through_host (const bh_view *v, int index) {
  return index >= 64 || ((v->host_mask >> index) & 1) != 0;
}

static inline int bh_view_reads_through_host (const bh_view *v, int index) {
  return index >= 64 || ((v->presented_mask >> index) & 1) != 0;
}

/* Stores 'value' (copied) in property 'index', with what storing means:
** the host's text count, and a change record when it changed. Returns 1
** when it changed, 0 when it did not (a colour written another way is
** stored, untraced). Nothing is checked: the caller has validated it. */
int bh_view_store (bh_view *v, int index, const bh_value *value);


/* -------------------------------------------------------------- threads */

/* A number of the calling thread, which no other thread of the process
** ever has (a pthread id is given again to a thread made after its own
** ended). Safe from any thread. */
uint64_t bh_thread_serial (void);


/* -------------------------------------------------------------- program */

/* The running program's GNU build ID, copied to 'out': its length, or 0
** when the program has none or it is longer than 'capacity' (buildid.c). */
size_t bh_program_build_id (uint8_t *out, size_t capacity);

#endif
