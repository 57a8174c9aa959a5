/*
** concatstep.c: when a spec's __concat metamethod may run.
**
** Debian's Lua 5.4.4 carries one of upstream's fixes (saving stack space
** while handling errors) without the correction that came after it: each
** step of luaV_concat ends by setting the stack top from a pointer taken
** when the step began. A step that calls a __concat metamethod may move
** the stack (the call grows it, a collection shrinks it), and that
** pointer is then into freed memory:
**
**   - the next step of the same concatenation (they go right to left,
**     two operands at a time: "a" .. t .. "b" calls the metamethod for
**     t .. "b", then joins "a" to its result) reads and writes its
**     operands there;
**   - after the last step the stack top itself is left dangling until
**     the next instruction sets it again; in between, OP_CONCAT runs a
**     collection step when the collector is in debt, and that step walks
**     the stack up to the dangling top;
**   - lua_concat hands the dangling top back to the C function that
**     called it.
**
** So the dispatcher of a live metatable (livemeta.c) runs a __concat
** metamethod only when bh__concat_last_step proves that this is the last
** step of an OP_CONCAT in a Lua function, and settles the collector's
** debt before it returns, so that OP_CONCAT does not collect. Anything
** else is refused before the metamethod runs: an error unwinds
** luaV_concat, and its stale pointer with it.
**
** The proof. Level 1 must be a Lua function (lua_concat from C fails
** here). Its binary chunk (lua_dump) lists its instructions and their
** lines; the reader below finds every OP_CONCAT on the current line, each
** with its first register A and its number of operands B. A step's two
** operands are the two registers just below the metamethod's frame, and
** lua_getlocal answers for every register of the caller below that frame
** and for none above, so the number of registers it answers for, K, says
** where the step is: the steps of an OP_CONCAT take K from A + B down to
** A + 2, the last. Every OP_CONCAT of the line whose range holds K must
** have K = A + 2; the one running is among them, since its line is the
** current line.
*/
#include <limits.h>
#include <string.h>

#include "bh_internal.h"


static const char key_concats = 'c';  /* function -> its OP_CONCATs by line */

/* Lua 5.4's instructions: the opcode in the low 7 bits, then A (8 bits),
** k (1 bit), B (8 bits). */
#define OPCODE(i)      ((int)((i) & 0x7f))
#define ARG_A(i)       ((int)(((i) >> 7) & 0xff))
#define ARG_B(i)       ((int)(((i) >> 16) & 0xff))
#define OPCODE_CONCAT  53

/* The line-delta byte that says "this instruction has an absolute line". */
#define ABSOLUTE_LINE  (-0x80)

/* Tags of the constants in a binary chunk. */
#define K_NIL       0x00
#define K_FALSE     0x01
#define K_TRUE      0x11
#define K_INTEGER   0x03
#define K_FLOAT     0x13
#define K_SHORTSTR  0x04
#define K_LONGSTR   0x14

/* Deeper nesting of functions than the parser allows means a chunk we do
** not understand. */
#define MAX_NESTING  250

/* More registers than any Lua function has. */
#define MAX_REGISTERS  1024


/* {======================================================
** The binary chunk of one function
** ======================================================= */

/* A growing copy of the chunk, held by a userdata at stack slot 'slot'. */
typedef struct Chunk {
  lua_State *L;
  int slot;
  unsigned char *data;
  size_t n, size;
} Chunk;


static int write_chunk (lua_State *L, const void *p, size_t sz, void *ud) {
  Chunk *c = (Chunk *)ud;
  (void)L;
  if (sz > c->size - c->n) {
    size_t size = c->size;
    unsigned char *data;
    while (sz > size - c->n) {
      if (size > ((size_t)-1) / 2)
        return 1;  /* stops the dump; the chunk is not read */
      size *= 2;
    }
    data = (unsigned char *)lua_newuserdatauv(c->L, size, 0);
    memcpy(data, c->data, c->n);
    lua_replace(c->L, c->slot);
    c->data = data;
    c->size = size;
  }
  memcpy(c->data + c->n, p, sz);
  c->n += sz;
  return 0;
}


typedef struct Reader {
  const unsigned char *p, *end;
  int bad;  /* the chunk is not as expected: nothing is proven */
} Reader;


static int read_byte (Reader *r) {
  if (r->p >= r->end) {
    r->bad = 1;
    return 0;
  }
  return *r->p++;
}


static void skip (Reader *r, size_t n) {
  if ((size_t)(r->end - r->p) < n) {
    r->bad = 1;
    r->p = r->end;
  }
  else
    r->p += n;
}


/* A size: 7 bits a byte, the most significant first, the last byte
** marked by its high bit. */
static size_t read_size (Reader *r) {
  size_t x = 0;
  int b;
  do {
    b = read_byte(r);
    if (x > ((size_t)-1) >> 7)
      r->bad = 1;
    x = (x << 7) | (size_t)(b & 0x7f);
  } while (!r->bad && (b & 0x80) == 0);
  return r->bad ? 0 : x;
}


static int read_int (Reader *r) {
  size_t x = read_size(r);
  if (x > INT_MAX) {
    r->bad = 1;
    return 0;
  }
  return (int)x;
}


static void skip_string (Reader *r) {
  size_t n = read_size(r);  /* its length + 1; 0 for none */
  if (n > 0)
    skip(r, n - 1);
}


/* What the reader keeps of a function. */
typedef struct Function {
  int linedefined;
  const unsigned char *code;      /* 'ncode' instructions, 4 bytes each */
  int ncode;
  const unsigned char *lineinfo;  /* a signed line delta per instruction */
  int nlineinfo;
  Reader abslines;                /* 'nabslines' pairs of sizes: pc, line */
  int nabslines;
} Function;


static void read_function (Reader *r, Function *f, int depth) {
  int i, n;
  if (depth > MAX_NESTING) {
    r->bad = 1;
    return;
  }
  skip_string(r);  /* source */
  f->linedefined = read_int(r);
  read_int(r);  /* lastlinedefined */
  skip(r, 3);  /* parameters, vararg, registers */
  f->ncode = read_int(r);
  f->code = r->p;
  skip(r, (size_t)f->ncode * 4);
  n = read_int(r);  /* constants */
  for (i = 0; i < n && !r->bad; i++) {
    switch (read_byte(r)) {
      case K_NIL: case K_FALSE: case K_TRUE: break;
      case K_INTEGER: case K_FLOAT: skip(r, 8); break;
      case K_SHORTSTR: case K_LONGSTR: skip_string(r); break;
      default: r->bad = 1;
    }
  }
  n = read_int(r);  /* upvalues: in stack, index, kind */
  skip(r, (size_t)n * 3);
  n = read_int(r);  /* functions defined inside */
  for (i = 0; i < n && !r->bad; i++) {
    Function inner;
    read_function(r, &inner, depth + 1);
  }
  f->nlineinfo = read_int(r);
  f->lineinfo = r->p;
  skip(r, (size_t)f->nlineinfo);
  f->nabslines = read_int(r);
  f->abslines.p = r->p;
  f->abslines.bad = 0;
  for (i = 0; i < f->nabslines && !r->bad; i++) {
    read_int(r);
    read_int(r);
  }
  f->abslines.end = r->p;
  n = read_int(r);  /* local variables: name, start, end */
  for (i = 0; i < n && !r->bad; i++) {
    skip_string(r);
    read_int(r);
    read_int(r);
  }
  n = read_int(r);  /* names of upvalues */
  for (i = 0; i < n && !r->bad; i++)
    skip_string(r);
}


/* Checks the header lua_dump writes (this Lua's version, format and
** sizes) and reads the function after it. */
static void read_chunk (Reader *r, Function *f) {
  static const unsigned char header[] = {
    0x1b, 'L', 'u', 'a', 0x54, 0, 0x19, 0x93, '\r', '\n', 0x1a, '\n',
    4, sizeof(lua_Integer), sizeof(lua_Number)
  };
  lua_Integer i = 0x5678;
  lua_Number x = 370.5;
  if ((size_t)(r->end - r->p) < sizeof(header) + sizeof(i) + sizeof(x) ||
      memcmp(r->p, header, sizeof(header)) != 0 ||
      memcmp(r->p + sizeof(header), &i, sizeof(i)) != 0 ||
      memcmp(r->p + sizeof(header) + sizeof(i), &x, sizeof(x)) != 0) {
    r->bad = 1;
    return;
  }
  skip(r, sizeof(header) + sizeof(i) + sizeof(x) + 1);  /* + upvalues */
  read_function(r, f, 0);
}


/* Pushes a table: line -> { A, B, A, B, ... } of the OP_CONCAT
** instructions of 'f' on that line, their lines worked out as Lua does
** (a delta from the previous instruction's line, or an absolute line
** where the delta byte says so). Returns 0 (nothing pushed) when the
** lines do not add up. */
static int push_concats (lua_State *L, Function *f) {
  Reader *abs = &f->abslines;
  int pc, line = f->linedefined;
  int absleft = f->nabslines;
  int nextabs = (absleft > 0) ? read_int(abs) : -1;
  if (f->nlineinfo != f->ncode)
    return 0;
  lua_newtable(L);
  for (pc = 0; pc < f->ncode && !abs->bad; pc++) {
    int delta = (signed char)f->lineinfo[pc];
    unsigned int i;
    if (pc == nextabs) {
      abs->bad |= (delta != ABSOLUTE_LINE);
      line = read_int(abs);
      nextabs = (--absleft > 0) ? read_int(abs) : -1;
      abs->bad |= (nextabs != -1 && nextabs <= pc);
    }
    else {
      abs->bad |= (delta == ABSOLUTE_LINE);
      line += delta;
    }
    memcpy(&i, f->code + 4 * (size_t)pc, 4);
    if (OPCODE(i) == OPCODE_CONCAT) {
      lua_Integer n;
      if (lua_rawgeti(L, -1, line) == LUA_TNIL) {
        lua_pop(L, 1);
        lua_createtable(L, 2, 0);
        lua_pushvalue(L, -1);
        lua_rawseti(L, -3, line);
      }
      n = (lua_Integer)lua_rawlen(L, -1);
      lua_pushinteger(L, ARG_A(i));
      lua_rawseti(L, -2, n + 1);
      lua_pushinteger(L, ARG_B(i));
      lua_rawseti(L, -2, n + 2);
      lua_pop(L, 1);
    }
  }
  if (abs->bad || absleft != 0) {
    lua_pop(L, 1);
    return 0;
  }
  return 1;
}


/* Pushes the table of push_concats for the Lua function at 'fn', read
** once per function; returns 0 (nothing pushed) when its chunk cannot be
** read. */
static int push_function_concats (lua_State *L, int fn) {
  int base = lua_gettop(L);
  int cache = base + 1;
  Chunk c;
  Reader r;
  Function f;
  if (lua_rawgetp(L, LUA_REGISTRYINDEX, &key_concats) != LUA_TTABLE) {
    lua_pop(L, 1);
    lua_newtable(L);
    lua_createtable(L, 0, 1);
    lua_pushliteral(L, "k");  /* a function's entry goes with it */
    lua_setfield(L, -2, "__mode");
    lua_setmetatable(L, -2);
    lua_pushvalue(L, -1);
    lua_rawsetp(L, LUA_REGISTRYINDEX, &key_concats);
  }
  lua_pushvalue(L, fn);
  if (lua_rawget(L, cache) == LUA_TTABLE) {
    lua_replace(L, cache);
    return 1;
  }
  lua_pop(L, 1);
  c.L = L;
  c.n = 0;
  c.size = 1024;
  c.data = (unsigned char *)lua_newuserdatauv(L, c.size, 0);
  c.slot = cache + 1;
  lua_pushvalue(L, fn);
  if (lua_dump(L, write_chunk, &c, 0) != 0) {
    lua_settop(L, base);
    return 0;
  }
  lua_settop(L, c.slot);
  bh__charge(L, (long long)(c.n / 64) + 1);
  r.p = c.data;
  r.end = c.data + c.n;
  r.bad = 0;
  memset(&f, 0, sizeof(f));
  read_chunk(&r, &f);
  if (r.bad || !push_concats(L, &f)) {
    lua_settop(L, base);
    return 0;
  }
  lua_pushvalue(L, fn);
  lua_pushvalue(L, -2);
  lua_rawset(L, cache);
  lua_replace(L, cache);
  lua_settop(L, cache);
  return 1;
}

/* }====================================================== */


/* K above: how many registers of the function at 'ar' lie below the
** frame that runs now; -1 when lua_getlocal does not say. */
static int registers_below (lua_State *L, lua_Debug *ar) {
  int low = 0, high = MAX_REGISTERS;  /* 'low' answers (0 is not asked),
                                         'high' does not */
  if (lua_getlocal(L, ar, high) != NULL) {
    lua_pop(L, 1);
    return -1;
  }
  while (high - low > 1) {
    int mid = low + (high - low) / 2;
    if (lua_getlocal(L, ar, mid) != NULL) {
      lua_pop(L, 1);
      low = mid;
    }
    else
      high = mid;
  }
  return low;
}


int bh__concat_last_step (lua_State *L) {
  lua_Debug ar;
  int top = lua_gettop(L);
  int k, running = 0, earlier = 0;
  if (!lua_getstack(L, 1, &ar))
    return 0;
  lua_getinfo(L, "Slf", &ar);  /* pushes the function */
  if (ar.what[0] != 'C' && ar.currentline > 0 &&
      (k = registers_below(L, &ar)) >= 2 &&
      push_function_concats(L, top + 1) &&
      lua_rawgeti(L, -1, ar.currentline) == LUA_TTABLE) {
    lua_Integer n = (lua_Integer)lua_rawlen(L, -1), j;
    for (j = 1; j < n; j += 2) {
      lua_Integer a, b;
      lua_rawgeti(L, -1, j);
      lua_rawgeti(L, -2, j + 1);
      a = lua_tointeger(L, -2);
      b = lua_tointeger(L, -1);
      lua_pop(L, 2);
      if (a + 2 <= k && k <= a + b) {  /* its operands may be in use */
        if (k == a + 2)
          running = 1;  /* as its last step */
        else
          earlier = 1;  /* as an earlier step */
      }
    }
  }
  lua_settop(L, top);
  return running && !earlier;
}
