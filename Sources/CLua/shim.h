// The system Lua 5.4 headers (Debian: liblua5.4-dev, pkg-config lua5.4).
#include <lua.h>
#include <lauxlib.h>
#include <lualib.h>
