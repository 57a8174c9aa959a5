/*
** sandbox.c: the libraries a script may see, the per-behaviour
** environment, and safe replacements of setmetatable, xpcall,
** coroutine.close and math.randomseed.
*/
#include <string.h>

#include "bh_internal.h"


/* Base functions a script may use, as they are (setmetatable and xpcall
** are replaced below). */
static const char *const safe_base[] = {
  "assert", "error", "getmetatable", "ipairs", "next", "pairs", "pcall",
  "rawequal", "rawget", "rawlen", "rawset", "select", "setmetatable",
  "tonumber", "tostring", "type", "xpcall", "_VERSION", NULL
};

/* Base functions removed even from the real global table, so that a chunk
** left with its default _ENV is no more dangerous than a sandboxed one. */
static const char *const unsafe_base[] = {
  "collectgarbage", "dofile", "load", "loadfile", "print", "warn", NULL
};

/* Libraries copied into each environment. */
static const char *const safe_libs[] = {
  LUA_STRLIBNAME, LUA_TABLIBNAME, LUA_MATHLIBNAME, LUA_UTF8LIBNAME,
  LUA_COLIBNAME, NULL
};


/* t[k] = v with v on top (popped), raw; t is an absolute index. */
static void rawsetfield (lua_State *L, int t, const char *k) {
  lua_pushstring(L, k);
  lua_insert(L, -2);
  lua_rawset(L, t);
}


/* Pushes t[k], raw; returns its type. */
static int rawgetfield (lua_State *L, int t, const char *k) {
  lua_pushstring(L, k);
  return lua_rawget(L, t);
}


/* Copies every field of table 'from' into table 'to', raw. */
static void copy_fields (lua_State *L, int from, int to) {
  from = lua_absindex(L, from);
  to = lua_absindex(L, to);
  lua_pushnil(L);
  while (lua_next(L, from)) {
    lua_pushvalue(L, -2);
    lua_insert(L, -2);
    lua_rawset(L, to);
  }
}


/*
** {======================================================
** setmetatable
** =======================================================
*/

/*
** A script's metatable is never installed itself: the object gets a
** private raw copy of its metamethods, so that later changes to the
** original (adding __gc or __concat, making it weak with __mode, emptying
** the table behind a weak __newindex) cannot reach the VM. This defends
** against bugs of Lua 5.4.4 that plain script code can trigger. The copy
** holds __metatable = original, so getmetatable still returns the original;
** a marker field tells our copies from metatables protected by the script.
** Methods added later to a class table reached through __index still work,
** since __index refers to the original class table.
*/

static const char *const copied_fields[] = {
  "__index", "__newindex", "__mode", "__len", "__eq", "__lt", "__le",
  "__unm", "__add", "__sub", "__mul", "__div", "__mod", "__pow", "__idiv",
  "__band", "__bor", "__bxor", "__shl", "__shr", "__bnot", "__call",
  "__tostring", "__name", "__pairs", NULL
};

/* __gc and __close run code where the count hook does not run; __concat
** triggers a use-after-free in Debian's 5.4.4. */
static const char *const refused_fields[] = {
  "__gc", "__concat", "__close", NULL
};

/* sb_setmetatable's upvalues: the field names above, as an array (copied
** fields, then __metatable, then refused fields), and the cache of copies,
** weak in its keys (the originals). */
#define NAMES       lua_upvalueindex(1)
#define CACHE       lua_upvalueindex(2)
#define NCOPIED     ((int)(sizeof(copied_fields) / sizeof(copied_fields[0])) - 1)
#define I_METATABLE (NCOPIED + 1)
#define I_REFUSED   (NCOPIED + 2)


/* Pushes t[name i], raw; returns its type. */
static int getmeta (lua_State *L, int t, int i) {
  lua_rawgeti(L, NAMES, i);
  return lua_rawget(L, t);
}


/* Pushes what the copy of 'mt' must hold as __metatable. */
static void push_guard (lua_State *L, int mt) {
  if (getmeta(L, mt, I_METATABLE) == LUA_TNIL) {
    lua_pop(L, 1);
    lua_pushvalue(L, mt);
  }
}


/* Does 'copy' (made earlier from 'mt') still match 'mt'? */
static int is_current_copy (lua_State *L, int mt, int copy) {
  int i, same;
  for (i = 1; i <= NCOPIED; i++) {
    getmeta(L, mt, i);
    getmeta(L, copy, i);
    same = lua_rawequal(L, -1, -2);
    lua_pop(L, 2);
    if (!same)
      return 0;
  }
  push_guard(L, mt);
  getmeta(L, copy, I_METATABLE);
  same = lua_rawequal(L, -1, -2);
  lua_pop(L, 2);
  return same;
}


/* Pushes the private copy of the metatable at 'mt' (absolute index),
** reusing the cached one while it is still faithful. */
static void push_private_copy (lua_State *L, int mt) {
  int i, copy;
  lua_pushvalue(L, mt);
  if (lua_rawget(L, CACHE) == LUA_TTABLE &&
      is_current_copy(L, mt, lua_gettop(L)))
    return;
  lua_pop(L, 1);
  lua_createtable(L, 0, 4);
  copy = lua_gettop(L);
  for (i = 1; i <= NCOPIED; i++) {
    lua_rawgeti(L, NAMES, i);
    lua_pushvalue(L, -1);
    if (lua_rawget(L, mt) == LUA_TNIL)
      lua_pop(L, 2);
    else
      lua_rawset(L, copy);
  }
  if (getmeta(L, mt, I_METATABLE) == LUA_TNIL) {
    lua_pushboolean(L, 1);  /* not protected by the script: mark it ours */
    lua_rawsetp(L, copy, &bh__key_copy);
  }
  lua_pop(L, 1);
  lua_rawgeti(L, NAMES, I_METATABLE);
  push_guard(L, mt);
  lua_rawset(L, copy);
  lua_pushvalue(L, mt);
  lua_pushvalue(L, copy);
  lua_rawset(L, CACHE);  /* weak keys: the cache keeps no original alive */
}


static int sb_setmetatable (lua_State *L) {
  int t = lua_type(L, 2);
  int i;
  luaL_checktype(L, 1, LUA_TTABLE);
  luaL_argexpected(L, t == LUA_TNIL || t == LUA_TTABLE, 2, "nil or table");
  lua_settop(L, 2);
  if (lua_getmetatable(L, 1)) {  /* may the current one be replaced? */
    int ours = (lua_rawgetp(L, 3, &bh__key_copy) != LUA_TNIL);
    int guarded = (getmeta(L, 3, I_METATABLE) != LUA_TNIL);
    if (guarded && !ours)
      return luaL_error(L, "cannot change a protected metatable");
    lua_settop(L, 2);
  }
  if (t == LUA_TTABLE) {
    for (i = I_REFUSED; refused_fields[i - I_REFUSED] != NULL; i++) {
      if (getmeta(L, 2, i) != LUA_TNIL)
        return luaL_error(L, "setmetatable: %s is not allowed in the sandbox",
                          refused_fields[i - I_REFUSED]);
      lua_pop(L, 1);
    }
    push_private_copy(L, 2);
  }
  else
    lua_pushnil(L);
  lua_setmetatable(L, 1);
  lua_settop(L, 1);
  return 1;
}


/* Pushes sb_setmetatable with its upvalues. */
static void push_setmetatable (lua_State *L) {
  const char *const *f;
  int i = 0;
  lua_createtable(L, NCOPIED + 4, 0);
  for (f = copied_fields; *f != NULL; f++) {
    lua_pushstring(L, *f);
    lua_rawseti(L, -2, ++i);
  }
  lua_pushliteral(L, "__metatable");
  lua_rawseti(L, -2, ++i);
  for (f = refused_fields; *f != NULL; f++) {
    lua_pushstring(L, *f);
    lua_rawseti(L, -2, ++i);
  }
  lua_createtable(L, 0, 0);  /* the cache */
  lua_createtable(L, 0, 1);
  lua_pushliteral(L, "k");
  lua_setfield(L, -2, "__mode");
  lua_setmetatable(L, -2);
  lua_pushcclosure(L, sb_setmetatable, 2);
}

/* }====================================================== */


/*
** {======================================================
** xpcall
** =======================================================
*/

/*
** Wraps the script's message handler. Once the slice is spent the handler
** is not called: after an error raised by the hook, hooks are off while
** the handler runs, so a looping handler could never be stopped. An error
** inside the handler calls the handler again (Lua 5.4.4 then overflows the
** C stack in ways that crash): the second call returns the error as it is.
** Upvalues: the handler, and whether it was called already.
*/
int bh__guard_handler (lua_State *L) {
  bh_host *h = bh__host(L);
  if (h->spent != BH_LIMIT_NONE || lua_toboolean(L, lua_upvalueindex(2))) {
    lua_settop(L, 1);
    return 1;
  }
  lua_pushboolean(L, 1);
  lua_replace(L, lua_upvalueindex(2));
  lua_pushvalue(L, lua_upvalueindex(1));
  lua_insert(L, 1);
  lua_call(L, lua_gettop(L) - 1, 1);
  return 1;
}


/* As in lbaselib.c. */
static int finishpcall (lua_State *L, int status, lua_KContext extra) {
  if (status != LUA_OK && status != LUA_YIELD) {  /* error? */
    lua_pushboolean(L, 0);
    lua_pushvalue(L, -2);
    return 2;  /* return false, msg */
  }
  return lua_gettop(L) - (int)extra;  /* return all results */
}


static int sb_xpcall (lua_State *L) {
  int status;
  int n = lua_gettop(L);
  luaL_checktype(L, 2, LUA_TFUNCTION);
  lua_pushvalue(L, 2);
  lua_pushboolean(L, 0);
  lua_pushcclosure(L, bh__guard_handler, 2);
  lua_replace(L, 2);
  lua_pushboolean(L, 1);  /* first result */
  lua_pushvalue(L, 1);  /* function */
  lua_rotate(L, 3, 2);  /* move them below function's arguments */
  status = lua_pcallk(L, n - 2, LUA_MULTRET, 2, 2, finishpcall);
  return finishpcall(L, status, 2);
}

/* }====================================================== */


/*
** {======================================================
** coroutine.close, math.randomseed
** =======================================================
*/

/* Lua 5.4.4 overflows the C stack on a long chain of nested closes (fixed
** in 5.4.5): bound the nesting. Upvalue: the real coroutine.close. */
static int sb_coclose (lua_State *L) {
  bh_host *h = bh__host(L);
  int status;
  int n = lua_gettop(L);
  if (h->closing >= BH_MAX_CLOSE_DEPTH)
    return luaL_error(L, "coroutine.close: too many nested closes");
  lua_pushvalue(L, lua_upvalueindex(1));
  lua_insert(L, 1);
  h->closing++;
  status = lua_pcall(L, n, LUA_MULTRET, 0);  /* to keep the count right */
  h->closing--;
  if (status != LUA_OK)
    return lua_error(L);
  return lua_gettop(L);
}


static void push_seed (lua_State *L, bh_host *h) {
  unsigned long long seed = h->config.random_seed;
  lua_pushinteger(L, (lua_Integer)(seed & 0xffffffffu));
  lua_pushinteger(L, (lua_Integer)(seed >> 32));
}


/* math.randomseed() without arguments would seed from the clock: use the
** configured seed instead, so runs stay deterministic. Upvalue: the real
** math.randomseed. */
static int sb_randomseed (lua_State *L) {
  if (lua_isnone(L, 1))
    push_seed(L, bh__host(L));
  lua_pushvalue(L, lua_upvalueindex(1));
  lua_insert(L, 1);
  lua_call(L, lua_gettop(L) - 1, LUA_MULTRET);
  return lua_gettop(L);
}


int bh__reseed (lua_State *L) {
  lua_rawgetp(L, LUA_REGISTRYINDEX, &bh__key_seed);
  push_seed(L, bh__host(L));
  lua_call(L, 2, 0);
  return 0;
}

/* }====================================================== */


/* Replaces lib[name] by a C closure whose upvalue is the original. */
static void wrap_field (lua_State *L, int lib, const char *name,
                        lua_CFunction f) {
  rawgetfield(L, lib, name);
  lua_pushcclosure(L, f, 1);
  rawsetfield(L, lib, name);
}


/* Opens the safe libraries and prepares the registry; run protected by
** bh_open. */
int bh__open_sandbox (lua_State *L) {
  static const luaL_Reg libs[] = {
    {LUA_GNAME, luaopen_base},
    {LUA_COLIBNAME, luaopen_coroutine},
    {LUA_TABLIBNAME, luaopen_table},
    {LUA_STRLIBNAME, luaopen_string},
    {LUA_MATHLIBNAME, luaopen_math},
    {LUA_UTF8LIBNAME, luaopen_utf8},
    {NULL, NULL}
  };
  const luaL_Reg *lib;
  const char *const *name;
  int g, str, tab, co, math, tmp;
  for (lib = libs; lib->func != NULL; lib++) {
    luaL_requiref(L, lib->name, lib->func, 1);
    lua_pop(L, 1);
  }
  lua_pushglobaltable(L);
  g = lua_gettop(L);
  rawgetfield(L, g, LUA_STRLIBNAME); str = lua_gettop(L);
  rawgetfield(L, g, LUA_TABLIBNAME); tab = lua_gettop(L);
  rawgetfield(L, g, LUA_COLIBNAME); co = lua_gettop(L);
  rawgetfield(L, g, LUA_MATHLIBNAME); math = lua_gettop(L);

  /* string: no dump in the real table, which strings reach through their
     metatable; safe matching and rep */
  lua_pushnil(L);
  rawsetfield(L, str, "dump");
  bh__install_strmatch(L, str);
  bh__install_safelib(L, str, tab);
  /* the string metatable is shared by all scripts: hide it */
  lua_pushliteral(L, "");
  lua_getmetatable(L, -1);
  lua_pushboolean(L, 0);
  rawsetfield(L, lua_gettop(L) - 1, "__metatable");
  lua_pop(L, 2);

  wrap_field(L, co, "close", sb_coclose);
  rawgetfield(L, math, "randomseed");
  lua_rawsetp(L, LUA_REGISTRYINDEX, &bh__key_seed);
  wrap_field(L, math, "randomseed", sb_randomseed);

  push_setmetatable(L);
  rawsetfield(L, g, "setmetatable");
  lua_pushcfunction(L, sb_xpcall);
  rawsetfield(L, g, "xpcall");
  for (name = unsafe_base; *name != NULL; name++) {
    lua_pushnil(L);
    rawsetfield(L, g, *name);
  }

  /* templates for bh_push_sandbox_env */
  lua_createtable(L, 0, 20);
  tmp = lua_gettop(L);
  for (name = safe_base; *name != NULL; name++) {
    rawgetfield(L, g, *name);
    rawsetfield(L, tmp, *name);
  }
  lua_rawsetp(L, LUA_REGISTRYINDEX, &bh__key_base);
  lua_createtable(L, 0, 5);
  tmp = lua_gettop(L);
  for (name = safe_libs; *name != NULL; name++) {
    rawgetfield(L, g, *name);
    rawsetfield(L, tmp, *name);
  }
  lua_rawsetp(L, LUA_REGISTRYINDEX, &bh__key_libs);

  /* raised by the hook when memory is full, so it must exist already */
  lua_pushliteral(L, "memory limit exceeded");
  lua_rawsetp(L, LUA_REGISTRYINDEX, &bh__key_memmsg);

  lua_settop(L, 0);
  return bh__reseed(L);
}


void bh_push_sandbox_env (lua_State *L) {
  int env, libs;
  lua_createtable(L, 0, 24);
  env = lua_gettop(L);
  lua_rawgetp(L, LUA_REGISTRYINDEX, &bh__key_base);
  copy_fields(L, -1, env);
  lua_pop(L, 1);
  lua_rawgetp(L, LUA_REGISTRYINDEX, &bh__key_libs);
  libs = lua_gettop(L);
  lua_pushnil(L);
  while (lua_next(L, libs)) {  /* name, library */
    lua_createtable(L, 0, 32);
    copy_fields(L, -2, -1);
    lua_replace(L, -2);  /* name, copy */
    lua_pushvalue(L, -2);
    lua_insert(L, -2);  /* name, name, copy */
    lua_rawset(L, env);  /* a fresh copy: changes stay in this env */
  }
  lua_pop(L, 1);
  lua_pushvalue(L, env);
  rawsetfield(L, env, "_G");
}
