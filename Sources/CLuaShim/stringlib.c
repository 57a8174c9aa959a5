/*
** stringlib.c: the sandbox's string.find, string.match, string.gmatch,
** string.gsub and string.rep. They keep Lua 5.4's results and messages;
** what differs is that none of them can keep the host inside one C call:
** patterns run on the machine of pattern.c (every step charged to the
** budget), a plain find is linear (the Two-Way algorithm), and work on
** long strings is charged by the byte.
*/
#include <limits.h>
#include <string.h>

#include "pattern.h"


/* Bytes of plain work (copying, comparing) worth one unit of budget. */
#define BYTES_PER_UNIT  64

/* Longest string string.rep makes (Lua's limit). */
#define MAX_REP_SIZE  ((size_t)INT_MAX)


/* A 1-based position, negative from the end, as a 0-based offset into a
** string of 'len' bytes; anything before the start is the start. */
static size_t start_offset (lua_Integer pos, size_t len) {
  if (pos > 0)
    return (size_t)pos - 1;
  if (pos == 0 || pos < -(lua_Integer)len)
    return 0;
  return len - (size_t)(-pos);
}


static void charge_bytes (lua_State *L, size_t bytes) {
  bh__charge(L, (long long)(bytes / BYTES_PER_UNIT) + 1);
}


/* ----------------------------------------------------- plain search */

/*
** Two-Way string matching (Crochemore and Perrin, 1991): linear time,
** constant space. The needle is split where its greatest suffix starts
** (under both byte orders, the later split wins); the right part is
** compared first, left to right, and a mismatch there shifts the window
** past what was compared. When the left part repeats with the needle's
** period, a match of the right part shifts by the period and remembers
** how much of the needle is known to match already.
*/

/* Start of the greatest suffix of x[0..m) (bytes compared with '<', or
** with '>' when 'flip'); its period goes to '*period'. */
static size_t greatest_suffix (const unsigned char *x, size_t m, int flip,
                               size_t *period) {
  size_t start = 0, j = 1, k = 0, p = 1;
  while (j + k < m) {
    unsigned char a = x[j + k], b = x[start + k];
    if (a == b) {
      if (k + 1 == p) {
        j += p;
        k = 0;
      }
      else
        k++;
    }
    else if ((a < b) != flip) {  /* the suffix at j is smaller */
      j += k + 1;
      k = 0;
      p = j - start;
    }
    else {  /* a greater suffix starts at j */
      start = j;
      j = start + 1;
      k = 0;
      p = 1;
    }
  }
  *period = p;
  return start;
}


static const char *two_way (const char *haystack, size_t n,
                            const char *needle, size_t m) {
  const unsigned char *y = (const unsigned char *)haystack;
  const unsigned char *x = (const unsigned char *)needle;
  size_t p1, p2, split, period, pos = 0, i;
  size_t s1 = greatest_suffix(x, m, 0, &p1);
  size_t s2 = greatest_suffix(x, m, 1, &p2);
  if (s1 >= s2) {
    split = s1;
    period = p1;
  }
  else {
    split = s2;
    period = p2;
  }
  if (memcmp(x, x + period, split) == 0) {  /* periodic needle */
    size_t known = 0;  /* bytes at the needle's start known to match */
    while (pos <= n - m) {
      i = (split > known) ? split : known;
      while (i < m && x[i] == y[pos + i]) i++;
      if (i < m) {
        pos += i - split + 1;
        known = 0;
        continue;
      }
      i = split;
      while (i > known && x[i - 1] == y[pos + i - 1]) i--;
      if (i <= known)
        return haystack + pos;
      pos += period;
      known = m - period;
    }
  }
  else {
    size_t shift = ((split > m - split) ? split : m - split) + 1;
    while (pos <= n - m) {
      i = split;
      while (i < m && x[i] == y[pos + i]) i++;
      if (i < m) {
        pos += i - split + 1;
        continue;
      }
      i = split;
      while (i > 0 && x[i - 1] == y[pos + i - 1]) i--;
      if (i == 0)
        return haystack + pos;
      pos += shift;
    }
  }
  return NULL;
}


/* First occurrence of needle in haystack, or NULL. */
static const char *find_plain (lua_State *L, const char *haystack, size_t n,
                               const char *needle, size_t m) {
  if (m == 0)
    return haystack;
  if (m > n)
    return NULL;
  charge_bytes(L, n + m);
  if (m == 1)
    return (const char *)memchr(haystack, (unsigned char)needle[0], n);
  return two_way(haystack, n, needle, m);
}


/* Does the pattern use any special character? */
static int has_specials (const char *p, size_t lp) {
  size_t i;
  for (i = 0; i < lp; i++)
    if (memchr("^$*+?.([%-", p[i], 10) != NULL) return 1;
  return 0;
}


/* ------------------------------------------------ pattern functions */

/* The next position from 's' on where a match could start: past every
** byte that cannot begin one. */
static const char *next_candidate (pat_matcher *m, int first,
                                   const char *s) {
  const char *q;
  if (first < 0 || s >= m->end)
    return s;
  q = (const char *)memchr(s, first, (size_t)(m->end - s));
  pat_spend(m, (long long)(((q ? q : m->end) - s) / BYTES_PER_UNIT));
  return q ? q : m->end;
}


static int find_or_match (lua_State *L, int find) {
  size_t ls, lp, init;
  const char *s = luaL_checklstring(L, 1, &ls);
  const char *p = luaL_checklstring(L, 2, &lp);
  init = start_offset(luaL_optinteger(L, 3, 1), ls);
  if (init > ls) {
    lua_pushnil(L);
    return 1;
  }
  if (find && (lua_toboolean(L, 4) || !has_specials(p, lp))) {
    const char *at = find_plain(L, s + init, ls - init, p, lp);
    if (at == NULL) {
      lua_pushnil(L);
      return 1;
    }
    lua_pushinteger(L, (lua_Integer)(at - s) + 1);
    lua_pushinteger(L, (lua_Integer)(at - s) + (lua_Integer)lp);
    return 2;
  }
  else {
    int anchored = (lp > 0 && p[0] == '^');
    const pat_program *program = pat_compile(L, p + anchored, lp - anchored);
    int first = anchored ? -1 : pat_first_byte(program);
    const char *start = s + init;
    pat_matcher m;
    pat_start(&m, L, program, s, ls);
    for (;;) {
      const char *e;
      start = next_candidate(&m, first, start);
      e = pat_match(&m, start);
      if (e != NULL) {
        int n;
        if (find) {
          lua_pushinteger(L, (lua_Integer)(start - s) + 1);
          lua_pushinteger(L, (lua_Integer)(e - s));
          n = 2 + pat_push_captures(&m, NULL, NULL, 0);
        }
        else
          n = pat_push_captures(&m, start, e, 1);
        pat_settle(&m);
        return n;
      }
      if (anchored || start >= m.end)
        break;
      start++;
    }
    pat_settle(&m);
    lua_pushnil(L);
    return 1;
  }
}


static int str_find (lua_State *L) {
  return find_or_match(L, 1);
}


static int str_match (lua_State *L) {
  return find_or_match(L, 0);
}


/* gmatch's iterator. Upvalues: the subject, the pattern, the program and
** the state (where to go on from, and where the last match ended). */
typedef struct gmatch_state {
  size_t next;        /* offset to try next */
  ptrdiff_t last;     /* end offset of the last match, or -1 */
} gmatch_state;


static int gmatch_step (lua_State *L) {
  size_t ls;
  const char *s = lua_tolstring(L, lua_upvalueindex(1), &ls);
  const pat_program *program =
      (const pat_program *)lua_touserdata(L, lua_upvalueindex(3));
  gmatch_state *st = (gmatch_state *)lua_touserdata(L, lua_upvalueindex(4));
  int first = pat_first_byte(program);
  const char *start;
  pat_matcher m;
  if (st->next > ls)
    return 0;
  pat_start(&m, L, program, s, ls);
  for (start = s + st->next; ; start++) {
    const char *e;
    start = next_candidate(&m, first, start);
    e = pat_match(&m, start);
    if (e != NULL && (e - s) != st->last) {
      int n;
      st->next = (size_t)(e - s);
      st->last = e - s;
      n = pat_push_captures(&m, start, e, 1);
      pat_settle(&m);
      return n;
    }
    if (start == m.end)
      break;
  }
  st->next = ls + 1;  /* nothing more: later calls end at once */
  pat_settle(&m);
  return 0;
}


static int str_gmatch (lua_State *L) {
  size_t ls, lp, init;
  const char *p;
  gmatch_state *st;
  luaL_checklstring(L, 1, &ls);
  p = luaL_checklstring(L, 2, &lp);
  init = start_offset(luaL_optinteger(L, 3, 1), ls);
  lua_settop(L, 2);
  /* in gmatch a leading '^' is an ordinary byte: no anchor */
  pat_compile(L, p, lp);
  st = (gmatch_state *)lua_newuserdatauv(L, sizeof(gmatch_state), 0);
  st->next = (init > ls) ? ls + 1 : init;
  st->last = -1;
  lua_pushcclosure(L, gmatch_step, 4);
  return 1;
}


/* Appends the replacement string 'r' for the match s..e, expanding %0-%9
** and %%. */
static void add_expanded (pat_matcher *m, luaL_Buffer *b, const char *r,
                          size_t lr, const char *s, const char *e) {
  lua_State *L = m->L;
  size_t i = 0;
  while (i < lr) {
    const char *percent = (const char *)memchr(r + i, '%', lr - i);
    size_t run = percent ? (size_t)(percent - (r + i)) : lr - i;
    int d;
    bh__buffer_room(b, run);
    luaL_addlstring(b, r + i, run);
    i += run;
    if (i >= lr)
      break;
    d = (i + 1 < lr) ? (unsigned char)r[i + 1] : 0;
    i += 2;
    if (d == '%') {
      bh__buffer_room(b, 1);
      luaL_addchar(b, '%');
    }
    else if (d == '0') {
      bh__buffer_room(b, (size_t)(e - s));
      luaL_addlstring(b, s, (size_t)(e - s));
    }
    else if (d >= '1' && d <= '9') {
      pat_push_capture(m, d - '1', s, e);
      bh__value_room(b);
      luaL_addvalue(b);
    }
    else {
      pat_settle(m);
      luaL_error(L, "invalid use of '%%' in replacement string");
    }
  }
  pat_spend(m, (long long)(lr / BYTES_PER_UNIT));
}


/* Appends what replaces the match s..e; returns 0 when the replacement
** keeps the match as it was (a false or nil result). */
static int add_replacement (pat_matcher *m, luaL_Buffer *b, const char *s,
                            const char *e, int kind) {
  lua_State *L = m->L;
  if (kind == LUA_TFUNCTION) {
    int n;
    lua_pushvalue(L, 3);
    n = pat_push_captures(m, s, e, 1);
    pat_settle(m);  /* the call may take long: charge what came before */
    lua_call(L, n, 1);
  }
  else if (kind == LUA_TTABLE) {
    pat_push_capture(m, 0, s, e);
    pat_settle(m);
    lua_gettable(L, 3);
  }
  else {
    size_t lr;
    const char *r = lua_tolstring(L, 3, &lr);
    add_expanded(m, b, r, lr, s, e);
    return 1;
  }
  if (!lua_toboolean(L, -1)) {
    lua_pop(L, 1);
    bh__buffer_room(b, (size_t)(e - s));
    luaL_addlstring(b, s, (size_t)(e - s));
    return 0;
  }
  if (!lua_isstring(L, -1)) {
    pat_settle(m);
    luaL_error(L, "invalid replacement value (a %s)", luaL_typename(L, -1));
  }
  bh__value_room(b);
  luaL_addvalue(b);
  return 1;
}


static int str_gsub (lua_State *L) {
  size_t ls, lp;
  const char *s = luaL_checklstring(L, 1, &ls);
  const char *p = luaL_checklstring(L, 2, &lp);
  int kind = lua_type(L, 3);
  lua_Integer limit = luaL_optinteger(L, 4, (lua_Integer)ls + 1);
  int anchored = (lp > 0 && p[0] == '^');
  const pat_program *program;
  const char *src = s, *last = NULL;
  lua_Integer count = 0;
  int changed = 0, first;
  pat_matcher m;
  luaL_Buffer b;
  luaL_argexpected(L, kind == LUA_TNUMBER || kind == LUA_TSTRING ||
                   kind == LUA_TFUNCTION || kind == LUA_TTABLE, 3,
                   "string/function/table");
  program = pat_compile(L, p + anchored, lp - anchored);
  first = anchored ? -1 : pat_first_byte(program);
  pat_start(&m, L, program, s, ls);
  luaL_buffinit(L, &b);
  while (count < limit) {
    const char *e;
    const char *candidate = next_candidate(&m, first, src);
    if (candidate > src) {  /* no match can start before it */
      bh__buffer_room(&b, (size_t)(candidate - src));
      luaL_addlstring(&b, src, (size_t)(candidate - src));
      src = candidate;
    }
    e = pat_match(&m, src);
    if (e != NULL && e != last) {
      count++;
      changed |= add_replacement(&m, &b, src, e, kind);
      src = last = e;
    }
    else if (src < m.end) {
      bh__buffer_room(&b, 1);
      luaL_addchar(&b, *src++);
    }
    else
      break;
    if (anchored)
      break;
  }
  if (!changed)
    lua_pushvalue(L, 1);
  else {
    bh__buffer_room(&b, (size_t)(m.end - src));
    luaL_addlstring(&b, src, (size_t)(m.end - src));
    luaL_pushresult(&b);
  }
  lua_pushinteger(L, count);
  pat_spend(&m, (long long)(ls / BYTES_PER_UNIT));
  pat_settle(&m);
  return 2;
}


/* ------------------------------------------------------------- rep */

static int str_rep (lua_State *L) {
  size_t l, lsep;
  const char *s = luaL_checklstring(L, 1, &l);
  lua_Integer n = luaL_checkinteger(L, 2);
  const char *sep = luaL_optlstring(L, 3, "", &lsep);
  size_t total, i;
  luaL_Buffer b;
  char *out;
  if (n <= 0 || l + lsep == 0) {  /* nothing to copy, however many times */
    lua_pushliteral(L, "");
    return 1;
  }
  if (l + lsep < l || l + lsep > MAX_REP_SIZE / (size_t)n)
    return luaL_error(L, "resulting string too large");
  total = (size_t)n * l + (size_t)(n - 1) * lsep;
  bh__make_room(L, total);
  out = luaL_buffinitsize(L, &b, total);
  for (i = 0; i < (size_t)n; i++) {
    if (i > 0 && lsep > 0) {
      memcpy(out, sep, lsep);
      out += lsep;
    }
    memcpy(out, s, l);
    out += l;
  }
  luaL_pushresultsize(&b, total);
  charge_bytes(L, total);
  return 1;
}


/* check(pattern): raises the pattern's first mistake, whether or not a
** match would reach it (host code's patterns: behave test --filter). */
static int pattern_check (lua_State *L) {
  size_t lp;
  const char *p = luaL_checklstring(L, 1, &lp);
  if (lp > 0 && p[0] == '^') {
    p++;
    lp--;
  }
  pat_check(L, pat_compile(L, p, lp));
  return 0;
}


void bh_push_pattern_check (lua_State *L) {
  lua_pushcfunction(L, pattern_check);
}


void bh__install_stringlib (lua_State *L, int strtable) {
  static const luaL_Reg functions[] = {
    {"find", str_find}, {"match", str_match}, {"gmatch", str_gmatch},
    {"gsub", str_gsub}, {"rep", str_rep}, {NULL, NULL}
  };
  const luaL_Reg *f;
  strtable = lua_absindex(L, strtable);
  for (f = functions; f->name != NULL; f++) {
    lua_pushstring(L, f->name);
    lua_pushcfunction(L, f->func);
    lua_rawset(L, strtable);
  }
}
