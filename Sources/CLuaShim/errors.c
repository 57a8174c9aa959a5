/*
** errors.c: what a script's error says and where: its message (cut to
** size, never through __tostring), the "source:line: " at its head and
** the frames it was raised in (noted while they are live, for the host to
** read), its traceback without Behave's own Lua, and the place a spent
** slice names.
*/
#include <stdio.h>
#include <string.h>

#include "bh_internal.h"


/*
** {======================================================
** Error messages
** =======================================================
*/

/* Pushes onto L a string for the error object at 'idx' of 'co': strings
** cut to about 'max' bytes, numbers converted, anything else described by
** its type only (never by __tostring, which would run script code); a
** spec file's tables are shown raw (errortable.c), for its report. A long
** message loses its middle: its head says where, its tail often says why
** (errors passing through coroutine.wrap gather a prefix at each level). */
static void push_error_text (lua_State *L, lua_State *co, int idx,
                             size_t max) {
  int t = lua_type(co, idx);
  if (t == LUA_TSTRING || t == LUA_TNUMBER) {
    size_t len;
    const char *s = lua_tolstring(co, idx, &len);
    if (len > max) {
      lua_pushlstring(L, s, max / 2);
      lua_pushliteral(L, " ... ");
      lua_pushlstring(L, s + len - max / 2, max / 2);
      lua_concat(L, 3);
    }
    else
      lua_pushlstring(L, s, len);
  }
  else if (t == LUA_TTABLE && bh__host(L)->live_metatables)
    bh__push_error_table(L, co, idx);
  else
    lua_pushfstring(L, "(error object is a %s value)", lua_typename(co, t));
}


/* The frame bh__push_where names into 'ar'; 0 when there is none.
** Behave's own Lua ("=behave": the prelude's print, the spec runner) is
** passed over for the script's line that called it. */
static int find_where (lua_State *co, int level, lua_Debug *ar) {
  int i, tried = 0;
  for (i = level; tried < 2 && lua_getstack(co, i, ar); i++) {
    if (bh__in_dispatcher(co, ar))
      continue;
    if (!lua_getinfo(co, "Sl", ar))
      ar->currentline = -1;
    else if (strcmp(ar->source, "=behave") == 0)
      continue;
    tried++;
    if (ar->currentline > 0)
      return 1;
  }
  return 0;
}


void bh__push_where (lua_State *L, lua_State *co, int level) {
  lua_Debug ar;
  if (find_where(co, level, &ar))
    lua_pushfstring(L, "%s:%d: ", ar.short_src, ar.currentline);
  else
    lua_pushliteral(L, "");
}


void bh__note_spent_where (lua_State *L, lua_State *co, int level) {
  bh_host *h = bh__host(L);
  lua_Debug ar;
  if (h->spent_source[0] == '\0' && find_where(co, level, &ar)) {
    snprintf(h->spent_source, LUA_IDSIZE, "%s", ar.short_src);
    h->spent_line = ar.currentline;
    h->spent_depth = h->nrunning;
  }
}


/* The refused request may come from C frames above the script's line:
** the library function that asked, and what called it (pcall, xpcall, a
** metamethod's caller, table.sort): the place is the first frame of
** script code, however many C frames stand above it. Also where a script
** raises Lua's memory error text itself (sandbox.c, sb_error), which no
** message handler sees either. */
void bh__note_refused_where (bh_host *h) {
  lua_State *co = atomic_load_explicit(&h->scripting, memory_order_relaxed);
  lua_Debug ar;
  int level;
  h->refused_source[0] = '\0';
  for (level = 0; co != NULL && lua_getstack(co, level, &ar); level++) {
    if (bh__in_dispatcher(co, &ar) || !lua_getinfo(co, "Sl", &ar) ||
        strcmp(ar.source, "=behave") == 0 || ar.currentline <= 0)
      continue;
    snprintf(h->refused_source, LUA_IDSIZE, "%s", ar.short_src);
    h->refused_line = ar.currentline;
    return;
  }
}


void bh__push_refused_where (lua_State *L) {
  bh_host *h = bh__host(L);
  if (h->refused_source[0] != '\0')
    lua_pushfstring(L, "%s:%d: ", h->refused_source, h->refused_line);
  else
    lua_pushliteral(L, "");
}


/* Where a stopped callback's error is said: where the slice ran out, or,
** when that was in a handler this one started (that handler's own error
** names the place), where this one stood when it was ended. */
static void push_stop_where (lua_State *L, lua_State *co, int level) {
  bh_host *h = bh__host(L);
  if (h->spent_source[0] != '\0' && h->spent_depth > h->nrunning)
    bh__push_where(L, co, level);
  else
    bh__push_spent_where(L, co, level);
}


void bh__push_spent_where (lua_State *L, lua_State *co, int level) {
  bh_host *h = bh__host(L);
  bh__note_spent_where(L, co, level);
  if (h->spent_source[0] != '\0')
    lua_pushfstring(L, "%s:%d: ", h->spent_source, h->spent_line);
  else
    lua_pushliteral(L, "");
}


/* Removes from the traceback on top of L the lines of Behave's own chunks
** ("=behave": the prelude, the library's stubs): a script's author has no
** line there to read or fix (a chunk of a file shows as "name.lua:"). */
static void drop_internal_frames (lua_State *L) {
  static const char internal[] = "\n\tbehave:";
  size_t len, n = sizeof(internal) - 1;
  const char *s = lua_tolstring(L, -1, &len), *end = s + len, *next;
  luaL_Buffer b;
  if (s == NULL || !lua_checkstack(L, 4))
    return;
  luaL_buffinit(L, &b);
  while (s < end) {
    next = memchr(s + 1, '\n', (size_t)(end - s - 1));
    if (next == NULL) next = end;
    if (!(*s == '\n' && (size_t)(end - s) >= n && memcmp(s, internal, n) == 0))
      luaL_addlstring(&b, s, (size_t)(next - s));
    s = next;
  }
  luaL_pushresult(&b);
  lua_remove(L, -2);
}


/* Replaces the message on top of L by the message, a newline and the
** traceback of 'co' from 'level'. The message is kept whole, NUL bytes
** included (luaL_traceback would read it as a C string). */
static void push_traceback (lua_State *L, lua_State *co, int level) {
  luaL_traceback(L, co, NULL, level);
  drop_internal_frames(L);
  lua_pushliteral(L, "\n");
  lua_rotate(L, -2, 1);
  lua_concat(L, 3);
}


/* Whether 'msg' begins with "source:line: "; if so notes it as the
** position of the error, with its repetitions. */
static int heads (bh_error_site *e, const char *msg, size_t len,
                  const char *source, int line) {
  char where[LUA_IDSIZE + 32];
  int n = snprintf(where, sizeof(where), "%s:%d: ", source, line);
  size_t at = 0;
  if (n <= 0 || (size_t)n >= sizeof(where) || (size_t)n > len ||
      memcmp(msg, where, (size_t)n) != 0)
    return 0;
  snprintf(e->source, LUA_IDSIZE, "%s", source);
  e->line = line;
  e->where = (size_t)n;
  while (at + (size_t)n <= len && memcmp(msg + at, where, (size_t)n) == 0) {
    e->repeats++;
    at += (size_t)n;
  }
  return 1;
}


/* The bytes of "behave:LINE: " heading 'msg', 0 when it has none: Lua's
** own functions head their errors so when Behave's chunk called them (the
** prelude's print, whose tostring met a __tostring that gave no text): a
** line of Behave's names no place a user can go to either. Only a line of
** a live frame of Behave's counts: a script's own text that begins so
** (`error("behave:7: …", 0)`) is the script's words, kept whole. */
static size_t internal_place (const bh_error_site *e, const char *msg,
                              size_t len) {
  static const char internal[] = "behave:";
  const size_t n = sizeof(internal) - 1;
  size_t at = n;
  int line = 0, i;
  if (len < n || memcmp(msg, internal, n) != 0) return 0;
  /* nine digits at most: any line a chunk has, and no overflow */
  while (at < len && at < n + 9 && msg[at] >= '0' && msg[at] <= '9')
    line = line * 10 + (msg[at++] - '0');
  if (at == n || at + 2 > len || msg[at] != ':' || msg[at + 1] != ' ') return 0;
  for (i = 0; i < e->nframes; i++)
    if (e->frames[i].line == line && strcmp(e->frames[i].source, "behave") == 0)
      return at + 2;
  return 0;
}


/* Lua heads an error raised in code without debug information (Behave's
** own chunks, loaded stripped: the spec runner's spies, the prelude) with
** "?:-1: ", which names no place a user can go to: it is cut off, with no
** place noted, so the error is told at the user's line among the frames
** ("?:-1: stack overflow" became "stack overflow" at the spec's line).
** "behave:LINE: " is cut off too; then 1, and the first frame of the
** script's is noted as the place. */
static int cut_unknown_place (bh_error_site *e, const char *msg,
                              size_t len) {
  static const char unknown[] = "?:-1: ";
  const size_t n = sizeof(unknown) - 1;
  size_t ours;
  int cut_ours = 0;
  for (;;) {
    if (e->where + n <= len && memcmp(msg + e->where, unknown, n) == 0)
      e->where += n;
    else if ((ours = internal_place(e, msg + e->where, len - e->where)) > 0) {
      e->where += ours;
      cut_ours = 1;
    }
    else
      return cut_ours;
  }
}


/* Whether the message, from 'e->where' on, is Lua's refusal of a yield
** inside a function its C code called (coroutine.yield in a table.sort
** comparison): Lua raises it from the C function that yielded, so it
** names no place, and the script's line that yielded is the place. */
static int unplaced_yield (const bh_error_site *e, const char *msg,
                           size_t len) {
  static const char refused[] = "attempt to yield across a C-call boundary";
  return len - e->where == sizeof(refused) - 1 &&
         memcmp(msg + e->where, refused, sizeof(refused) - 1) == 0;
}


/* Places the error at the first frame of the script's (not Behave's own
** chunk), its message kept whole. */
static void at_first_script_frame (bh_error_site *e) {
  int i;
  for (i = 0; i < e->nframes; i++)
    if (strcmp(e->frames[i].source, "behave") != 0) {
      memcpy(e->source, e->frames[i].source, LUA_IDSIZE);
      e->line = e->frames[i].line;
      e->repeats = 1;
      return;
    }
}


/* Starts a site for a message of 'len' bytes: all text, no place yet (a
** note of where the host raised it, raised_source, is kept). */
static void begin_site (bh_error_site *e, size_t len) {
  e->valid = 1;
  e->source[0] = '\0';
  e->line = 0;
  e->repeats = 0;
  e->where = 0;
  e->text = len;
  e->nframes = 0;
  e->deep = 0;
}


/* Notes where the error whose message is on top of L was raised: the Lua
** frames of 'co' from 'level' (live still), and which of them (or the
** position the host raised the error at) heads the message with its
** "source:line: ", and how often. */
static void note_site (lua_State *L, lua_State *co, int level,
                       bh_error_site *e) {
  lua_Debug ar;
  size_t len;
  const char *msg = lua_tolstring(L, -1, &len);
  int i;
  begin_site(e, len);
  for (i = level; e->nframes < BH_ERROR_FRAMES && lua_getstack(co, i, &ar);
       i++) {
    if (lua_getinfo(co, "Sln", &ar) && ar.currentline > 0) {
      memcpy(e->frames[e->nframes].source, ar.short_src, LUA_IDSIZE);
      snprintf(e->frames[e->nframes].name, LUA_IDSIZE, "%s",
               ar.name != NULL ? ar.name : "");
      e->frames[e->nframes].line = ar.currentline;
      e->nframes++;
    }
  }
  /* one look that far down (each walks the frames above it) */
  e->deep = e->nframes == BH_ERROR_FRAMES &&
            lua_getstack(co, level + BH_DEEP_FRAMES, &ar);
  if (msg == NULL) return;
  for (i = 0; i < e->nframes; i++)
    if (strcmp(e->frames[i].source, "behave") != 0 &&
        heads(e, msg, len, e->frames[i].source, e->frames[i].line)) break;
  if (i == e->nframes && bh_limit_reason(L) != BH_LIMIT_NONE &&
      bh__host(L)->spent_source[0] != '\0' &&
      heads(e, msg, len, bh__host(L)->spent_source, bh__host(L)->spent_line))
    return;  /* where the spent slice stopped, in frames gone since */
  if (i == e->nframes && e->raised_source[0] != '\0' &&
      heads(e, msg, len, e->raised_source, e->raised_line) &&
      e->raised_text < len &&
      (len <= BH_MAX_MESSAGE || e->raised_text <= BH_MAX_MESSAGE / 2)) {
    e->text = e->raised_text;
    i = -1;
  }
  e->raised_source[0] = '\0';
  if (i == e->nframes && (cut_unknown_place(e, msg, len) ||
                           unplaced_yield(e, msg, len)))
    /* Behave's line cut off, or a yield Lua refused: the error is the
    ** script's line that called into Behave's chunk (or yielded). */
    at_first_script_frame(e);
}


size_t bh__error_where (lua_State *L) {
  bh_error_site *e = &bh__host(L)->error;
  bh_error_site here;
  if (lua_type(L, -1) != LUA_TSTRING) return 0;
  memcpy(here.raised_source, e->raised_source, LUA_IDSIZE);
  here.raised_line = e->raised_line;
  here.raised_text = e->raised_text;
  note_site(L, L, 1, &here);
  return here.where;
}


void bh__note_caught (lua_State *L) {
  bh_error_site caught;
  if (lua_type(L, -1) != LUA_TSTRING) return;
  caught.raised_source[0] = '\0';
  note_site(L, L, 1, &caught);
  if (caught.source[0] != '\0')
    bh_error_raising(L, caught.source, caught.line, caught.text);
}


void bh_error_raising (lua_State *L, const char *source, int line,
                       size_t text) {
  bh_error_site *e = &bh__host(L)->error;
  snprintf(e->raised_source, LUA_IDSIZE, "%s", source);
  e->raised_line = line;
  e->raised_text = text;
}


void bh__note_handler_failure (lua_State *L) {
  bh_host *h = bh__host(L);
  bh_error_site site;
  size_t len, at = 0;
  const char *msg;
  site.raised_source[0] = '\0';
  h->handler_source[0] = '\0';
  if (lua_type(L, -1) != LUA_TSTRING && lua_type(L, -1) != LUA_TNUMBER) {
    snprintf(h->handler_text, BH_HANDLER_TEXT, "(error object is a %s value)",
             luaL_typename(L, -1));
    return;
  }
  note_site(L, L, 1, &site);  /* the handler's frames, above this one */
  msg = lua_tolstring(L, -1, &len);
  if (site.source[0] != '\0') {
    memcpy(h->handler_source, site.source, LUA_IDSIZE);
    h->handler_line = site.line;
    at = site.where;
  }
  len = (site.text < len ? site.text : len) - at;
  if (len >= BH_HANDLER_TEXT)
    len = BH_HANDLER_TEXT - 1;
  memcpy(h->handler_text, msg + at, len);
  h->handler_text[len] = '\0';
}


const char *bh_handler_failure (lua_State *L, int *line, const char **text) {
  bh_host *h = bh__host(L);
  *line = h->handler_line;
  *text = h->handler_gave_up ? h->handler_text : NULL;
  return (h->handler_gave_up && h->handler_source[0] != '\0')
             ? h->handler_source : NULL;
}


/* Message handler of bh_pcall: message plus traceback. */
int bh__message_handler (lua_State *L) {
  bh_host *h = bh__host(L);
  int enforce = h->enforce;
  h->enforce = 0;  /* the traceback must not fail for want of memory */
  int object = 0;
  h->error.valid = 0;
  /* No refusal's own error comes here (Lua raises a memory error with no
     message handler: the hook or a coroutine's end settles it), but an
     error a C function raised in its place before the hook ran does */
  bh__settle_refusal(h);
  /* whatever was raised since the limit's own error, say why */
  if (bh_limit_reason(L) != BH_LIMIT_NONE) {
    push_stop_where(L, L, 1);
    bh__push_limit_message(L, h);
    lua_concat(L, 2);
  }
  else {
    object = lua_type(L, 1) != LUA_TSTRING;
    push_error_text(L, L, 1, BH_MAX_MESSAGE);
  }
  note_site(L, L, 1, &h->error);
  /* an error object that is no string, at a script's top level or in a
  ** module's: placed at the line that raised it, as a handler's is */
  if (object && h->error.source[0] == '\0')
    at_first_script_frame(&h->error);
  push_traceback(L, L, 1);
  h->enforce = enforce;
  return 1;
}


/* The site of a memory error a protected call returned (on top of L):
** its frames are gone, so its place is where the limit refused the
** script, the one frame noted then. */
static void note_refused_site (lua_State *L, bh_host *h) {
  bh_error_site *e = &h->error;
  size_t len;
  const char *msg = lua_tolstring(L, -1, &len);
  begin_site(e, len);
  if (h->refused_source[0] == '\0' || msg == NULL)
    return;
  memcpy(e->frames[0].source, h->refused_source, LUA_IDSIZE);
  e->frames[0].name[0] = '\0';
  e->frames[0].line = h->refused_line;
  e->nframes = 1;
  heads(e, msg, len, h->refused_source, h->refused_line);
}


/*
** Whether a memory error is the limit's: Lua 5.4 raises a script's own
** error("not enough memory", 0) as a memory error too (lua_error does, for
** that very string), so the status and the text say nothing. Only a
** refusal noted by the allocator (state.c, refuse) is the limit; its slice
** may not be settled yet when the callback's depth is back to 0.
*/
static int limit_refused (lua_State *L, bh_host *h, int status) {
  return status == LUA_ERRMEM &&
         (h->refused || bh_limit_reason(L) != BH_LIMIT_NONE);
}


/* Replaces the error object on top of L by the final message. */
void bh__finish_error (lua_State *L, int status) {
  bh_host *h = bh__host(L);
  if (status != LUA_ERRRUN)  /* the handler did not run, or failed */
    h->error.valid = 0;
  if (status == LUA_ERRMEM) {  /* the handler did not run */
    lua_pop(L, 1);
    bh__push_refused_where(L);
    if (!limit_refused(L, h, status))
      lua_pushliteral(L, "not enough memory");  /* its own (sb_error) */
    else
      bh__push_reason(L, h, bh_limit_reason(L) != BH_LIMIT_NONE ? h->spent
                                                          : BH_LIMIT_MEMORY);
    lua_concat(L, 2);
    note_refused_site(L, h);
  }
  else {
    push_error_text(L, L, -1, 4 * BH_MAX_MESSAGE);
    lua_remove(L, -2);
  }
}


const char *bh_error_where (lua_State *L, size_t *where, int *repeats,
                            size_t *text, int *line) {
  bh_error_site *e = &bh__host(L)->error;
  *where = 0;
  *repeats = 0;
  *text = 0;
  *line = 0;
  if (!e->valid) return NULL;
  *text = e->text;
  *where = e->where;  /* an unknown place cut off has no source */
  if (e->source[0] == '\0') return NULL;
  *repeats = e->repeats;
  *line = e->line;
  return e->source;
}


const char *bh_error_frame (lua_State *L, int i, int *line,
                            const char **name) {
  bh_error_site *e = &bh__host(L)->error;
  if (!e->valid || i < 0 || i >= e->nframes) return NULL;
  *line = e->frames[i].line;
  *name = e->frames[i].name;
  return e->frames[i].source;
}


int bh_error_deep (lua_State *L) {
  bh_error_site *e = &bh__host(L)->error;
  return e->valid && e->deep;
}


/* Whether co has no frame because a limit refused the stack its function
** needed before the first line ran (a handler's first call, the memory
** limit): then 'ar' says where that function starts, its place, as a
** function that calls itself without end is stopped at its first line. */
static int unstarted (lua_State *co, lua_Debug *ar) {
  if (lua_getstack(co, 0, ar) || lua_gettop(co) < 1 ||
      lua_type(co, 1) != LUA_TFUNCTION || lua_iscfunction(co, 1) ||
      !lua_checkstack(co, 1))
    return 0;
  lua_pushvalue(co, 1);
  return lua_getinfo(co, ">S", ar) && ar->linedefined > 0;
}


void bh__resume_error (lua_State *L, lua_State *co, int status) {
  bh_host *h = bh__host(L);
  lua_Debug start;
  int limit = 1;
  /* co's stack is not unwound: its frames give place and traceback */
  bh__settle_refusal(h);
  if (bh_limit_reason(L) != BH_LIMIT_NONE)
    push_stop_where(L, co, 0);
  else if (limit_refused(L, h, status))
    bh__push_where(L, co, 0);
  else
    limit = 0;
  if (limit) {
    int first = lua_rawlen(L, -1) == 0 && unstarted(co, &start);
    if (first) {
      lua_pop(L, 1);
      lua_pushfstring(L, "%s:%d: ", start.short_src, start.linedefined);
    }
    bh__push_reason(L, h, bh_limit_reason(L) != BH_LIMIT_NONE
                              ? h->spent : BH_LIMIT_MEMORY);
    lua_concat(L, 2);
    note_site(L, co, 0, &h->error);
    if (first && h->error.source[0] == '\0') {
      size_t len;
      const char *msg = lua_tolstring(L, -1, &len);
      heads(&h->error, msg, len, start.short_src, start.linedefined);
    }
  }
  else {
    /* Lua heads only a string with its position: another error object
    ** (error({ code = 1 }), error(42)) is placed at the script's line
    ** that raised it, which its frames still show. */
    int object = lua_type(co, -1) != LUA_TSTRING;
    push_error_text(L, co, -1, BH_MAX_MESSAGE);
    note_site(L, co, 0, &h->error);
    if (object && h->error.source[0] == '\0')
      at_first_script_frame(&h->error);
  }
  push_traceback(L, co, 0);
}


/* Notes where the message on top of L says the chunk 'chunkname' failed
** to compile: Lua's parser puts "source:line: " at its head, with the
** chunk's name as Lua shortens it, which an empty chunk of that name
** gives. */
static void note_load_site (lua_State *L, bh_host *h, int status,
                            const char *chunkname) {
  bh_error_site *e = &h->error;
  lua_Debug ar;
  size_t len, n;
  const char *msg = lua_tolstring(L, -1, &len);
  begin_site(e, len);
  e->raised_source[0] = '\0';
  if (status != LUA_ERRSYNTAX || msg == NULL || chunkname == NULL ||
      luaL_loadbufferx(L, "", 0, chunkname, "t") != LUA_OK) {
    if (status == LUA_ERRSYNTAX && msg != NULL && chunkname != NULL)
      lua_pop(L, 1);  /* the empty chunk's error */
    return;
  }
  lua_getinfo(L, ">S", &ar);
  n = strlen(ar.short_src);
  if (n + 2 < len && memcmp(msg, ar.short_src, n) == 0 && msg[n] == ':') {
    size_t at = n + 1;
    int line = 0;
    while (at < len && msg[at] >= '0' && msg[at] <= '9' && line < 100000000)
      line = line * 10 + (msg[at++] - '0');
    if (at > n + 1 && at + 1 < len && msg[at] == ':' && msg[at + 1] == ' ')
      heads(e, msg, len, ar.short_src, line);
  }
}


void bh__load_error (lua_State *L, int status, const char *chunkname) {
  bh_host *h = bh__host(L);
  if (status == LUA_ERRMEM) {  /* no line ran: the chunk is the place */
    lua_pop(L, 1);
    if (chunkname != NULL)
      lua_pushfstring(L, "%s: ", chunkname + (*chunkname == '=' ||
                                               *chunkname == '@'));
    else
      lua_pushliteral(L, "");
    bh__push_reason(L, h, BH_LIMIT_MEMORY);
    lua_pushliteral(L, " while compiling it: its compiled code must fit "
                       "within the scene's memory limit");
    lua_concat(L, 3);
  }
  else {
    /* "C stack overflow" from deep nesting comes without the name */
    if (status != LUA_ERRSYNTAX && chunkname != NULL)
      lua_pushfstring(L, "%s: ", chunkname + (*chunkname == '=' ||
                                               *chunkname == '@'));
    else
      lua_pushliteral(L, "");
    push_error_text(L, L, -2, BH_MAX_MESSAGE);  /* tokens can be long */
    lua_concat(L, 2);
    lua_remove(L, -2);
  }
  note_load_site(L, h, status, chunkname);
}

/* }====================================================== */
