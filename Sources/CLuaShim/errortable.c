/*
** errortable.c: a table raised as an error, as a spec file's report shows
** it (`error({ code = 42 })` reads `{code = 42}`, as busted prints it).
**
** It is written while the error is handled (bh_pcall's message handler),
** where no script code may run: a metamethod could raise, loop, yield or
** allocate without end there. So the table is read raw (lua_rawgeti,
** lua_next), no __tostring, __index or __pairs is called, and only its
** metatable's __name, if a string, is shown before it. Every bound is
** fixed, whatever the table: two levels of tables, eight entries a table
** (the rest "…") chosen by key order among the first LOOKED entries, 60
** bytes a string, TEXT bytes in all. Cycles need no check: nothing is
** walked deeper than two levels. Nothing raises: the text is built in a
** buffer of its own and pushed once.
*/
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bh_internal.h"

#define DEEP    2     /* levels of tables shown; deeper ones are {…} */
#define SHOWN   8     /* entries shown of each table */
#define LOOKED  256   /* entries a table is read for the SHOWN first ones */
#define STRING  60    /* bytes shown of a string */
#define TEXT    400   /* bytes of the whole text */
#define SLOTS   ((DEEP + 1) * (SHOWN + 4) + 8)  /* stack the walk needs */

typedef struct {
  char b[TEXT + 8];
  size_t n;
  int full;
} text;

static void put (text *o, const char *s, size_t len) {
  if (o->full) return;
  if (o->n + len > TEXT) {
    len = TEXT - o->n;
    o->full = 1;
  }
  memcpy(o->b + o->n, s, len);
  o->n += len;
}

#define put_cstr(o, s)  put(o, s, strlen(s))

/* A string quoted, its first STRING bytes (whole characters), control
** characters and bytes that are not UTF-8 escaped. */
static void put_string (text *o, const char *s, size_t len) {
  size_t i = 0;
  put(o, "\"", 1);
  while (i < len && !o->full) {
    unsigned char c = (unsigned char)s[i];
    size_t width = bh__utf8_width((const unsigned char *)s + i, len - i);
    char escaped[8];
    if (i + (width ? width : 1) > STRING) {
      put_cstr(o, "…");
      break;
    }
    if (c == '"' || c == '\\') {
      escaped[0] = '\\';
      escaped[1] = (char)c;
      put(o, escaped, 2);
    }
    else if (c == '\n') put_cstr(o, "\\n");
    else if (c == '\t') put_cstr(o, "\\t");
    else if (c == '\r') put_cstr(o, "\\r");
    else if (width == 0) {
      snprintf(escaped, sizeof escaped, "\\x%02X", c);
      put_cstr(o, escaped);
      width = 1;
    }
    else if (width == 2 && c == 0xC2 && (unsigned char)s[i + 1] < 0xA0) {
      snprintf(escaped, sizeof escaped, "\\u{%X}", (unsigned char)s[i + 1]);
      put_cstr(o, escaped);
    }
    else if (c < 32 || c == 127) {  /* as Lua writes it, "\0" or "\0001" */
      int digit = i + 1 < len && s[i + 1] >= '0' && s[i + 1] <= '9';
      snprintf(escaped, sizeof escaped, digit ? "\\%03d" : "\\%d", c);
      put_cstr(o, escaped);
    }
    else put(o, s + i, width);
    i += width;
  }
  put(o, "\"", 1);
}

/* As the spec messages show numbers: integers as they are, floats with
** the digits that tell them apart. */
static void put_number (text *o, lua_State *co, int idx) {
  char digits[64];
  if (lua_isinteger(co, idx))
    snprintf(digits, sizeof digits, LUA_INTEGER_FMT, lua_tointeger(co, idx));
  else {
    lua_Number n = lua_tonumber(co, idx);
    if (n != n)
      strcpy(digits, "nan");
    else {
      snprintf(digits, sizeof digits, "%.14g", (double)n);
      if (strtod(digits, NULL) != (double)n)
        snprintf(digits, sizeof digits, "%.17g", (double)n);
    }
  }
  put_cstr(o, digits);
}

static void put_value (text *o, lua_State *co, int idx, int depth);

/* Whether key a goes before key b: numbers (by value), strings (by their
** bytes), booleans, then the rest by type, each as it came. Raw: no __lt. */
static int rank (lua_State *co, int idx) {
  int t = lua_type(co, idx);
  switch (t) {
    case LUA_TNUMBER: return 0;
    case LUA_TSTRING: return 1;
    case LUA_TBOOLEAN: return 2;
    default: return 3 + t;
  }
}

static int before (lua_State *co, int a, int b) {
  int ra = rank(co, a), rb = rank(co, b);
  if (ra != rb) return ra < rb;
  if (ra == 0) return lua_compare(co, a, b, LUA_OPLT);  /* raw for numbers */
  if (ra == 1) {
    size_t la, lb;
    const char *sa = lua_tolstring(co, a, &la), *sb = lua_tolstring(co, b, &lb);
    int c = memcmp(sa, sb, la < lb ? la : lb);
    return c < 0 || (c == 0 && la < lb);
  }
  if (ra == 2) return !lua_toboolean(co, a) && lua_toboolean(co, b);
  return 0;  /* as they came */
}

static int is_name (const char *s, size_t len) {
  size_t i;
  static const char *const reserved[] = {
    "and", "break", "do", "else", "elseif", "end", "false", "for", "function",
    "goto", "if", "in", "local", "nil", "not", "or", "repeat", "return",
    "then", "true", "until", "while", NULL};
  if (len == 0 || len > STRING || (s[0] >= '0' && s[0] <= '9')) return 0;
  for (i = 0; i < len; i++) {
    char c = s[i];
    if (!((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') ||
          (c >= '0' && c <= '9') || c == '_'))
      return 0;
  }
  for (i = 0; reserved[i] != NULL; i++)
    if (strlen(reserved[i]) == len && memcmp(reserved[i], s, len) == 0)
      return 0;
  return 1;
}

static void put_key (text *o, lua_State *co, int idx) {
  size_t len;
  if (lua_type(co, idx) == LUA_TSTRING) {
    const char *s = lua_tolstring(co, idx, &len);
    if (is_name(s, len)) {
      put(o, s, len);
      return;
    }
  }
  put(o, "[", 1);
  put_value(o, co, idx, DEEP);
  put(o, "]", 1);
}

/* The table at 'idx' (absolute): its array's first entries, then its
** other keys, the SHOWN first of them in key order among the first LOOKED
** read; "…" for any left out. */
static void put_table (text *o, lua_State *co, int idx, int depth) {
  int length = 0, kept = 0, need, slots, i, more = 0, looked = 0;
  int t = bh__metafield(co, idx, "__name");
  if (t == LUA_TSTRING) {
    size_t len;
    const char *name = lua_tolstring(co, -1, &len);
    if (is_name(name, len)) {
      put(o, name, len);
      put(o, " ", 1);
    }
  }
  if (t != LUA_TNIL) lua_pop(co, 1);
  if (depth >= DEEP) {
    lua_pushnil(co);
    if (lua_next(co, idx)) {
      lua_pop(co, 2);
      put_cstr(o, "{…}");
    }
    else
      put_cstr(o, "{}");
    return;
  }
  put(o, "{", 1);
  while (length < SHOWN) {
    if (lua_rawgeti(co, idx, length + 1) == LUA_TNIL) {
      lua_pop(co, 1);
      break;
    }
    if (length > 0) put_cstr(o, ", ");
    put_value(o, co, lua_gettop(co), depth + 1);
    lua_pop(co, 1);
    length++;
  }
  /* the keys to show, in order, at slots .. slots + need - 1 */
  need = SHOWN - length;
  slots = lua_gettop(co) + 1;
  for (i = 0; i < need; i++) lua_pushnil(co);
  lua_pushnil(co);
  while (lua_next(co, idx)) {
    int at;
    lua_pop(co, 1);  /* the value */
    if (lua_isinteger(co, -1) && lua_tointeger(co, -1) >= 1 &&
        lua_tointeger(co, -1) <= length)
      continue;
    if (++looked > LOOKED) {
      lua_pop(co, 1);
      more = 1;
      break;
    }
    for (at = 0; at < kept && !before(co, -1, slots + at); at++) {}
    if (at >= need) {
      more = 1;
      continue;
    }
    if (kept == need) more = 1;
    else kept++;
    for (i = kept - 1; i > at; i--) lua_copy(co, slots + i - 1, slots + i);
    lua_copy(co, -1, slots + at);
  }
  for (i = 0; i < kept; i++) {
    if (length + i > 0) put_cstr(o, ", ");
    put_key(o, co, slots + i);
    put_cstr(o, " = ");
    lua_pushvalue(co, slots + i);
    lua_rawget(co, idx);
    put_value(o, co, lua_gettop(co), depth + 1);
    lua_pop(co, 1);
  }
  if (more)
    put_cstr(o, length + kept > 0 ? ", …" : "…");
  lua_settop(co, slots - 1);
  put(o, "}", 1);
}

static void put_value (text *o, lua_State *co, int idx, int depth) {
  switch (lua_type(co, idx)) {
    case LUA_TSTRING: {
      size_t len;
      const char *s = lua_tolstring(co, idx, &len);
      put_string(o, s, len);
      break;
    }
    case LUA_TNUMBER: put_number(o, co, idx); break;
    case LUA_TBOOLEAN: put_cstr(o, lua_toboolean(co, idx) ? "true" : "false"); break;
    case LUA_TNIL: put_cstr(o, "nil"); break;
    case LUA_TTABLE: put_table(o, co, idx, depth); break;
    default: put_cstr(o, lua_typename(co, lua_type(co, idx))); break;
  }
}


void bh__push_error_table (lua_State *L, lua_State *co, int idx) {
  text o;
  int top = lua_gettop(co);
  idx = lua_absindex(co, idx);
  if (!lua_checkstack(co, SLOTS)) {
    lua_pushliteral(L, "(error object is a table value)");
    return;
  }
  o.n = 0;
  o.full = 0;
  put_table(&o, co, idx, 0);
  lua_settop(co, top);
  if (o.full) {  /* cut between characters */
    while (o.n > 0 && ((unsigned char)o.b[o.n - 1] & 0xC0) == 0x80) o.n--;
    if (o.n > 0 && (unsigned char)o.b[o.n - 1] >= 0xC0) o.n--;
    memcpy(o.b + o.n, "…", strlen("…"));
    o.n += strlen("…");
  }
  lua_pushlstring(L, o.b, o.n);
}
