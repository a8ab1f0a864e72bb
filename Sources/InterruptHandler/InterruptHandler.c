// Ctrl-C cleanup, in C because only C can keep a signal handler async-signal-safe: the handler
// reads fixed slots and calls unlink, write, tcsetattr and _exit, never malloc or a lock, so it
// cannot deadlock when the signal lands while the interrupted thread holds either.
//
// A full-screen command (squad pick) also registers the terminal it took over: every way out
// through a signal (Ctrl-C, SIGTERM, SIGHUP when the terminal closes, a crash) first gives the
// terminal back its saved settings, main screen and cursor. Job control works as in any good
// terminal program: a stop (Ctrl-Z's SIGTSTP, SIGTTIN, SIGTTOU) first gives the terminal back, and
// SIGCONT takes it again (raw mode, alternate screen, hidden cursor) and asks for a full redraw
// through the resize pipe. SIGSTOP cannot be caught, so it leaves the terminal as it was; the
// SIGCONT after it takes the terminal again all the same. A job continued in the background
// (`bg`) gets no SIGCONT when `fg` later brings it to the front, so the key reader asks
// `interrupt_handler_hold_terminal` before each wait: in the background it reads and draws
// nothing; in front again with the terminal not held, it takes it again there.

#include "InterruptHandler.h"

#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdatomic.h>
#include <stdio.h>
#include <string.h>
#include <termios.h>
#include <unistd.h>

enum { SLOT_COUNT = 16, PATH_CAPACITY = 4096 };
enum { SLOT_FREE = 0, SLOT_WRITING = 1, SLOT_READY = 2 };

static char paths[SLOT_COUNT][PATH_CAPACITY];
static atomic_int states[SLOT_COUNT];
static atomic_int line_open;

static atomic_int terminal_taken;
// Whether squad's raw settings and alternate screen are on the terminal now: cleared when a stop
// gives it back and whenever squad finds itself in the background (the shell's settings are on it
// then), set again only when squad takes it back in front.
static atomic_int terminal_held;
static int terminal_fd = -1;
static struct termios terminal_saved;
static struct termios terminal_raw;
static const char terminal_take[] = "\x1b[?1049h\x1b[?25l";
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

// Committing a change (interrupt_handler_rename on a thread inside interrupt_handler_arm_commit):
// from such a rename on, an interrupt waits in `commit_interrupt` instead of ending the process.
// Once one has succeeded (`committed`) the change is made, so the command finishes and says so:
// an exit 130 would tell the user, or a script that retries, that nothing changed. Otherwise the
// interrupt ends the process as the last commit in progress ends (`deferring` back to 0).
static atomic_int deferring;
static atomic_int committed;
static atomic_int commit_interrupt;
static _Thread_local int commit_armed;
static _Thread_local int deferring_here;

static void remove_registered_files_and_exit(int signal_number) {
  // Stored, then looked at again: a commit ending meanwhile on another thread either sees the
  // interrupt or is seen to have ended (interrupt_handler_disarm_commit).
  if (atomic_load(&committed) || atomic_load(&deferring)) {
    atomic_store(&commit_interrupt, signal_number);
    if (atomic_load(&committed) || atomic_load(&deferring)) return;
  }
  restore_terminal();
  for (int slot = 0; slot < SLOT_COUNT; slot++) {
    if (atomic_load(&states[slot]) == SLOT_READY) unlink(paths[slot]);
  }
  // A status line or a question ends with its newline, so the shell's prompt starts on its own line.
  int open_on = atomic_load(&line_open);
  if (open_on == 1) (void)!write(STDERR_FILENO, "\n", 1);
  if (open_on == 2) {
    int terminal = open("/dev/tty", O_WRONLY | O_NOCTTY | O_CLOEXEC);
    if (terminal >= 0) (void)!write(terminal, "\n", 1);
  }
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
  // An interrupt that waits returns: what it interrupted goes on rather than fail with EINTR.
  action.sa_flags = SA_RESTART;
  sigfillset(&action.sa_mask);
  sigaction(SIGINT, &action, NULL);
  sigaction(SIGTERM, &action, NULL);
}

void interrupt_handler_arm_commit(void) { commit_armed++; }

void interrupt_handler_disarm_commit(void) {
  if (--commit_armed > 0 || !deferring_here) return;
  deferring_here = 0;
  if (atomic_fetch_sub(&deferring, 1) != 1 || atomic_load(&committed)) return;
  int interrupt = atomic_exchange(&commit_interrupt, 0);
  if (interrupt != 0) remove_registered_files_and_exit(interrupt);
}

int interrupt_handler_rename(const char *source, const char *destination) {
  if (commit_armed > 0 && !deferring_here) {
    deferring_here = 1;
    atomic_fetch_add(&deferring, 1);
  }
  int result;
  do result = rename(source, destination);
  while (result != 0 && errno == EINTR);
  if (result == 0 && commit_armed > 0) atomic_store(&committed, 1);
  return result;
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

void interrupt_handler_set_line_open(int where) { atomic_store(&line_open, where); }

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
  // A sent signal's si_code is SI_USER and kin: 0 or below on Linux, SI_USER (0x10001) and up on
  // Darwin, which also gives 0 for some; a fault's is a small positive code (SEGV_MAPERR...).
#if defined(__APPLE__)
  int sent = info == NULL || info->si_code <= 0 || info->si_code >= SI_USER;
#else
  int sent = info == NULL || info->si_code <= 0;
#endif
  if (sent) raise(signal_number);
}

static void on_resize(int signal_number) {
  (void)signal_number;
  int saved_errno = errno;
  if (resize_pipe[1] >= 0) (void)!write(resize_pipe[1], "r", 1);
  errno = saved_errno;
}

// Job control: the stops squad gives the terminal back for, and their dispositions from before
// (a stop that was ignored when squad started stays ignored, as a shell without job control wants).
static const int stop_signals[] = {SIGTSTP, SIGTTIN, SIGTTOU};
enum { STOP_SIGNAL_COUNT = sizeof stop_signals / sizeof stop_signals[0] };
static struct sigaction previous_stop_actions[STOP_SIGNAL_COUNT];
static struct sigaction previous_continue_action;
static atomic_int job_control_installed;
// While set, a stop waits (as `stop_pending`) until the terminal is given back: a save holding the
// squad's lock must not stop with it and leave every other squad process waiting.
static atomic_int stops_deferred;
static atomic_int stop_pending;
// Set by our own stop (SIGTSTP, SIGTTIN, SIGTTOU) before it stops; read and cleared by SIGCONT.
static atomic_int stopped_by_us;

// Whether the process is in the terminal's foreground: a job in the background must not touch the
// terminal the shell (or another job) is using. A terminal that is not the process's controlling
// terminal has no foreground to ask about: no job control can take it away, so it is squad's.
static int in_foreground(void) {
  pid_t group = tcgetpgrp(terminal_fd);
  return group == -1 || group == getpgrp();
}

// After `fg` up to three threads race to take the terminal again: the SIGCONT handler, the stop
// handler returning from its stop, and the key reader asking before its next wait. Only the first
// flushes (TCSAFLUSH: keys typed while the terminal was cooked, the shell's, are never read as the
// list's keys); it asks for the redraw after its flush, so a key typed at the list on screen again
// is never dropped by a later flush.
static void take_terminal_again(void) {
  if (!atomic_load(&terminal_taken) || !in_foreground()) return;
  if (atomic_exchange(&terminal_held, 1)) return;
  tcsetattr(terminal_fd, TCSAFLUSH, &terminal_raw);
  (void)!write(terminal_fd, terminal_take, sizeof terminal_take - 1);
  // The shell drew over the screen meanwhile: the pipe makes the list redraw it whole.
  if (resize_pipe[1] >= 0) (void)!write(resize_pipe[1], "c", 1);
}

static void on_continue(int signal_number) {
  (void)signal_number;
  int saved_errno = errno;
  // Continued in the background (`bg`, say after a SIGSTOP that could not give the terminal
  // back): the shell's settings are on it, so the next time in front takes it again.
  // A continue that follows no stop of ours (SIGSTOP cannot be caught) had the shell's settings
  // on the terminal meanwhile, as does one in the background: the next taker takes it afresh.
  if (!atomic_exchange(&stopped_by_us, 0) || !in_foreground()) atomic_store(&terminal_held, 0);
  take_terminal_again();
  errno = saved_errno;
}

static void on_stop(int signal_number);

static void install_stop_handler(int signal_number) {
  struct sigaction action;
  memset(&action, 0, sizeof action);
  action.sa_handler = on_stop;
  action.sa_flags = SA_RESTART;
  sigfillset(&action.sa_mask);
  sigaction(signal_number, &action, NULL);
}

static void on_stop(int signal_number) {
  int saved_errno = errno;
  // Only the user's stop waits: SIGTTIN and SIGTTOU come from touching the terminal from the
  // background, and returning would only touch it again.
  if (signal_number == SIGTSTP && atomic_load(&stops_deferred)) {
    atomic_store(&stop_pending, signal_number);
    errno = saved_errno;
    return;
  }
  if (atomic_load(&terminal_taken) && in_foreground()) {
    (void)!write(terminal_fd, terminal_restore, sizeof terminal_restore - 1);
    tcsetattr(terminal_fd, TCSADRAIN, &terminal_saved);
  }
  atomic_store(&terminal_held, 0);
  atomic_store(&stopped_by_us, 1);
  // Stop the way the signal's default does, right here.
  struct sigaction stop;
  memset(&stop, 0, sizeof stop);
  stop.sa_handler = SIG_DFL;
  sigemptyset(&stop.sa_mask);
  sigaction(signal_number, &stop, NULL);
  sigset_t only;
  sigemptyset(&only);
  sigaddset(&only, signal_number);
  pthread_sigmask(SIG_UNBLOCK, &only, NULL);
  raise(signal_number);
  // Continued, or never stopped (the kernel drops stops for an orphaned process group, one no
  // shell controls): either way the list takes the terminal again, unless SIGCONT's handler
  // already has.
  pthread_sigmask(SIG_BLOCK, &only, NULL);
  install_stop_handler(signal_number);
  take_terminal_again();
  errno = saved_errno;
}

static void install_job_control(void) {
  if (atomic_load(&job_control_installed)) return;
  for (int index = 0; index < STOP_SIGNAL_COUNT; index++) {
    sigaction(stop_signals[index], NULL, &previous_stop_actions[index]);
    if (previous_stop_actions[index].sa_handler != SIG_IGN) install_stop_handler(stop_signals[index]);
  }
  struct sigaction resume;
  memset(&resume, 0, sizeof resume);
  resume.sa_handler = on_continue;
  resume.sa_flags = SA_RESTART;
  sigfillset(&resume.sa_mask);
  sigaction(SIGCONT, &resume, &previous_continue_action);
  atomic_store(&job_control_installed, 1);
}

static void remove_job_control(void) {
  if (!atomic_exchange(&job_control_installed, 0)) return;
  for (int index = 0; index < STOP_SIGNAL_COUNT; index++) {
    sigaction(stop_signals[index], &previous_stop_actions[index], NULL);
  }
  sigaction(SIGCONT, &previous_continue_action, NULL);
}

void interrupt_handler_stop_reading_keys(void) {
  atomic_store(&stops_deferred, 1);
  // Nothing reads keys any more: the terminal turns Ctrl-C and Ctrl-\ into signals again, so a
  // save waiting for a lock can still be interrupted (and Ctrl-Z's SIGTSTP waits, as above).
  terminal_raw.c_lflag |= ISIG;
  if (atomic_load(&terminal_taken) && in_foreground()) tcsetattr(terminal_fd, TCSANOW, &terminal_raw);
}

int interrupt_handler_hold_terminal(void) {
  if (!atomic_load(&terminal_taken)) return in_foreground();
  if (!in_foreground()) {
    atomic_store(&terminal_held, 0);
    return 0;
  }
  // In front again without a SIGCONT to say so: `fg` of a job `bg` already continued only hands
  // it the terminal.
  take_terminal_again();
  return 1;
}

int interrupt_handler_terminal_held(void) {
  if (!atomic_load(&terminal_taken)) return in_foreground();
  return atomic_load(&terminal_held) && in_foreground();
}

void interrupt_handler_suspend(void) {
  // What the terminal does for Ctrl-Z outside raw mode: SIGTSTP to the whole foreground job.
  kill(0, SIGTSTP);
}

// Signals (besides Ctrl-C's and SIGTERM) whose default ends the process: while the terminal is
// taken they end it the same way, terminal given back.
static const int ending_signals[] = {
  SIGHUP, SIGQUIT, SIGUSR1, SIGUSR2, SIGALRM, SIGVTALRM, SIGPROF, SIGXCPU, SIGXFSZ, SIGSYS, SIGIO,
#ifdef SIGPWR
  SIGPWR,
#endif
#ifdef SIGSTKFLT
  SIGSTKFLT,
#endif
};
#define ENDING_SIGNAL_COUNT (int)(sizeof ending_signals / sizeof ending_signals[0])

int interrupt_handler_take_terminal(int fd, const struct termios *saved, const struct termios *raw) {
  terminal_fd = fd;
  memcpy(&terminal_saved, saved, sizeof terminal_saved);
  memcpy(&terminal_raw, raw, sizeof terminal_raw);
  atomic_store(&terminal_held, 1);
  atomic_store(&terminal_taken, 1);

  struct sigaction action;
  memset(&action, 0, sizeof action);
  action.sa_handler = remove_registered_files_and_exit;
  action.sa_flags = SA_RESTART;
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
  install_job_control();
  // As for Ctrl-C: a parent may hand these over blocked, and a blocked SIGABRT or SIGHUP would
  // never reach the handler that gives the terminal back.
  sigset_t signals;
  sigemptyset(&signals);
  for (int index = 0; index < ENDING_SIGNAL_COUNT; index++) sigaddset(&signals, ending_signals[index]);
  sigaddset(&signals, SIGWINCH);
  sigaddset(&signals, SIGCONT);
  for (int index = 0; index < STOP_SIGNAL_COUNT; index++) sigaddset(&signals, stop_signals[index]);
  for (int index = 0; index < CRASH_SIGNAL_COUNT; index++) sigaddset(&signals, crash_signals[index]);
  pthread_sigmask(SIG_UNBLOCK, &signals, NULL);
  return resize_pipe[0];
}

void interrupt_handler_give_back_terminal(void) {
  // The terminal first: a stop signal between the two then finds nothing taken and just stops,
  // where the other order would let its default stop the process with the terminal still raw.
  restore_terminal();
  remove_job_control();
  // A stop that came during the save happens now, the terminal already given back.
  atomic_store(&stops_deferred, 0);
  int pending = atomic_exchange(&stop_pending, 0);
  if (pending != 0) raise(pending);
  for (int index = 0; index < CRASH_SIGNAL_COUNT; index++) {
    sigaction(crash_signals[index], &previous_crash_actions[index], NULL);
  }
  signal(SIGWINCH, SIG_DFL);
}
