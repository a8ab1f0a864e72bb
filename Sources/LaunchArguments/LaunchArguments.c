// The command line, straight from the process's start rather than from /proc.
//
// On Linux the Swift runtime reads CommandLine.arguments from /proc/self/cmdline, so where /proc
// is not mounted (a chroot or a minimal container, where packaging runs squad to write its man
// page and completions) every argument is lost. glibc calls each initialiser of the executable
// with main's own argc and argv (and Darwin's dyld does too), so capturing them here needs nothing
// from the file system.

#include "LaunchArguments.h"

#include <stddef.h>
#include <stdlib.h> // defines __GLIBC__ on glibc

#if defined(__GLIBC__) || defined(__APPLE__)
static int captured_count = -1;
static char *const *captured_arguments = NULL;

__attribute__((constructor)) static void launch_arguments_capture(int argc, char **argv, char **envp) {
  (void)envp;
  captured_count = argc;
  captured_arguments = argv;
}

char *const *launch_arguments(int *count) {
  *count = captured_count;
  return captured_arguments;
}
#else
char *const *launch_arguments(int *count) {
  *count = -1;
  return NULL;
}
#endif
