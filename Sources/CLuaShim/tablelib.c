/*
** tablelib.c: the sandbox's table.insert, table.remove, table.move,
** table.concat and table.sort.
**
** Each does what Lua 5.4's does (same arguments, metamethods, results and
** messages) but charges its work to the budget, a unit per element moved
** or compared: in Lua a single call such as table.move({}, 1, 1e15, 2), or
** an insert into a table whose __len claims 1e15 elements, loops inside C
** where the count hook never runs. table.sort is a bottom-up heapsort:
** O(n log n) comparisons whatever the input or the order function, no
** recursion, and no index ever outside 1..#t.
*/
#include <limits.h>

#include "bh_internal.h"


/* What an argument that is not a table must offer through its metatable. */
#define NEEDS_READ    1
#define NEEDS_WRITE   2
#define NEEDS_LENGTH  4


/* Does the table at 'mt' hold a field 'name' (raw)? */
static int has_field (lua_State *L, int mt, const char *name) {
  int found;
  lua_pushstring(L, name);
  found = (lua_rawget(L, mt) != LUA_TNIL);
  lua_pop(L, 1);
  return found;
}


static void check_table (lua_State *L, int arg, int needs) {
  int ok;
  if (lua_type(L, arg) == LUA_TTABLE)
    return;
  ok = lua_getmetatable(L, arg);
  if (ok) {
    int mt = lua_gettop(L);
    ok = (!(needs & NEEDS_READ) || has_field(L, mt, "__index")) &&
         (!(needs & NEEDS_WRITE) || has_field(L, mt, "__newindex")) &&
         (!(needs & NEEDS_LENGTH) || has_field(L, mt, "__len"));
    lua_pop(L, 1);
  }
  if (!ok)
    luaL_checktype(L, arg, LUA_TTABLE);  /* raises "table expected" */
}


/* Work done, charged to the budget a chunk at a time. */
typedef struct work {
  lua_State *L;
  long long units;
} work;


static void tick (work *w) {
  if (++w->units >= BH_CHARGE_CHUNK) {
    w->units = 0;
    bh__charge(w->L, BH_CHARGE_CHUNK);
  }
}


static void settle (work *w) {
  if (w->units > 0) {
    long long due = w->units;
    w->units = 0;
    bh__charge(w->L, due);
  }
}


/* t[to] = t[from] for the table at 'arg'. */
static void copy_slot (lua_State *L, int arg, lua_Integer from,
                       lua_Integer to) {
  lua_geti(L, arg, from);
  lua_seti(L, arg, to);
}


static int tab_insert (lua_State *L) {
  work w = {L, 0};
  lua_Integer end, pos, i;
  check_table(L, 1, NEEDS_READ | NEEDS_WRITE | NEEDS_LENGTH);
  end = (lua_Integer)((lua_Unsigned)luaL_len(L, 1) + 1u);  /* first empty */
  switch (lua_gettop(L)) {
    case 2:
      pos = end;
      break;
    case 3:
      pos = luaL_checkinteger(L, 2);
      luaL_argcheck(L, (lua_Unsigned)pos - 1u < (lua_Unsigned)end, 2,
                    "position out of bounds");
      for (i = end; i > pos; i--) {
        tick(&w);
        copy_slot(L, 1, i - 1, i);
      }
      break;
    default:
      return luaL_error(L, "wrong number of arguments to 'insert'");
  }
  lua_seti(L, 1, pos);
  settle(&w);
  return 0;
}


static int tab_remove (lua_State *L) {
  work w = {L, 0};
  lua_Integer size, pos;
  check_table(L, 1, NEEDS_READ | NEEDS_WRITE | NEEDS_LENGTH);
  size = luaL_len(L, 1);
  pos = luaL_optinteger(L, 2, size);
  if (pos != size)  /* Lua 5.4.4 names argument 1 here */
    luaL_argcheck(L, (lua_Unsigned)pos - 1u <= (lua_Unsigned)size, 1,
                  "position out of bounds");
  lua_geti(L, 1, pos);  /* the result */
  for (; pos < size; pos++) {
    tick(&w);
    copy_slot(L, 1, pos + 1, pos);
  }
  lua_pushnil(L);
  lua_seti(L, 1, pos);
  settle(&w);
  return 1;
}


static int tab_move (lua_State *L) {
  work w = {L, 0};
  lua_Integer first = luaL_checkinteger(L, 2);
  lua_Integer last = luaL_checkinteger(L, 3);
  lua_Integer to = luaL_checkinteger(L, 4);
  int dest = lua_isnoneornil(L, 5) ? 1 : 5;
  check_table(L, 1, NEEDS_READ);
  check_table(L, dest, NEEDS_WRITE);
  if (last >= first) {
    lua_Integer n, i;
    luaL_argcheck(L, first > 0 || last < LUA_MAXINTEGER + first, 3,
                  "too many elements to move");
    n = last - first + 1;
    luaL_argcheck(L, to <= LUA_MAXINTEGER - n + 1, 4,
                  "destination wrap around");
    /* Going up is safe unless the destination starts inside the source
       range of the same table: then go down, so nothing is overwritten
       before it is read. */
    if (to > last || to <= first ||
        (dest != 1 && !lua_compare(L, 1, dest, LUA_OPEQ))) {
      for (i = 0; i < n; i++) {
        tick(&w);
        lua_geti(L, 1, first + i);
        lua_seti(L, dest, to + i);
      }
    }
    else {
      for (i = n - 1; i >= 0; i--) {
        tick(&w);
        lua_geti(L, 1, first + i);
        lua_seti(L, dest, to + i);
      }
    }
  }
  lua_pushvalue(L, dest);
  settle(&w);
  return 1;
}


static void add_element (lua_State *L, luaL_Buffer *b, lua_Integer i) {
  lua_geti(L, 1, i);
  if (!lua_isstring(L, -1))
    luaL_error(L, "invalid value (%s) at index %I in table for 'concat'",
               luaL_typename(L, -1), (LUAI_UACINT)i);
  bh__value_room(b);
  luaL_addvalue(b);
}


static int tab_concat (lua_State *L) {
  work w = {L, 0};
  luaL_Buffer b;
  size_t lsep;
  lua_Integer i, last;
  const char *sep;
  check_table(L, 1, NEEDS_READ | NEEDS_LENGTH);
  last = luaL_len(L, 1);  /* even when the last index is given, as Lua */
  sep = luaL_optlstring(L, 2, "", &lsep);
  i = luaL_optinteger(L, 3, 1);
  last = luaL_optinteger(L, 4, last);
  luaL_buffinit(L, &b);
  for (; i < last; i++) {
    tick(&w);
    add_element(L, &b, i);
    bh__buffer_room(&b, lsep);
    luaL_addlstring(&b, sep, lsep);
  }
  if (i == last)
    add_element(L, &b, i);
  luaL_pushresult(&b);
  w.units += (long long)(lua_rawlen(L, -1) / 64);
  settle(&w);
  return 1;
}


/* ------------------------------------------------------------- sort */

/* Is the value at 'a' less than the value at 'b' (absolute indices)?
** Argument 2 is the order function, or nil. */
static int less (lua_State *L, work *w, int a, int b) {
  int result;
  tick(w);
  if (lua_isnil(L, 2))
    return lua_compare(L, a, b, LUA_OPLT);
  lua_pushvalue(L, 2);
  lua_pushvalue(L, a);
  lua_pushvalue(L, b);
  lua_call(L, 2, 1);
  result = lua_toboolean(L, -1);
  lua_pop(L, 1);
  return result;
}


/* t[i] < t[j]? */
static int less_slots (lua_State *L, work *w, lua_Integer i, lua_Integer j) {
  int result;
  lua_geti(L, 1, i);
  lua_geti(L, 1, j);
  result = less(L, w, lua_gettop(L) - 1, lua_gettop(L));
  lua_pop(L, 2);
  return result;
}


/*
** Restores the heap t[i..m] below i, where t[i] may be out of place. Goes
** down to a leaf along the greater children (one comparison a level),
** climbs back while the element from i is greater than what it meets,
** and rotates the path: the element goes where the climb stopped, and
** everything above it on the path moves up one level.
*/
static void sift (lua_State *L, work *w, lua_Integer i, lua_Integer m) {
  lua_Integer j = i;
  int x;
  while (2 * j < m) {  /* both children exist */
    lua_Integer k = 2 * j;
    j = less_slots(L, w, k, k + 1) ? k + 1 : k;
  }
  if (2 * j == m)  /* an only child at the bottom */
    j = m;
  lua_geti(L, 1, i);
  x = lua_gettop(L);
  while (j > i) {
    int smaller;
    lua_geti(L, 1, j);
    smaller = less(L, w, lua_gettop(L), x);
    lua_pop(L, 1);
    if (!smaller)
      break;
    j /= 2;
  }
  lua_pushvalue(L, x);  /* carried down the path from j up to i */
  for (;;) {
    tick(w);
    lua_geti(L, 1, j);
    lua_rotate(L, -2, 1);
    lua_seti(L, 1, j);  /* what was at j is carried on */
    if (j == i)
      break;
    j /= 2;
  }
  lua_settop(L, x - 1);
}


static int tab_sort (lua_State *L) {
  work w = {L, 0};
  lua_Integer n, i;
  check_table(L, 1, NEEDS_READ | NEEDS_WRITE | NEEDS_LENGTH);
  n = luaL_len(L, 1);
  if (n > 1) {
    luaL_argcheck(L, n < INT_MAX, 1, "array too big");
    if (!lua_isnoneornil(L, 2))
      luaL_checktype(L, 2, LUA_TFUNCTION);
    lua_settop(L, 2);
    for (i = n / 2; i >= 1; i--)
      sift(L, &w, i, n);
    for (i = n; i > 1; i--) {
      lua_geti(L, 1, 1);  /* the greatest goes to the end */
      lua_geti(L, 1, i);
      lua_seti(L, 1, 1);
      lua_seti(L, 1, i);
      sift(L, &w, 1, i - 1);
    }
  }
  settle(&w);
  return 0;
}


void bh__install_tablelib (lua_State *L, int tabtable) {
  static const luaL_Reg functions[] = {
    {"insert", tab_insert}, {"remove", tab_remove}, {"move", tab_move},
    {"concat", tab_concat}, {"sort", tab_sort}, {NULL, NULL}
  };
  const luaL_Reg *f;
  tabtable = lua_absindex(L, tabtable);
  for (f = functions; f->name != NULL; f++) {
    lua_pushstring(L, f->name);
    lua_pushcfunction(L, f->func);
    lua_rawset(L, tabtable);
  }
}
