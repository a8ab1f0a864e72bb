// Ctrl-C cleanup, in C because only C can keep a signal handler async-signal-safe: the handler
// reads fixed slots and calls unlink and _exit, never malloc or a lock, so it cannot deadlock
// when the signal lands while the interrupted thread holds either.

#include "InterruptHandler.h"

#include <signal.h>
#include <stdatomic.h>
#include <string.h>
#include <unistd.h>

enum { SLOT_COUNT = 16, PATH_CAPACITY = 4096 };
enum { SLOT_FREE = 0, SLOT_WRITING = 1, SLOT_READY = 2 };

static char paths[SLOT_COUNT][PATH_CAPACITY];
static atomic_int states[SLOT_COUNT];
static atomic_int line_open;

static void remove_registered_files_and_exit(int signal_number) {
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
