/*
** core.c: texts, values, the trace's records, control schemas and the
** property blocks of controls.
*/
#include <stdlib.h>
#include <time.h>
#include <string.h>

#include "BehaveCoreC.h"


/* Small functions of the hot paths, inlined where the compiler allows. */
#if defined(__GNUC__) || defined(__clang__)
#define l_inline  static inline __attribute__((always_inline))
#else
#define l_inline  static inline
#endif


/*
** {======================================================
** Texts
** =======================================================
*/

static bh_text *new_text (const char *bytes, size_t len, size_t refs) {
  bh_text *t = (bh_text *)malloc(offsetof(bh_text, bytes) + len + 1);
  if (t == NULL)
    return NULL;
  t->refs = refs;
  t->len = len;
  if (len > 0)
    memcpy(t->bytes, bytes, len);
  t->bytes[len] = '\0';
  return t;
}


bh_text *bh_text_new (const char *bytes, size_t len) {
  return new_text(bytes, len, 1);
}


bh_text *bh_text_immortal (const char *bytes, size_t len) {
  return new_text(bytes, len, BH_IMMORTAL);
}


void bh_text_release (bh_text *t) {
  if (t != NULL && t->refs != BH_IMMORTAL && --t->refs == 0)
    free(t);
}


int bh_text_equal (const bh_text *a, const bh_text *b) {
  if (a == b)
    return 1;
  if (a == NULL || b == NULL || a->len != b->len)
    return 0;
  return memcmp(a->bytes, b->bytes, a->len) == 0;
}


/* At most 'limit' bytes of 't' (whole UTF-8 characters), then an
** ellipsis: a new text, or 't' itself (retained) when it is short. */
static bh_text *clipped (bh_text *t, size_t limit) {
  static const char ellipsis[] = "\xE2\x80\xA6";
  size_t end = limit;
  bh_text *c;
  if (t == NULL || t->len <= limit)
    return bh_text_retain(t);
  while (end > 0 && ((unsigned char)t->bytes[end] & 0xC0) == 0x80)
    end--;  /* not inside a character */
  c = (bh_text *)malloc(offsetof(bh_text, bytes) + end + sizeof(ellipsis));
  if (c == NULL)
    return NULL;
  c->refs = 1;
  c->len = end + sizeof(ellipsis) - 1;
  memcpy(c->bytes, t->bytes, end);
  memcpy(c->bytes + end, ellipsis, sizeof(ellipsis));
  return c;
}

/* }====================================================== */


/*
** {======================================================
** Values
** =======================================================
*/

static int same_numbers (const bh_value *a, const bh_value *b, int n) {
  int i;
  for (i = 0; i < n; i++)
    if (!(a->n[i] == b->n[i]))
      return 0;
  return 1;
}


l_inline int value_equal (const bh_value *a, const bh_value *b) {
  if (a->type != b->type)
    return 0;
  switch (a->type) {
    case BH_VNIL:
      return 1;
    case BH_VBOOL: case BH_VNUMBER:
      return same_numbers(a, b, 1);
    case BH_VSTRING:
      return bh_text_equal(a->text, b->text);
    case BH_VIMAGE:
      return a->flags == b->flags && bh_text_equal(a->text, b->text) &&
             (!(a->flags & BH_VWIDTH) || a->n[0] == b->n[0]) &&
             (!(a->flags & BH_VHEIGHT) || a->n[1] == b->n[1]);
    case BH_VCOLOR:
      return same_numbers(a, b, 3);
    case BH_VPOINT: case BH_VSIZE:
      return same_numbers(a, b, 2);
    default:
      return same_numbers(a, b, 4);
  }
}


int bh_value_equal (const bh_value *a, const bh_value *b) {
  return value_equal(a, b);
}


int bh_value_identical (const bh_value *a, const bh_value *b) {
  if (!bh_value_equal(a, b))
    return 0;
  return a->type != BH_VCOLOR || bh_text_equal(a->text, b->text);
}

/* }====================================================== */


/*
** {======================================================
** Trace
** =======================================================
*/

#define RECORD_BYTES    64   /* counted for each record besides its text */
#define ENTRY_LIMIT     (64 << 10)

/* Only a change's record holds values (an event's and a text's leave
** old and new unwritten). */
l_inline void release_record (bh_record *r) {
  bh_text_release(r->subject);
  bh_text_release(r->name);
  if (r->kind == BH_RCHANGE) {
    bh_text_release(r->old.text);
    bh_text_release(r->new.text);
  }
}


const bh_record *bh_trace_at (const bh_trace *t, unsigned long long seq) {
  unsigned long long first = bh_trace_first(t);
  if (seq < first || seq >= t->next)
    return NULL;
  return &t->ring[(t->head + (size_t)(seq - first)) % t->size];
}


/* The ring grown (twice as large, up to the capacity), oldest first. A
** ring that has not wrapped (it grows while it fills) is reallocated,
** which moves large blocks by remapping their pages rather than copying
** them. */
static int grow (bh_trace *t) {
  size_t size = t->size == 0 ? 64 : 2 * t->size;
  bh_record *ring;
  if (size > t->capacity) size = t->capacity;
  if (t->head == 0) {
    ring = (bh_record *)realloc(t->ring, size * sizeof(bh_record));
    if (ring == NULL)
      return 0;
    t->ring = ring;
    t->size = size;
    return 1;
  }
  ring = (bh_record *)malloc(size * sizeof(bh_record));
  if (ring == NULL)
    return 0;
  if (t->count > 0) {  /* unwrap */
    size_t first = t->size - t->head;
    memcpy(ring, t->ring + t->head, first * sizeof(bh_record));
    memcpy(ring + first, t->ring, t->head * sizeof(bh_record));
  }
  free(t->ring);
  t->ring = ring;
  t->size = size;
  t->head = 0;
  return 1;
}


/* A free slot at the end of the ring (the oldest record goes when the
** ring is full), for the caller to fill whole; NULL when memory is
** short. */
l_inline bh_record *new_record (bh_trace *t) {
  size_t i;
  if (t->count == t->size) {
    if (t->size < t->capacity) {
      if (!grow(t))
        return NULL;
    }
    else {  /* full: the oldest goes, and its slot is the free one */
      bh_record *oldest = &t->ring[t->head];
      t->bytes -= oldest->bytes;
      release_record(oldest);
      if (++t->head == t->size) t->head = 0;
      t->count--;
      return oldest;
    }
  }
  i = t->head + t->count;
  return &t->ring[i < t->size ? i : i - t->size];
}


/* The record's texts cut to ENTRY_LIMIT bytes each, once it holds more
** than that in all: the trace keeps a bounded copy (the listener has heard
** it whole). */
static void clip_record (bh_record *r) {
  bh_text *t;
  size_t bytes;
  t = clipped(r->subject, ENTRY_LIMIT);
  bh_text_release(r->subject);
  r->subject = t;
  if (r->kind == BH_RTEXT)
    return;  /* the host clips its text and counts it */
  if (r->kind == BH_RLIFECYCLE) {
    r->detail = 1;  /* read as "subject what" clipped */
    if (r->bytes > RECORD_BYTES + ENTRY_LIMIT)
      r->bytes = RECORD_BYTES + ENTRY_LIMIT + 3;  /* at most, with its "…" */
    return;
  }
  if (r->kind == BH_REVENT) {
    t = clipped(r->name, ENTRY_LIMIT);
    bh_text_release(r->name);
    r->name = t;
    r->bytes = RECORD_BYTES;  /* an event counts no text */
    return;
  }
  if (r->old.type != BH_VCOLOR) {
    t = clipped(r->old.text, ENTRY_LIMIT);
    bh_text_release(r->old.text);
    r->old.text = t;
  }
  if (r->new.type != BH_VCOLOR) {
    t = clipped(r->new.text, ENTRY_LIMIT);
    bh_text_release(r->new.text);
    r->new.text = t;
  }
  bytes = RECORD_BYTES + bh_value_text_bytes(&r->old) +
          bh_value_text_bytes(&r->new);
  r->bytes = bytes;
}


static long long thread_cpu_ns (void) {
  struct timespec ts;
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
  return (long long)ts.tv_sec * 1000000000LL + ts.tv_nsec;
}


/* A listener of the host runs from here to end_listening (see bh_trace). */
static void begin_listening (bh_trace *t) {
  if (t->listening++ == 0 && t->timing)
    t->listening_since = thread_cpu_ns();
}


static void end_listening (bh_trace *t) {
  if (--t->listening == 0 && t->listening_since != 0) {
    t->listening_ns += thread_cpu_ns() - t->listening_since;
    t->listening_since = 0;
  }
}


/* What commit leaves for later: telling the host, clipping, dropping. */
static void settle (bh_trace *t, bh_record *r) {
  unsigned long long seq = t->next - 1;
  if (t->notify != NULL && !t->notifying &&
      ((t->notify_kinds >> r->kind) & 1)) {
    t->notifying = 1;
    begin_listening(t);
    t->notify(t->notify_context);
    end_listening(t);
    t->notifying = 0;
    r = (bh_record *)bh_trace_at(t, seq);  /* the ring may have moved */
  }
  if (r != NULL && (r->bytes > ENTRY_LIMIT || r->clip)) {
    t->bytes -= r->bytes;
    clip_record(r);
    t->bytes += r->bytes;
  }
  while (t->bytes > t->byte_limit && t->count > 1) {
    bh_record *oldest = &t->ring[t->head];
    t->bytes -= oldest->bytes;
    release_record(oldest);
    if (++t->head == t->size) t->head = 0;
    t->count--;
  }
}


/* Counts the new record (the last one), tells the host (which hears it
** whole), keeps a bounded copy, and drops the oldest records until the
** rest fit. */
l_inline void commit (bh_trace *t, bh_record *r) {
  t->count++;
  t->next++;
  t->bytes += r->bytes;
  if (t->notify != NULL || r->bytes > ENTRY_LIMIT || r->clip ||
      t->bytes > t->byte_limit)
    settle(t, r);
}


int bh_trace_event (bh_scene *s, bh_text *subject, bh_text *event) {
  bh_trace *t = &s->trace;
  bh_record *r = new_record(t);
  if (r == NULL)
    return 0;
  r->time = s->now;
  r->kind = BH_REVENT;
  r->detail = 0;
  r->clip = 0;
  r->subject = bh_text_retain(subject);
  r->name = bh_text_retain(event);
  r->bytes = RECORD_BYTES;
  if (event != NULL && event->len > ENTRY_LIMIT)
    r->bytes += event->len;  /* clipped once heard */
  commit(t, r);
  return 1;
}


/* A change record; it takes the reference 'old' holds (released when no
** record can be made) and one more to new's text. */
l_inline int record_change (bh_scene *s, bh_text *subject, bh_text *name,
                            bh_value *old, const bh_value *new_) {
  bh_trace *t = &s->trace;
  bh_record *r = new_record(t);
  if (r == NULL) {
    bh_value_release(old);
    return 0;
  }
  r->time = s->now;
  r->kind = BH_RCHANGE;
  r->detail = 0;
  r->clip = 0;
  r->subject = bh_text_retain(subject);
  r->name = bh_text_retain(name);
  r->old = *old;
  r->new = *new_;
  bh_text_retain(r->new.text);
  r->bytes = RECORD_BYTES + bh_value_text_bytes(old) +
             bh_value_text_bytes(new_);
  commit(t, r);
  return 1;
}


int bh_trace_change (bh_scene *s, bh_text *subject, bh_text *name,
                     const bh_value *old, const bh_value *new_) {
  bh_value copy = *old;
  bh_text_retain(copy.text);
  return record_change(s, subject, name, &copy, new_);
}


int bh_trace_lifecycle (bh_scene *s, bh_text *subject, bh_text *what) {
  bh_trace *t = &s->trace;
  bh_record *r = new_record(t);
  size_t text;
  if (r == NULL)
    return 0;
  text = (subject != NULL ? subject->len : 0) + 1 + (what != NULL ? what->len : 0);
  r->time = s->now;
  r->kind = BH_RLIFECYCLE;
  r->detail = 0;
  r->subject = bh_text_retain(subject);
  r->name = bh_text_retain(what);
  r->old.type = r->new.type = BH_VNIL;
  r->old.text = r->new.text = NULL;
  r->bytes = RECORD_BYTES + text;
  r->clip = r->bytes > ENTRY_LIMIT;  /* kept as a host's text would be */
  commit(t, r);
  return 1;
}


unsigned long long bh_trace_text (bh_scene *s, int detail, bh_text *subject,
                                  size_t bytes, int clip) {
  bh_trace *t = &s->trace;
  bh_record *r = new_record(t);
  unsigned long long seq = t->next;
  if (r == NULL)
    return 0;
  r->time = s->now;
  r->kind = BH_RTEXT;
  r->detail = detail;
  r->name = NULL;
  r->subject = bh_text_retain(subject);
  r->bytes = bytes;
  r->clip = clip;
  commit(t, r);
  return seq;
}

/* }====================================================== */


/*
** {======================================================
** Scene
** =======================================================
*/

bh_scene *bh_scene_new (size_t trace_capacity, size_t trace_byte_limit) {
  bh_scene *s = (bh_scene *)calloc(1, sizeof(bh_scene));
  if (s == NULL)
    return NULL;
  s->refs = 1;
  s->alive = 1;
  s->text_limit = 64LL << 20;
  s->trace.capacity = trace_capacity > 0 ? trace_capacity : 1;
  s->trace.byte_limit = trace_byte_limit;
  s->trace.next = 1;  /* 0 means "not recorded" */
  return s;
}


void bh_scene_release (bh_scene *s) {
  bh_trace *t;
  if (s == NULL || --s->refs > 0)
    return;
  t = &s->trace;
  while (t->count > 0) {
    release_record(&t->ring[t->head]);
    t->head = (t->head + 1) % t->size;
    t->count--;
  }
  free(t->ring);
  free(s);
}

/* }====================================================== */


/*
** {======================================================
** Schemas and views
** =======================================================
*/

bh_schema *bh_schema_new (const char *name, int count) {
  bh_schema *schema = (bh_schema *)calloc(1, sizeof(bh_schema));
  if (schema == NULL)
    return NULL;
  schema->properties = (bh_property *)calloc(count > 0 ? (size_t)count : 1,
                                             sizeof(bh_property));
  schema->defaults = (bh_value *)calloc(count > 0 ? (size_t)count : 1,
                                        sizeof(bh_value));
  if (schema->properties == NULL || schema->defaults == NULL) {
    free(schema->properties);
    free(schema->defaults);
    free(schema);
    return NULL;
  }
  schema->name = bh_text_immortal(name, strlen(name));
  schema->count = count;
  return schema;
}


void bh_schema_define (bh_schema *schema, int index, const char *name,
                       int type, int flags, double min, double max) {
  bh_property *p = &schema->properties[index];
  p->name = bh_text_immortal(name, strlen(name));
  p->type = type;
  p->flags = flags;
  p->min = min;
  p->max = max;
  p->limit = -1;
}


void bh_schema_limit (bh_schema *schema, int index, int limit) {
  schema->properties[index].limit = limit;
}


void bh_schema_add_choice (bh_schema *schema, int index, const char *choice,
                           size_t len) {
  bh_property *p = &schema->properties[index];
  bh_text **choices = (bh_text **)realloc(p->choices,
                                          (size_t)(p->nchoices + 1) *
                                          sizeof(bh_text *));
  if (choices == NULL)
    return;
  p->choices = choices;
  p->choices[p->nchoices++] = bh_text_immortal(choice, len);
}


void bh_schema_alias (bh_schema *schema, int index, const char *name) {
  bh_alias *aliases = (bh_alias *)realloc(schema->aliases,
                                          (size_t)(schema->nalias + 1) *
                                          sizeof(bh_alias));
  if (aliases == NULL)
    return;
  schema->aliases = aliases;
  aliases[schema->nalias].name = bh_text_immortal(name, strlen(name));
  aliases[schema->nalias].index = index;
  schema->nalias++;
}


void bh_schema_set_default (bh_schema *schema, int index,
                            const bh_value *value) {
  schema->defaults[index] = *value;
}


/* Its event names' slots follow the block, in the same allocation: one
** allocation fewer at every attach. */
bh_control *bh_control_new (const char *name, size_t len, int nevents) {
  bh_control *c = (bh_control *)calloc(1, sizeof(bh_control) +
                                          (size_t)(nevents > 0 ? nevents : 0) *
                                          sizeof(bh_text *));
  if (c == NULL)
    return NULL;
  c->name = bh_text_new(name, len);
  c->events = (bh_text **)(c + 1);
  if (c->name == NULL) {
    free(c);
    return NULL;
  }
  c->refs = 1;
  c->alive = 1;
  c->nevents = nevents;
  return c;
}


void bh_control_set_event (bh_control *c, int index, const char *name,
                           size_t len) {
  bh_text_release(c->events[index]);
  c->events[index] = bh_text_new(name, len);
}


void bh_control_release (bh_control *c) {
  int i;
  if (c == NULL || --c->refs > 0)
    return;
  for (i = 0; i < c->nevents; i++)
    bh_text_release(c->events[i]);
  bh_text_release(c->name);
  bh_scene_release(c->scene);
  free(c);
}


void bh_control_set_scene (bh_control *c, bh_scene *s) {
  bh_scene *old = c->scene;
  c->scene = bh_scene_retain(s);
  bh_scene_release(old);
}


bh_view *bh_view_new (const bh_schema *schema, const char *name, size_t len) {
  int count = schema->count;
  int i;
  bh_view *v = (bh_view *)calloc(1, offsetof(bh_view, values) +
                                    (size_t)(count > 0 ? count : 1) *
                                    sizeof(bh_value));
  if (v == NULL)
    return NULL;
  v->name = bh_text_new(name, len);
  if (v->name == NULL) {
    free(v);
    return NULL;
  }
  v->refs = 1;
  v->schema = schema;
  if (count > 0)  /* immortal texts: nothing to retain */
    memcpy(v->values, schema->defaults, (size_t)count * sizeof(bh_value));
  for (i = 0; i < count && i < 64; i++) {
    if (schema->properties[i].flags & BH_PHOST)
      v->host_mask |= (uint64_t)1 << i;
  }
  return v;
}


void bh_view_release (bh_view *v) {
  int i;
  if (v == NULL || --v->refs > 0)
    return;
  for (i = 0; i < v->schema->count; i++)
    bh_value_release(&v->values[i]);
  bh_text_release(v->name);
  bh_scene_release(v->scene);
  free(v);
}


void bh_view_set_scene (bh_view *v, bh_scene *s) {
  bh_scene *old = v->scene;
  v->scene = bh_scene_retain(s);
  bh_scene_release(old);
}


int bh_view_store (bh_view *v, int index, const bh_value *value) {
  bh_value *slot = &v->values[index];
  bh_scene *s = v->scene;
  bh_value old;
  if (value_equal(slot, value)) {
    /* the same colour written another way reads back as now written */
    if (!bh_value_identical(slot, value))
      bh_value_copy(slot, value);
    return 0;
  }
  old = *slot;  /* takes the slot's reference */
  *slot = *value;
  bh_text_retain(slot->text);
  if (s != NULL) {
    s->text_bytes += (long long)bh_value_text_bytes(slot) -
                     (long long)bh_value_text_bytes(&old);
    if (s->on_change != NULL) {
      begin_listening(&s->trace);
      s->on_change(s->change_context, v, index, &old, slot, s->source);
      end_listening(&s->trace);
    }
    record_change(s, v->name, v->schema->properties[index].name, &old,
                  slot);  /* the record takes old's reference */
  }
  else
    bh_value_release(&old);
  return 1;
}

/* }====================================================== */
