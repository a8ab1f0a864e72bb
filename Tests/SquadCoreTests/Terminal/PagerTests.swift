import Testing

@testable import SquadCore

/// Which pager a run gets, and how tall output is on a terminal: the pure parts of paging.
@Suite struct PagerTests {
  static let terminal = TerminalInfo(stdoutIsTTY: true, stderrIsTTY: true, stdinIsTTY: true, width: 10, height: 5)

  @Test func squadPagerThenPagerThenLessAndAnEmptyOrCatPagerIsNone() {
    func command(_ variables: [String: String]) -> String? {
      Pager.resolve(variables: variables, terminal: Self.terminal)?.command
    }
    #expect(command([:]) == "less -FRX")
    #expect(command(["PAGER": "more"]) == "more")
    #expect(command(["PAGER": "more", "SQUAD_PAGER": "most"]) == "most")
    #expect(command(["PAGER": "more", "SQUAD_PAGER": ""]) == nil, "a set SQUAD_PAGER decides, even empty")
    #expect(command(["PAGER": " cat "]) == nil)
    var pipe = Self.terminal
    pipe.stdoutIsTTY = false
    #expect(Pager.resolve(variables: [:], terminal: pipe) == nil)
  }

  /// A pager of plain words is started without a shell, so its own exit status 127 is told from
  /// one that could not be started; anything a shell would read otherwise goes to /bin/sh.
  @Test func plainWordsAreStartedDirectlyAndShellSyntaxIsNot() {
    #expect(Pager.plainWords("less -FRX") == ["less", "-FRX"])
    #expect(Pager.plainWords(" most\t-s ") == ["most", "-s"])
    for shell in ["less | cat", "LESS=R less", "less $X", "'my pager'", "less > x", "pager*", "~/pager", ""] {
      #expect(Pager.plainWords(shell) == nil, "\(shell)")
    }
  }

  @Test func lessGetsFRXUnlessLESSIsSet() {
    #expect(Pager.resolve(variables: [:], terminal: Self.terminal)?.environment["LESS"] == "FRX")
    #expect(Pager.resolve(variables: ["LESS": "-S"], terminal: Self.terminal)?.environment["LESS"] == "-S")
  }

  @Test func rowsCountWrappedLinesAndNotColourEscapes() throws {
    let pager = try #require(Pager.resolve(variables: [:], terminal: Self.terminal))
    #expect(pager.rowsNeeded(by: "a\nb\n") == 2)
    #expect(pager.rowsNeeded(by: "0123456789\n0123456789x\n\n") == 4)
    #expect(pager.rowsNeeded(by: "\u{1B}[1m0123456789\u{1B}[0m\n") == 1)
    #expect(pager.rowsNeeded(by: "漢字漢字漢字\n") == 2)
  }
}
