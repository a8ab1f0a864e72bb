// The benchmark's launcher: runs one program and reports what it cost.
//
//     measure FD PROGRAM [ARGUMENT...]
//
// spawns PROGRAM (an absolute path) with this process's environment and standard streams, reaps it
// with wait4 and writes one line on file descriptor FD:
//
//     <wall seconds> <user + system CPU seconds> <max RSS in KB> <exit code, or -signal>
//
// Why C: posix_spawn and vfork share the parent's memory until exec, and at exec the kernel
// records the parent's peak resident set as the child's starting max RSS. Spawned from Python that
// floor is Python's ~25 MB, above an empty program's real 3 MB; spawned from here it is this
// launcher's ~1 MB. Exits 0 after a report, 2 on bad usage, 127 if PROGRAM could not be spawned.
#include <errno.h>
#include <fcntl.h>
#include <spawn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <time.h>

extern char **environ;

static double seconds(struct timeval t) { return (double)t.tv_sec + t.tv_usec / 1e6; }

int main(int argc, char **argv) {
    if (argc < 3) {
        fprintf(stderr, "usage: measure FD PROGRAM [ARGUMENT...]\n");
        return 2;
    }
    int report = atoi(argv[1]);
    // The measured program must not inherit the report pipe.
    if (fcntl(report, F_SETFD, FD_CLOEXEC) != 0) {
        fprintf(stderr, "measure: file descriptor %s: %s\n", argv[1], strerror(errno));
        return 2;
    }
    struct timespec start, end;
    clock_gettime(CLOCK_MONOTONIC, &start);
    pid_t pid;
    int failed = posix_spawn(&pid, argv[2], NULL, NULL, &argv[2], environ);
    if (failed) {
        fprintf(stderr, "measure: cannot run %s: %s\n", argv[2], strerror(failed));
        return 127;
    }
    int status;
    struct rusage usage;
    while (wait4(pid, &status, 0, &usage) < 0) {
        if (errno != EINTR) {
            fprintf(stderr, "measure: wait4: %s\n", strerror(errno));
            return 127;
        }
    }
    clock_gettime(CLOCK_MONOTONIC, &end);
    double wall = (double)(end.tv_sec - start.tv_sec) + (end.tv_nsec - start.tv_nsec) / 1e9;
    int code = WIFEXITED(status) ? WEXITSTATUS(status) : -WTERMSIG(status);
#ifdef __APPLE__
    long max_rss_kb = usage.ru_maxrss / 1024; // bytes on Darwin, KiB on Linux
#else
    long max_rss_kb = usage.ru_maxrss;
#endif
    dprintf(report, "%.9f %.6f %ld %d\n", wall, seconds(usage.ru_utime) + seconds(usage.ru_stime),
            max_rss_kb, code);
    return 0;
}
