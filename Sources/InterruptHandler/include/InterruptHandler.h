#ifndef INTERRUPT_HANDLER_H
#define INTERRUPT_HANDLER_H

/// Installs handlers for SIGINT and SIGTERM (unblocking them first) that unlink every registered
/// file, then end the process with 130 for SIGINT and 128 + the signal otherwise.
void interrupt_handler_install(void);

/// Registers a file for removal on interrupt. Returns a slot for `interrupt_handler_unregister`,
/// or -1 when the path is too long or every slot is taken (the file is then not removed).
/// Thread-safe.
int interrupt_handler_register(const char *path);

/// Forgets the file registered in `slot`; a negative slot is ignored. Thread-safe.
void interrupt_handler_unregister(int slot);

/// Tells the handler whether stderr ends in an unfinished status line, which an interrupt then
/// ends with a newline. Async-signal-safe and thread-safe.
void interrupt_handler_set_line_open(int open);

#endif
