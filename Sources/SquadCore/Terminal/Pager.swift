#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Long output on a terminal goes through a pager, as git and gh do: `$SQUAD_PAGER`, else
/// `$PAGER`, else `less -FRX` (with `LESS=FRX` when `LESS` is unset); one of plain words is
/// started directly, any other by `/bin/sh`.
///
/// Output that fits the terminal is printed as it is; a pager that quits early (`q`, or a signal)
/// ends the run quietly; one that cannot be started is reported, and the output printed without
/// it; one that fails (exits non-zero) is reported, and the run exits 1.
public struct Pager: Equatable, Sendable {
  var command: String
  var environment: [String: String]
  /// The terminal's size: output taller than `rows - 1` (a row is kept for the prompt) is paged.
  var rows: Int
  var columns: Int

  /// Nil when stdout is no terminal, or the first of `SQUAD_PAGER` and `PAGER` set is empty or `cat`.
  static func resolve(variables: [String: String], terminal: TerminalInfo) -> Pager? {
    let command = variables["SQUAD_PAGER"] ?? variables["PAGER"] ?? "less -FRX"
    let trimmed = command.trimmingWhitespace()
    guard terminal.stdoutIsTTY, !trimmed.isEmpty, trimmed != "cat" else { return nil }
    let environment = variables.merging(["LESS": "FRX"]) { current, _ in current }
    return Pager(command: command, environment: environment, rows: terminal.height, columns: terminal.width)
  }

  /// `man -l -`, as `git help --man` does; nil with no terminal or no `man` on `PATH`.
  static func manual(variables: [String: String], terminal: TerminalInfo) -> Pager? {
    let folders = (variables["PATH"] ?? "/usr/bin:/bin").split(separator: ":")
    guard terminal.stdoutIsTTY, folders.contains(where: { access("\($0)/man", X_OK) == 0 }) else { return nil }
    // Rows 0: the page is always handed over, however short.
    return Pager(command: "man -l -", environment: variables, rows: 0, columns: terminal.width)
  }

  func rowsNeeded(by text: String) -> Int {
    let lines = text.split(separator: "\n", omittingEmptySubsequences: false).dropLast(text.hasSuffix("\n") ? 1 : 0)
    return lines.reduce(0) { total, line in
      let visible = line.contains("\u{1B}") ? String(line).replacing(#/\x1B\[[0-9;]*m/#, with: "") : String(line)
      return total + max(1, (DisplayWidth.of(visible) + columns - 1) / max(columns, 1))
    }
  }

  /// `notPaged`: print it (short, or no pager could start); `failed`: it may not have been shown.
  enum Outcome: Equatable { case shown, notPaged, failed }

  func show(_ text: String) -> Outcome {
    guard rowsNeeded(by: text) > rows - 1 else { return .notPaged }
    var descriptors: [Int32] = [0, 0]
    guard pipe(&descriptors) == 0 else { return .notPaged }
    let (readEnd, writeEnd) = (descriptors[0], descriptors[1])
    for descriptor in descriptors { _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC) }
    // Plain words start without a shell, as git does, so a pager that cannot start is told from one that exited 127.
    let words = Pager.plainWords(command)
    var started = spawn(words ?? ["/bin/sh", "-c", command], readingFrom: readEnd)
    // A script without `#!` is run by /bin/sh, as execvp and `sh -c` run it.
    if let words, case .failure(let failure) = started, failure.code == ENOEXEC {
      started = spawn(["/bin/sh"] + words, readingFrom: readEnd)
    }
    close(readEnd)
    let child: pid_t
    switch started {
    case .success(let started): child = started
    case .failure(let failure):
      close(writeEnd)
      let why = String(cString: strerror(failure.code))
      return cannotStart(
        words == nil
          ? "squad could not start /bin/sh (\(why))"
          : "the pager '\(TextSanitizer.clean(command))' could not be started (\(why))"
      )
    }
    // Ctrl-C and Ctrl-\ reach the pager too, which handles them; squad waits for it, as git does.
    let interrupt = signal(SIGINT, SIG_IGN)
    let quit = signal(SIGQUIT, SIG_IGN)
    defer {
      signal(SIGINT, interrupt)
      signal(SIGQUIT, quit)
    }
    // A pager that quits before reading everything closes the pipe (EPIPE): that is the user's choice.
    ProcessStreams.write(text, to: writeEnd)
    close(writeEnd)
    var status: Int32 = 0
    while waitpid(child, &status, 0) < 0 && errno == EINTR {}
    let exited = status & 0x7F == 0
    let code = (status >> 8) & 0xFF
    // /bin/sh's answers to a command it cannot find (127) or run (126): all squad can know of it.
    if words == nil, exited, code == 127 || code == 126 {
      return cannotStart(
        "the pager '\(TextSanitizer.clean(command))' could not be run (the shell's exit status \(code))")
    }
    // A pager that fails (`SQUAD_PAGER=false`) may have shown nothing: never a silent success. A
    // signal the reader chose (SIGPIPE, Ctrl-C, Ctrl-\, SIGTERM, SIGHUP), told directly or by a
    // shell as 128 plus its number, ends it quietly; any other (SIGSEGV, SIGKILL) is a broken pager.
    let signalled: Int32? =
      if !exited { status & 0x7F } else if (129...192).contains(code) { code - 128 } else { nil }
    if let signalled, ![SIGPIPE, SIGINT, SIGQUIT, SIGTERM, SIGHUP].contains(signalled) {
      ProcessStreams.write(
        "Error: the pager '\(TextSanitizer.clean(command))' was killed by signal \(signalled) (\(String(cString: strsignal(signalled)))); "
          + "the output may not have been shown. Set SQUAD_PAGER or PAGER, or add --no-pager.\n", to: STDERR_FILENO)
      return .failed
    }
    guard !exited || code == 0 || signalled != nil else {
      ProcessStreams.write(
        "Error: the pager '\(TextSanitizer.clean(command))' failed (exit status \(code)); the output may not have been shown. "
          + "Set SQUAD_PAGER or PAGER, or add --no-pager.\n", to: STDERR_FILENO)
      return .failed
    }
    return .shown
  }

  private func cannotStart(_ why: String) -> Outcome {
    ProcessStreams.write(
      "Warning: \(why); printing without it. Set SQUAD_PAGER or PAGER, or add --no-pager.\n", to: STDERR_FILENO)
    return .notPaged
  }

  static func plainWords(_ command: String) -> [String]? {
    let words = command.split(whereSeparator: { $0 == " " || $0 == "\t" }).map(String.init)
    guard !words.isEmpty, !command.contains(where: { "|&;<>()$`\\\"'*?[]{}#~=%!\n".contains($0) }) else { return nil }
    return words
  }

  /// Starts `words` with default signal handling (squad ignores SIGPIPE; a child would inherit it).
  private func spawn(_ words: [String], readingFrom input: Int32) -> Result<pid_t, SpawnFailure> {
    #if canImport(Glibc)
      var actions = posix_spawn_file_actions_t()
      var attributes = posix_spawnattr_t()
    #else
      var actions: posix_spawn_file_actions_t?
      var attributes: posix_spawnattr_t?
    #endif
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_adddup2(&actions, input, STDIN_FILENO)
    posix_spawnattr_init(&attributes)
    defer { posix_spawnattr_destroy(&attributes) }
    var defaults = sigset_t()
    sigemptyset(&defaults)
    for signal in [SIGPIPE, SIGINT, SIGQUIT, SIGTERM] { sigaddset(&defaults, signal) }
    var none = sigset_t()
    sigemptyset(&none)
    posix_spawnattr_setsigdefault(&attributes, &defaults)
    posix_spawnattr_setsigmask(&attributes, &none)
    posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK))
    let arguments = words.map { strdup($0) } + [nil]
    let variables = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
    defer { for pointer in arguments + variables { free(pointer) } }
    var child: pid_t = 0
    let failed = posix_spawnp(&child, words[0], &actions, &attributes, arguments, variables)
    return failed == 0 ? .success(child) : .failure(SpawnFailure(code: failed))
  }

  struct SpawnFailure: Error { var code: Int32 }
}
