import Foundation
import Testing

@testable import SquadCore

/// What the ninth hostile attack left open (its findings 6, 9 and 10), with the real binary.
@Suite struct NinthAttackLeftEndToEndTests {
  let squad = SquadProcess()

  private func recruit(stdin text: String) throws -> SquadProcess.Outcome {
    try CLIProcess.start(
      CLIProcess.binary, ["recruit", "-"], environment: squad.environment, directory: nil, stdin: Data(text.utf8)
    ).wait()
  }

  /// Finding 6: a line whose first field is empty took its second field, against "each line's first field".
  @Test(arguments: [("\thulk\n", 1), ("thor\n  \t1009351\n", 2)])
  func recruitFromStdinRefusesARowWhoseFirstFieldIsEmpty(_ text: String, line: Int) throws {
    let result = try recruit(stdin: text)
    #expect(result.status == 64, "\(result.stderr)")
    #expect(result.stderr.contains("line \(line) of stdin has an empty first field"), "\(result.stderr)")
    #expect(result.stderr.contains("Nothing was recruited."), "\(result.stderr)")
    #expect(squad.home.contents("squad.json") == nil)
    // A row with its first field, and a line of blanks and tabs only, are read as before.
    let kept = try recruit(stdin: "1009351\tHulk\n\t \n")
    #expect(kept.status == 0 && kept.stderr.contains("Recruited Hulk."), "\(kept.stderr)")
  }

  /// Finding 6: a byte-order mark inside stdin was quoted raw, so the message showed a name that
  /// looked like an id squad knows. One at the very start of stdin is skipped, as `import -` skips it.
  @Test func anInvisibleCharacterInAQuotedNameIsShownByItsCodePoint() throws {
    let result = try recruit(stdin: "1009351\tHulk\n\u{FEFF}1009664\tThor\n")
    #expect(result.status == 3, "\(result.stderr)")
    #expect(result.stderr.contains("No hero is named '<U+FEFF>1009664'"), "\(result.stderr)")
    #expect(!result.stderr.contains("\u{FEFF}"), "\(result.stderr)")
    let overridden = try squad.run("show", "\u{202E}kluh")
    #expect(overridden.stderr.contains("'<U+202E>kluh'"), "\(overridden.stderr)")
    let marked = try recruit(stdin: "\u{FEFF}1009351\n")
    #expect(marked.status == 0 && marked.stderr.contains("Recruited Hulk."), "\(marked.stderr)")
  }

  /// `show --format csv` printed its CSV raw on a terminal, so a right-to-left override in a name
  /// reached the terminal; every other listing's CSV is cleaned there.
  @Test func showsCSVOnATerminalCarriesNoBidiOverride() throws {
    let member =
      "{\"id\":9999901,\"name\":\"\\u202eroht\",\"description\":\"d\\u2066e\",\"thumbnail\":\"\","
      + "\"recruitedAt\":\"2026-01-01T00:00:00Z\"}"
    try squad.home.write("{\"schemaVersion\":1,\"members\":[\(member)]}", to: "squad.json")
    let shown = try squad.runOnTerminal(["show", "9999901", "--format", "csv", "--no-pager"])
    #expect(shown.status == 0, "\(shown.stdout)")
    #expect(shown.stdout.contains("9999901,roht,"), "\(shown.stdout)")
    #expect(!shown.stdout.unicodeScalars.contains { $0.properties.isBidiControl }, "\(shown.stdout)")
    // Into a pipe the CSV stays exact.
    let piped = try squad.run("show", "9999901", "--format", "csv")
    #expect(piped.stdout.contains("9999901,\u{202E}roht,"), "\(piped.stdout)")
  }
}
