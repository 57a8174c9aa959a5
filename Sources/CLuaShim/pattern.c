/*
** pattern.c: the compiler and the backtracking machine behind string.find,
** string.match, string.gmatch and string.gsub (see pattern.h).
**
** A pattern becomes a list of instructions. Every single-byte item (a
** byte, '.', a class such as %a, a set such as [^%s,]) carries its
** repetition ('*', '+', '-', '?' or none); sets are compiled to 256-bit
** maps once; runs of plain bytes become one TEXT instruction. The machine
** walks the list; where it has a choice it pushes a frame, and a failure
** pops frames until one offers another way. Captures push a frame too, so
** a failure undoes them. Frames are the only memory the machine needs, and
** they are bounded (PAT_MAXFRAMES), so matching never recurses in C.
*/
#include <limits.h>
#include <string.h>

#include "pattern.h"


enum {
  OP_END,       /* the whole pattern matched */
  OP_TEXT,      /* the bytes u.text[0 .. arg) */
  OP_BYTE,      /* one byte equal to a */
  OP_ANY,       /* any byte */
  OP_CLASS,     /* a byte of class a (%a, %D, ...) */
  OP_SET,       /* a byte in the map u.set */
  OP_OPEN,      /* capture a starts here */
  OP_POSITION,  /* capture a is this position */
  OP_CLOSE,     /* capture a ends here */
  OP_EOS,       /* the subject ends here ('$' at the end of the pattern) */
  OP_BALANCE,   /* %bab */
  OP_FRONTIER,  /* %f[set]: the map u.set */
  OP_BACKREF,   /* the text of capture a again */
  OP_ERROR      /* the pattern is malformed here: error arg (about a) */
};

/* Repetitions of single-byte items. */
enum { REP_ONE, REP_STAR, REP_PLUS, REP_LAZY, REP_OPTIONAL };

/* Errors, raised when the machine reaches them. */
enum {
  ERR_ENDS_WITH_ESCAPE, ERR_MISSING_BRACKET, ERR_BALANCE_ARGS,
  ERR_FRONTIER_BRACKET, ERR_CAPTURE_INDEX, ERR_NO_OPEN_CAPTURE,
  ERR_TOO_MANY_CAPTURES
};

/* What a frame does when a failure reaches it. */
enum {
  FR_ALTERNATIVE,  /* '?' matched one byte: try with none */
  FR_GREEDY,       /* '*' or '+': give back one repetition */
  FR_LAZY,         /* '-': take one more repetition */
  FR_OPENED,       /* a capture was opened: forget it */
  FR_CLOSED        /* a capture was closed: open it again */
};

struct pat_insn {
  unsigned char op;
  unsigned char rep;  /* REP_*, for single-byte items */
  unsigned char a, b;
  int arg;
  union {
    const unsigned char *set;  /* 32 bytes, one bit per byte value */
    const char *text;
  } u;
};

struct pat_program {
  int ninsn;
  pat_insn code[1];  /* ninsn of them, then the sets, then the text */
};

#define SETBYTES  32


/* ------------------------------------------------------------ classes */

/* Character classes as the C locale defines them (Lua's behaviour in a
** process that never called setlocale): bytes >= 0x80 belong to none. */
static int in_class (int c, int letter) {
  int lower = (letter >= 'A' && letter <= 'Z') ? letter + ('a' - 'A') : letter;
  int alpha = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
  int digit = (c >= '0' && c <= '9');
  int result;
  switch (lower) {
    case 'a': result = alpha; break;
    case 'c': result = (c < 32 || c == 127); break;
    case 'd': result = digit; break;
    case 'g': result = (c > 32 && c < 127); break;
    case 'l': result = (c >= 'a' && c <= 'z'); break;
    case 'p': result = (c > 32 && c < 127 && !alpha && !digit); break;
    case 's': result = (c == ' ' || (c >= '\t' && c <= '\r')); break;
    case 'u': result = (c >= 'A' && c <= 'Z'); break;
    case 'w': result = alpha || digit; break;
    case 'x': result = digit || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F');
      break;
    case 'z': result = (c == 0); break;  /* Lua 5.1's, still understood */
    default: return letter == c;  /* %. %% %] ...: the byte itself */
  }
  return (letter != lower) ? !result : result;  /* %A is "not %a" */
}


/* Is 'letter' one that names a class (rather than standing for itself)? */
static int is_class_letter (int letter) {
  return letter < 128 && letter != 0 &&
         strchr("acdglpsuwxzACDGLPSUWXZ", letter) != NULL;
}


static int set_has (const unsigned char *set, int c) {
  return (set[c >> 3] >> (c & 7)) & 1;
}


static void set_add (unsigned char *set, int c) {
  set[c >> 3] |= (unsigned char)(1u << (c & 7));
}


/* ----------------------------------------------------------- compiler */

typedef struct compiler {
  const char *p;
  size_t lp;
  pat_program *out;       /* NULL while only counting */
  unsigned char *sets;    /* where the next set goes */
  char *text;             /* where the next text byte goes */
  int ninsn, nsets;
  size_t ntext;
  int text_open;          /* the last instruction is TEXT that may grow */
  int ncaptures;          /* opened so far, along the pattern */
  signed char state[PAT_MAXCAPTURES];  /* PAT_OPEN, PAT_POSITION or 0 */
  pat_insn scratch;       /* target of emits while counting */
  unsigned char scratch_set[SETBYTES];
} compiler;


static pat_insn *emit (compiler *c, int op) {
  pat_insn *in = (c->out != NULL) ? &c->out->code[c->ninsn] : &c->scratch;
  memset(in, 0, sizeof(*in));
  in->op = (unsigned char)op;
  c->ninsn++;
  c->text_open = 0;
  return in;
}


static void emit_error (compiler *c, int error, int about) {
  pat_insn *in = emit(c, OP_ERROR);
  in->arg = error;
  in->a = (unsigned char)about;
}


/* One plain byte to match once: joins the TEXT run before it. */
static void emit_text_byte (compiler *c, char byte) {
  if (!c->text_open) {
    pat_insn *in = emit(c, OP_TEXT);
    in->u.text = (c->out != NULL) ? c->text + c->ntext : NULL;
    c->text_open = 1;
  }
  if (c->out != NULL) {
    c->text[c->ntext] = byte;
    c->out->code[c->ninsn - 1].arg++;
  }
  c->ntext++;
}


static unsigned char *new_set (compiler *c) {
  unsigned char *set = (c->out != NULL) ? c->sets + SETBYTES * c->nsets
                                        : c->scratch_set;
  memset(set, 0, SETBYTES);
  c->nsets++;
  return set;
}


/* Where the set opening at 'open' ('[') closes: the index of its ']', or
** lp if it never does. The byte after '[' (or after "[^") always belongs
** to the set, so "[]]" and "[^]]" hold ']'; '%' takes the next byte. */
static size_t set_close (const char *p, size_t lp, size_t open) {
  size_t i = open + 1;
  if (i < lp && p[i] == '^')
    i++;
  do {
    if (i >= lp)
      return lp;
    if (p[i++] == '%' && i < lp)
      i++;
  } while (i >= lp || p[i] != ']');
  return i;
}


/* Fills 'set' from the set p[open] = '[' .. p[close] = ']'. */
static void fill_set (unsigned char *set, const char *p, size_t open,
                      size_t close) {
  size_t i = open + 1;
  int negate = 0, b;
  if (p[i] == '^') {
    negate = 1;
    i++;
  }
  for (; i < close; i++) {
    unsigned char first = (unsigned char)p[i];
    if (first == '%') {
      int letter = (unsigned char)p[++i];
      for (b = 0; b < 256; b++)
        if (in_class(b, letter)) set_add(set, b);
    }
    else if (p[i + 1] == '-' && i + 2 < close) {
      unsigned char last = (unsigned char)p[i + 2];
      for (b = first; b <= last; b++)
        set_add(set, b);
      i += 2;
    }
    else
      set_add(set, first);
  }
  if (negate)
    for (b = 0; b < SETBYTES; b++) set[b] = (unsigned char)~set[b];
}


/* The innermost capture still open, or -1. */
static int innermost_open (const compiler *c) {
  int k;
  for (k = c->ncaptures - 1; k >= 0; k--)
    if (c->state[k] == PAT_OPEN) return k;
  return -1;
}


/* Compiles one single-byte item at p[i] with its repetition; returns the
** index after it, or lp after emitting an error. */
static size_t compile_item (compiler *c, size_t i) {
  const char *p = c->p;
  size_t lp = c->lp, next;
  int op, a = 0, rep = REP_ONE;
  const unsigned char *set = NULL;
  if (p[i] == '%') {
    if (i + 1 >= lp) {
      emit_error(c, ERR_ENDS_WITH_ESCAPE, 0);
      return lp;
    }
    a = (unsigned char)p[i + 1];
    op = is_class_letter(a) ? OP_CLASS : OP_BYTE;
    next = i + 2;
  }
  else if (p[i] == '[') {
    size_t close = set_close(p, lp, i);
    if (close >= lp) {
      emit_error(c, ERR_MISSING_BRACKET, 0);
      return lp;
    }
    if (c->out != NULL) {
      unsigned char *s = new_set(c);
      fill_set(s, p, i, close);
      set = s;
    }
    else
      new_set(c);
    op = OP_SET;
    next = close + 1;
  }
  else {
    op = (p[i] == '.') ? OP_ANY : OP_BYTE;
    a = (unsigned char)p[i];
    next = i + 1;
  }
  if (next < lp) {
    switch (p[next]) {
      case '*': rep = REP_STAR; break;
      case '+': rep = REP_PLUS; break;
      case '-': rep = REP_LAZY; break;
      case '?': rep = REP_OPTIONAL; break;
      default: break;
    }
    if (rep != REP_ONE) next++;
  }
  if (op == OP_BYTE && rep == REP_ONE)
    emit_text_byte(c, (char)a);
  else {
    pat_insn *in = emit(c, op);
    in->rep = (unsigned char)rep;
    in->a = (unsigned char)a;
    in->u.set = set;
  }
  return next;
}


/* One pass over the pattern: counts when c->out is NULL, fills otherwise.
** Compilation stops at the first error: the machine can never pass it. */
static void compile (compiler *c) {
  const char *p = c->p;
  size_t lp = c->lp, i = 0;
  while (i < lp) {
    char ch = p[i];
    if (ch == '(') {
      int position = (i + 1 < lp && p[i + 1] == ')');
      pat_insn *in;
      if (c->ncaptures >= PAT_MAXCAPTURES) {
        emit_error(c, ERR_TOO_MANY_CAPTURES, 0);
        break;
      }
      in = emit(c, position ? OP_POSITION : OP_OPEN);
      in->a = (unsigned char)c->ncaptures;
      c->state[c->ncaptures++] = position ? PAT_POSITION : PAT_OPEN;
      i += position ? 2 : 1;
    }
    else if (ch == ')') {
      int k = innermost_open(c);
      if (k < 0) {
        emit_error(c, ERR_NO_OPEN_CAPTURE, 0);
        break;
      }
      emit(c, OP_CLOSE)->a = (unsigned char)k;
      c->state[k] = 0;
      i++;
    }
    else if (ch == '$' && i + 1 == lp) {
      emit(c, OP_EOS);
      i++;
    }
    else if (ch == '%' && i + 1 < lp && p[i + 1] == 'b') {
      pat_insn *in;
      if (i + 3 >= lp) {
        emit_error(c, ERR_BALANCE_ARGS, 0);
        break;
      }
      in = emit(c, OP_BALANCE);
      in->a = (unsigned char)p[i + 2];
      in->b = (unsigned char)p[i + 3];
      i += 4;
    }
    else if (ch == '%' && i + 1 < lp && p[i + 1] == 'f') {
      size_t close;
      pat_insn *in;
      i += 2;
      if (i >= lp || p[i] != '[') {
        emit_error(c, ERR_FRONTIER_BRACKET, 0);
        break;
      }
      close = set_close(p, lp, i);
      if (close >= lp) {
        emit_error(c, ERR_MISSING_BRACKET, 0);
        break;
      }
      in = emit(c, OP_FRONTIER);
      if (c->out != NULL) {
        unsigned char *set = new_set(c);
        fill_set(set, p, i, close);
        in->u.set = set;
      }
      else
        new_set(c);
      i = close + 1;
    }
    else if (ch == '%' && i + 1 < lp && p[i + 1] >= '0' && p[i + 1] <= '9') {
      int k = p[i + 1] - '1';
      if (k < 0 || k >= c->ncaptures || c->state[k] == PAT_OPEN) {
        emit_error(c, ERR_CAPTURE_INDEX, k + 1);
        break;
      }
      emit(c, OP_BACKREF)->a = (unsigned char)k;
      i += 2;
    }
    else
      i = compile_item(c, i);
  }
  emit(c, OP_END);
}


const pat_program *pat_compile (lua_State *L, const char *p, size_t lp) {
  compiler c;
  size_t size;
  memset(&c, 0, sizeof(c));
  c.p = p;
  c.lp = lp;
  compile(&c);  /* count */
  size = offsetof(pat_program, code) + (size_t)c.ninsn * sizeof(pat_insn) +
         (size_t)c.nsets * SETBYTES + c.ntext;
  c.out = (pat_program *)lua_newuserdatauv(L, size, 0);
  c.out->ninsn = c.ninsn;
  c.sets = (unsigned char *)(c.out->code + c.ninsn);
  c.text = (char *)(c.sets + (size_t)c.nsets * SETBYTES);
  c.ninsn = c.nsets = 0;
  c.ntext = 0;
  c.ncaptures = 0;
  c.text_open = 0;
  memset(c.state, 0, sizeof(c.state));
  compile(&c);  /* fill */
  return c.out;
}


int pat_first_byte (const pat_program *program) {
  const pat_insn *in = &program->code[0];
  if (in->op == OP_TEXT)
    return (unsigned char)in->u.text[0];
  if (in->op == OP_BYTE && (in->rep == REP_ONE || in->rep == REP_PLUS))
    return in->a;
  return -1;
}


/* ------------------------------------------------------------ machine */

void pat_spend (pat_matcher *m, long long units) {
  m->steps += units;
  if (m->steps >= BH_CHARGE_CHUNK) {
    long long due = m->steps;
    m->steps = 0;
    bh__charge(m->L, due);
  }
}


void pat_settle (pat_matcher *m) {
  long long due = m->steps;
  m->steps = 0;
  if (due > 0)
    bh__charge(m->L, due);
}


void pat_start (pat_matcher *m, lua_State *L, const pat_program *program,
                const char *subject, size_t len) {
  m->L = L;
  m->program = program;
  m->subject = subject;
  m->end = subject + len;
  m->ncaptures = 0;
  m->steps = 0;
  m->nframes = 0;
}


static int single (const pat_insn *in, int c) {
  switch (in->op) {
    case OP_BYTE: return c == in->a;
    case OP_ANY: return 1;
    case OP_CLASS: return in_class(c, in->a);
    default: return set_has(in->u.set, c);
  }
}


/* How many bytes from 's' on match the single-byte item 'in'. */
static size_t run_length (pat_matcher *m, const pat_insn *in, const char *s) {
  size_t n = 0, room = (size_t)(m->end - s);
  if (in->op == OP_ANY)
    n = room;
  else
    while (n < room && single(in, (unsigned char)s[n])) n++;
  pat_spend(m, (long long)(n / 8 + 1));
  return n;
}


static void raise_pattern_error (pat_matcher *m, const pat_insn *in) {
  lua_State *L = m->L;
  pat_settle(m);
  switch (in->arg) {
    case ERR_ENDS_WITH_ESCAPE:
      luaL_error(L, "malformed pattern (ends with '%%')");
      break;
    case ERR_MISSING_BRACKET:
      luaL_error(L, "malformed pattern (missing ']')");
      break;
    case ERR_BALANCE_ARGS:
      luaL_error(L, "malformed pattern (missing arguments to '%%b')");
      break;
    case ERR_FRONTIER_BRACKET:
      luaL_error(L, "missing '[' after '%%f' in pattern");
      break;
    case ERR_CAPTURE_INDEX:
      luaL_error(L, "invalid capture index %%%d", (int)in->a);
      break;
    case ERR_NO_OPEN_CAPTURE:
      luaL_error(L, "invalid pattern capture");
      break;
    default:
      luaL_error(L, "too many captures");
      break;
  }
}


void pat_check (lua_State *L, const pat_program *program) {
  int pc, k;
  char open[PAT_MAXCAPTURES];
  memset(open, 0, sizeof(open));
  for (pc = 0; pc < program->ninsn; pc++) {
    const pat_insn *in = &program->code[pc];
    if (in->op == OP_ERROR) {
      pat_matcher m;
      pat_start(&m, L, program, "", 0);
      raise_pattern_error(&m, in);
    }
    if (in->op == OP_OPEN && in->a < PAT_MAXCAPTURES) open[in->a] = 1;
    if (in->op == OP_CLOSE && in->a < PAT_MAXCAPTURES) open[in->a] = 0;
  }
  /* A capture the pattern never closes: every match would raise this. */
  for (k = 0; k < PAT_MAXCAPTURES; k++)
    if (open[k]) luaL_error(L, "unfinished capture");
}


static pat_frame *push_frame (pat_matcher *m, int kind, int pc,
                              const char *s) {
  pat_frame *f;
  if (m->nframes >= PAT_MAXFRAMES) {
    pat_settle(m);
    luaL_error(m->L, "pattern too complex");
  }
  f = &m->frame[m->nframes++];
  f->kind = kind;
  f->pc = pc;
  f->s = s;
  f->n = 0;
  return f;
}


/* %bxy at 's': the end of the balanced text, or NULL. */
static const char *balance (pat_matcher *m, const pat_insn *in,
                            const char *s) {
  const char *start = s;
  size_t depth = 1;
  if (s >= m->end || (unsigned char)*s != in->a)
    return NULL;
  while (++s < m->end) {
    int c = (unsigned char)*s;
    if (c == in->b) {
      if (--depth == 0) {
        pat_spend(m, (s - start) / 8 + 1);
        return s + 1;
      }
    }
    else if (c == in->a)
      depth++;
  }
  pat_spend(m, (s - start) / 8 + 1);
  return NULL;
}


const char *pat_match (pat_matcher *m, const char *s) {
  const pat_insn *code = m->program->code;
  int pc = 0;
  m->ncaptures = 0;
  m->nframes = 0;
  for (;;) {
    const pat_insn *in = &code[pc];
    pat_spend(m, 1);
    switch (in->op) {
      case OP_END:
        return s;
      case OP_TEXT: {
        size_t len = (size_t)in->arg;
        if ((size_t)(m->end - s) < len || memcmp(s, in->u.text, len) != 0)
          goto fail;
        pat_spend(m, (long long)(len / 8));
        s += len;
        pc++;
        continue;
      }
      case OP_BYTE: case OP_ANY: case OP_CLASS: case OP_SET: {
        int first = (s < m->end && single(in, (unsigned char)*s));
        switch (in->rep) {
          case REP_ONE:
            if (!first) goto fail;
            s++;
            break;
          case REP_OPTIONAL:
            if (first) {
              push_frame(m, FR_ALTERNATIVE, pc, s);
              s++;
            }
            break;
          case REP_LAZY:
            if (first)
              push_frame(m, FR_LAZY, pc, s);
            break;
          default: {  /* '*' and '+': take all, give back on failure */
            const char *base;
            size_t n;
            if (!first) {
              if (in->rep == REP_PLUS) goto fail;
              break;
            }
            base = (in->rep == REP_PLUS) ? s + 1 : s;
            n = run_length(m, in, base);
            push_frame(m, FR_GREEDY, pc, base)->n = n;
            s = base + n;
            break;
          }
        }
        pc++;
        continue;
      }
      case OP_OPEN: case OP_POSITION: {
        int k = in->a;
        push_frame(m, FR_OPENED, pc, s);
        m->capture[k].start = s;
        m->capture[k].len = (in->op == OP_OPEN) ? PAT_OPEN : PAT_POSITION;
        m->ncaptures = k + 1;
        pc++;
        continue;
      }
      case OP_CLOSE: {
        int k = in->a;
        push_frame(m, FR_CLOSED, pc, s);
        m->capture[k].len = s - m->capture[k].start;
        pc++;
        continue;
      }
      case OP_EOS:
        if (s != m->end) goto fail;
        pc++;
        continue;
      case OP_BALANCE:
        s = balance(m, in, s);
        if (s == NULL) goto fail;
        pc++;
        continue;
      case OP_FRONTIER: {
        int before = (s == m->subject) ? 0 : (unsigned char)s[-1];
        int here = (s < m->end) ? (unsigned char)*s : 0;
        if (set_has(in->u.set, before) || !set_has(in->u.set, here))
          goto fail;
        pc++;
        continue;
      }
      case OP_BACKREF: {
        ptrdiff_t len = m->capture[in->a].len;
        if (len < 0 || m->end - s < len ||
            memcmp(m->capture[in->a].start, s, (size_t)len) != 0)
          goto fail;
        pat_spend(m, len / 8);
        s += len;
        pc++;
        continue;
      }
      default:
        raise_pattern_error(m, in);
        return NULL;
    }
  fail:
    for (;;) {
      pat_frame *f;
      if (m->nframes == 0)
        return NULL;
      f = &m->frame[m->nframes - 1];
      pat_spend(m, 1);
      if (f->kind == FR_ALTERNATIVE) {
        s = f->s;
        pc = f->pc + 1;
        m->nframes--;
        break;
      }
      else if (f->kind == FR_GREEDY) {
        if (f->n == 0) {
          m->nframes--;
          continue;
        }
        f->n--;
        s = f->s + f->n;
        pc = f->pc + 1;
        break;
      }
      else if (f->kind == FR_LAZY) {
        if (f->s < m->end && single(&code[f->pc], (unsigned char)*f->s)) {
          s = ++f->s;
          pc = f->pc + 1;
          break;
        }
        m->nframes--;
      }
      else if (f->kind == FR_OPENED) {
        m->ncaptures = code[f->pc].a;
        m->nframes--;
      }
      else {  /* FR_CLOSED */
        m->capture[code[f->pc].a].len = PAT_OPEN;
        m->nframes--;
      }
    }
  }
}


/* ----------------------------------------------------------- captures */

void pat_push_capture (pat_matcher *m, int i, const char *s, const char *e) {
  lua_State *L = m->L;
  if (i >= m->ncaptures) {
    if (i != 0) {
      pat_settle(m);
      luaL_error(L, "invalid capture index %%%d", i + 1);
    }
    lua_pushlstring(L, s, (size_t)(e - s));
  }
  else if (m->capture[i].len == PAT_OPEN) {
    pat_settle(m);
    luaL_error(L, "unfinished capture");
  }
  else if (m->capture[i].len == PAT_POSITION)
    lua_pushinteger(L, (lua_Integer)(m->capture[i].start - m->subject) + 1);
  else
    lua_pushlstring(L, m->capture[i].start, (size_t)m->capture[i].len);
}


int pat_push_captures (pat_matcher *m, const char *s, const char *e,
                       int whole) {
  int i, n = (m->ncaptures == 0 && whole) ? 1 : m->ncaptures;
  luaL_checkstack(m->L, n, "too many captures");
  for (i = 0; i < n; i++)
    pat_push_capture(m, i, s, e);
  return n;
}
