/*
** behaviours.c: what a behaviour's 'self' offers that is done in C.
** self:send(event) records the event in the scene's trace without calling
** the host when nothing listens to it; anything else (arguments to carry,
** listeners to run, an undeclared event, a mistake) goes to the host.
*/
#include <string.h>

#include "bh_internal.h"



/* Upvalues of behaviour_send. */
#define BLOCK       lua_upvalueindex(1)   /* userdata: a sender */
#define EVENTS      lua_upvalueindex(2)   /* event name -> index */
#define SELFID      lua_upvalueindex(3)   /* the host's id of 'self' */
#define HOSTID      lua_upvalueindex(4)   /* the host function */

/* The block, and the index of the event last sent, by the address of its
** name: a short string (Lua interns those) and a key of EVENTS, which keeps
** it alive, so an address found here is that very string. */
typedef struct sender {
  bh_control *c;
  const char *last;
  int index;
} sender;


/* Calls the host function with the behaviour's id in place of 'self'. */
static int call_host_as_self (lua_State *L) {
  if (lua_gettop(L) == 0)
    lua_pushnil(L);
  lua_pushvalue(L, SELFID);
  lua_replace(L, 1);
  return bh__call_host(L, (int)lua_tointeger(L, HOSTID));
}


static int behaviour_send (lua_State *L) {
  sender *p = (sender *)lua_touserdata(L, BLOCK);
  bh_control *c = p->c;
  if (lua_gettop(L) == 2 && c->alive && c->scene != NULL &&
      lua_type(L, 2) == LUA_TSTRING) {
    size_t len;
    const char *s = lua_tolstring(L, 2, &len);
    int i = -1;
    if (s == p->last)
      i = p->index;
    else {
      lua_pushvalue(L, 2);
      if (lua_rawget(L, EVENTS) == LUA_TNUMBER) {
        i = (int)lua_tointeger(L, -1);
        if (len <= 40) {  /* LUAI_MAXSHORTLEN */
          p->last = s;
          p->index = i;
        }
      }
      lua_settop(L, 2);
    }
    if (i >= 0 && i < 64 && i < c->nevents && c->events[i] != NULL &&
        !((c->listened >> i) & 1)) {  /* nobody listens */
      bh_trace_event(c->scene, c->name, c->events[i]);
      return 0;
    }
  }
  return call_host_as_self(L);
}


int bh_push_method (lua_State *L, int cls, int name) {
  if (!lua_checkstack(L, 2))
    return 0;
  lua_rawgeti(L, LUA_REGISTRYINDEX, cls);
  lua_rawgeti(L, LUA_REGISTRYINDEX, name);
  if (lua_rawget(L, -2) != LUA_TFUNCTION) {
    lua_pop(L, 2);
    return 0;
  }
  lua_remove(L, -2);
  return 1;
}


/* Forwards to the host with the behaviour's id (upvalue 1) in place of
** 'self'. Upvalue 2: the host function. */
static int self_call (lua_State *L) {
  if (lua_gettop(L) == 0)
    lua_pushnil(L);
  lua_pushvalue(L, lua_upvalueindex(1));
  lua_replace(L, 1);
  return bh__call_host(L, (int)lua_tointeger(L, lua_upvalueindex(2)));
}


static int block_gc (lua_State *L) {
  sender *p = (sender *)lua_touserdata(L, 1);
  if (p != NULL && p->c != NULL) {
    bh_control_release(p->c);
    p->c = NULL;
  }
  return 0;
}


void bh_push_send (lua_State *L, bh_control *c, lua_Integer id, int host_id) {
  int events = lua_gettop(L);
  sender *p;
  p = (sender *)lua_newuserdatauv(L, sizeof(sender), 0);
  p->c = bh_control_retain(c);
  p->last = NULL;
  p->index = 0;
  if (bh__push_own(L, BH_OWN_BLOCKMETA) != LUA_TTABLE) {
    lua_pop(L, 1);
    lua_createtable(L, 0, 2);
    lua_pushcfunction(L, block_gc);
    lua_setfield(L, -2, "__gc");
    lua_pushliteral(L, "object");
    lua_setfield(L, -2, "__metatable");
    lua_pushvalue(L, -1);
    bh__set_own(L, BH_OWN_BLOCKMETA);
  }
  lua_setmetatable(L, -2);
  lua_rotate(L, events, 1);  /* the block below the events */
  lua_pushinteger(L, id);
  lua_pushinteger(L, host_id);
  lua_pushcclosure(L, behaviour_send, 4);
}


void bh_push_self_call (lua_State *L, lua_Integer id, int host_id) {
  lua_pushinteger(L, id);
  lua_pushinteger(L, host_id);
  lua_pushcclosure(L, self_call, 2);
}


/* The prelude's setmetatable for the tables it makes itself (an
** instance's self and props, whose metatables no script can reach: their
** __metatable is false): Lua's own, with no private copy of the metatable
** to make as the sandbox's setmetatable does for scripts (sandbox.c). */
static int plain_setmetatable (lua_State *L) {
  luaL_checktype(L, 1, LUA_TTABLE);
  luaL_checktype(L, 2, LUA_TTABLE);
  lua_settop(L, 2);
  lua_setmetatable(L, 1);
  return 1;
}


void bh_push_plain_setmetatable (lua_State *L) {
  lua_pushcfunction(L, plain_setmetatable);
}


/* A metamethod of a value as the VM finds it: raw, in the metatable
** itself (what getmetatable returns may be its __metatable field). */
static int meta_field (lua_State *L) {
  luaL_checkany(L, 1);
  luaL_checktype(L, 2, LUA_TSTRING);
  if (luaL_getmetafield(L, 1, lua_tostring(L, 2)) == LUA_TNIL)
    lua_pushnil(L);
  return 1;
}


void bh_push_meta_field (lua_State *L) {
  lua_pushcfunction(L, meta_field);
}


/* where(): "file:line: " of the script's line that made the prelude's
** code run, passing over the prelude and one library function between
** (table.insert setting a field of a read-only view), as error(msg, 2)
** cannot: its level 2 is then the library function, which has no line. */
static int script_where (lua_State *L) {
  bh__push_where(L, L, 1);
  return 1;
}


void bh_push_where (lua_State *L) {
  lua_pushcfunction(L, script_where);
}


/*
** animate's changes, run as pcall runs a function but unable to pause.
** Paused there (coroutine.yield in a coroutine of the script's, ask, a
** picker), the animation would go on capturing every change the scene
** made until the changes came back, which they might never do, and no
** other animate could start. Lua refuses the yield ("attempt to yield
** across a C-call boundary"), which is said here in the script's terms, at
** the line that tried. Returns pcall's results.
*/
static const char yield_refused[] = "attempt to yield across a C-call boundary";

const char *bh_changes_refusal (void) {
  return "animate's changes cannot pause (coroutine.yield, ask, pickers, "
         "permission requests): make the changes and return, and pause "
         "before or after animate";
}

static int changes_handler (lua_State *L) {
  if (lua_type(L, 1) == LUA_TSTRING && strcmp(lua_tostring(L, 1), yield_refused) == 0) {
    luaL_where(L, 2);  /* the script's line that paused (1: yield) */
    lua_pushstring(L, bh_changes_refusal());
    lua_concat(L, 2);
  }
  return 1;
}

static int run_changes (lua_State *L) {
  luaL_checktype(L, 1, LUA_TFUNCTION);
  lua_settop(L, 1);
  lua_pushcfunction(L, changes_handler);
  lua_insert(L, 1);
  if (lua_pcall(L, 0, 0, 1) == LUA_OK) {  /* no continuation: no yield */
    lua_pushboolean(L, 1);
    return 1;
  }
  lua_pushboolean(L, 0);
  lua_insert(L, -2);
  return 2;
}


void bh_push_run_changes (lua_State *L) {
  lua_pushcfunction(L, run_changes);
}


/* A behaviour's `self` has a metatable of its own (the prelude's, which no
** script reaches), shared functions for its metamethods, and its id, its
** type's 'declared' table and its mirror at these keys of the metatable:
** one closure for every `self` rather than two each, and no registry
** reference for the mirror. */
#define SELF_ID        1
#define SELF_DECLARED  2
#define SELF_MIRROR    3
#define SELF_ENV       4  /* its environment: its math.random's slot */

/* Pushes the field 'key' of the metatable of 'self' at 'idx' (a behaviour's
** `self`: raises otherwise). */
static void self_meta (lua_State *L, int idx, int key) {
  if (!lua_getmetatable(L, idx))
    luaL_error(L, "not a behaviour's self");
  lua_rawgeti(L, -1, key);
  lua_remove(L, -2);
}


/* own_field(self, key, value): may 'self' take 'key' as a field of its own
** without the host? Not a name the type declares (an outlet, an
** inspectable, name, owner: keys of 'declared'), nor one the host would
** note as a likely misspelling of one: at least 4 bytes long, within 2 of
** the length of a declared name of the same first byte ('declared'[byte]
** is { shortest, longest }: LuaRuntime.typeTables, instanceSet). When it
** may, it is set here, raw ('self' is the prelude's own table: neither an
** environment nor a read-only view, which the sandbox's rawset minds).
** Returns whether it was, and the behaviour's id (for the host's set). */
static int own_field (lua_State *L) {
  size_t n;
  const char *s;
  int own = 1;
  lua_settop(L, 3);
  luaL_checktype(L, 1, LUA_TTABLE);
  self_meta(L, 1, SELF_DECLARED);  /* 4 */
  if (lua_type(L, 2) == LUA_TSTRING && lua_type(L, 4) == LUA_TTABLE) {
    s = lua_tolstring(L, 2, &n);
    lua_pushvalue(L, 2);
    if (lua_rawget(L, 4) != LUA_TNIL)
      own = 0;
    else if (n >= 4 && lua_rawgeti(L, 4, (unsigned char)s[0]) == LUA_TTABLE) {
      lua_Integer shortest, longest;
      lua_rawgeti(L, -1, 1);
      lua_rawgeti(L, -2, 2);
      shortest = lua_tointeger(L, -2);
      longest = lua_tointeger(L, -1);
      own = ((lua_Integer)n < shortest - 2 || (lua_Integer)n > longest + 2);
    }
  }
  if (own) {
    lua_pushvalue(L, 2);
    lua_pushvalue(L, 3);
    lua_rawset(L, 1);
  }
  lua_pushboolean(L, own);
  self_meta(L, 1, SELF_ID);
  return 2;
}


void bh_push_own_field (lua_State *L) {
  lua_pushcfunction(L, own_field);
}


/* self_id(self): a behaviour's id, for the host's describe. */
static int self_id (lua_State *L) {
  luaL_checktype(L, 1, LUA_TTABLE);
  self_meta(L, 1, SELF_ID);
  return 1;
}


void bh_push_self_id (lua_State *L) {
  lua_pushcfunction(L, self_id);
}


/* The metamethods every `self` shares (the prelude's), kept as the
** shim's own values (BH_OWN_SELF_*). */
void bh_set_self_metamethods (lua_State *L) {
  bh__set_own(L, BH_OWN_SELF_TOSTRING);
  bh__set_own(L, BH_OWN_SELF_NEWINDEX);
}


/* The tables of an instance, made here where the prelude made them in a
** protected call of a Lua function (about 0.7 K instructions an attach):
** no script code runs, and what is made is the host's, as the mirror's
** copy of the defaults is. */
int bh_new_self (lua_State *L, int cls, lua_Integer id, int declared,
                 int env) {
  int props = lua_gettop(L), ref;
  lua_createtable(L, 0, 2);  /* props' metatable: reads go on to the class */
  lua_rawgeti(L, LUA_REGISTRYINDEX, cls);
  lua_setfield(L, -2, "__index");
  lua_pushboolean(L, 0);
  lua_setfield(L, -2, "__metatable");
  lua_setmetatable(L, props);
  /* self, with room for one field of its own: most behaviours set one in
     awake (self.toggled = false), and growing an empty table to take it
     cost about 500 instructions; the sizes it grows through are the same
     (a second field makes it 2, then 4), so are the orders pairs gives */
  lua_createtable(L, 0, 1);
  lua_createtable(L, 4, 4);  /* its metatable: id, declared, mirror, env; 4 keys */
  lua_pushinteger(L, id);
  lua_rawseti(L, -2, SELF_ID);
  lua_rawgeti(L, LUA_REGISTRYINDEX, declared);
  lua_rawseti(L, -2, SELF_DECLARED);
  lua_pushvalue(L, props);
  lua_rawseti(L, -2, SELF_MIRROR);
  lua_pushvalue(L, env);
  lua_rawseti(L, -2, SELF_ENV);
  lua_pushvalue(L, props);
  lua_setfield(L, -2, "__index");
  bh__push_own(L, BH_OWN_SELF_NEWINDEX);
  lua_setfield(L, -2, "__newindex");
  bh__push_own(L, BH_OWN_SELF_TOSTRING);
  lua_setfield(L, -2, "__tostring");
  lua_pushboolean(L, 0);
  lua_setfield(L, -2, "__metatable");
  lua_setmetatable(L, -2);
  ref = luaL_ref(L, LUA_REGISTRYINDEX);
  lua_pop(L, 1);  /* the mirror */
  return ref;
}


void bh_release_self_generator (lua_State *L, int self_ref) {
  int top = lua_gettop(L);
  if (!lua_checkstack(L, 4))
    return;
  if (lua_rawgeti(L, LUA_REGISTRYINDEX, self_ref) == LUA_TTABLE &&
      lua_getmetatable(L, -1) &&
      lua_rawgeti(L, -1, SELF_ENV) == LUA_TTABLE)
    bh_release_generator(L, -1);
  lua_settop(L, top);
}


/* A `self` is known by its metatable, whose __newindex is the prelude's,
** which no script can reach (its metatable is false to getmetatable, and
** there is no debug library), so no script can make a table that passes:
** a weak table of every self to its id cost each attach about 600
** instructions, the collector's passes over it more. */
lua_Integer bh_self_id (lua_State *L, int idx) {
  lua_Integer id = -1;
  int top = lua_gettop(L);
  idx = lua_absindex(L, idx);
  if (lua_type(L, idx) != LUA_TTABLE || !lua_checkstack(L, 4) ||
      !lua_getmetatable(L, idx))
    return -1;
  lua_pushliteral(L, "__newindex");  /* a metamethod's name: no allocation */
  lua_rawget(L, top + 1);
  bh__push_own(L, BH_OWN_SELF_NEWINDEX);
  if (lua_type(L, -1) == LUA_TFUNCTION && lua_rawequal(L, -1, -2) &&
      lua_rawgeti(L, top + 1, SELF_ID) == LUA_TNUMBER && lua_isinteger(L, -1))
    id = lua_tointeger(L, -1);
  lua_settop(L, top);
  return id;
}


/* Leaves `self` and its metatable below the mirror: taking them out
** (lua_replace, lua_pop) cost more than a pop of three by the caller.
** Room for them and for what the caller pushes next (a value, a key). */
int bh_push_mirror (lua_State *L, int self_ref) {
  if (!lua_checkstack(L, 6))
    return 0;
  lua_rawgeti(L, LUA_REGISTRYINDEX, self_ref);
  lua_getmetatable(L, -1);
  lua_rawgeti(L, -1, SELF_MIRROR);
  return 3;
}


/* A behaviour type's inspectable defaults (made once) are copied into
** each instance's mirror, and a table value (an image, a point, a size)
** is copied with its metatable, so that no two instances share one.
**
** The first copy walks the defaults with lua_next and marks them (with an
** empty metatable: a field would change their layout, and the order in
** which lua_next gives them). The second makes their plan, which takes
** their place in the registry: their keys and values in a list, in the order lua_next gives
** them, and for a table value the plan of its copy (its metatable or
** false, then its keys and values, in lua_next's order too). Read by
** index, a copy stores the same fields in the same order as walking did,
** at less than the walk cost (about 1 K instructions an attach); a type
** with one instance (a spec's scene, a cold start) makes no plan. */

/* Pushes a copy of the table at 'from' for a mirror (no metatable). */
static void copy_walking (lua_State *L, int from, int size) {
  int copy;
  lua_createtable(L, 0, size);
  copy = lua_gettop(L);
  lua_pushnil(L);
  while (lua_next(L, from)) {  /* key, value */
    if (lua_type(L, -1) == LUA_TTABLE) {
      int value = lua_gettop(L);
      lua_createtable(L, 0, 4);
      lua_pushnil(L);
      while (lua_next(L, value)) {
        lua_pushvalue(L, -2);
        lua_insert(L, -2);
        lua_rawset(L, value + 1);
      }
      if (lua_getmetatable(L, value))
        lua_setmetatable(L, value + 1);
      lua_replace(L, value);
    }
    lua_pushvalue(L, -2);
    lua_insert(L, -2);
    lua_rawset(L, copy);
  }
}


/* Pushes the plan of the defaults at 'defaults'. */
static void make_plan (lua_State *L, int defaults) {
  int plan;
  lua_Integer n = 0;
  lua_createtable(L, 8, 0);
  plan = lua_gettop(L);
  lua_pushnil(L);
  while (lua_next(L, defaults)) {  /* key, value */
    lua_pushvalue(L, -2);
    lua_rawseti(L, plan, ++n);
    if (lua_type(L, -1) == LUA_TTABLE) {
      int from = lua_gettop(L);
      lua_Integer m = 1;
      lua_createtable(L, 7, 0);
      if (!lua_getmetatable(L, from))
        lua_pushboolean(L, 0);
      lua_rawseti(L, from + 1, 1);
      lua_pushnil(L);
      while (lua_next(L, from)) {
        lua_pushvalue(L, -2);
        lua_rawseti(L, from + 1, ++m);  /* its key */
        lua_rawseti(L, from + 1, ++m);  /* its value */
      }
      lua_replace(L, from);
    }
    lua_rawseti(L, plan, ++n);
  }
}


/* Pushes a copy of the defaults whose plan is at 'plan'. */
static void copy_planned (lua_State *L, int plan, int size) {
  lua_Integer i, n = (lua_Integer)lua_rawlen(L, plan);
  int copy;
  lua_createtable(L, 0, size);
  copy = lua_gettop(L);
  for (i = 1; i < n; i += 2) {
    lua_rawgeti(L, plan, i);  /* key */
    if (lua_rawgeti(L, plan, i + 1) == LUA_TTABLE) {  /* a table's plan */
      int from = lua_gettop(L);
      lua_Integer j, m = (lua_Integer)lua_rawlen(L, from);
      lua_createtable(L, 0, 4);
      for (j = 2; j < m; j += 2) {
        lua_rawgeti(L, from, j);
        lua_rawgeti(L, from, j + 1);
        lua_rawset(L, from + 1);
      }
      if (lua_rawgeti(L, from, 1) == LUA_TTABLE)
        lua_setmetatable(L, from + 1);
      else
        lua_pop(L, 1);
      lua_replace(L, from);
    }
    lua_rawset(L, copy);
  }
}


void bh_push_defaults_copy (lua_State *L, int ref, int size) {
  int defaults, planned;
  lua_rawgeti(L, LUA_REGISTRYINDEX, ref);
  defaults = lua_gettop(L);
  planned = (lua_rawgeti(L, defaults, 1) != LUA_TNIL);  /* a plan's first key */
  lua_pop(L, 1);
  /* no inspectables: an empty copy, and nothing to mark or plan (an empty
     plan reads as none: one was made again at every second copy) */
  if (!planned) {
    lua_pushnil(L);
    if (!lua_next(L, defaults)) {
      lua_createtable(L, 0, size);
      lua_replace(L, defaults);
      return;
    }
    lua_pop(L, 2);
  }
  if (!planned && !lua_getmetatable(L, defaults)) {  /* the first copy */
    copy_walking(L, defaults, size);
    lua_newtable(L);
    lua_setmetatable(L, defaults);
  }
  else {
    if (!planned) {  /* the second: plan the next ones */
      lua_pop(L, 1);  /* the mark */
      make_plan(L, defaults);
      lua_pushvalue(L, -1);
      lua_rawseti(L, LUA_REGISTRYINDEX, ref);
      lua_replace(L, defaults);
    }
    copy_planned(L, defaults, size);
  }
  lua_replace(L, defaults);
}
