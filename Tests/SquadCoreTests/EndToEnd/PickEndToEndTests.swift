import Foundation
import Testing

@testable import SquadCore

/// `squad pick` run as a user runs it: the real binary on a pseudo-terminal, keys typed, the
/// screen read back, and the terminal's settings checked afterwards.
@Suite(.enabled(if: PseudoTerminal.isAvailable, "python3 is needed for a pseudo-terminal"))
struct PickEndToEndTests {
  static let squirrelGirl = Hero(
    id: HeroID(1_010_860), name: "Squirrel Girl", description: "Doreen Green can talk to squirrels.",
    counts: HeroCounts(comics: 52))

  /// A home whose catalogue (as `squad sync` leaves it) holds these heroes besides the bundled ones.
  func home(adding heroes: [Hero] = []) throws -> TemporaryDirectory {
    let home = TemporaryDirectory()
    if !heroes.isEmpty {
      try CatalogueStore(paths: SquadPaths(home: home.path)).remember(heroes, at: Date())
    }
    return home
  }

  func expectRestored(_ session: PickTerminal.Session, sourceLocation: SourceLocation = #_sourceLocation) {
    #expect(session.error == nil, "\(session.error ?? "") \(session.screen)", sourceLocation: sourceLocation)
    #expect(
      session.output.contains("\u{1B}[?1049h"), "the list was drawn on the alternate screen",
      sourceLocation: sourceLocation)
    let restore = session.output.range(of: "\u{1B}[?25h\u{1B}[?1049l", options: .backwards)
    #expect(restore != nil, "the cursor and the main screen came back", sourceLocation: sourceLocation)
    if let restore {
      #expect(
        session.output[restore.upperBound...].isEmpty, "nothing drawn after the restore", sourceLocation: sourceLocation
      )
    }
    #expect(session.alternate == false, sourceLocation: sourceLocation)
    #expect(session.canonical == true && session.echo == true, "cooked mode again", sourceLocation: sourceLocation)
    #expect(session.settingsRestored == true, "the terminal's settings as before", sourceLocation: sourceLocation)
  }

  @Test func typingSquirrDownSpaceEnterRecruitsSquirrelGirl() throws {
    let home = try home(adding: [Self.squirrelGirl])
    // Right after typed text a Space is text: a move first makes it mark.
    let session = try PickTerminal.run(
      ["pick"], home: home.path,
      steps: [
        .wait("Filter:"), .type("squirr"), .wait("1 of "), .wait("Squirrel Girl"), .type("\u{1B}[B "),
        .wait("+1 to recruit"), .type("\r"),
      ])
    expectRestored(session)
    #expect(session.exit == 0, "\(session.stderr ?? "")")
    #expect(session.stderr == "Recruited Squirrel Girl.\n")
    let listed = try CLIProcess.run(["list"], home: home.path)
    #expect(listed.lines.count == 1)
    #expect(listed.stdout.hasPrefix("1010860\tSquirrel Girl\t"))
  }

  @Test func aNameTypedWithItsSpaceFiltersAndMarksNothing() throws {
    let home = try home()
    // Before, the space marked Iron Cross Army (the first name starting with "iron") and Enter saved it.
    let session = try PickTerminal.run(
      ["pick"], home: home.path,
      steps: [.wait("Filter:"), .type("iron man"), .wait("Filter: iron man▏"), .wait("Iron Man"), .type("\r")])
    expectRestored(session)
    #expect(session.exit == 0, "\(session.stderr ?? "")")
    #expect(session.stderr == "Nothing picked; the squad is unchanged.\n")
    #expect(try CLIProcess.run(["list"], home: home.path).stdout.isEmpty)
  }

  @Test func ironManTypedThenTwoSpacesRecruitsIronManOnly() throws {
    let home = try home()
    // The first space is text, as after any letter; the second marks the hero under the cursor.
    let session = try PickTerminal.run(
      ["pick"], home: home.path,
      steps: [
        .wait("Filter:"), .type("iron man"), .wait("Filter: iron man▏"), .type("  "), .wait("+1 to recruit"),
        .type("\r"),
      ])
    expectRestored(session)
    #expect(session.exit == 0, "\(session.stderr ?? "")")
    #expect(session.stderr == "Recruited Iron Man.\n")
    let listed = try CLIProcess.run(["list"], home: home.path)
    #expect(listed.lines.count == 1, "\(listed.stdout)")
    #expect(listed.stdout.hasPrefix("1009368\tIron Man\t"), "\(listed.stdout)")
  }

  @Test func aBundledHeroCanBePickedByFilterAndArrows() throws {
    let home = try home()
    let session = try PickTerminal.run(
      ["pick", "hulk"], home: home.path,
      steps: [.wait("Filter: hulk"), .type("\u{1B}[B"), .wait("> "), .type(" \r")])
    expectRestored(session)
    #expect(session.exit == 0)
    let listed = try CLIProcess.run(["list"], home: home.path)
    #expect(listed.lines.count == 1, "\(listed.stdout)")
    #expect(session.stderr?.hasPrefix("Recruited ") == true)
  }

  @Test func aNamedSquadGetsThePickAsOneHistoryEntry() throws {
    let home = try home()
    #expect(try CLIProcess.run(["squads", "create", "team"], home: home.path).status == 0)
    let session = try PickTerminal.run(
      ["pick", "--squad", "team"], home: home.path,
      steps: [.wait("Filter:"), .type("  "), .wait("+2 to recruit"), .type("\r")])
    expectRestored(session)
    #expect(session.exit == 0, "\(session.stderr ?? "")")
    #expect(try CLIProcess.run(["--squad", "team", "list"], home: home.path).lines.count == 2)
    #expect(try CLIProcess.run(["list"], home: home.path).stdout.isEmpty)
    let history = try CLIProcess.run(["--squad", "team", "history"], home: home.path).lines.map {
      $0.split(separator: "\t")
    }
    // Creating the squad, then the pick: both heroes in one entry.
    #expect(history.map { String($0[2]) } == ["pick", "squads create"], "\(history)")
  }

  @Test func ctrlCAfterMarkingTwoHeroesChangesNothing() throws {
    let home = try home()
    #expect(try CLIProcess.run(["recruit", "1009610", "-q"], home: home.path).status == 0)
    let before = home.contents("squad.json")
    let session = try PickTerminal.run(
      ["pick"], home: home.path,
      steps: [.wait("Filter:"), .type(" "), .type(" "), .wait("+2 to recruit"), .type("\u{03}")])
    expectRestored(session)
    #expect(session.exit == 130)
    #expect(home.contents("squad.json") == before)
  }

  @Test func resizingRedrawsAtTheNewSizeWithoutGarbage() throws {
    let home = try home()
    let session = try PickTerminal.run(
      ["pick"], home: home.path,
      steps: [
        .wait("Filter:"), .resize(rows: 12, columns: 50), .wait("+0 to recruit"),
        .wait("of \(BundledCatalogue.heroes.count)"),
      ] + [.resize(rows: 30, columns: 120), .wait("+0 to recruit"), .type("\u{1B}")],
      rows: 24, columns: 100)
    expectRestored(session)
    #expect(session.exit == 0)
    #expect(session.overflow == 0, "no line ran past the right edge")
  }

  @Test func theScreenAfterAResizeIsExactlyTheNewFrame() throws {
    let home = try home()
    // Shrink, then stop with a key that changes nothing, and read the screen before leaving.
    let session = try PickTerminal.run(
      ["pick"], home: home.path,
      steps: [.wait("Filter:"), .resize(rows: 12, columns: 50), .wait("Type"), .type("\u{03}")],
      rows: 24, columns: 100)
    // The script waits for text that never appears, so the session reports the screen as it was.
    #expect(session.error != nil)
    let screen = session.screen
    #expect(screen.count == 12)
    #expect(screen[0].hasPrefix("Filter: ▏"), "\(screen)")
    #expect(screen[0].hasSuffix("of \(BundledCatalogue.heroes.count)"), "\(screen)")
    #expect(screen[1].hasSuffix("COMICS"), "\(screen)")
    #expect(screen[11].hasPrefix("+0 to recruit"), "\(screen)")
    for line in screen { #expect(DisplayWidth.of(line) <= 49, "\(line)") }
  }

  @Test func belowTheMinimumSizeItSaysSoAndStillAnswers() throws {
    let home = try home()
    let session = try PickTerminal.run(
      ["pick"], home: home.path, steps: [.wait("Terminal too small"), .type("q")], rows: 8, columns: 30)
    expectRestored(session)
    #expect(session.exit == 0)
  }

  @Test func keysTypedOnAScreenTooSmallAreIgnoredAndThePickerGoesOn() throws {
    // Found attacking resizes: any key but q, Esc and Ctrl-C on a too-small screen ended the
    // picker with "stopped unexpectedly" (exit 1). Now they change nothing and q still leaves.
    let home = try home()
    let session = try PickTerminal.run(
      ["pick"], home: home.path, steps: [.wait("Terminal too small"), .type("x \u{1B}[B"), .type("q")], rows: 8,
      columns: 30)
    expectRestored(session)
    #expect(session.exit == 0, "\(session.stderr ?? "")")
    #expect(session.stderr == "Nothing picked; the squad is unchanged.\n")
  }

  @Test func withoutATerminalOnStdinItRefusesAndDrawsNothing() throws {
    let home = try home()
    let session = try PickTerminal.run(
      [], home: home.path, steps: [],
      shell: "exec '\(CLIProcess.binary.path)' --home '\(home.path)' pick </dev/null")
    #expect(session.exit == 64)
    #expect(session.stderr?.contains("squad recruit") == true, "\(session.stderr ?? "")")
    #expect(session.stderr?.contains("squad heroes --all | fzf") == true)
    #expect(session.output.isEmpty, "nothing drawn: \(session.output.debugDescription)")
    #expect(session.settingsRestored == true)
  }

  @Test func withStdoutPipedItRefusesAndDrawsNothing() throws {
    let home = try home()
    let session = try PickTerminal.run(
      [], home: home.path, steps: [],
      shell: "set -o pipefail; '\(CLIProcess.binary.path)' --home '\(home.path)' pick | cat")
    #expect(session.exit == 64)
    #expect(session.stderr?.contains("needs a terminal") == true, "\(session.stderr ?? "")")
    #expect(session.output.isEmpty, "nothing drawn: \(session.output.debugDescription)")
  }

  @Test func aDumbTerminalIsRefusedWithTheSameHint() throws {
    let home = try home()
    let session = try PickTerminal.run(["pick"], home: home.path, steps: [], environment: ["TERM": "dumb"])
    #expect(session.exit == 64)
    #expect(session.stderr?.contains("squad heroes --all | fzf") == true, "\(session.stderr ?? "")")
    #expect(session.output.isEmpty, "nothing drawn: \(session.output.debugDescription)")
  }

  @Test func aFilterArgumentOverTheTypedFiltersCapIsAUsageErrorAndNothingIsDrawn() throws {
    // One rule for the filter however it comes: typing stops at the cap, so a longer argument is
    // refused rather than silently cut.
    let home = try home()
    let cap = PickFeature.maximumFilterLength
    let session = try PickTerminal.run(["pick", String(repeating: "a", count: cap + 1)], home: home.path, steps: [])
    #expect(session.exit == 64)
    #expect(session.stderr?.contains("at most \(cap)") == true, "\(session.stderr ?? "")")
    #expect(session.output.isEmpty, "nothing drawn: \(session.output.debugDescription)")
  }

  @Test func aFilterArgumentAtTheCapIsShownAndTypingMoreIsIgnored() throws {
    let home = try home()
    let filter = String(repeating: "z", count: PickFeature.maximumFilterLength)
    let session = try PickTerminal.run(
      ["pick", filter], home: home.path,
      steps: [
        // Backspace after the ignored "y" takes a "z" off, not the "y".
        .wait("Filter: \(filter)▏"), .type("y\u{7F}"), .wait("Filter: \(filter.dropLast())▏"), .type("\u{03}"),
      ], columns: 120)
    #expect(session.error == nil, "\(session.error ?? "") \(session.screen)")
    #expect(session.exit == 130)
  }

  @Test func withNeitherAPipeNorATerminalTheHintIsTheSame() throws {
    let home = try home()
    let result = try CLIProcess.run(["pick"], home: home.path)
    #expect(result.status == 64)
    #expect(result.stdout.isEmpty)
    #expect(result.stderr.contains("squad heroes --all | fzf"))
  }

  /// A name holds no control character (``HeroLimits``), but may hold direction marks, which
  /// could reorder the screen; the description may hold anything.
  @Test func aNameHoldingDirectionMarksShowsAsPlainText() throws {
    let hostile = Hero(
      id: HeroID(42), name: "Evil\u{202E}[2J\u{200F}Hero", description: "x\u{1B}[5mblink\u{1B}]0;owned\u{07}")
    let home = try home(adding: [hostile])
    let session = try PickTerminal.run(
      ["pick", "evil"], home: home.path, steps: [.wait("Evil[2JHero"), .type("\u{1B}")])
    expectRestored(session)
    #expect(!session.output.contains("\u{202E}"))
    #expect(!session.output.contains("\u{200F}"))
    #expect(!session.output.contains("\u{1B}]0;"))
    #expect(!session.output.contains("\u{07}"))
    #expect(!session.output.contains("\u{1B}[5m"))
  }

  @Test(arguments: [
    ("TERM", 143), ("INT", 130), ("HUP", 129), ("USR1", 138), ("ALRM", 142), ("XCPU", 152), ("SYS", 159), ("XFSZ", 153),
  ])
  func aSignalFromOutsideRestoresTheTerminal(signal: String, code: Int) throws {
    let home = try home()
    let session = try PickTerminal.run(
      ["pick"], home: home.path, steps: [.wait("Filter:"), .type(" "), .wait("+1 to recruit"), .signal(signal)])
    expectRestored(session)
    #expect(session.exit == code)
    #expect(home.contents("squad.json") == nil, "nothing saved")
  }

  @Test(arguments: ["SEGV", "ABRT", "BUS"])
  func aCrashRestoresTheTerminal(signal: String) throws {
    let home = try home()
    // The handler hands the crash on to the handler from before; the Swift runtime's backtracer
    // would then spend many seconds symbolicating on a loaded machine, so the test turns it off
    // and the signal's default ends the process.
    let session = try PickTerminal.run(
      ["pick"], home: home.path, steps: [.wait("Filter:"), .signal(signal)],
      environment: ["SWIFT_BACKTRACE": "enable=no"])
    expectRestored(session)
    #expect(session.exit ?? 0 > 128, "ended by the signal: \(session.exit ?? -1)")
  }

  @Test func theTerminalClosingEndsThePickWithNothingSaved() throws {
    let home = try home()
    let session = try PickTerminal.run(
      ["pick"], home: home.path, steps: [.wait("Filter:"), .type(" "), .wait("+1 to recruit"), .hangUp])
    #expect(session.exit == 129 || session.exit == 1, "\(session.exit ?? -1) \(session.stderr ?? "")")
    #expect(home.contents("squad.json") == nil)
  }

  @Test func escapeWithChangesPendingAsksFirst() throws {
    let home = try home()
    let session = try PickTerminal.run(
      ["pick"], home: home.path,
      steps: [
        .wait("Filter:"), .type(" "), .wait("+1 to recruit"), .type("\u{1B}"), .wait("Discard 1 pending change? [y/N]"),
        .type("y"),
      ])
    expectRestored(session)
    #expect(session.exit == 0)
    #expect(session.stderr == "Nothing picked; the squad is unchanged.\n")
    #expect(home.contents("squad.json") == nil)
  }

  @Test func questionMarkShowsTheKeys() throws {
    let home = try home()
    let session = try PickTerminal.run(
      ["pick"], home: home.path,
      steps: [
        .wait("Filter:"), .type("?"), .wait("Keys of squad pick"), .wait("Any key goes back."), .type("x"),
        .wait("Filter: ▏"),
        .type("\u{03}"),
      ])
    expectRestored(session)
    #expect(session.exit == 130)
  }
}
