/*
** The raw Lua C API baseline of Behave's benchmarks (see CBaseline.h).
*/
#define _GNU_SOURCE
#include <fcntl.h>
#include <malloc.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <lauxlib.h>
#include <lua.h>
#include <lualib.h>
#include <string.h>
#include <time.h>

#include "CBaseline.h"

/* Under valgrind's callgrind, with --collect-atstart=no, only what runs
** between baseline_measure(1) and baseline_measure(0) is counted: the
** measured loop, not the setting up. Elsewhere (or without valgrind's
** headers) it does nothing. */
#if defined(__has_include)
#if __has_include(<valgrind/callgrind.h>)
#include <valgrind/callgrind.h>
#define HAVE_CALLGRIND 1
#endif
#endif

void baseline_measure(int on) {
#ifdef HAVE_CALLGRIND
  static int collecting = 0;
  if (on != collecting) {
    CALLGRIND_TOGGLE_COLLECT;
    collecting = on;
  }
#else
  (void)on;
#endif
}

/* A button as small as it gets: an image (a registry reference to the
** value), an alpha and a frame. */
typedef struct Button {
  int image;
  int handler;     /* a registry reference to the tap handler */
  double alpha;
  double frame[4];
  double offset;   /* a scroll view's content offset (y) */
  long changes;
} Button;

/* button:on(event, handler): keeps the handler (one event is enough). */
static int button_on(lua_State *L) {
  Button *b = (Button *)luaL_checkudata(L, 1, "Button");
  luaL_checkstring(L, 2);
  luaL_checktype(L, 3, LUA_TFUNCTION);
  luaL_unref(L, LUA_REGISTRYINDEX, b->handler);
  lua_settop(L, 3);
  b->handler = luaL_ref(L, LUA_REGISTRYINDEX);
  return 0;
}

static int button_index(lua_State *L) {
  Button *b = (Button *)luaL_checkudata(L, 1, "Button");
  const char *key = luaL_checkstring(L, 2);
  if (strcmp(key, "image") == 0) lua_rawgeti(L, LUA_REGISTRYINDEX, b->image);
  else if (strcmp(key, "on") == 0) lua_pushcfunction(L, button_on);
  else if (strcmp(key, "alpha") == 0) lua_pushnumber(L, b->alpha);
  else if (strcmp(key, "contentOffset") == 0) {
    lua_createtable(L, 0, 2);
    lua_pushnumber(L, 0);
    lua_setfield(L, -2, "x");
    lua_pushnumber(L, b->offset);
    lua_setfield(L, -2, "y");
  }
  else lua_pushnil(L);
  return 1;
}

static int button_newindex(lua_State *L) {
  Button *b = (Button *)luaL_checkudata(L, 1, "Button");
  const char *key = luaL_checkstring(L, 2);
  if (strcmp(key, "image") == 0) {
    luaL_unref(L, LUA_REGISTRYINDEX, b->image);
    lua_settop(L, 3);
    b->image = luaL_ref(L, LUA_REGISTRYINDEX);
  }
  else if (strcmp(key, "alpha") == 0) b->alpha = luaL_checknumber(L, 3);
  else if (strcmp(key, "frame") == 0) {
    int i;
    luaL_checktype(L, 3, LUA_TTABLE);
    for (i = 0; i < 4; i++) {
      lua_rawgeti(L, 3, i + 1);
      b->frame[i] = luaL_checknumber(L, -1);
      lua_pop(L, 1);
    }
  }
  else return luaL_error(L, "no property %s", key);
  b->changes++;  /* the change is recorded */
  return 0;
}

/* self:send(event): counts. */
static int send(lua_State *L) {
  (void)L;
  return 0;
}

static double now_ns(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return (double)t.tv_sec * 1e9 + (double)t.tv_nsec;
}

/* A state with a Button userdata as global 'button' and the toggle's class
** and instance built as toggle.lua builds them. */
/* Pushes a new Button userdata. */
static Button *new_button(lua_State *L) {
  Button *b = (Button *)lua_newuserdatauv(L, sizeof(Button), 0);
  memset(b, 0, sizeof(Button));
  b->alpha = 1;
  lua_pushnil(L);
  b->image = luaL_ref(L, LUA_REGISTRYINDEX);
  b->handler = LUA_NOREF;
  if (luaL_newmetatable(L, "Button")) {
    lua_pushcfunction(L, button_index);
    lua_setfield(L, -2, "__index");
    lua_pushcfunction(L, button_newindex);
    lua_setfield(L, -2, "__newindex");
  }
  lua_setmetatable(L, -2);
  return b;
}

static lua_State *open_state(void) {
  lua_State *L = luaL_newstate();
  luaL_openlibs(L);
  new_button(L);
  lua_setglobal(L, "button");
  lua_pushcfunction(L, send);
  lua_setglobal(L, "send");
  return L;
}


double baseline_event_round_trip(long events, const char *source) {
  lua_State *L = open_state();
  if (luaL_dostring(L, source) != LUA_OK) { lua_close(L); return -1; }
  int handler = luaL_ref(L, LUA_REGISTRYINDEX);
  double start;
  baseline_measure(1);
  start = now_ns();
  for (long i = 0; i < events; i++) {
    lua_rawgeti(L, LUA_REGISTRYINDEX, handler);
    if (lua_pcall(L, 0, 0, 0) != LUA_OK) { lua_close(L); return -1; }
  }
  double elapsed = now_ns() - start;
  baseline_measure(0);
  lua_close(L);
  return elapsed / (double)events;
}


double baseline_property_access(long operations, const char *source) {
  lua_State *L = open_state();
  if (luaL_dostring(L, source) != LUA_OK) { lua_close(L); return -1; }
  lua_pushinteger(L, operations / 2);
  double start, elapsed;
  baseline_measure(1);
  start = now_ns();
  if (lua_pcall(L, 1, 0, 0) != LUA_OK) { baseline_measure(0); lua_close(L); return -1; }
  elapsed = now_ns() - start;
  baseline_measure(0);
  lua_close(L);
  return elapsed / (double)operations;
}

/* The scroll storm: three handlers, each as a scroll view's delegate
** message would run it, setting two properties of a view of its own. */
double baseline_scroll_storm(long frames, const char *source) {
  lua_State *L = open_state();
  Button *scroll = new_button(L);
  int scrollref = luaL_ref(L, LUA_REGISTRYINDEX);
  int handlers[3];
  int i;
  double start, elapsed;
  long f;
  for (i = 0; i < 3; i++) {
    if (luaL_loadstring(L, source) != LUA_OK) { lua_close(L); return -1; }
    new_button(L);
    if (lua_pcall(L, 1, 1, 0) != LUA_OK) { lua_close(L); return -1; }
    handlers[i] = luaL_ref(L, LUA_REGISTRYINDEX);
  }
  baseline_measure(1);
  start = now_ns();
  for (f = 0; f < frames; f++) {
    scroll->offset = (double)(f % 600);
    scroll->changes++;  /* the offset's change is recorded */
    for (i = 0; i < 3; i++) {
      lua_rawgeti(L, LUA_REGISTRYINDEX, handlers[i]);
      lua_rawgeti(L, LUA_REGISTRYINDEX, scrollref);
      if (lua_pcall(L, 1, 0, 0) != LUA_OK) { lua_close(L); return -1; }
    }
  }
  elapsed = now_ns() - start;
  baseline_measure(0);
  lua_close(L);
  return elapsed / (double)frames;
}

/* Attach: 'count' buttons, each with an instance of the class the chunk
** 'source' returns (its outlet and inspectables set, the class as its
** metatable's __index) whose awake sets the image and connects the tap
** handler. The first button is tapped once to check the handler works. */
double baseline_attach(long count, const char *source, double *bytes) {
  lua_State *L = open_state();
  double start, elapsed;
  unsigned long before;
  Button *first = NULL;
  long i;
  if (luaL_dostring(L, source) != LUA_OK) { lua_close(L); return -1; }
  lua_createtable(L, (int)count, 0);  /* keeps the instances */
  lua_gc(L, LUA_GCCOLLECT);
  before = baseline_heap_in_use();
  baseline_measure(1);
  start = now_ns();
  for (i = 1; i <= count; i++) {
    Button *b = new_button(L);
    if (first == NULL) first = b;
    lua_createtable(L, 0, 7);
    lua_rotate(L, -2, 1);  /* class, list, instance, button */
    lua_setfield(L, -2, "button");
    lua_pushliteral(L, "toggle-off");
    lua_setfield(L, -2, "normalImage");
    lua_pushliteral(L, "toggle-on");
    lua_setfield(L, -2, "selectedImage");
    lua_pushboolean(L, 0);
    lua_setfield(L, -2, "animated");
    lua_pushnumber(L, 0.7);
    lua_setfield(L, -2, "duration");
    lua_pushvalue(L, -3);
    lua_setmetatable(L, -2);  /* the class is its own __index */
    lua_getfield(L, -1, "awake");
    lua_pushvalue(L, -2);
    if (lua_pcall(L, 1, 0, 0) != LUA_OK) { lua_close(L); return -1; }
    lua_rawseti(L, -2, i);
  }
  elapsed = now_ns() - start;
  baseline_measure(0);
  *bytes = ((double)baseline_heap_in_use() - (double)before) / (double)count;
  lua_rawgeti(L, LUA_REGISTRYINDEX, first->handler);
  if (lua_pcall(L, 0, 0, 0) != LUA_OK) { lua_close(L); return -1; }
  lua_rawgeti(L, LUA_REGISTRYINDEX, first->image);
  if (lua_type(L, -1) != LUA_TSTRING || strcmp(lua_tostring(L, -1), "toggle-on") != 0) {
    lua_close(L);
    return -1;
  }
  lua_close(L);
  return elapsed / (double)count;
}

const char *baseline_lua_release(void) {
  return LUA_RELEASE;
}

unsigned long baseline_heap_in_use(void) {
  struct mallinfo2 info = mallinfo2();
  return (unsigned long)info.uordblks;
}

extern char **environ;

double baseline_time_command(char *const argv[], const char *directory) {
  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0);
  posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0);
  posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0);
  if (directory != NULL) posix_spawn_file_actions_addchdir_np(&actions, directory);
  double start = now_ns();
  pid_t pid;
  int failed = posix_spawn(&pid, argv[0], &actions, NULL, argv, environ);
  posix_spawn_file_actions_destroy(&actions);
  if (failed) return -1;
  int status;
  if (waitpid(pid, &status, 0) < 0) return -1;
  return (now_ns() - start) / 1e6;
}
