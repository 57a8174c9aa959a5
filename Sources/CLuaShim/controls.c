/*
** controls.c: controls as scripts see them. A control is a userdata
** holding its property block (bh_view, shared with the host); reading and
** setting a property that the block can hold is done here, checked
** against the control type's schema and recorded in the scene's trace,
** without calling the host. Anything else (an unknown name, a value to
** convert, a property the host must see set, an error to word) goes to
** the host functions the host registered for it.
*/
#include <math.h>
#include <string.h>

#include "bh_internal.h"


/* Registry key (its address is a light-userdata key) of the methods
** every control has; controls' metatables by schema, the image metatable
** and the host's ids are the shim's own values (BH_OWN_TYPES, _IMAGE,
** _HOSTS). */
static const char key_methods = 'M';

/* Upvalues of control_index and control_newindex. */
#define KEYS        lua_upvalueindex(1)   /* name -> property index */
#define METHODS     lua_upvalueindex(2)   /* control_index */
#define NAMEKEY     lua_upvalueindex(2)   /* control_newindex: "name", */
#define WIDTHKEY    lua_upvalueindex(3)   /* "width", "height" */
#define HEIGHTKEY   lua_upvalueindex(4)

/* The property indices of the keys controls were last asked for are kept
** in the state's host (keys), by the address of the key string and the
** control's schema: no upvalue to read. Only short strings are
** remembered: Lua interns them, and each is a key of its type's KEYS,
** which the registry keeps (BH_OWN_TYPES) as long as the state lives, so an
** address found here is that very string, and a schema is never freed. */
#define SHORTSTR    40   /* LUAI_MAXSHORTLEN */


/* The property index of the key at 2 for a control of 'schema', or -1
** (then the host finds it, or says it has none). */
bh__inline int property_index (lua_State *L, const bh_schema *schema) {
  size_t len;
  const char *s;
  unsigned slot;
  int i;
  bh_host *h;
  if (lua_type(L, 2) != LUA_TSTRING)
    return -1;
  s = lua_tolstring(L, 2, &len);
  h = bh__host(L);
  slot = (unsigned)((((size_t)s >> 4) ^ ((size_t)schema >> 4)) % BH_KEY_CACHE);
  if (h->keys[slot].s == s && h->keys[slot].schema == schema)
    return h->keys[slot].index;
  lua_pushvalue(L, 2);
  if (lua_rawget(L, KEYS) != LUA_TNUMBER) {
    lua_pop(L, 1);
    return -1;
  }
  i = (int)lua_tointeger(L, -1);
  lua_pop(L, 1);
  if (len <= SHORTSTR) {
    h->keys[slot].s = s;
    h->keys[slot].schema = schema;
    h->keys[slot].index = i;
  }
  return i;
}

/* The host's ids of its slow paths, in the table BH_OWN_HOSTS. */
#define HOST_INDEX    1
#define HOST_SETINDEX 2


static bh_view *toview (lua_State *L, int idx) {
  return *(bh_view **)lua_touserdata(L, idx);
}


static int call_host (lua_State *L, int which) {
  int id;
  bh__push_own(L, BH_OWN_HOSTS);
  lua_rawgeti(L, -1, which);
  id = (int)lua_tointeger(L, -1);
  lua_pop(L, 2);
  return bh__call_host(L, id);
}


/*
** {======================================================
** Values as scripts see them
** =======================================================
*/

/* Whole numbers read as integers in scripts: tostring(3) is "3". */
static void push_number (lua_State *L, double n) {
  if (n == floor(n) && fabs(n) < 9.0e15)
    lua_pushinteger(L, (lua_Integer)n);
  else
    lua_pushnumber(L, n);
}


static void push_text (lua_State *L, const bh_text *t) {
  if (t == NULL)
    lua_pushliteral(L, "");
  else
    lua_pushlstring(L, t->bytes, t->len);
}


static void set_number (lua_State *L, const char *k, double n) {
  push_number(L, n);
  lua_setfield(L, -2, k);
}


void bh_push_value (lua_State *L, const bh_value *v) {
  static const char hex[] = "0123456789ABCDEF";
  switch (v->type) {
    case BH_VBOOL:
      lua_pushboolean(L, v->n[0] != 0);
      break;
    case BH_VNUMBER:
      push_number(L, v->n[0]);
      break;
    case BH_VSTRING:
      push_text(L, v->text);
      break;
    case BH_VIMAGE:
      lua_createtable(L, 0, 3);
      push_text(L, v->text);
      lua_setfield(L, -2, "name");
      if ((v->flags & (BH_VWIDTH | BH_VHEIGHT)) == (BH_VWIDTH | BH_VHEIGHT)) {
        lua_pushinteger(L, (lua_Integer)v->n[0]);
        lua_setfield(L, -2, "width");
        lua_pushinteger(L, (lua_Integer)v->n[1]);
        lua_setfield(L, -2, "height");
      }
      bh__push_own(L, BH_OWN_IMAGE);
      lua_setmetatable(L, -2);
      break;
    case BH_VCOLOR:
      if (v->text != NULL)
        push_text(L, v->text);
      else {
        char s[7];
        int i;
        for (i = 0; i < 3; i++) {
          unsigned c = (unsigned)v->n[i];
          s[2 * i] = hex[(c >> 4) & 15];
          s[2 * i + 1] = hex[c & 15];
        }
        lua_pushliteral(L, "#");
        lua_pushlstring(L, s, 6);
        lua_concat(L, 2);
      }
      break;
    case BH_VPOINT:
      lua_createtable(L, 0, 2);
      set_number(L, "x", v->n[0]);
      set_number(L, "y", v->n[1]);
      break;
    case BH_VSIZE:
      lua_createtable(L, 0, 2);
      set_number(L, "width", v->n[0]);
      set_number(L, "height", v->n[1]);
      break;
    case BH_VRECT:
      lua_createtable(L, 0, 4);
      set_number(L, "x", v->n[0]);
      set_number(L, "y", v->n[1]);
      set_number(L, "width", v->n[2]);
      set_number(L, "height", v->n[3]);
      break;
    default:
      lua_pushnil(L);
      break;
  }
}


/* Whether the bytes are UTF-8 (the host reads texts as UTF-8: anything
** else it would mend, so it is left to the host). */
static int is_utf8 (const char *s, size_t len) {
  const unsigned char *p = (const unsigned char *)s;
  const unsigned char *e = p + len;
  while (p < e) {
    size_t width = *p < 0x80 ? 1 : bh__utf8_width(p, (size_t)(e - p));
    if (width == 0) return 0;
    p += width;
  }
  return 1;
}


/* A new text of the string 's' (not the one remembered in 'slot'),
** remembered there when it is short; NULL when it is not UTF-8 or memory
** is short. */
static bh_text *new_text (bh_host *h, const char *s, size_t len,
                          unsigned slot) {
  bh_text *t;
  if (!is_utf8(s, len) || (t = bh_text_new(s, len)) == NULL)
    return NULL;
  if (len <= BH_CACHED_TEXT) {
    bh_text_release(h->texts[slot].text);
    h->texts[slot].s = s;
    h->texts[slot].text = bh_text_retain(t);
  }
  return t;
}


/* A new reference to a text of the string at 'idx' (NULL for ""); 0 when
** it is not UTF-8 or memory is short. A short string set again (its text
** remembered by its address, checked by its bytes) makes no new text. */
bh__inline int to_text (lua_State *L, int idx, bh_text **text) {
  bh_host *h = bh__host(L);
  size_t len;
  const char *s = lua_tolstring(L, idx, &len);
  unsigned slot = (unsigned)(((size_t)s >> 4) % BH_TEXT_CACHE);
  bh_text *t = h->texts[slot].text;
  *text = NULL;
  if (len == 0)
    return 1;
  if (h->texts[slot].s == s && t->len == len && memcmp(t->bytes, s, len) == 0) {
    *text = bh_text_retain(t);
    return 1;
  }
  *text = new_text(h, s, len, slot);
  return *text != NULL;
}


/* Whether the value at 'idx' is an image (its metatable is ours). */
static int is_image (lua_State *L, int idx) {
  int same;
  if (!lua_getmetatable(L, idx))
    return 0;
  same = (lua_topointer(L, -1) == bh__host(L)->image_mt);
  lua_pop(L, 1);
  return same;
}


/* An image's name, width and height, read raw (as the host reads them;
** other fields are no concern) by the keys control_newindex keeps. The
** value is at 'idx', the top of the stack, of type 't'; what is pushed
** here goes in one settop at the end. */
static int to_image (lua_State *L, int idx, int t, bh_value *v) {
  int ok = 0, i;
  if (t == LUA_TSTRING)  /* a name */
    return to_text(L, idx, &v->text);
  if (t != LUA_TTABLE || !lua_getmetatable(L, idx))
    return 0;
  if (lua_topointer(L, -1) == bh__host(L)->image_mt) {  /* an image */
    lua_pushvalue(L, NAMEKEY);
    if (lua_rawget(L, idx) == LUA_TSTRING && to_text(L, -1, &v->text)) {
      ok = 1;
      for (i = 0; i < 2 && ok; i++) {
        lua_pushvalue(L, i == 0 ? WIDTHKEY : HEIGHTKEY);
        if (lua_rawget(L, idx) == LUA_TNUMBER) {
          double d = round(lua_tonumber(L, -1));
          if (!isnan(d) && fabs(d) < 9.2e18) {  /* else unknown */
            ok = (d >= 1 && d <= 1000000);  /* out of range: the host says */
            v->n[i] = d;
            v->flags |= (i == 0) ? BH_VWIDTH : BH_VHEIGHT;
          }
        }
      }
    }
  }
  lua_settop(L, idx);
  return ok;
}


/* A point, a size or a rect ('type'), written {x, y} or {x = , y = }. */
static int to_geometry (lua_State *L, int idx, int type, bh_value *v) {
  static const char *const names[] = {"x", "y", "width", "height"};
  int want = (type == BH_VRECT) ? 4 : 2;
  lua_Unsigned len;
  int i, has[4];
  double n[4];
  if (lua_type(L, idx) != LUA_TTABLE || is_image(L, idx))
    return 0;
  len = lua_rawlen(L, idx);
  if (len >= 1 && len <= 4) {  /* a list of numbers, if all are */
    for (i = 1; i <= (int)len; i++) {
      int t = lua_rawgeti(L, idx, i);
      if (t == LUA_TNUMBER) n[i - 1] = lua_tonumber(L, -1);
      lua_pop(L, 1);
      if (t != LUA_TNUMBER) break;
    }
    if (i > (int)len) {
      if ((int)len != want)
        return 0;
      goto checked;
    }
  }
  for (i = 0; i < 4; i++) {  /* read raw, as the host reads tables */
    lua_pushstring(L, names[i]);
    has[i] = (lua_rawget(L, idx) == LUA_TNUMBER);
    if (has[i]) n[i] = lua_tonumber(L, -1);
    lua_pop(L, 1);
  }
  /* which kind the fields make, as the host reads them */
  if (has[0] && has[1] && has[2] && has[3]) {
    if (type != BH_VRECT) return 0;
  }
  else if (has[0] && has[1]) {
    if (type != BH_VPOINT) return 0;
  }
  else if (has[2] && has[3]) {
    if (type != BH_VSIZE) return 0;
    n[0] = n[2];
    n[1] = n[3];
  }
  else
    return 0;
 checked:
  for (i = 0; i < want; i++)
    if (!isfinite(n[i])) return 0;
  if ((type == BH_VSIZE && (n[0] < 0 || n[1] < 0)) ||
      (type == BH_VRECT && (n[2] < 0 || n[3] < 0)))
    return 0;
  for (i = 0; i < want; i++)
    v->n[i] = n[i];
  return 1;
}


/*
** The value at 'idx' (the top of the stack) for property 'p', checked as
** the host would check it: 1 when it is valid and fits the slot, 0 when
** the host must see it (an error to word, a value to convert). On 1, 'v'
** holds a reference to its text.
*/
static int to_value (lua_State *L, int idx, const bh_property *p,
                     bh_value *v) {
  int t = lua_type(L, idx);
  memset(v, 0, sizeof(*v));
  if (t == LUA_TNIL)
    return (p->flags & BH_POPTIONAL) != 0;  /* v is nil */
  v->type = p->type;
  switch (p->type) {
    case BH_VBOOL:
      if (t != LUA_TBOOLEAN) return 0;
      v->n[0] = lua_toboolean(L, idx);
      return 1;
    case BH_VNUMBER: {
      double n;
      if (t != LUA_TNUMBER) return 0;
      n = lua_tonumber(L, idx);
      if (!isfinite(n) || ((p->flags & BH_PMIN) && n < p->min) ||
          ((p->flags & BH_PMAX) && n > p->max))
        return 0;
      v->n[0] = n;
      return 1;
    }
    case BH_VSTRING:
      if (t != LUA_TSTRING) return 0;
      if (p->nchoices > 0) {  /* an enumeration: one of its names */
        size_t len;
        const char *s = lua_tolstring(L, idx, &len);
        int i;
        for (i = 0; i < p->nchoices; i++) {
          bh_text *c = p->choices[i];
          if (c->len == len && memcmp(c->bytes, s, len) == 0) {
            v->text = len > 0 ? c : NULL;  /* immortal */
            return 1;
          }
        }
        return 0;
      }
      return to_text(L, idx, &v->text);
    case BH_VIMAGE:
      if (!to_image(L, idx, t, v)) {
        bh_text_release(v->text);
        v->text = NULL;
        return 0;
      }
      return 1;
    case BH_VPOINT: case BH_VSIZE: case BH_VRECT:
      return to_geometry(L, idx, p->type, v);
    default:
      return 0;
  }
}

/* }====================================================== */


/*
** {======================================================
** Metamethods
** =======================================================
*/

static int control_index (lua_State *L) {
  bh_view *v = toview(L, 1);
  if (v->host != NULL) {
    int i = property_index(L, v->schema);
    if (i >= 0) {
      if (!bh_view_reads_through_host(v, i)) {
        bh_push_value(L, &v->values[i]);
        return 1;
      }
    }
    else {
      lua_pushvalue(L, 2);
      if (lua_rawget(L, METHODS) != LUA_TNIL)
        return 1;
      if (lua_type(L, 2) == LUA_TSTRING &&
          strcmp(lua_tostring(L, 2), "type") == 0) {
        push_text(L, v->schema->name);
        return 1;
      }
    }
    lua_settop(L, 2);
  }
  return call_host(L, HOST_INDEX);
}


/*
** Whether a string is longer than its property's bound allows (a text
** field's text past its maxLength, or past the bytes any bounded text
** holds), or holds a NUL (where GTK's buffer, set from a C string, ends
** it). Counted in bytes, one comparison: a text of no more bytes than
** the characters allowed fits; a longer one goes to the host, which
** counts its characters and cuts it.
*/
bh__inline int over_limit (const bh_view *v, const bh_property *p,
                           const bh_value *value) {
  size_t len;
  double limit, bytes;
  if (p->limit < 0) return 0;  /* unbounded: every other property */
  len = bh_value_text_bytes(value);
  bytes = (double)len;
  limit = v->values[p->limit].n[0];
  return bytes > BH_BOUNDED_TEXT_BYTES || (limit > 0 && bytes > limit) ||
         (len > 0 && memchr(bh_text_bytes(value->text), 0, len) != NULL);
}


static int control_newindex (lua_State *L) {
  bh_view *v = toview(L, 1);
  bh_scene *s = v->scene;
  if (v->host != NULL && s != NULL && !s->capturing) {
    int i = property_index(L, v->schema);
    bh_value value;
    if (i >= 0 && !bh_view_goes_through_host(v, i) &&
        to_value(L, 3, &v->schema->properties[i], &value)) {
      long long grown = (long long)bh_value_text_bytes(&value) -
                        (long long)bh_value_text_bytes(&v->values[i]);
      if ((grown <= 0 || s->text_bytes + grown <= s->text_limit) &&
          !over_limit(v, &v->schema->properties[i], &value)) {
        bh_view_store(v, i, &value);
        bh_text_release(value.text);
        return 0;
      }
      /* refused (the host says why) or too long (the host cuts it) */
      bh_text_release(value.text);
    }
    lua_settop(L, 3);
  }
  return call_host(L, HOST_SETINDEX);
}


static int control_tostring (lua_State *L) {
  bh_view *v = toview(L, 1);
  if (v->host == NULL) {
    lua_pushliteral(L, "object (gone)");
    return 1;
  }
  push_text(L, v->schema->name);
  lua_pushliteral(L, "(");
  push_text(L, v->name);
  lua_pushliteral(L, ")");
  lua_concat(L, 4);
  return 1;
}


/* A finalizer that only lets the block go: no host code runs. */
static int control_gc (lua_State *L) {
  bh_view **p = (bh_view **)lua_touserdata(L, 1);
  if (p != NULL && *p != NULL) {
    bh_view_release(*p);
    *p = NULL;
  }
  return 0;
}

/* }====================================================== */


/* Pushes the metatable of controls of 'schema', made on first use. */
static void push_type (lua_State *L, const bh_schema *schema) {
  int i;
  bh__push_own(L, BH_OWN_TYPES);
  if (lua_rawgetp(L, -1, schema) == LUA_TTABLE) {
    lua_remove(L, -2);
    return;
  }
  lua_pop(L, 1);
  lua_createtable(L, 0, 5);
  lua_createtable(L, 0, schema->count + schema->nalias);  /* KEYS */
  lua_rawgetp(L, LUA_REGISTRYINDEX, &key_methods);
  for (i = 0; i < schema->count; i++) {
    bh_text *name = schema->properties[i].name;
    lua_pushlstring(L, name->bytes, name->len);
    /* a method of the same name wins (a switch's 'on' is the event
       method: its state reads as isOn), and so does 'type' */
    lua_pushvalue(L, -1);
    if (lua_rawget(L, -3) != LUA_TNIL || strcmp(name->bytes, "type") == 0) {
      lua_pop(L, 2);
      continue;
    }
    lua_pop(L, 1);
    lua_pushinteger(L, i);
    lua_rawset(L, -4);
  }
  lua_pop(L, 1);
  for (i = 0; i < schema->nalias; i++) {
    bh_text *name = schema->aliases[i].name;
    lua_pushlstring(L, name->bytes, name->len);
    lua_pushinteger(L, schema->aliases[i].index);
    lua_rawset(L, -3);
  }
  lua_pushvalue(L, -1);
  lua_rawgetp(L, LUA_REGISTRYINDEX, &key_methods);
  lua_pushcclosure(L, control_index, 2);
  lua_setfield(L, -3, "__index");
  lua_pushliteral(L, "name");
  lua_pushliteral(L, "width");
  lua_pushliteral(L, "height");
  lua_pushcclosure(L, control_newindex, 4);
  lua_setfield(L, -2, "__newindex");
  lua_pushcfunction(L, control_tostring);
  lua_setfield(L, -2, "__tostring");
  lua_pushcfunction(L, control_gc);
  lua_setfield(L, -2, "__gc");
  lua_pushliteral(L, "object");
  lua_setfield(L, -2, "__metatable");
  lua_pushvalue(L, -1);
  lua_rawsetp(L, -3, schema);
  lua_remove(L, -2);
}


void bh_push_view (lua_State *L, bh_view *v) {
  bh_view **p;
  lua_rawgeti(L, LUA_REGISTRYINDEX, bh__host(L)->view_cache);
  /* a view no state has pushed is in no cache: looking for it, a miss
     through a cache of every control pushed, cost about 300 instructions
     (each new behaviour's outlet) */
  if (v->pushed && lua_rawgetp(L, -1, v) == LUA_TUSERDATA) {
    lua_remove(L, -2);
    return;
  }
  if (v->pushed)
    lua_pop(L, 1);
  v->pushed = 1;
  p = (bh_view **)lua_newuserdatauv(L, sizeof(bh_view *), 0);
  *p = bh_view_retain(v);
  push_type(L, v->schema);
  lua_setmetatable(L, -2);
  lua_pushvalue(L, -1);
  lua_rawsetp(L, -3, v);
  lua_remove(L, -2);
}


bh_view *bh_toview (lua_State *L, int idx) {
  bh_view *v = NULL;
  idx = lua_absindex(L, idx);  /* read after the metatable is pushed */
  if (lua_type(L, idx) != LUA_TUSERDATA || !lua_getmetatable(L, idx))
    return NULL;
  lua_pushliteral(L, "__gc");
  if (lua_rawget(L, -2) == LUA_TFUNCTION &&
      lua_tocfunction(L, -1) == control_gc)
    v = toview(L, idx);
  lua_pop(L, 2);
  return v;
}


void bh_open_controls (lua_State *L, int index_id, int setindex_id) {
  bh_host *h = bh__host(L);
  h->image_mt = lua_topointer(L, -1);
  memset(h->keys, 0, sizeof(h->keys));  /* no type has keys yet */
  bh__set_own(L, BH_OWN_IMAGE);
  lua_rawsetp(L, LUA_REGISTRYINDEX, &key_methods);
  lua_newtable(L);
  bh__set_own(L, BH_OWN_TYPES);
  lua_newtable(L);  /* weak values: a userdata nobody holds can go */
  lua_createtable(L, 0, 1);
  lua_pushliteral(L, "v");
  lua_setfield(L, -2, "__mode");
  lua_setmetatable(L, -2);
  h->view_cache = luaL_ref(L, LUA_REGISTRYINDEX);
  lua_createtable(L, 2, 0);
  lua_pushinteger(L, index_id);
  lua_rawseti(L, -2, HOST_INDEX);
  lua_pushinteger(L, setindex_id);
  lua_rawseti(L, -2, HOST_SETINDEX);
  bh__set_own(L, BH_OWN_HOSTS);
}
