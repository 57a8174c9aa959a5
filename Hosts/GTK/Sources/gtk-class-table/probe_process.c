/*
** probe_process.c: a probe of GTK in a child process (probe_process.h).
*/

#include "probe_process.h"
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

/* The pipe to the parent, in the child. */
enum { probe_pipe = 3 };

FILE *probe_process_begin (int *status) {
  /* A crash ends the child at once (no Swift runtime backtrace), and GLib
     tells of one on stdout and stderr, which are not the pipe. */
  const int crash_signals[] = {SIGABRT, SIGSEGV, SIGBUS, SIGILL, SIGFPE, SIGTRAP};
  for (guint i = 0; i < G_N_ELEMENTS(crash_signals); i++) signal(crash_signals[i], SIG_DFL);
  int nothing = open("/dev/null", O_WRONLY);
  dup2(nothing, STDOUT_FILENO);
  dup2(nothing, STDERR_FILENO);
  /* No accessibility bus: what a probe asks does not need one. */
  g_setenv("GTK_A11Y", "none", TRUE);
  FILE *writing = fdopen(probe_pipe, "w");
  if (writing == NULL) {
    *status = 1;
    return NULL;
  }
  setvbuf(writing, NULL, _IONBF, 0);
  if (!gtk_init_check()) {
    fputc('D', writing);
    fclose(writing);
    *status = 0;
    return NULL;
  }
  return writing;
}

void probe_process_close_windows (void) {
  GList *windows = gtk_window_list_toplevels();
  for (GList *window = windows; window != NULL; window = window->next) gtk_window_destroy(window->data);
  g_list_free(windows);
}

pid_t probe_process_start (const char *flag, guint from, FILE **reading) {
  int ends[2];
  if (pipe(ends) != 0) return -1;
  fflush(stdout);
  pid_t child = fork();
  if (child == 0) {
    dup2(ends[1], probe_pipe);
    char number[16];
    snprintf(number, sizeof number, "%u", from);
    execl("/proc/self/exe", "gtk-class-table", flag, number, (char *)NULL);
    _exit(127);
  }
  close(ends[1]);
  *reading = fdopen(ends[0], "r");
  return child;
}

int probe_process_wait (pid_t child) {
  int status = 0;
  while (waitpid(child, &status, 0) < 0 && errno == EINTR) {}
  return status;
}

gboolean probe_process_failed_to_start (int status) {
  return WIFEXITED(status) && WEXITSTATUS(status) == 127;
}
