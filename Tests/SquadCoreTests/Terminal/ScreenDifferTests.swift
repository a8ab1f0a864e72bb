import Testing

@testable import SquadCore

@Suite struct ScreenDifferTests {
  let size = TerminalSize(width: 40, height: 3)

  @Test func theFirstFrameClearsAndDrawsEveryLineWithText() {
    var differ = ScreenDiffer()
    let output = differ.update(to: ScreenFrame(size: size, lines: ["one", "", "three"]))
    #expect(output == "\u{1B}[0m\u{1B}[H\u{1B}[2J\u{1B}[1;1Hone\u{1B}[K\u{1B}[3;1Hthree\u{1B}[K")
  }

  @Test func laterFramesRewriteOnlyTheLinesThatChanged() {
    var differ = ScreenDiffer()
    _ = differ.update(to: ScreenFrame(size: size, lines: ["one", "two", "three"]))
    #expect(differ.update(to: ScreenFrame(size: size, lines: ["one", "TWO", "three"])) == "\u{1B}[2;1HTWO\u{1B}[K")
    #expect(differ.update(to: ScreenFrame(size: size, lines: ["one", "TWO", "three"])) == "")
    // A line that became empty is erased.
    #expect(differ.update(to: ScreenFrame(size: size, lines: ["one", "", "three"])) == "\u{1B}[2;1H\u{1B}[K")
  }

  @Test func aNewSizeRepaintsEverything() {
    var differ = ScreenDiffer()
    _ = differ.update(to: ScreenFrame(size: size, lines: ["one", "two", "three"]))
    let bigger = TerminalSize(width: 50, height: 3)
    let output = differ.update(to: ScreenFrame(size: bigger, lines: ["one", "two", "three"]))
    #expect(output.hasPrefix("\u{1B}[0m\u{1B}[H\u{1B}[2J"))
    #expect(output.contains("one") && output.contains("two") && output.contains("three"))
  }

  @Test func invalidatingRepaintsTheNextFrame() {
    var differ = ScreenDiffer()
    let frame = ScreenFrame(size: size, lines: ["one", "two", "three"])
    _ = differ.update(to: frame)
    differ.invalidate()
    #expect(differ.update(to: frame).contains("\u{1B}[2J"))
  }
}
