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
** it is made: a new state of the library's size behind new closures of
** Lua's own two C functions, so that its numbers are stock Lua's
** (math.randomseed(x) then math.random() gives what lua5.4 gives). It
** starts as if math.randomseed(seed, h) had run, with the scene's seed and
** h a hash of the environment's identity: a behaviour's name, a module's
** chunk name (0 without one). A run repeats, and no other behaviour's
** rolls change it. A behaviour that never reads `math` makes none
** (environment.c brings `math` in when it is first read).
**
** math.randomseed() without arguments would seed from the clock: the
** front below seeds with what the generator started from instead.
*/
#include <string.h>

#include "bh_internal.h"


/* Field of an environment not yet made whole: its identity (a string),
** which its generator is seeded for when `math` is brought in
** (environment.c). */
const char bh__key_identity = 'i';
/* Registry keys: Lua's math.random, and the math library. */
const char bh__key_random = 'g';
const char bh__key_math = 'M';


/* FNV-1a over the bytes of the identity at 'identity' (0 or not a string:
** none, 0): the same on every run and machine, as a string's address or
** Lua's own string hash (seeded per state) would not be. */
static lua_Integer identity_hash (lua_State *L, int identity) {
  unsigned long long hash = 0xcbf29ce484222325ull;
  size_t len = 0, i;
  const unsigned char *s;
  if (identity == 0 || lua_type(L, identity) != LUA_TSTRING)
    return 0;
  s = (const unsigned char *)lua_tolstring(L, identity, &len);
  for (i = 0; i < len; i++) {
    hash ^= s[i];
    hash *= 0x100000001b3ull;
  }
  return (lua_Integer)hash;
}


/* Pushes the two numbers a generator of identity 'hash' is seeded with. */
static void push_seed (lua_State *L, lua_Integer hash) {
  lua_pushinteger(L, (lua_Integer)bh__host(L)->config.random_seed);
  lua_pushinteger(L, hash);
}


/* math.randomseed, a front of Lua's (upvalue 1) with the generator's
** identity hash (upvalue 2). The arguments are checked here, so that a
** mistake is reported at the script's line under this function's name. */
static int sb_randomseed (lua_State *L) {
  if (lua_isnone(L, 1)) {
    lua_settop(L, 0);
    push_seed(L, lua_tointeger(L, lua_upvalueindex(2)));
  }
  else {
    lua_Integer low = luaL_checkinteger(L, 1);
    lua_Integer high = luaL_optinteger(L, 2, 0);
    lua_settop(L, 0);
    lua_pushinteger(L, low);
    lua_pushinteger(L, high);
  }
  lua_pushvalue(L, lua_upvalueindex(1));
  lua_insert(L, 1);
  lua_call(L, 2, LUA_MULTRET);
  return lua_gettop(L);
}


/* Sets lib.random and lib.randomseed ('lib' absolute) to the functions of
** a new generator, seeded for identity 'hash'. The library's own, kept at
** the state's opening, give the C functions and the size of a state. */
static void give_generator (lua_State *L, int lib, lua_Integer hash) {
  lua_CFunction random, seed;
  size_t size;
  void *state;
  lua_rawgetp(L, LUA_REGISTRYINDEX, &bh__key_random);
  random = lua_tocfunction(L, -1);
  lua_getupvalue(L, -1, 1);
  size = lua_rawlen(L, -1);
  lua_rawgetp(L, LUA_REGISTRYINDEX, &bh__key_seed);
  seed = lua_tocfunction(L, -1);
  lua_pop(L, 3);
  state = lua_newuserdatauv(L, size, 0);
  memset(state, 0, size);
  lua_pushvalue(L, -1);
  lua_pushcclosure(L, random, 1);
  lua_setfield(L, lib, "random");
  lua_pushcclosure(L, seed, 1);  /* takes the state */
  lua_pushvalue(L, -1);
  push_seed(L, hash);
  lua_call(L, 2, 0);
  lua_pushinteger(L, hash);
  lua_pushcclosure(L, sb_randomseed, 2);
  lua_setfield(L, lib, "randomseed");
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
** own, seeded for the identity (a string) at 'identity' (0: none). Raises
** only the memory limit's error. */
void bh__own_generator (lua_State *L, int copy, int identity) {
  lua_Integer hash = identity_hash(L, identity);
  give_generator(L, lua_absindex(L, copy), hash);
}


/* At the state's opening, with the math library at 'math': keeps Lua's
** random and randomseed (checked to share their state, as 5.4's do) and
** the library, and gives the library its front of randomseed. */
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
  lua_pop(L, 2);
  lua_rawsetp(L, LUA_REGISTRYINDEX, &bh__key_seed);
  lua_rawsetp(L, LUA_REGISTRYINDEX, &bh__key_random);
  lua_pushvalue(L, math);
  lua_rawsetp(L, LUA_REGISTRYINDEX, &bh__key_math);
  /* the state's own globals keep the library's generator, behind the front */
  lua_rawgetp(L, LUA_REGISTRYINDEX, &bh__key_seed);
  lua_pushinteger(L, 0);
  lua_pushcclosure(L, sb_randomseed, 2);
  lua_setfield(L, math, "randomseed");
}


/* Seeds the library's own generator (the state's globals') with the
** configured seed; a lua_CFunction, run protected. */
int bh__reseed (lua_State *L) {
  lua_rawgetp(L, LUA_REGISTRYINDEX, &bh__key_seed);
  push_seed(L, 0);
  lua_call(L, 2, 0);
  return 0;
}



/* bh_reseed_env's work, protected: env and identity at 1 and 2. */
static int reseed_env (lua_State *L) {
  lua_Integer hash = identity_hash(L, 2);
  lua_pushliteral(L, "math");
  if (lua_type(L, 1) != LUA_TTABLE || lua_rawget(L, 1) != LUA_TTABLE)
    return 0;
  lua_pushliteral(L, "randomseed");
  if (lua_rawget(L, -2) != LUA_TFUNCTION || lua_tocfunction(L, -1) != sb_randomseed)
    return 0;  /* the script put something else there: its own business */
  lua_pushinteger(L, hash);
  lua_setupvalue(L, -2, 2);
  lua_getupvalue(L, -1, 1);
  push_seed(L, hash);
  lua_call(L, 2, 0);
  return 0;
}


void bh_reseed_env (lua_State *L, int env, int identity) {
  env = lua_absindex(L, env);
  identity = lua_absindex(L, identity);
  lua_pushcfunction(L, reseed_env);
  lua_pushvalue(L, env);
  lua_pushvalue(L, identity);
  if (lua_pcall(L, 2, 0, 0) != LUA_OK)
    lua_pop(L, 1);
}
