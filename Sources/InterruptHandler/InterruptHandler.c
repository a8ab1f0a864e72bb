// Ctrl-C cleanup, in C because only C can keep a signal handler async-signal-safe: the handler
// reads fixed slots and calls unlink, write, tcsetattr and _exit, never malloc or a lock, so it
// cannot deadlock when the signal lands while the interrupted thread holds either.
//
// A full-screen command (squad pick) also registers the terminal it took over: every way out
// through a signal (Ctrl-C, SIGTERM, SIGHUP when the terminal closes, a crash) first gives the
// terminal back its saved settings, main screen and cursor.

#include "InterruptHandler.h"

#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdatomic.h>
#include <string.h>
#include <termios.h>
#include <unistd.h>

enum { SLOT_COUNT = 16, PATH_CAPACITY = 4096 };
enum { SLOT_FREE = 0, SLOT_WRITING = 1, SLOT_READY = 2 };

static char paths[SLOT_COUNT][PATH_CAPACITY];
static atomic_int states[SLOT_COUNT];
static atomic_int line_open;

static atomic_int terminal_taken;
static int terminal_fd = -1;
static struct termios terminal_saved;
static const char terminal_restore[] = "\x1b[0m\x1b[?25h\x1b[?1049l";
static int resize_pipe[2] = {-1, -1};
static const int crash_signals[] = {SIGSEGV, SIGBUS, SIGILL, SIGTRAP, SIGABRT, SIGFPE};
enum { CRASH_SIGNAL_COUNT = sizeof crash_signals / sizeof crash_signals[0] };
static struct sigaction previous_crash_actions[CRASH_SIGNAL_COUNT];

static void restore_terminal(void) {
  // Exactly once, whichever way out gets here first.
  if (!atomic_exchange(&terminal_taken, 0)) return;
  (void)!write(terminal_fd, terminal_restore, sizeof terminal_restore - 1);
  tcsetattr(terminal_fd, TCSAFLUSH, &terminal_saved);
}

static void remove_registered_files_and_exit(int signal_number) {
  restore_terminal();
  for (int slot = 0; slot < SLOT_COUNT; slot++) {
    if (atomic_load(&states[slot]) == SLOT_READY) unlink(paths[slot]);
  }
  // A status line on stderr ends with its newline, so the shell's prompt starts on its own line.
  if (atomic_load(&line_open)) (void)!write(STDERR_FILENO, "\n", 1);
  _exit(signal_number == SIGINT ? 130 : 128 + signal_number);
}

void interrupt_handler_install(void) {
  // A parent may hand these signals over blocked (some test runners and daemons do); Ctrl-C must
  // still work.
  sigset_t signals;
  sigemptyset(&signals);
  sigaddset(&signals, SIGINT);
  sigaddset(&signals, SIGTERM);
  pthread_sigmask(SIG_UNBLOCK, &signals, NULL);

  struct sigaction action;
  memset(&action, 0, sizeof action);
  action.sa_handler = remove_registered_files_and_exit;
  sigfillset(&action.sa_mask);
  sigaction(SIGINT, &action, NULL);
  sigaction(SIGTERM, &action, NULL);
}

int interrupt_handler_register(const char *path) {
  size_t length = strlen(path);
  if (length >= PATH_CAPACITY) return -1;
  for (int slot = 0; slot < SLOT_COUNT; slot++) {
    int expected = SLOT_FREE;
    // The handler only reads a slot once it is READY, so it never sees a path half copied.
    if (atomic_compare_exchange_strong(&states[slot], &expected, SLOT_WRITING)) {
      memcpy(paths[slot], path, length + 1);
      atomic_store(&states[slot], SLOT_READY);
      return slot;
    }
  }
  return -1;
}

void interrupt_handler_set_line_open(int open) { atomic_store(&line_open, open != 0); }

void interrupt_handler_unregister(int slot) {
  if (slot >= 0 && slot < SLOT_COUNT) atomic_store(&states[slot], SLOT_FREE);
}

static void restore_terminal_and_crash(int signal_number, siginfo_t *info, void *context) {
  (void)context;
  restore_terminal();
  // Hand the signal to whoever handled it before (the Swift runtime's backtracer, or the default
  // that ends the process): a fault re-runs its instruction on return, a sent signal is sent again.
  for (int index = 0; index < CRASH_SIGNAL_COUNT; index++) {
    if (crash_signals[index] == signal_number) sigaction(signal_number, &previous_crash_actions[index], NULL);
  }
  if (info == NULL || info->si_code <= 0) raise(signal_number);
}

static void on_resize(int signal_number) {
  (void)signal_number;
  int saved_errno = errno;
  if (resize_pipe[1] >= 0) (void)!write(resize_pipe[1], "r", 1);
  errno = saved_errno;
}

// Signals (besides Ctrl-C's and SIGTERM) whose default ends the process: while the terminal is
// taken they end it the same way, terminal given back.
static const int ending_signals[] = {SIGHUP, SIGQUIT, SIGUSR1, SIGUSR2, SIGALRM, SIGVTALRM, SIGPROF};
#define ENDING_SIGNAL_COUNT (int)(sizeof ending_signals / sizeof ending_signals[0])

int interrupt_handler_take_terminal(int fd, const struct termios *saved) {
  terminal_fd = fd;
  memcpy(&terminal_saved, saved, sizeof terminal_saved);
  atomic_store(&terminal_taken, 1);

  struct sigaction action;
  memset(&action, 0, sizeof action);
  action.sa_handler = remove_registered_files_and_exit;
  sigfillset(&action.sa_mask);
  for (int index = 0; index < ENDING_SIGNAL_COUNT; index++) sigaction(ending_signals[index], &action, NULL);

  struct sigaction crash;
  memset(&crash, 0, sizeof crash);
  crash.sa_sigaction = restore_terminal_and_crash;
  crash.sa_flags = SA_SIGINFO | SA_ONSTACK;
  sigemptyset(&crash.sa_mask);
  for (int index = 0; index < CRASH_SIGNAL_COUNT; index++) {
    sigaction(crash_signals[index], &crash, &previous_crash_actions[index]);
  }

  if (resize_pipe[0] < 0) {
    if (pipe(resize_pipe) != 0) return -1;
    for (int end = 0; end < 2; end++) {
      fcntl(resize_pipe[end], F_SETFL, fcntl(resize_pipe[end], F_GETFL) | O_NONBLOCK);
      fcntl(resize_pipe[end], F_SETFD, FD_CLOEXEC);
    }
  }
  struct sigaction resize;
  memset(&resize, 0, sizeof resize);
  resize.sa_handler = on_resize;
  resize.sa_flags = SA_RESTART;
  sigemptyset(&resize.sa_mask);
  sigaction(SIGWINCH, &resize, NULL);
  // As for Ctrl-C: a parent may hand these over blocked, and a blocked SIGABRT or SIGHUP would
  // never reach the handler that gives the terminal back.
  sigset_t signals;
  sigemptyset(&signals);
  for (int index = 0; index < ENDING_SIGNAL_COUNT; index++) sigaddset(&signals, ending_signals[index]);
  sigaddset(&signals, SIGWINCH);
  for (int index = 0; index < CRASH_SIGNAL_COUNT; index++) sigaddset(&signals, crash_signals[index]);
  pthread_sigmask(SIG_UNBLOCK, &signals, NULL);
  return resize_pipe[0];
}

void interrupt_handler_give_back_terminal(void) {
  restore_terminal();
  for (int index = 0; index < CRASH_SIGNAL_COUNT; index++) {
    sigaction(crash_signals[index], &previous_crash_actions[index], NULL);
  }
  signal(SIGWINCH, SIG_DFL);
}
