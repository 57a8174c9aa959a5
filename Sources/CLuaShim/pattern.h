/*
** pattern.h: Lua patterns, compiled to a short program and run by a
** backtracking machine with an explicit stack (no C recursion). Internal
** to CLuaShim; the Lua-facing functions are in stringlib.c.
**
** Every step the machine takes is charged to the running callback's
** budget, so no pattern can keep the host inside one C call. Errors in
** the pattern text are compiled into the program and raised only when the
** machine reaches them, which is when Lua 5.4 reports them too.
*/
#ifndef BH_PATTERN_H
#define BH_PATTERN_H

#include <stddef.h>

#include "bh_internal.h"

/* Captures a pattern may open (Lua's limit, kept for compatibility). */
#define PAT_MAXCAPTURES  32

/* Backtracking frames live at once; one more is "pattern too complex".
** Lua 5.4 gives the same error at the same point (a frame here is one
** level of its recursive matcher). */
#define PAT_MAXFRAMES    199

typedef struct pat_insn pat_insn;
typedef struct pat_program pat_program;

/* Where a capture stands while matching: a length, or one of these. */
#define PAT_OPEN       (-1)
#define PAT_POSITION   (-2)

typedef struct pat_frame {
  int kind;           /* what to do when a failure reaches this frame */
  int pc;             /* the instruction it belongs to */
  const char *s;      /* a subject position, by kind */
  size_t n;           /* repetitions left to give back (greedy) */
} pat_frame;

typedef struct pat_matcher {
  lua_State *L;
  const pat_program *program;
  const char *subject;  /* the whole subject */
  const char *end;      /* one past its last byte */
  int ncaptures;        /* captures opened on the current path */
  struct {
    const char *start;
    ptrdiff_t len;      /* PAT_OPEN, PAT_POSITION or a length */
  } capture[PAT_MAXCAPTURES];
  long long steps;      /* work not yet charged to the budget */
  int nframes;
  pat_frame frame[PAT_MAXFRAMES];
} pat_matcher;

/* Compiles pattern 'p' (lp bytes, without any leading anchor) into a new
** userdata pushed onto the stack, and returns the program inside it. The
** program points into 'p', which must outlive it. Raises only for memory. */
const pat_program *pat_compile (lua_State *L, const char *p, size_t lp);

/* Raises the first mistake compiled into 'program' (as Lua words it), or
** "unfinished capture" for a capture it never closes, whether or not a
** match would reach it: for host code that takes a pattern once and wants
** its mistakes before matching anything. */
void pat_check (lua_State *L, const pat_program *program);

/* The byte every match must start with, or -1 when there is none. */
int pat_first_byte (const pat_program *program);

/* Prepares 'm' to run 'program' on a subject. */
void pat_start (pat_matcher *m, lua_State *L, const pat_program *program,
                const char *subject, size_t len);

/* Matches at 's': the end of the match, or NULL. Raises pattern errors
** and budget errors. */
const char *pat_match (pat_matcher *m, const char *s);

/* Pushes capture i of a match s..e (the whole match when the pattern has
** no captures and i is 0). Raises for a bad index or unfinished capture. */
void pat_push_capture (pat_matcher *m, int i, const char *s, const char *e);

/* Pushes every capture of a match s..e, or the whole match when there are
** none and 'whole' is set; returns how many were pushed. */
int pat_push_captures (pat_matcher *m, const char *s, const char *e,
                       int whole);

/* Adds 'units' of work; charges the budget once enough has gathered. */
void pat_spend (pat_matcher *m, long long units);

/* Charges whatever work is left uncharged. */
void pat_settle (pat_matcher *m);

#endif
