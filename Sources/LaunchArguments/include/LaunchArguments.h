#ifndef LAUNCH_ARGUMENTS_H
#define LAUNCH_ARGUMENTS_H

/// The argument vector main was given, captured before main runs; `*count` is set to its length.
/// Returns NULL (and sets `*count` to -1) where it cannot be captured that way (a C library that
/// does not hand initialisers the arguments); the Swift runtime's reading is all there is then.
char *const *launch_arguments(int *count);

#endif
