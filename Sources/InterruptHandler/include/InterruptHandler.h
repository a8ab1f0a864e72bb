#ifndef INTERRUPT_HANDLER_H
#define INTERRUPT_HANDLER_H

#include <termios.h>

/// Installs handlers for SIGINT and SIGTERM (unblocking them first) that unlink every registered
/// file, then end the process with 130 for SIGINT and 128 + the signal otherwise (but see
/// `interrupt_handler_rename`: not once a change is committed).
void interrupt_handler_install(void);

/// Makes the calling thread's renames through `interrupt_handler_rename` commits, until the
/// matching `interrupt_handler_disarm_commit` (calls nest).
void interrupt_handler_arm_commit(void);

/// Ends what `interrupt_handler_arm_commit` began. When the thread's rename was the last commit in
/// progress and none succeeded, an interrupt that waited ends the process now, as it would have.
void interrupt_handler_disarm_commit(void);

/// `rename(2)`, made again on EINTR. Between `interrupt_handler_arm_commit` and its disarm, an
/// interrupt (any signal the handlers end the process for) waits from this call on; once such a
/// rename has succeeded the change is made, and interrupts no longer end the process: it finishes
/// and reports the change, never exits 130 as if nothing had changed.
int interrupt_handler_rename(const char *source, const char *destination);

/// Registers a file for removal on interrupt. Returns a slot for `interrupt_handler_unregister`,
/// or -1 when the path is too long or every slot is taken (the file is then not removed).
/// Thread-safe.
int interrupt_handler_register(const char *path);

/// Forgets the file registered in `slot`; a negative slot is ignored. Thread-safe.
void interrupt_handler_unregister(int slot);

/// Tells the handler where a line is left unfinished (a status line, a question), which an
/// interrupt then ends with a newline: 0 nowhere, 1 stderr, 2 the controlling terminal
/// (`/dev/tty`). Async-signal-safe and thread-safe.
void interrupt_handler_set_line_open(int where);

/// Remembers that the terminal on `fd` is taken over (raw mode with the settings `raw`, alternate
/// screen, hidden cursor) and that `saved` are its settings from before. Until
/// `interrupt_handler_give_back_terminal`, every signal that ends the process (SIGINT, SIGTERM,
/// SIGHUP, SIGQUIT, SIGUSR1, SIGUSR2, SIGALRM, SIGVTALRM, SIGPROF, SIGXCPU, SIGXFSZ, SIGSYS,
/// SIGIO, SIGPWR, SIGSTKFLT, and the crashes SIGSEGV, SIGBUS, SIGILL, SIGTRAP, SIGABRT, SIGFPE) first
/// writes the main screen and cursor back and restores `saved`. Also watches SIGWINCH: returns
/// a non-blocking descriptor that becomes readable after each resize (drain it), or -1.
/// Job control too: SIGTSTP, SIGTTIN and SIGTTOU give the terminal back before the process
/// stops, and SIGCONT takes it again and makes the descriptor readable, so the screen is redrawn
/// whole (also after SIGSTOP, which cannot be caught).
int interrupt_handler_take_terminal(int fd, const struct termios *saved, const struct termios *raw);

/// Whether squad may use the terminal now (read keys, draw): 0 while its process group is not
/// the terminal's foreground (after `bg`); in front, takes the terminal again first if it was
/// given back or left by the shell (raw mode with typed-ahead cooked keys dropped, alternate
/// screen, hidden cursor, a full redraw asked for through the descriptor) and returns 1. Noticing
/// `fg` needs this: a job that `bg` already continued gets no SIGCONT from `fg`.
int interrupt_handler_hold_terminal(void);

/// Like `interrupt_handler_hold_terminal` without taking anything: 1 only while squad's settings
/// and screen are on the terminal and it is in front. Async-signal-safe.
int interrupt_handler_terminal_held(void);

/// Suspends the process as Ctrl-Z would outside raw mode (SIGTSTP to the process group); the
/// handlers give the terminal back first and take it again on resuming.
void interrupt_handler_suspend(void);

/// For the last work, once keys are no longer read (a save that may wait for a lock): Ctrl-C and
/// Ctrl-\ send their signals again (the terminal's ISIG), and a stop signal waits until
/// `interrupt_handler_give_back_terminal`, which stops the process then (the terminal given back
/// first), so a save holding a lock other processes wait for is never stopped halfway.
void interrupt_handler_stop_reading_keys(void);

/// Restores the terminal taken with `interrupt_handler_take_terminal` (once; later calls do
/// nothing) and puts back the crash handlers from before.
void interrupt_handler_give_back_terminal(void);

#endif
