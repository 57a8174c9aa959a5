/*
** stringarith.c: arithmetic on strings, in a spec file's state.
**
** Lua 5.4 converts numerals in strings for arithmetic in the string
** metatable, not in the VM: "10" + 1 calls the strings' __add, which adds
** the converted numbers, or else calls the other operand's own __add
** (looked up with luaL_getmetafield), or else raises "attempt to add a
** 'string' with a 'table'". In a spec file's state an object's metatable
** is a live copy holding a dispatcher for every event (livemeta.c), so
** Lua's own version would find a dispatcher even where the script gave
** no metamethod, and the dispatcher, not knowing a string's metamethod
** called it, could only answer with a message of its own (or call the
** strings' metamethod back). These are Lua's string metamethods with the
** other operand's metamethod looked up as its script gave it
** (bh__metafield), so the answer is Lua's, and the error is raised at the
** line of the expression, past any dispatcher (bh__where).
*/
#include "bh_internal.h"


/* Pushes the number operand 'i' is or spells (the whole string: a
** numeral, spaces around allowed, as Lua reads it) and returns 1; returns
** 0 when it is neither. */
static int push_number (lua_State *L, int i) {
  size_t len, used;
  const char *s;
  if (lua_type(L, i) == LUA_TNUMBER) {
    lua_pushvalue(L, i);
    return 1;
  }
  if (lua_type(L, i) != LUA_TSTRING)
    return 0;
  s = lua_tolstring(L, i, &len);
  if (len >= 64)  /* strtod reads it whole, and makes nothing (sandbox.c) */
    bh__charge(L, (long long)(len / 64));
  used = lua_stringtonumber(L, s);  /* pushes the number it reads */
  if (used == len + 1)
    return 1;
  if (used != 0)  /* a numeral cut short by a NUL inside the string */
    lua_pop(L, 1);
  return 0;
}


/* A string metamethod: upvalue 1 is the operation (LUA_OPADD...), upvalue
** 2 the event's name. The VM passes a unary operand twice. */
static int string_arith (lua_State *L) {
  int op = (int)lua_tointeger(L, lua_upvalueindex(1));
  const char *event = lua_tostring(L, lua_upvalueindex(2));
  lua_settop(L, 2);
  if (push_number(L, 1) && push_number(L, 2)) {
    lua_arith(L, op);  /* a unary operation uses the top one only */
    return 1;
  }
  lua_settop(L, 2);
  if (lua_type(L, 2) != LUA_TSTRING && bh__metafield(L, 2, event) != LUA_TNIL) {
    lua_insert(L, 1);
    lua_call(L, 2, 1);
    return 1;
  }
  bh__where(L, 1);
  lua_pushfstring(L, "attempt to %s a '%s' with a '%s'", event + 2,
                  luaL_typename(L, 1), luaL_typename(L, 2));
  lua_concat(L, 2);
  return lua_error(L);
}


const struct bh_string_arith_event bh__string_arith_events[] = {
  {"__add", LUA_OPADD}, {"__sub", LUA_OPSUB}, {"__mul", LUA_OPMUL},
  {"__mod", LUA_OPMOD}, {"__pow", LUA_OPPOW}, {"__div", LUA_OPDIV},
  {"__idiv", LUA_OPIDIV}, {"__unm", LUA_OPUNM}, {NULL, 0}
};


void bh__install_string_arith (lua_State *L) {
  const struct bh_string_arith_event *events = bh__string_arith_events;
  int i, mt;
  lua_pushliteral(L, "");
  if (!lua_getmetatable(L, -1)) {
    lua_pop(L, 1);
    return;
  }
  mt = lua_gettop(L);
  for (i = 0; events[i].event != NULL; i++) {
    lua_pushstring(L, events[i].event);
    lua_pushinteger(L, events[i].op);
    lua_pushvalue(L, -2);
    lua_pushcclosure(L, string_arith, 2);
    lua_rawset(L, mt);
  }
  lua_pop(L, 2);
}
