/*
** random.c: math.random and math.randomseed, a generator for each
** environment.
**
** Lua's math library keeps its generator's state in a userdata that
** math.random and math.randomseed share as their first upvalue: one
** library, one generator. Every behaviour of a scene copies its `math`
** from the same library, so all of them would roll from one stream: one
** behaviour's math.randomseed(1) would fix another's numbers, and one more
** roll of one would shift every other's.
**
** So each environment's copy of `math` gets a generator of its own when
** it is made: a new state of the library's size, behind fronts that run
** Lua's own two C functions on it, so that its numbers are stock Lua's
** (math.randomseed(x) then math.random() gives what lua5.4 gives). It
** starts as if math.randomseed(seed, h) had run, with the scene's seed and
** h a hash of the environment's identity: a behaviour's name, a module's
** chunk name (0 without one). A run repeats, and no other behaviour's
** rolls change it. A behaviour that never reads `math` makes none
** (environment.c brings `math` in when it is first read).
**
** Names need not be unique: an embedding app may give two instances one.
** So a behaviour's generator takes, for its identity, a slot among the
** live generators of its name (in the order their scripts first read
** `math`, which a run repeats): the first hashes the name alone, as a name
** seen once always has; slot n hashes the name, a line feed and n, as an
** identity of two parts does (bh_identity_hash). Two live instances of one
** name draw apart, and a scene of distinct names draws what it always
** drew. A destroyed behaviour gives its slot back (bh_release_generator),
** the next of its name takes the slot last given back, else one past the
** highest: only live names are counted, so an app that makes behaviours
** of new names without end (a cell per row) holds no more than it has
** live, and what is drawn depends on the order of makes and destroys,
** never on when the collector runs.
**
** Every generator made is kept in a weak table, so that a new seed
** (bh_set_config) restarts each as if it had been made with that seed:
** the scene draws what a scene started with it draws, whichever of its
** behaviours were made before the change.
**
** A front runs Lua's function in its own frame as a plain C call, with the
** state as its upvalue 1, as Lua's function expects. What the front adds
** is a name: Lua names a function its call site does not name (one
** called through pcall) by finding it among the loaded libraries, which
** hold the state's `math`, not an environment's copy; so a bad argument
** there is reported by the front, under the library's name, as Lua would
** report the library's function. math.randomseed() without arguments
** would seed from the clock: the front seeds with what the generator
** started from instead.
*/
#include <stdio.h>
#include <string.h>

#include "bh_internal.h"


/* Field of an environment not yet made whole: its identity (a string),
** which its generator is seeded for when `math` is brought in
** (environment.c). */
const char bh__key_identity = 'i';
/* Registry keys: the math library, Lua's math.random and randomseed. */
const char bh__key_math = 'M';
const char bh__key_random = 'g';
const char bh__key_seed = 's';
/* Registry keys: the generators made (their randomseed fronts, weak
** keys), and for each identity with live generators its slots: n when
** slots 1 to n are taken; else a table, its field 0 the highest slot
** handed out, its array those given back (taken from its end). Made at
** their first use. */
static const char key_generators = 'G';
static const char key_made = 'n';

/* The fronts' upvalues. */
#define STATE   lua_upvalueindex(1)  /* the generator's state */
#define REAL    lua_upvalueindex(2)  /* Lua's function, a light C function */
#define HASH    lua_upvalueindex(3)  /* randomseed's: the identity's hash */
/* A behaviour's randomseed front's further upvalues: its name and slot
** (0 once given back). */
#define NAME    4
#define SLOT    5


#define FNV_BASIS  0xcbf29ce484222325ull

/* FNV-1a, from 'hash' on, over 'len' bytes: the same on every run and
** machine, as a string's address or Lua's own string hash (seeded per
** state) would not be. */
static unsigned long long fnv (unsigned long long hash, const char *s,
                               size_t len) {
  size_t i;
  for (i = 0; i < len; i++) {
    hash ^= (unsigned char)s[i];
    hash *= 0x100000001b3ull;
  }
  return hash;
}


/* The hash of the identity at 'identity' (0 or not a string: none, 0). */
static lua_Integer identity_hash (lua_State *L, int identity) {
  size_t len = 0;
  const char *s;
  if (identity == 0 || lua_type(L, identity) != LUA_TSTRING)
    return 0;
  s = lua_tolstring(L, identity, &len);
  return (lua_Integer)fnv(FNV_BASIS, s, len);
}


/* Takes a slot for a behaviour's identity (a string) at 'identity':
** the one last given back, else one past the highest. Raises only the
** memory limit's error. */
static lua_Integer take_slot (lua_State *L, int identity) {
  lua_Integer slot;
  int t;
  if (lua_rawgetp(L, LUA_REGISTRYINDEX, &key_made) != LUA_TTABLE) {
    lua_pop(L, 1);
    lua_newtable(L);
    lua_pushvalue(L, -1);
    lua_rawsetp(L, LUA_REGISTRYINDEX, &key_made);
  }
  lua_pushvalue(L, identity);
  t = lua_rawget(L, -2);
  if (t == LUA_TTABLE) {
    lua_Integer back = (lua_Integer)lua_rawlen(L, -1);
    if (back > 0) {
      lua_rawgeti(L, -1, back);
      slot = lua_tointeger(L, -1);
      lua_pop(L, 1);
      lua_pushnil(L);
      lua_rawseti(L, -2, back);
    }
    else {
      lua_rawgeti(L, -1, 0);
      slot = lua_tointeger(L, -1) + 1;
      lua_pop(L, 1);
      lua_pushinteger(L, slot);
      lua_rawseti(L, -2, 0);
    }
    lua_pop(L, 2);
    return slot;
  }
  slot = (t == LUA_TNUMBER) ? lua_tointeger(L, -1) + 1 : 1;
  lua_pop(L, 1);
  lua_pushvalue(L, identity);
  lua_pushinteger(L, slot);
  lua_rawset(L, -3);
  lua_pop(L, 1);
  return slot;
}


/* Gives slot 2 of the identity 1 back; a lua_CFunction, run protected
** (making the table of slots given back allocates). */
static int give_back (lua_State *L) {
  lua_Integer slot = lua_tointeger(L, 2);
  if (lua_rawgetp(L, LUA_REGISTRYINDEX, &key_made) != LUA_TTABLE)
    return 0;
  lua_pushvalue(L, 1);
  switch (lua_rawget(L, 3)) {
    case LUA_TNUMBER: {
      lua_Integer top = lua_tointeger(L, 4);
      lua_pushvalue(L, 1);
      if (slot == top && top > 1)
        lua_pushinteger(L, top - 1);
      else if (slot == top)
        lua_pushnil(L);  /* none left: the name is forgotten */
      else {
        lua_createtable(L, 1, 1);
        lua_pushinteger(L, top);
        lua_rawseti(L, -2, 0);
        lua_pushinteger(L, slot);
        lua_rawseti(L, -2, 1);
      }
      lua_rawset(L, 3);
      break;
    }
    case LUA_TTABLE: {
      lua_Integer back = (lua_Integer)lua_rawlen(L, 4);
      lua_rawgeti(L, 4, 0);
      if (back + 1 >= lua_tointeger(L, -1)) {
        lua_pushvalue(L, 1);
        lua_pushnil(L);
        lua_rawset(L, 3);
      }
      else {
        lua_pushinteger(L, slot);
        lua_rawseti(L, 4, back + 1);
      }
      break;
    }
    default: break;
  }
  return 0;
}


/* The hash of slot 'slot' of the identity (a string) at 'identity': the
** name's own for slot 1, the name and the slot after it. */
static lua_Integer slot_hash (lua_State *L, int identity, lua_Integer slot) {
  unsigned long long hash = (unsigned long long)identity_hash(L, identity);
  char digits[24];
  int n;
  if (slot > 1) {
    n = snprintf(digits, sizeof digits, "%lld", (long long)slot);
    hash = fnv(fnv(hash, "\n", 1), digits, (size_t)n);
  }
  return (lua_Integer)hash;
}


/* Notes the randomseed front on top among the generators made (it stays
** on top). */
static void note_generator (lua_State *L) {
  if (lua_rawgetp(L, LUA_REGISTRYINDEX, &key_generators) != LUA_TTABLE) {
    lua_pop(L, 1);
    lua_newtable(L);
    lua_createtable(L, 0, 1);
    lua_pushliteral(L, "k");
    lua_setfield(L, -2, "__mode");
    lua_setmetatable(L, -2);  /* weak keys */
    lua_pushvalue(L, -1);
    lua_rawsetp(L, LUA_REGISTRYINDEX, &key_generators);
  }
  lua_pushvalue(L, -2);
  lua_pushboolean(L, 1);
  lua_rawset(L, -3);
  lua_pop(L, 1);
}


/* Would Lua find no name for the running function at its call site? */
static int unnamed (lua_State *L) {
  lua_Debug ar;
  return lua_getstack(L, 0, &ar) && lua_getinfo(L, "n", &ar) && ar.name == NULL;
}


/* luaL_argerror's words, under 'name'. */
static int argument_error (lua_State *L, int arg, const char *name,
                           const char *why) {
  return luaL_error(L, "bad argument #%d to '%s' (%s)", arg, name, why);
}


/* Raises luaL_checkinteger's error for argument 'arg' (not an integer)
** under 'name' when the call site names no function; else returns, for
** Lua's own function to raise it. */
static void check_integer (lua_State *L, int arg, const char *name) {
  const char *kind;
  int isnum;
  lua_tointegerx(L, arg, &isnum);
  if (isnum || !unnamed(L))
    return;
  if (lua_isnumber(L, arg))
    argument_error(L, arg, name, "number has no integer representation");
  if (luaL_getmetafield(L, arg, "__name") == LUA_TSTRING)
    kind = lua_tostring(L, -1);
  else if (lua_type(L, arg) == LUA_TLIGHTUSERDATA)
    kind = "light userdata";
  else
    kind = luaL_typename(L, arg);
  argument_error(L, arg, name, lua_pushfstring(L, "number expected, got %s", kind));
}


/* math.random: Lua's, its arguments' errors named (above). */
static int sb_random (lua_State *L) {
  int n = lua_gettop(L), i;
  for (i = 1; i <= n && n <= 2; i++)
    check_integer(L, i, "math.random");
  if (n >= 1 && n <= 2) {
    lua_Integer low = (n == 1) ? 1 : lua_tointeger(L, 1);
    lua_Integer up = lua_tointeger(L, n);
    if (!(n == 1 && up == 0) && low > up && unnamed(L))
      argument_error(L, 1, "math.random", "interval is empty");
  }
  return lua_tocfunction(L, REAL)(L);
}


/* math.randomseed: Lua's, its arguments' errors named (above); without
** arguments, seeded with the scene's seed and the identity's hash. */
static int sb_randomseed (lua_State *L) {
  if (lua_isnone(L, 1)) {
    lua_pushinteger(L, (lua_Integer)bh__host(L)->config.random_seed);
    lua_pushvalue(L, HASH);
  }
  else {
    check_integer(L, 1, "math.randomseed");
    if (!lua_isnoneornil(L, 2))
      check_integer(L, 2, "math.randomseed");
    lua_settop(L, 2);
  }
  return lua_tocfunction(L, REAL)(L);
}


/* Pushes a front 'f' of the C function 'real' on the state at 'state',
** with 'more' further upvalues from the top of the stack. */
static void push_front (lua_State *L, lua_CFunction f, lua_CFunction real,
                        int state, int more) {
  lua_pushvalue(L, state);
  lua_pushcfunction(L, real);
  lua_rotate(L, -2 - more, 2);
  lua_pushcclosure(L, f, 2 + more);
}


/* Sets lib.random and lib.randomseed ('lib' absolute) to fronts on a new
** generator, seeded for identity 'hash'; a behaviour's ('slot' > 0) keeps
** its name (at 'identity') and slot, to give the slot back. Lua's own
** functions, kept at the state's opening, give the C functions and the
** size of a state. */
static void give_generator (lua_State *L, int lib, lua_Integer hash,
                            int identity, lua_Integer slot) {
  lua_CFunction random, seed;
  size_t size;
  int state;
  lua_rawgetp(L, LUA_REGISTRYINDEX, &bh__key_random);
  random = lua_tocfunction(L, -1);
  lua_getupvalue(L, -1, 1);
  size = lua_rawlen(L, -1);
  lua_rawgetp(L, LUA_REGISTRYINDEX, &bh__key_seed);
  seed = lua_tocfunction(L, -1);
  lua_pop(L, 3);
  memset(lua_newuserdatauv(L, size, 0), 0, size);
  state = lua_gettop(L);
  push_front(L, sb_random, random, state, 0);
  lua_setfield(L, lib, "random");
  lua_pushinteger(L, hash);
  if (slot > 0) {
    lua_pushvalue(L, identity);
    lua_pushinteger(L, slot);
  }
  push_front(L, sb_randomseed, seed, state, slot > 0 ? 3 : 1);
  lua_pushvalue(L, -1);
  lua_call(L, 0, 0);  /* its first seeding */
  note_generator(L);
  lua_setfield(L, lib, "randomseed");
  lua_pop(L, 1);  /* the state */
}


/* Is the value at 'idx' the math library, which environments copy? */
int bh__is_math_library (lua_State *L, int idx) {
  int same;
  if (lua_type(L, idx) != LUA_TTABLE)
    return 0;
  idx = lua_absindex(L, idx);
  lua_rawgetp(L, LUA_REGISTRYINDEX, &bh__key_math);
  same = lua_rawequal(L, -1, idx);
  lua_pop(L, 1);
  return same;
}


/* Gives the fresh copy of the math library at 'copy' a generator of its
** own, seeded for the identity (a string) at 'identity' (0: none), a
** behaviour's when 'counted' (then two of one name draw apart). Raises
** only the memory limit's error. */
void bh__own_generator (lua_State *L, int copy, int identity, int counted) {
  copy = lua_absindex(L, copy);
  if (counted && identity != 0 && lua_type(L, identity) == LUA_TSTRING) {
    lua_Integer slot = take_slot(L, identity);
    give_generator(L, copy, slot_hash(L, identity, slot), identity, slot);
  }
  else
    give_generator(L, copy, identity_hash(L, identity), 0, 0);
}


/* Gives back the slot of the generator of the behaviour environment at
** 'env', if it made one and has not given it back. Raises nothing: should
** the memory limit end the giving back, the slot stays taken. */
void bh_release_generator (lua_State *L, int env) {
  int top = lua_gettop(L);
  env = lua_absindex(L, env);
  if (lua_type(L, env) != LUA_TTABLE || !lua_checkstack(L, 8))
    return;
  lua_pushliteral(L, "math");
  if (lua_rawget(L, env) == LUA_TTABLE) {
    lua_pushliteral(L, "randomseed");
    if (lua_rawget(L, -2) == LUA_TFUNCTION &&
        lua_tocfunction(L, -1) == sb_randomseed &&
        lua_getupvalue(L, -1, SLOT) != NULL && lua_tointeger(L, -1) > 0) {
      int front = lua_gettop(L) - 1;
      lua_pushcfunction(L, give_back);
      lua_getupvalue(L, front, NAME);
      lua_pushvalue(L, front + 1);
      if (lua_pcall(L, 2, 0, 0) == LUA_OK) {
        lua_pushinteger(L, 0);
        lua_setupvalue(L, front, SLOT);
      }
    }
  }
  lua_settop(L, top);
}


/* At the state's opening, with the math library at 'math': keeps Lua's
** random and randomseed (checked to share their state, as 5.4's do) and
** the library, which gets fronts on its own generator (the state's
** globals', no environment's). */
void bh__keep_generator (lua_State *L, int math) {
  int shared;
  math = lua_absindex(L, math);
  lua_getfield(L, math, "random");
  lua_getfield(L, math, "randomseed");
  shared = lua_tocfunction(L, -1) != NULL && lua_tocfunction(L, -2) != NULL &&
           lua_getupvalue(L, -1, 1) != NULL && lua_getupvalue(L, -3, 1) != NULL &&
           lua_type(L, -1) == LUA_TUSERDATA && lua_rawequal(L, -1, -2);
  if (!shared)
    luaL_error(L, "the sandbox expects math.random and math.randomseed to "
                  "share a generator, as Lua 5.4's do");
  lua_pop(L, 1);  /* the state, at the top */
  lua_rotate(L, -3, 1);  /* state, random, randomseed */
  lua_rawsetp(L, LUA_REGISTRYINDEX, &bh__key_seed);
  lua_pushvalue(L, -1);
  lua_rawsetp(L, LUA_REGISTRYINDEX, &bh__key_random);
  push_front(L, sb_random, lua_tocfunction(L, -1), lua_gettop(L) - 1, 0);
  lua_setfield(L, math, "random");
  lua_pop(L, 1);
  lua_rawgetp(L, LUA_REGISTRYINDEX, &bh__key_seed);
  lua_pushinteger(L, 0);
  push_front(L, sb_randomseed, lua_tocfunction(L, -2), lua_gettop(L) - 2, 1);
  lua_setfield(L, math, "randomseed");
  lua_pop(L, 2);
  lua_pushvalue(L, math);
  lua_rawsetp(L, LUA_REGISTRYINDEX, &bh__key_math);
}


/* Seeds the library's own generator (the state's globals') with the
** configured seed, and restarts every generator made with it, each for
** its identity; a lua_CFunction, run protected. Nothing here allocates:
** a front's seeding pushes four integers. */
int bh__reseed (lua_State *L) {
  lua_rawgetp(L, LUA_REGISTRYINDEX, &bh__key_math);
  lua_pushliteral(L, "randomseed");
  if (lua_rawget(L, -2) == LUA_TFUNCTION &&
      lua_tocfunction(L, -1) == sb_randomseed) {
    lua_pushinteger(L, 0);
    lua_setupvalue(L, -2, 3);
    lua_call(L, 0, 0);
  }
  else
    lua_pop(L, 1);
  lua_pop(L, 1);
  if (lua_rawgetp(L, LUA_REGISTRYINDEX, &key_generators) == LUA_TTABLE) {
    lua_pushnil(L);
    while (lua_next(L, -2)) {
      lua_pop(L, 1);
      lua_pushvalue(L, -1);
      lua_call(L, 0, 0);
    }
  }
  lua_pop(L, 1);
  return 0;
}


void bh_push_generator (lua_State *L, int env) {
  env = lua_absindex(L, env);
  lua_pushliteral(L, "math");
  if (lua_rawget(L, env) == LUA_TTABLE) {
    lua_pushliteral(L, "randomseed");
    if (lua_rawget(L, -2) == LUA_TFUNCTION &&
        lua_tocfunction(L, -1) == sb_randomseed) {
      lua_remove(L, -2);
      return;
    }
    lua_pop(L, 1);
  }
  lua_pop(L, 1);
  lua_pushnil(L);
}


unsigned long long bh_identity_hash (unsigned long long hash, const char *s,
                                     size_t len) {
  return fnv(hash == 0 ? FNV_BASIS : hash, s, len);
}


void bh_restart_generator (lua_State *L, int ref, unsigned long long hash) {
  if (lua_rawgeti(L, LUA_REGISTRYINDEX, ref) != LUA_TFUNCTION ||
      lua_tocfunction(L, -1) != sb_randomseed) {
    lua_pop(L, 1);
    return;
  }
  /* nothing here allocates: the front pushes two integers, Lua's seeding
     two more, within the stack a C function is given */
  lua_pushinteger(L, (lua_Integer)hash);
  lua_setupvalue(L, -2, 3);
  lua_call(L, 0, 0);
}
