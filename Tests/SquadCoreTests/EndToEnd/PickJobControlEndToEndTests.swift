import Foundation
import Testing

@testable import SquadCore

/// `squad pick` under a shell with job control, on a pseudo-terminal: Ctrl-Z and the stop signals
/// give the terminal back before the process stops, and `fg` brings the list back whole.
@Suite(.enabled(if: PseudoTerminal.isAvailable, "python3 is needed for a pseudo-terminal"))
struct PickJobControlEndToEndTests {
  func expectGivenBack(
    _ session: PickTerminal.Session, stops count: Int, sourceLocation: SourceLocation = #_sourceLocation
  ) {
    #expect(session.error == nil, "\(session.error ?? "") \(session.screen)", sourceLocation: sourceLocation)
    #expect(session.stops?.count == count, "stopped \(count) times", sourceLocation: sourceLocation)
    for stop in session.stops ?? [] {
      #expect(stop.canonical && stop.echo, "cooked mode while stopped", sourceLocation: sourceLocation)
      #expect(stop.settingsRestored, "the settings from before while stopped", sourceLocation: sourceLocation)
      #expect(!stop.alternate, "the main screen while stopped", sourceLocation: sourceLocation)
      #expect(stop.cursorShown, "the cursor shown while stopped", sourceLocation: sourceLocation)
    }
  }

  @Test(arguments: [("Ctrl-Z", PickTerminal.Step.type("\u{1A}")), ("SIGTSTP", .signal("TSTP"))])
  func aStopGivesTheTerminalBackAndFgRedrawsAndAKeyTypedAtOnceIsKept(way: String, stop: PickTerminal.Step) throws {
    // Each `fg` is followed by a key typed the moment squad is on the alternate screen again, and
    // the key must count: after SIGCONT the terminal used to be taken twice, and the second
    // flush dropped a key typed after the first. Five rounds, each recruiting the next hero, meet that
    // race more often; the wait for the filter line after each key proves the full redraw.
    let home = TemporaryDirectory()
    let marks = (1...5).map { "+\($0)" }
    let rounds = marks.flatMap { mark -> [PickTerminal.Step] in
      [
        stop, .waitStopped, .clearScreen, .foreground, .waitAlternateScreen, .type(" "), .wait(mark + " to recruit"),
        .wait("Filter: hulk▏"),
      ]
    }
    let session = try PickTerminal.run(
      ["pick"], home: home.path,
      steps: [.wait("Filter:"), .type("hulk"), .wait("Filter: hulk▏")] + rounds + [.type("\r")], jobControl: true)
    expectGivenBack(session, stops: marks.count)
    #expect(session.exit == 0, "\(way): \(session.stderr ?? "")")
    #expect(session.alternate == false && session.canonical == true && session.settingsRestored == true)
    #expect(try CLIProcess.run(["list"], home: home.path).lines.count == marks.count, "\(way): Enter saved after fg")
  }

  @Test func sigstopCannotBeCaughtButSigcontTakesTheTerminalAgain() throws {
    // The shell puts its own (cooked) settings back while squad is stopped, as bash does; keys
    // typed after `fg` arrive one at a time only if squad made the terminal raw again.
    let home = TemporaryDirectory()
    let session = try PickTerminal.run(
      ["pick"], home: home.path,
      steps: [
        .wait("Filter:"), .signal("STOP"), .waitStopped, .clearScreen, .foreground, .wait("Filter:"),
        .wait("+0 to recruit"), .type(" "), .wait("+1 to recruit"), .type("\r"),
      ], environment: ["PICK_SHELL_RESETS": "1"], jobControl: true)
    #expect(session.error == nil, "\(session.error ?? "") \(session.screen)")
    #expect(session.stops?.first?.alternate == true, "SIGSTOP leaves the screen as it was (it cannot be caught)")
    #expect(session.exit == 0, "\(session.stderr ?? "")")
    #expect(session.canonical == true && session.settingsRestored == true)
    #expect(try CLIProcess.run(["list"], home: home.path).lines.count == 1)
  }

  @Test(arguments: [("Ctrl-Z", PickTerminal.Step.type("\u{1A}")), ("SIGSTOP", .signal("STOP"))])
  func fgAfterBgTakesTheTerminalAgainEvenWithoutASigcont(way: String, stop: PickTerminal.Step) throws {
    // bash's `fg` of a job `bg` already continued only hands it the terminal: no SIGCONT says so.
    // In the background squad draws nothing and reads no keys; in front again it is raw on the
    // alternate screen, and the line typed meanwhile in the cooked terminal is never its keys.
    let home = TemporaryDirectory()
    let session = try PickTerminal.run(
      ["pick"], home: home.path,
      steps: [
        .wait("Filter:"), .type(" "), .wait("+1 to recruit"), stop, .waitStopped, .background,
        .clearScreen, .resize(rows: 30, columns: 90), .noteTerminal, .type("x\r"), .foregroundWithoutContinue,
        .wait("+1 to recruit"), .noteTerminal, .type("y"), .wait("Filter: y▏"), .type("\u{03}"),
      ], environment: ["PICK_SHELL_RESETS": "1"], jobControl: true)
    #expect(session.error == nil, "\(session.error ?? "") \(session.screen)")
    let background = try #require(session.notes?.first)
    #expect(background.canonical && background.blank == true, "\(way): in the background the terminal is the shell's")
    // SIGSTOP cannot be caught, so only the shell's settings are put back, not the main screen.
    if way == "Ctrl-Z" { #expect(!background.alternate) }
    let front = try #require(session.notes?.last)
    #expect(!front.canonical && !front.echo, "raw again")
    #expect(front.alternate && !front.cursorShown, "the alternate screen again, cursor hidden")
    #expect(session.exit == 130, "\(session.stderr ?? "")")
    #expect(session.settingsRestored == true && session.alternate == false)
    #expect(home.contents("squad.json") == nil, "nothing saved")
  }

  @Test func onATerminalThatIsNotTheControllingOneTheListIsStillDrawn() throws {
    // No job control can take such a terminal away, so squad treats it as in front.
    let home = TemporaryDirectory()
    let session = try PickTerminal.run(
      ["pick", "hulk"], home: home.path, steps: [.wait("Filter: hulk"), .wait("+0 to recruit"), .type(" \r")],
      environment: ["PICK_NO_CTTY": "1"])
    #expect(session.error == nil, "\(session.error ?? "") \(session.screen)")
    #expect(session.exit == 0, "\(session.stderr ?? "")")
    #expect(session.settingsRestored == true && session.alternate == false)
    #expect(try CLIProcess.run(["list"], home: home.path).lines.count == 1)
  }

  @Test func ctrlZWhileSavingStillSavesAndGivesTheTerminalBack() throws {
    // Enter and Ctrl-Z typed together: the save runs first (keys wait while it does), then squad
    // leaves; the Ctrl-Z is never read, and nothing stops with the terminal taken.
    let home = TemporaryDirectory()
    let session = try PickTerminal.run(
      ["pick", "hulk"], home: home.path, steps: [.wait("Filter: hulk"), .type(" \r\u{1A}")], jobControl: true)
    #expect(session.error == nil, "\(session.error ?? "")")
    #expect(session.exit == 0, "\(session.stderr ?? "")")
    #expect(session.canonical == true && session.settingsRestored == true && session.alternate == false)
    #expect(try CLIProcess.run(["list"], home: home.path).lines.count == 1)
  }
}

extension PickJobControlEndToEndTests {
  /// Holds the squad lock of the home in `argv[1]` from before it returns until `argv[1]/release`
  /// exists (or a minute has passed).
  static let lockHolder = """
    import fcntl, os, sys, time
    lock = open(sys.argv[1] + "/squad.lock", "a")
    fcntl.flock(lock, fcntl.LOCK_EX)
    # The lock is held before this returns; a child keeps holding it until told to let go.
    if os.fork():
        sys.exit(0)
    # Never outlives a failed test by long.
    deadline = time.time() + 60
    while not os.path.exists(sys.argv[1] + "/release") and time.time() < deadline:
        time.sleep(0.01)
    """

  @Test func aStopDuringTheSaveWaitsUntilTheSquadIsSavedAndTheTerminalGivenBack() throws {
    // Another process holds the squad's lock, so Enter's save waits for it; SIGTSTP then arrives.
    // Stopped there, the pick would keep every other squad command waiting on the lock until `fg`.
    let home = TemporaryDirectory()
    let python = try #require(CLIProcess.which("python3")).path
    let session = try PickTerminal.run(
      ["pick", "hulk"], home: home.path,
      steps: [
        .wait("Filter: hulk"), .type(" "), .wait("+1 to recruit"), .run([python, "-c", Self.lockHolder, home.path]),
        .type("\r"), .wait("Saving…"), .signal("TSTP"), .run(["touch", home.path + "/release"]), .waitStopped,
        .run(["cp", home.path + "/squad.json", home.path + "/saved-before-the-stop.json"]), .foreground,
      ], jobControl: true)
    #expect(session.error == nil, "\(session.error ?? "") \(session.screen)")
    #expect(session.stops?.first.map { $0.canonical && !$0.alternate && $0.cursorShown } == true, "given back first")
    #expect(session.exit == 0, "\(session.stderr ?? "")")
    // stderr is no terminal here, so the wait is said there once, as for any command in a pipe.
    let notice = "Waiting for another squad command to finish: \(home.file("squad.lock")) is held (squad gives up "
    #expect(session.stderr?.hasPrefix(notice) == true, "\(session.stderr ?? "")")
    #expect(session.stderr?.hasSuffix("after 60 seconds)…\nRecruited Hulk.\n") == true, "\(session.stderr ?? "")")
    let saved = home.contents("saved-before-the-stop.json").map { String(decoding: $0, as: UTF8.self) }
    #expect(saved?.contains("\"Hulk\"") == true, "saved before stopping: \(saved ?? "no squad file")")
  }

  @Test func ctrlCStillLeavesASaveThatWaitsForTheLock() throws {
    // Keys are not read while saving; Ctrl-C works as a signal again, as it does for recruit.
    let home = TemporaryDirectory()
    let python = try #require(CLIProcess.which("python3")).path
    let session = try PickTerminal.run(
      ["pick", "hulk"], home: home.path,
      steps: [
        .wait("Filter: hulk"), .type(" "), .wait("+1 to recruit"), .run([python, "-c", Self.lockHolder, home.path]),
        .type("\r"), .wait("Saving…"), .type("\u{03}"), .waitExit, .run(["touch", home.path + "/release"]),
      ])
    #expect(session.error == nil, "\(session.error ?? "") \(session.screen)")
    #expect(session.exit == 130)
    #expect(session.settingsRestored == true && session.alternate == false)
    #expect(home.contents("squad.json") == nil, "nothing saved")
  }
}
