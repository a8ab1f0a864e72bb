import Foundation
import Testing

@testable import SquadCore

/// `squad pick` at the squad's size limit, the real binary on a pseudo-terminal: the fill is on
/// the status line, a mark past the limit is refused while the picker is open, and an Enter the
/// limit refuses keeps the picker and every mark.
@Suite(.enabled(if: PseudoTerminal.isAvailable, "python3 is needed for a pseudo-terminal"))
struct PickLimitEndToEndTests {
  @Test func aMarkPastTheLimitIsRefusedAndTheFillShown() throws {
    let home = TemporaryDirectory()
    #expect(try CLIProcess.run(["squads", "create", "two", "--max", "2"], home: home.path).status == 0)
    let session = try PickTerminal.run(
      ["pick", "--squad", "two"], home: home.path,
      steps: [
        .wait("0/2 · +0 to recruit"), .type("  "), .wait("2/2 · +2 to recruit"), .type(" "),
        .wait("Full at 2: mark a member to fire first"), .wait("2/2 · +2 to recruit"), .type("\r"),
      ])
    #expect(session.error == nil, "\(session.error ?? "") \(session.screen)")
    #expect(session.exit == 0, "\(session.stderr ?? "")")
    #expect(try CLIProcess.run(["--squad", "two", "list"], home: home.path).lines.count == 2)
  }

  @Test func anEnterPastALimitLoweredElsewhereKeepsThePickerAndItsMarks() throws {
    let home = TemporaryDirectory()
    #expect(try CLIProcess.run(["squads", "create", "two", "--max", "2"], home: home.path).status == 0)
    let lower = [CLIProcess.binary.path, "--home", home.path, "squads", "edit", "two", "--max", "1"]
    let session = try PickTerminal.run(
      ["pick", "--squad", "two"], home: home.path,
      steps: [
        .wait("0/2 · +0 to recruit"), .type("  "), .wait("2/2 · +2 to recruit"), .run(lower), .wait("2/1"),
        .type("\r"), .wait("Over the limit of 1 by 1: unmark or fire first"), .wait("+2 to recruit"),
        .type("\u{1B}[A "), .wait("1/1 · +1 to recruit"), .type("\r"),
      ])
    #expect(session.error == nil, "\(session.error ?? "") \(session.screen)")
    #expect(session.exit == 0, "\(session.stderr ?? "")")
    #expect(try CLIProcess.run(["--squad", "two", "list"], home: home.path).lines.count == 1)
  }
}
