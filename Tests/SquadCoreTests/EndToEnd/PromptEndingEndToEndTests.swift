import Foundation
import Testing

@testable import SquadCore

/// Issue 21, item 4: a question ended by Ctrl-C or Ctrl-D ends its line, so neither squad's next
/// message nor the shell's prompt is glued to `[y/N]`; Ctrl-C still exits 130 changing nothing.
@Suite struct PromptEndingEndToEndTests {
  static let questions: [[String]] = [["fire", "1009610"], ["squads", "delete", "team"], ["catalogue", "reset"]]
  static let keys = ["\u{03}", "\u{04}"]

  /// A home where the question is asked.
  func prepared(_ question: [String]) throws -> TemporaryDirectory {
    let home = TemporaryDirectory()
    let setup: [String]
    switch question.first {
    case "fire": setup = ["recruit", "1009610"]
    case "squads": setup = ["squads", "create", "team"]
    default: setup = ["catalogue", "import", CatalogueEndToEndTests.archive + "/array.json"]
    }
    #expect(try CLIProcess.run(setup + ["-q"], home: home.path).status == 0)
    return home
  }

  /// Every file under the home and its bytes: an unanswered question must leave them all alone.
  func snapshot(_ home: TemporaryDirectory) -> [String: Data] {
    let files = FileManager.default.enumerator(atPath: home.path)?.compactMap { $0 as? String } ?? []
    return Dictionary(uniqueKeysWithValues: files.map { ($0, home.contents($0) ?? Data()) })
  }

  @Test(
    .enabled(if: PseudoTerminal.isAvailable, "python3 is needed to answer on a pseudo-terminal"),
    arguments: questions, keys)
  func aQuestionEndedWithCtrlCOrCtrlDEndsItsLine(question: [String], key: String) throws {
    let home = try prepared(question)
    let before = snapshot(home)
    let result = try PseudoTerminal.run(question, home: home.path, mergeStderr: true, ctrlCAfter: "[y/N]", key: key)
    let shown = result.stdout
    let afterQuestion = try #require(shown.range(of: "[y/N] ")).upperBound
    let rest = String(shown[afterQuestion...])
    if key == "\u{03}" {
      #expect(result.status == 130)
      #expect(rest.hasSuffix("\r\n"), "the shell's prompt would follow on the same line: \(shown.debugDescription)")
    } else {
      #expect(result.status == 0, "\(shown)")
      #expect(rest.hasPrefix("\r\n"), "what follows is glued to the question: \(shown.debugDescription)")
    }
    #expect(snapshot(home) == before, "an unanswered question changes nothing")
  }

  @Test(
    .enabled(if: PseudoTerminal.isAvailable, "python3 is needed to answer on a pseudo-terminal"), arguments: keys)
  func aQuestionAskedOnTheTerminalWhileStderrIsRedirectedEndsItsLineThere(key: String) throws {
    let home = try prepared(["fire", "1009610"])
    let before = snapshot(home)
    let result = try PseudoTerminal.run(["fire", "1009610"], home: home.path, ctrlCAfter: "[y/N]", key: key)
    #expect(result.status == (key == "\u{03}" ? 130 : 0))
    #expect(result.stdout.hasSuffix("\r\n"), "\(result.stdout.debugDescription)")
    #expect(!result.stderr.contains("\n\n"), "the newline goes to the terminal, not to the log: \(result.stderr)")
    #expect(snapshot(home) == before)
  }
}
