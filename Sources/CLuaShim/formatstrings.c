/*
** formatstrings.c: string.format's '%s' arguments made strings before the
** call, so that its front (sandbox.c, sb_format) can make room for them.
**
** Lua's format turns a '%s' argument into a string (its __tostring, or
** its __name and address) only when it reaches it, and adds that string
** to a buffer that grows to hold it; the memory limit refuses a buffer
** with no collection first, so a long __tostring result could be refused
** for the garbage the script left. Here each '%s' argument that is a table
** or a userdata is converted first, as format converts it
** (luaL_tolstring), and put in its place: format then adds the same
** string, and the front counts its length.
**
** Format converts its arguments in order, and one it refuses ends the call
** before any later one is converted. So the walk reads the format as
** format does and stops at the first conversion it cannot vouch for (an
** unknown one, flags or a width format refuses, an argument of the wrong
** type, a missing one): from there on format runs as it would have, and
** raises its error before any later __tostring runs.
*/
#include <ctype.h>
#include <string.h>

#include "bh_internal.h"

/* What format reads between '%' and the conversion, and the most of it
** format takes (lstrlib.c's MAX_FORMAT, 32, less the conversion and room
** for '%', '\0' and a length modifier). */
#define SPEC_CHARS  "-+#0 123456789."
#define SPEC_LONGEST  20

/* Whether the 'len' characters of 'spec' (between '%' and the conversion)
** are what format accepts: some of 'flags', a width of at most two digits
** that does not start with '0', and with 'precision' a '.' and at most
** two digits. */
static int spec_accepted (const char *spec, size_t len, const char *flags,
                          int precision) {
  size_t i = strspn(spec, flags), digits;  /* stops at the conversion */
  if (i < len && spec[i] != '0') {
    for (digits = 0; i < len && digits < 2 && isdigit((unsigned char)spec[i]);
         digits++)
      i++;
    if (i < len && spec[i] == '.' && precision) {
      i++;
      for (digits = 0; i < len && digits < 2 &&
           isdigit((unsigned char)spec[i]); digits++)
        i++;
    }
  }
  return i == len;
}


static int is_integer (lua_State *L, int arg) {
  int isnum;
  lua_tointegerx(L, arg, &isnum);
  return isnum;
}


void bh__format_strings (lua_State *L, const char *f, size_t len) {
  const char *end = f + len;
  int arg = 1, top = lua_gettop(L);
  while (f < end) {
    size_t speclen;
    const char *spec;
    int fine;
    if (*f != '%') {
      f++;
      continue;
    }
    if (f + 1 < end && f[1] == '%') {
      f += 2;
      continue;
    }
    spec = f + 1;
    speclen = strspn(spec, SPEC_CHARS);
    if (++arg > top || speclen > SPEC_LONGEST || spec + speclen >= end)
      return;
    f = spec + speclen + 1;
    switch (spec[speclen]) {
      case 'c':
        fine = spec_accepted(spec, speclen, "-", 0) && is_integer(L, arg);
        break;
      case 'd': case 'i':
        fine = is_integer(L, arg) && spec_accepted(spec, speclen, "-+0 ", 1);
        break;
      case 'u':
        fine = is_integer(L, arg) && spec_accepted(spec, speclen, "-0", 1);
        break;
      case 'o': case 'x': case 'X':
        fine = is_integer(L, arg) && spec_accepted(spec, speclen, "-#0", 1);
        break;
      case 'a': case 'A': case 'e': case 'E': case 'f': case 'g': case 'G':
        fine = lua_isnumber(L, arg) &&
               spec_accepted(spec, speclen, "-+#0 ", 1);
        break;
      case 'p':
        fine = spec_accepted(spec, speclen, "-", 0);
        break;
      case 'q': {
        int t = lua_type(L, arg);
        fine = speclen == 0 && (t == LUA_TSTRING || t == LUA_TNUMBER ||
                                t == LUA_TNIL || t == LUA_TBOOLEAN);
        break;
      }
      case 's': {
        int t = lua_type(L, arg);
        size_t l = 0;
        const char *s = NULL;
        if (t == LUA_TTABLE || t == LUA_TUSERDATA) {
          luaL_tolstring(L, arg, NULL);
          lua_replace(L, arg);
          t = LUA_TSTRING;
        }
        if (speclen > 0 && t == LUA_TSTRING)
          s = lua_tolstring(L, arg, &l);
        /* with modifiers, format refuses a string with zeros in it */
        fine = speclen == 0 || ((s == NULL || strlen(s) == l) &&
                                spec_accepted(spec, speclen, "-", 1));
        break;
      }
      default:
        return;
    }
    if (!fine)
      return;
  }
}
