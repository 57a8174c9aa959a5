/*
** describe.c: a table of plain data told as bytes, so that what the host
** read from it can be kept by what it was read from.
**
** Every scene has a Lua state of its own, and each reads its behaviours'
** declarations (`behaviour { … }`) into Swift again: a thousand specs with
** a scene each read the same declaration a thousand times, and reading is
** slow next to telling the table. The reader sees only a table's raw
** contents and its border (`#t`, by which it reads lists), so two tables
** that describe alike read alike.
**
** A description is canonical: the entries of each table in the order of
** their own descriptions (`next` gives an order that depends on the
** state), after the table's border (tables alike in contents may differ
** in it: `{ "a", nil, "c" }` and the same filled key by key). Only plain
** data describes: strings, numbers (integers and floats apart) and
** booleans, and tables of them with no metatable but the one allowed (an
** image's, marked as such). Anything else (a function, a
** userdata, a table key, another metatable) and anything too deep (a
** cycle), too wide or too large does not, and is read as it always was.
**
** The bytes are made in C memory with calls that raise no Lua error, so
** nothing is left behind whatever the table holds.
*/
#include <stdlib.h>
#include <string.h>

#include "bh_internal.h"


#define MAX_DEPTH     8
#define MAX_WIDTH     64           /* entries of one table */
#define MAX_ENTRIES   512          /* entries in all */
#define MAX_BYTES     (128 << 10)  /* the description */

typedef struct buffer {
  unsigned char *b;
  size_t n, size;
} buffer;

typedef struct describer {
  int mt;            /* the metatable allowed (absolute index), or 0 */
  int entries;
  buffer out;        /* the description so far */
  buffer scratch;    /* a table's entries while they are put in order */
} describer;

typedef struct entry {
  const unsigned char *s;
  size_t len;
} entry;


static int reserve (buffer *b, size_t more) {
  size_t size;
  unsigned char *grown;
  if (more <= b->size - b->n)
    return 1;
  if (more > MAX_BYTES - b->n)
    return 0;
  size = b->size < 256 ? 256 : b->size;
  while (size - b->n < more)
    size *= 2;
  if (size > MAX_BYTES)
    size = MAX_BYTES;
  grown = (unsigned char *)realloc(b->b, size);
  if (grown == NULL)
    return 0;
  b->b = grown;
  b->size = size;
  return 1;
}


static int put (buffer *b, const void *p, size_t len) {
  if (!reserve(b, len))
    return 0;
  memcpy(b->b + b->n, p, len);
  b->n += len;
  return 1;
}


static int put_tag (buffer *b, char tag) {
  return put(b, &tag, 1);
}


static int entry_before (const entry *x, const entry *y) {
  int c = memcmp(x->s, y->s, x->len < y->len ? x->len : y->len);
  return c < 0 || (c == 0 && x->len < y->len);
}


/* (A declaration's tables hold a few entries each: an insertion sort.) */
static void sort_entries (entry *e, int n) {
  int i, j;
  for (i = 1; i < n; i++) {
    entry item = e[i];
    for (j = i; j > 0 && entry_before(&item, &e[j - 1]); j--)
      e[j] = e[j - 1];
    e[j] = item;
  }
}


/* Puts the description of the non-table value at 'idx' (a tag, then
** its bytes); 0 when it has none. */
static int put_scalar (lua_State *L, describer *d, int idx) {
  buffer *b = &d->out;
  const char *s = NULL;
  size_t len = 0;
  unsigned char *p;
  union { lua_Integer i; lua_Number n; } number;
  char tag;
  switch (lua_type(L, idx)) {
    case LUA_TBOOLEAN:
      tag = lua_toboolean(L, idx) ? 't' : 'f';
      break;
    case LUA_TNUMBER:
      if (lua_isinteger(L, idx)) {
        tag = 'i';
        number.i = lua_tointeger(L, idx);
      }
      else {
        tag = 'd';
        number.n = lua_tonumber(L, idx);
      }
      s = (const char *)&number;
      len = sizeof(number);
      break;
    case LUA_TSTRING:
      tag = 's';
      s = lua_tolstring(L, idx, &len);  /* a string: no raise */
      break;
    default:
      return 0;
  }
  if (len > MAX_BYTES || !reserve(b, 1 + sizeof(len) + len))
    return 0;
  p = b->b + b->n;
  *p++ = (unsigned char)tag;
  if (tag == 's') {
    memcpy(p, &len, sizeof(len));
    p += sizeof(len);
  }
  if (len > 0)
    memcpy(p, s, len);
  b->n = (size_t)(p - b->b) + len;
  return 1;
}


/* Puts the description of the table at 't' (absolute); 0 when it has
** none. Leaves the stack as it was. */
static int put_table (lua_State *L, describer *d, int t, int depth) {
  int top = lua_gettop(L), n = 0, i;
  size_t start, at[MAX_WIDTH], len[MAX_WIDTH];
  lua_Unsigned border;
  entry sorted[MAX_WIDTH];
  char tag = 'T';
  if (depth > MAX_DEPTH || !lua_checkstack(L, 4))
    return 0;
  if (lua_getmetatable(L, t)) {
    int allowed = (d->mt != 0 && lua_rawequal(L, -1, d->mt));
    lua_settop(L, top);
    if (!allowed)
      return 0;
    tag = 'I';
  }
  border = lua_rawlen(L, t);
  if (!put_tag(&d->out, tag) || !put(&d->out, &border, sizeof(border)) ||
      !put(&d->out, &n, sizeof(n)))  /* count below */
    return 0;
  start = d->out.n;
  lua_pushnil(L);
  while (lua_next(L, t)) {  /* key, value */
    int key = top + 1, kind = lua_type(L, key);
    if (n == MAX_WIDTH || ++d->entries > MAX_ENTRIES || kind == LUA_TTABLE)
      goto refused;
    at[n] = d->out.n;
    if (!put_scalar(L, d, key))
      goto refused;
    if (lua_type(L, key + 1) == LUA_TTABLE) {
      if (!put_table(L, d, key + 1, depth + 1))
        goto refused;
    }
    else if (!put_scalar(L, d, key + 1))
      goto refused;
    lua_pop(L, 1);
    n++;
  }
  /* the entries, each from its key to the next one's, in order */
  for (i = 0; i < n; i++)
    len[i] = ((i + 1 < n) ? at[i + 1] : d->out.n) - at[i];
  if (n == 0)
    return 1;
  d->scratch.n = 0;
  if (!put(&d->scratch, d->out.b + start, d->out.n - start))
    return 0;
  for (i = 0; i < n; i++) {
    sorted[i].s = d->scratch.b + (at[i] - start);
    sorted[i].len = len[i];
  }
  sort_entries(sorted, n);
  memcpy(d->out.b + start - sizeof(n), &n, sizeof(n));
  d->out.n = start;
  for (i = 0; i < n; i++)
    put(&d->out, sorted[i].s, sorted[i].len);  /* fits: it was there */
  return 1;
 refused:
  lua_settop(L, top);
  return 0;
}


unsigned char *bh_describe (lua_State *L, int idx, int mt, size_t *len) {
  describer d;
  int ok;
  idx = lua_absindex(L, idx);
  memset(&d, 0, sizeof(d));
  d.mt = (mt != 0) ? lua_absindex(L, mt) : 0;
  ok = lua_type(L, idx) == LUA_TTABLE && put_table(L, &d, idx, 0);
  free(d.scratch.b);
  if (!ok) {
    free(d.out.b);
    return NULL;
  }
  *len = d.out.n;
  return d.out.b;
}
