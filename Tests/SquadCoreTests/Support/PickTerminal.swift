import Foundation

/// Runs `squad` full screen on a pseudo-terminal it controls, following a script: wait for text
/// on the screen, type, resize, signal, hang up. A small screen model (cursor moves, clears,
/// erase to end of line, the alternate screen; colours ignored) shows what a user would see.
/// The terminal's settings are read back after the run, to check they were restored.
enum PickTerminal {
  /// One step of a session.
  enum Step {
    case wait(String)
    /// Wait until squad switches to the alternate screen: the moment it has taken the terminal.
    case waitAlternateScreen
    case type(String)
    case resize(rows: Int, columns: Int)
    case signal(String)
    case hangUp
    /// Job control only: wait until squad has stopped, then note the terminal's state (a ``Stop``).
    case waitStopped
    /// Job control only: what a shell's `fg` does (squad's group in front again, then SIGCONT).
    case foreground
    /// Job control only: what a shell's `bg` does (SIGCONT; the shell keeps the terminal), then
    /// wait until squad runs.
    case background
    /// Job control only: what bash's `fg` does for a job already running (after `bg`): squad's
    /// group in front again, and no SIGCONT.
    case foregroundWithoutContinue
    /// Note the terminal's state now (a ``Stop`` in ``Session/notes``).
    case noteTerminal
    /// Blank the screen model, as a shell printing over it would, so a later wait proves a redraw.
    case clearScreen
    /// Run another command (another process changing the squad) and wait for it.
    case run([String])
    /// Wait until squad (or the job-control shell) has exited.
    case waitExit

    var json: [Any] {
      switch self {
      case .wait(let text): return ["wait", text]
      case .waitAlternateScreen: return ["alternate"]
      case .type(let text): return ["send", text]
      case .resize(let rows, let columns): return ["resize", rows, columns]
      case .signal(let name): return ["signal", name]
      case .hangUp: return ["hangup"]
      case .waitStopped: return ["stopped"]
      case .foreground: return ["fg"]
      case .background: return ["bg"]
      case .foregroundWithoutContinue: return ["fg-running"]
      case .noteTerminal: return ["note"]
      case .clearScreen: return ["clear"]
      case .run(let command): return ["run", command]
      case .waitExit: return ["exited"]
      }
    }
  }

  /// How a session went.
  struct Session: Decodable {
    /// Why the script could not go on (a wait timed out); nil when it ran through.
    var error: String?
    /// The exit code, 128 + the signal for a signalled end.
    var exit: Int?
    /// The screen at the end, one string per row, trailing spaces cut.
    var screen: [String]
    /// Whether the alternate screen was still on at the end.
    var alternate: Bool?
    /// Characters written past the right edge (a line that would wrap) since the last full
    /// repaint.
    var overflow: Int?
    /// Every byte squad wrote to the terminal, as text.
    var output: String
    var stderr: String?
    /// Whether the terminal was back in canonical (line) mode, echoing, with exactly the
    /// settings it had before.
    var canonical: Bool?
    var echo: Bool?
    var settingsRestored: Bool?
    /// The terminal each time squad was seen stopped (job control).
    var stops: [Stop]?
    /// The terminal at each ``Step/noteTerminal``.
    var notes: [Stop]?
  }

  /// The terminal while squad was stopped.
  struct Stop: Decodable {
    var canonical: Bool
    var echo: Bool
    var alternate: Bool
    /// Whether the last cursor command squad wrote showed the cursor.
    var cursorShown: Bool
    var settingsRestored: Bool
    /// Whether the screen model was empty (nothing drawn since the last ``Step/clearScreen``).
    var blank: Bool?
  }

  // A small shell with job control: squad runs in its own process group in the terminal's
  // foreground, under a parent in the same session, so stop signals really stop it (the kernel
  // drops them for a process group no shell controls). When squad stops, the shell takes the
  // terminal back; on SIGUSR1 it does what `fg` does. Squad's pid goes to $PICK_PID_FILE.
  private static let shell = #"""
    import os, signal, sys, termios
    modes = termios.tcgetattr(0)
    # A test runner may hand signals over blocked; a shell starts its jobs with none blocked.
    signal.pthread_sigmask(signal.SIG_SETMASK, [])
    signal.signal(signal.SIGTTOU, signal.SIG_IGN)
    pid = os.fork()
    if pid == 0:
        os.setpgid(0, 0)
        os.tcsetpgrp(0, os.getpgrp())
        signal.signal(signal.SIGTTOU, signal.SIG_DFL)
        os.execv(sys.argv[1], sys.argv[1:])
    try: os.setpgid(pid, pid)
    except OSError: pass
    try: os.tcsetpgrp(0, pid)
    except OSError: pass
    with open(os.environ["PICK_PID_FILE"] + ".tmp", "w") as f: f.write(str(pid))
    os.rename(os.environ["PICK_PID_FILE"] + ".tmp", os.environ["PICK_PID_FILE"])
    def fg(*_):
        os.tcsetpgrp(0, pid)
        os.killpg(pid, signal.SIGCONT)
    signal.signal(signal.SIGUSR1, fg)
    def bg(*_): os.killpg(pid, signal.SIGCONT)
    signal.signal(signal.SIGUSR2, bg)
    def fg_running(*_): os.tcsetpgrp(0, pid)
    signal.signal(signal.SIGALRM, fg_running)
    while True:
        try: _, status = os.waitpid(pid, os.WUNTRACED)
        except InterruptedError: continue
        if os.WIFSTOPPED(status):
            os.tcsetpgrp(0, os.getpgrp())
            # As bash does: the shell's own settings back while it has the terminal.
            if os.environ.get("PICK_SHELL_RESETS"): termios.tcsetattr(0, termios.TCSADRAIN, modes)
            continue
        code = os.waitstatus_to_exitcode(status)
        sys.exit(code if code >= 0 else 128 - code)
    """#

  private static let driver = #"""
    import fcntl, json, os, pty, select, signal, struct, subprocess, sys, termios, time, unicodedata
    steps, rows, cols, cmd = json.loads(sys.argv[1]), int(sys.argv[2]), int(sys.argv[3]), sys.argv[4:]
    master, slave = pty.openpty()
    fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", rows, cols, 0, 0))
    before = termios.tcgetattr(slave)
    pid_file = os.environ.get("PICK_PID_FILE")
    stops, notes = [], []
    def terminal_state():
        now = termios.tcgetattr(slave)
        shown, hidden = output.rfind(b"\x1b[?25h"), output.rfind(b"\x1b[?25l")
        return {"canonical": bool(now[3] & termios.ICANON), "echo": bool(now[3] & termios.ECHO),
                "alternate": screen.alt, "cursorShown": shown > hidden, "settingsRestored": now == before,
                "blank": not any(screen.text())}
    def own_terminal():
        os.setsid()
        # PICK_NO_CTTY: the terminal is only squad's stdin and stdout, not its controlling terminal.
        if not os.environ.get("PICK_NO_CTTY"): fcntl.ioctl(0, termios.TIOCSCTTY, 0)
    child = subprocess.Popen(cmd, stdin=slave, stdout=slave, stderr=subprocess.PIPE, preexec_fn=own_terminal)
    output = bytearray()
    class Screen:
        def __init__(self, rows, cols):
            self.rows, self.cols, self.alt, self.row, self.col = rows, cols, False, 0, 0
            self.main = [[" "] * cols for _ in range(rows)]
            self.altgrid = [[" "] * cols for _ in range(rows)]
            self.overflow = 0
        def grid(self): return self.altgrid if self.alt else self.main
        def resize(self, rows, cols):
            self.rows, self.cols = rows, cols
            for name in ("main", "altgrid"):
                old = getattr(self, name)
                setattr(self, name, [[(old[r][c] if r < len(old) and c < len(old[r]) else " ") for c in range(cols)] for r in range(rows)])
            self.row, self.col = min(self.row, rows - 1), min(self.col, cols - 1)
        def text(self): return ["".join(ch for ch in line if ch != "").rstrip() for line in self.grid()]
        def feed(self, data):
            text = data.decode("utf-8", "replace")
            i = 0
            while i < len(text):
                ch = text[i]
                if ch == "\x1b" and i + 1 < len(text) and text[i + 1] == "[":
                    j = i + 2
                    while j < len(text) and not ("@" <= text[j] <= "~"): j += 1
                    if j >= len(text): break
                    params, final = text[i + 2:j], text[j]
                    self.control(params, final)
                    i = j + 1
                    continue
                if ch == "\r": self.col = 0
                elif ch == "\n": self.row = min(self.row + 1, self.rows - 1)
                elif ch >= " ":
                    width = 2 if unicodedata.east_asian_width(ch) in "WF" else 1
                    if self.col + width > self.cols:
                        self.overflow += 1
                    else:
                        self.grid()[self.row][self.col] = ch
                        if width == 2: self.grid()[self.row][self.col + 1] = ""
                    self.col = min(self.col + width, self.cols)
                i += 1
        def control(self, params, final):
            if final in "hl" and params.startswith("?"):
                if params == "?1049": self.alt = final == "h"
                return
            if final == "H":
                parts = (params.split(";") + ["", ""])[:2]
                self.row = min(max(int(parts[0] or 1) - 1, 0), self.rows - 1)
                self.col = min(max(int(parts[1] or 1) - 1, 0), self.cols - 1)
            elif final == "J" and params == "2":
                for line in self.grid(): line[:] = [" "] * self.cols
                # What ran past the edge before a full repaint (a frame for the old size still on
                # its way when the size changed) is gone now; count only what comes after.
                self.overflow = 0
            elif final == "K":
                line = self.grid()[self.row]
                line[self.col:] = [" "] * (self.cols - self.col)
    screen = Screen(rows, cols)
    closed = False
    def pump(timeout):
        if closed: return False
        ready, _, _ = select.select([master], [], [], timeout)
        if ready:
            try: data = os.read(master, 65536)
            except OSError: return False
            output.extend(data)
            screen.feed(data)
        return True
    def squad_pid():
        if not pid_file: return child.pid
        deadline = time.time() + 20
        while not os.path.exists(pid_file):
            if time.time() > deadline: fail("the shell never started squad")
            time.sleep(0.01)
        return int(open(pid_file).read())
    def state(pid):
        if sys.platform == "darwin":  # no /proc: ps says the same (T when stopped)
            found = subprocess.run(["ps", "-o", "stat=", "-p", str(pid)], capture_output=True, text=True).stdout
            return found.strip()[:1] or "gone"
        try: return open("/proc/%d/stat" % pid).read().rsplit(")", 1)[1].split()[0]
        except OSError: return "gone"
    def fail(message):
        try: child.kill()
        except Exception: pass
        print(json.dumps({"error": message, "screen": screen.text(), "exit": None, "output": output.decode("utf-8", "replace")}))
        sys.exit(0)
    for step in steps:
        kind = step[0]
        if kind == "wait":
            deadline = time.time() + 20
            while not any(step[1] in line for line in screen.text()):
                if time.time() > deadline: fail("timed out waiting for " + repr(step[1]))
                if child.poll() is not None and not select.select([master], [], [], 0)[0]: fail("exited while waiting for " + repr(step[1]))
                pump(0.05)
        elif kind == "alternate":
            deadline = time.time() + 20
            while not screen.alt:
                if time.time() > deadline: fail("timed out waiting for the alternate screen")
                if child.poll() is not None and not select.select([master], [], [], 0)[0]: fail("exited")
                pump(0.05)
        elif kind == "send":
            os.write(master, step[1].encode("utf-8"))
        elif kind == "resize":
            fcntl.ioctl(master, termios.TIOCSWINSZ, struct.pack("HHHH", step[1], step[2], 0, 0))
            screen.resize(step[1], step[2])
        elif kind == "signal":
            os.kill(squad_pid(), getattr(signal, "SIG" + step[1]))
        elif kind == "stopped":
            pid, deadline = squad_pid(), time.time() + 20
            while state(pid) not in ("T", "t"):
                if time.time() > deadline: fail("squad did not stop (state %s)" % state(pid))
                pump(0.05)
            while select.select([master], [], [], 0.2)[0] and pump(0): pass
            stops.append(terminal_state())
        elif kind == "note":
            while select.select([master], [], [], 0.2)[0] and pump(0): pass
            notes.append(terminal_state())
        elif kind == "bg":
            child.send_signal(signal.SIGUSR2)
            pid, deadline = squad_pid(), time.time() + 20
            while state(pid) in ("T", "t"):
                if time.time() > deadline: fail("squad did not continue")
                pump(0.05)
        elif kind == "fg-running":
            child.send_signal(signal.SIGALRM)
        elif kind == "fg":
            child.send_signal(signal.SIGUSR1)
        elif kind == "exited":
            deadline = time.time() + 20
            while child.poll() is None:
                if time.time() > deadline: fail("did not exit")
                if not pump(0.05): time.sleep(0.05)
        elif kind == "run":
            subprocess.run(step[1], stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, timeout=60)
        elif kind == "clear":
            for line in screen.grid(): line[:] = [" "] * screen.cols
        elif kind == "hangup":
            os.close(master)
            closed = True
    deadline = time.time() + 20
    while child.poll() is None:
        if time.time() > deadline: fail("did not exit")
        if not pump(0.05): time.sleep(0.05)
    while not closed and select.select([master], [], [], 0)[0] and pump(0): pass
    try: after = termios.tcgetattr(slave)
    except termios.error: after = None
    errors = child.stderr.read().decode("utf-8", "replace")
    print(json.dumps({
        "exit": child.returncode if child.returncode >= 0 else 128 - child.returncode,
        "screen": screen.text(), "alternate": screen.alt, "overflow": screen.overflow,
        "output": output.decode("utf-8", "replace"), "stderr": errors,
        "canonical": bool(after and after[3] & termios.ICANON), "echo": bool(after and after[3] & termios.ECHO),
        "settingsRestored": after == before, "stops": stops, "notes": notes}))
    """#

  /// Runs `command` (a `squad` command line, or `sh -c …` when `shell`) on a terminal of `rows`
  /// by `columns`, following `steps`.
  static func run(
    _ arguments: [String], home: String, steps: [Step], rows: Int = 24, columns: Int = 100,
    environment extra: [String: String] = [:], shell: String? = nil, jobControl: Bool = false
  ) throws -> Session {
    guard let python = CLIProcess.which("python3") else { throw PseudoTerminal.Unavailable() }
    let script = String(decoding: try JSONSerialization.data(withJSONObject: steps.map(\.json)), as: UTF8.self)
    var command = shell.map { ["/bin/bash", "-c", $0] } ?? [CLIProcess.binary.path, "--home", home] + arguments
    var extra = extra
    if jobControl {
      command = [python.path, "-c", Self.shell] + command
      extra["PICK_PID_FILE"] = home + "/.pick-pid"
    }
    let result = try CLIProcess.execute(
      python, ["-c", driver, script, String(rows), String(columns)] + command,
      environment: CLIProcess.environment(home: home, adding: extra), directory: home)
    return try JSONDecoder().decode(Session.self, from: result.stdoutData)
  }
}
