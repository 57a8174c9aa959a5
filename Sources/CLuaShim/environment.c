/*
** environment.c: a behaviour's environment, filled as it is used.
**
** Every behaviour instance has globals of its own: the safe base functions,
** fresh copies of the libraries and of the behaviour API's tables, and the
** API's functions. Copying all of them (about 150 fields and 7 tables) was
** most of the cost of making a behaviour, and most scripts touch a handful.
** So a new environment holds only _G and `behaviour` (below), and a
** metatable shared by the state
** (the "template" metatable) brings in a name the first time it is read or
** set: __index finds it in the template's sources (the API table, then the
** libraries, then the base functions, as bh_push_sandbox_env and the
** API's copy order them), copies it in raw (a table as a fresh shallow copy)
** and returns it; from then on the script's reads and writes of it are
** raw. A name brought in is noted in the environment's record (a table
** under a private key), so that a global the script deleted stays deleted
** instead of coming back from the template.
**
** The environment must look as if it had been filled at its making. What
** could see the difference makes it whole first (copies in every name not
** brought in yet, drops the record and the metatable): pairs (__pairs),
** next, rawget, rawset and setmetatable on it (the sandbox's fronts), and
** the host when it lists the names (bh_fill_env). getmetatable answers nil,
** as for the plain table it stands for. A script that keeps reading names
** no source has (`if DEBUG then` in a loop) gets it made whole too, after
** MISSES_BEFORE_FILL of them: then such a read is a plain table's miss.
**
** Every behaviour script reads `behaviour` first, at its top level, and
** bringing it in made each environment a record (2.2 K instructions an
** attach): a new environment is made with it, its template's value, and
** it counts as brought in from the start, with no note (is_own), as
** `_G` does.
**
** An environment made for a behaviour or a module holds its identity (its
** name) under a private key until it is made whole: `math`, brought in,
** gets a generator of its own seeded for it (random.c), so a behaviour
** that never reads `math` makes none.
**
** The memory limit may end any step. A name is noted before it is set, and
** set under a protected call: if the set fails, the note is taken back
** (removing a field allocates nothing), so a note always means the name
** was brought in, and a name brought in is always noted.
*/
#include <string.h>

#include "bh_internal.h"


/* The template metatable is the shim's own value BH_OWN_ENVMETA. */
static const char key_record = 'n';    /* field of an env: names brought in */
static const char key_misses = 'm';    /* field of a record: reads of no name */

#define MISSES_BEFORE_FILL  8

/* Upvalues of the metamethods: the template's sources, in order. */
#define N_SOURCES 3


/* Is the value at 'idx' an environment not yet made whole? */
int bh__is_partial_env (lua_State *L, int idx) {
  int partial;
  if (lua_type(L, idx) != LUA_TTABLE || !lua_getmetatable(L, idx))
    return 0;
  bh__push_own(L, BH_OWN_ENVMETA);
  partial = lua_rawequal(L, -1, -2);
  lua_pop(L, 2);
  return partial;
}


/* Pushes the source tables (api, libraries, base) from the template
** metatable at 'mt'. */
static void push_sources (lua_State *L, int mt) {
  int i;
  for (i = 1; i <= N_SOURCES; i++)
    lua_rawgeti(L, mt, i);
}


/* Replaces the value on top by what an environment holds for it: a table
** by a fresh raw copy of its fields, anything else as it is. */
static void own_copy (lua_State *L) {
  int from, to;
  if (lua_type(L, -1) != LUA_TTABLE)
    return;
  from = lua_gettop(L);
  lua_createtable(L, 0, 8);
  to = from + 1;
  lua_pushnil(L);
  while (lua_next(L, from)) {
    lua_pushvalue(L, -2);
    lua_insert(L, -2);
    lua_rawset(L, to);
  }
  lua_replace(L, from);
}


/* Replaces the template's value on top by the env's own (own_copy); the
** math library's copy gets a generator of its own, seeded for the env's
** identity (random.c). */
static void own_value (lua_State *L, int env) {
  int math = bh__is_math_library(L, -1);
  own_copy(L);
  if (math) {
    lua_rawgetp(L, env, &bh__key_identity);
    bh__own_generator(L, -2, lua_gettop(L), 1);
    lua_pop(L, 1);
  }
}


/* Pushes the template's value for the key at 'key' (nil when it has none),
** looking in the sources at 'first'..'first'+N_SOURCES-1. */
static int template_value (lua_State *L, int first, int key) {
  int i;
  for (i = 0; i < N_SOURCES; i++) {
    lua_pushvalue(L, key);
    if (lua_rawget(L, first + i) != LUA_TNIL)
      return 1;
    lua_pop(L, 1);
  }
  lua_pushnil(L);
  return 0;
}


/* Notes in the record of the env at 'env' that the key at 'key' is the
** env's own from now on. */
static void note_own (lua_State *L, int env, int key) {
  if (lua_rawgetp(L, env, &key_record) != LUA_TTABLE) {
    lua_pop(L, 1);
    lua_createtable(L, 0, 4);
    lua_pushvalue(L, -1);
    lua_rawsetp(L, env, &key_record);
  }
  lua_pushvalue(L, key);
  lua_pushboolean(L, 1);
  lua_rawset(L, -3);
  lua_pop(L, 1);
}


/* Takes back the note of the key at 'key' (allocates nothing). */
static void unnote (lua_State *L, int env, int key) {
  if (lua_rawgetp(L, env, &key_record) == LUA_TTABLE) {
    lua_pushvalue(L, key);
    lua_pushnil(L);
    lua_rawset(L, -3);
  }
  lua_pop(L, 1);
}


static int raw_set (lua_State *L) {
  lua_rawset(L, 1);
  return 0;
}


/* Sets env[key] to the value on top (popped), noting the key first when
** 'note' is set; a failed set takes the note back and raises its error. */
static void set_own (lua_State *L, int env, int key, int note) {
  int value = lua_gettop(L);
  if (note)
    note_own(L, env, key);
  lua_pushcfunction(L, raw_set);
  lua_pushvalue(L, env);
  lua_pushvalue(L, key);
  lua_pushvalue(L, value);
  if (lua_pcall(L, 3, 0, 0) != LUA_OK) {
    if (note)
      unnote(L, env, key);
    lua_error(L);
  }
  lua_settop(L, value - 1);
}


/* Counts a read of a name no source has; true when the env should be made
** whole (a record is made for the count: it may raise the memory limit,
** before anything changed). */
static int count_miss (lua_State *L, int env) {
  lua_Integer misses;
  if (lua_rawgetp(L, env, &key_record) != LUA_TTABLE) {
    lua_pop(L, 1);
    lua_createtable(L, 0, 4);
    lua_pushvalue(L, -1);
    lua_rawsetp(L, env, &key_record);
  }
  lua_rawgetp(L, -1, &key_misses);
  misses = lua_tointeger(L, -1) + 1;
  lua_pop(L, 1);
  lua_pushinteger(L, misses);
  lua_rawsetp(L, -2, &key_misses);
  lua_pop(L, 1);
  return misses >= MISSES_BEFORE_FILL;
}


/* The name every environment is made with (bh_push_behaviour_env). */
static const char made_with[] = "behaviour";

static int is_made_with (lua_State *L, int key) {
  size_t len;
  const char *s;
  if (lua_type(L, key) != LUA_TSTRING)
    return 0;
  s = lua_tolstring(L, key, &len);
  return len == sizeof(made_with) - 1 && memcmp(s, made_with, len) == 0;
}


/* Has the env at 'env' made the key at 'key' its own (brought it in, set
** it, or was made with it), so that the template no longer speaks for it? */
static int is_own (lua_State *L, int env, int key) {
  int own = 0;
  if (is_made_with(L, key))
    return 1;
  if (lua_rawgetp(L, env, &key_record) == LUA_TTABLE) {
    lua_pushvalue(L, key);
    own = (lua_rawget(L, -2) != LUA_TNIL);
    lua_pop(L, 1);
  }
  lua_pop(L, 1);
  return own;
}


/* __index(env, key): a name read for the first time. */
static int env_index (lua_State *L) {
  lua_settop(L, 2);
  if (is_own(L, 1, 2)) {  /* brought in once and deleted since */
    lua_pushnil(L);
    return 1;
  }
  lua_pushvalue(L, lua_upvalueindex(1));
  lua_pushvalue(L, lua_upvalueindex(2));
  lua_pushvalue(L, lua_upvalueindex(3));
  if (!template_value(L, 3, 2)) {  /* nil: no such name */
    if (count_miss(L, 1))
      bh__fill_env(L, 1);
    return 1;
  }
  own_value(L, 1);
  lua_pushvalue(L, -1);
  set_own(L, 1, 2, 1);
  return 1;
}


/* __newindex(env, key, value): a name set that the env does not hold. */
static int env_newindex (lua_State *L) {
  int t = lua_type(L, 2);
  lua_settop(L, 3);
  int replaces;
  if (t == LUA_TNIL)  /* the VM's own messages, at the script's line */
    return luaL_error(L, "table index is nil");
  if (t == LUA_TNUMBER && lua_tonumber(L, 2) != lua_tonumber(L, 2))
    return luaL_error(L, "table index is NaN");
  lua_pushvalue(L, lua_upvalueindex(1));
  lua_pushvalue(L, lua_upvalueindex(2));
  lua_pushvalue(L, lua_upvalueindex(3));
  replaces = template_value(L, 4, 2);  /* the template's value is replaced */
  lua_settop(L, 3);
  lua_pushvalue(L, 3);
  set_own(L, 1, 2, replaces);
  return 0;
}


/* Makes the env at 'env' whole, if it is not yet: every name of the
** template it has not made its own is copied in, as its making would have
** done, and the record and the metatable go. */
void bh__fill_env (lua_State *L, int env) {
  int mt, first, i;
  env = lua_absindex(L, env);
  if (!bh__is_partial_env(L, env))
    return;
  lua_getmetatable(L, env);
  mt = lua_gettop(L);
  push_sources(L, mt);
  first = mt + 1;
  for (i = 0; i < N_SOURCES; i++) {
    lua_pushnil(L);
    while (lua_next(L, first + i)) {  /* key, value */
      int key = lua_gettop(L) - 1;
      lua_pushvalue(L, key);
      if (is_own(L, env, key) || lua_rawget(L, env) != LUA_TNIL) {
        lua_pop(L, 2);  /* the env's own, or a source before this one's */
        continue;
      }
      lua_pop(L, 1);
      own_value(L, env);
      set_own(L, env, key, 1);  /* a fill cut short leaves every name noted */
    }
  }
  lua_pushnil(L);
  lua_rawsetp(L, env, &key_record);
  lua_pushnil(L);
  lua_rawsetp(L, env, &bh__key_identity);
  lua_pushnil(L);
  lua_setmetatable(L, env);
  lua_settop(L, mt - 1);
}


/* The names of the env at 1, as bh_push_env_names pushes them: its own
** string keys, then each source's not yet listed and not its own (a name
** it deleted), in the order making it whole brings them in. Copies no
** table (the template's values are listed; the env's own value, _G, is
** listed as the list, whose names a whole env's _G has), and notes
** nothing. */
static int env_names (lua_State *L) {
  int env = 1, names, mt, i;
  lua_settop(L, 1);
  if (!bh__is_partial_env(L, env))
    return 1;  /* whole: its own fields are its names */
  lua_createtable(L, 0, 160);
  names = 2;
  lua_pushnil(L);
  while (lua_next(L, env)) {
    if (lua_type(L, -2) == LUA_TSTRING) {
      if (lua_rawequal(L, -1, env)) {  /* _G: the list stands for the env */
        lua_pop(L, 1);
        lua_pushvalue(L, names);
      }
      lua_pushvalue(L, -2);
      lua_insert(L, -2);
      lua_rawset(L, names);
    }
    else
      lua_pop(L, 1);
  }
  lua_getmetatable(L, env);
  mt = names + 1;
  push_sources(L, mt);
  for (i = 1; i <= N_SOURCES; i++) {
    lua_pushnil(L);
    while (lua_next(L, mt + i)) {  /* key, value */
      int key = lua_gettop(L) - 1;
      lua_pushvalue(L, key);
      if (lua_type(L, key) != LUA_TSTRING || lua_rawget(L, names) != LUA_TNIL ||
          is_own(L, env, key)) {
        lua_pop(L, 2);  /* listed already, or deleted */
        continue;
      }
      lua_pop(L, 1);
      lua_pushvalue(L, key);
      lua_insert(L, -2);
      lua_rawset(L, names);
    }
  }
  lua_settop(L, names);
  return 1;
}


int bh_push_env_names (lua_State *L, int idx) {
  idx = lua_absindex(L, idx);
  lua_pushcfunction(L, env_names);
  lua_pushvalue(L, idx);
  if (lua_pcall(L, 1, 1, 0) != LUA_OK) {
    lua_pop(L, 1);
    return 0;
  }
  return 1;
}


/* __pairs(env): the env made whole, then walked as a plain table. */
static int env_pairs (lua_State *L) {
  bh__fill_env(L, 1);
  lua_pushvalue(L, lua_upvalueindex(1));  /* next */
  lua_pushvalue(L, 1);
  lua_pushnil(L);
  return 3;
}


void bh_set_env_api (lua_State *L) {
  int api = lua_gettop(L), mt, i;
  lua_createtable(L, N_SOURCES, 3);
  mt = lua_gettop(L);
  lua_pushvalue(L, api);
  lua_rawseti(L, mt, 1);
  lua_rawgetp(L, LUA_REGISTRYINDEX, &bh__key_libs);
  lua_rawseti(L, mt, 2);
  lua_rawgetp(L, LUA_REGISTRYINDEX, &bh__key_base);
  lua_rawseti(L, mt, 3);
  for (i = 1; i <= N_SOURCES; i++)
    lua_rawgeti(L, mt, i);
  lua_pushcclosure(L, env_index, N_SOURCES);
  lua_setfield(L, mt, "__index");
  for (i = 1; i <= N_SOURCES; i++)
    lua_rawgeti(L, mt, i);
  lua_pushcclosure(L, env_newindex, N_SOURCES);
  lua_setfield(L, mt, "__newindex");
  lua_rawgetp(L, LUA_REGISTRYINDEX, &bh__key_base);
  lua_getfield(L, -1, "next");
  lua_remove(L, -2);
  lua_pushcclosure(L, env_pairs, 1);
  lua_setfield(L, mt, "__pairs");
  bh__set_own(L, BH_OWN_ENVMETA);
  lua_settop(L, api - 1);
}


/* A new environment: _G, `behaviour` as the template has it (what the
** script's first read would bring in), its identity (when 'identity' is
** not 0), and the template metatable. */
void bh_push_behaviour_env (lua_State *L, int identity) {
  int env, mt, i;
  identity = (identity == 0) ? 0 : lua_absindex(L, identity);
  lua_createtable(L, 0, 4);
  env = lua_gettop(L);
  lua_pushvalue(L, env);
  lua_setfield(L, env, "_G");
  if (identity != 0) {
    lua_pushvalue(L, identity);
    lua_rawsetp(L, env, &bh__key_identity);
  }
  bh__push_own(L, BH_OWN_ENVMETA);
  mt = env + 1;
  lua_pushstring(L, made_with);
  /* the sources one at a time: the first (the api) has it */
  for (i = 1; i <= N_SOURCES; i++) {
    lua_rawgeti(L, mt, i);
    lua_pushvalue(L, mt + 1);
    if (lua_rawget(L, -2) != LUA_TNIL) {
      own_copy(L);
      lua_setfield(L, env, made_with);
      break;
    }
    lua_pop(L, 2);
  }
  lua_settop(L, mt);
  lua_setmetatable(L, env);
}


static int fill_env (lua_State *L) {
  bh__fill_env(L, 1);
  return 0;
}


/* For the host, from Swift: protected, so that no error (the memory limit
** inside a callback) reaches a Swift frame; an env the limit cut short
** stays partial, and consistent. */
void bh_fill_env (lua_State *L, int idx) {
  idx = lua_absindex(L, idx);
  if (!bh__is_partial_env(L, idx))
    return;
  lua_pushcfunction(L, fill_env);
  lua_pushvalue(L, idx);
  if (lua_pcall(L, 1, 0, 0) != LUA_OK)
    lua_pop(L, 1);
}
