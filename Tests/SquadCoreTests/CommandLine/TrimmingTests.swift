import Testing

@testable import SquadCore

@Suite struct TrimmingTests {
  @Test func whiteSpaceGoesFromBothEndsOnly() {
    #expect("  Spider-Man (Peter Parker)\t".trimmingWhitespace() == "Spider-Man (Peter Parker)")
    #expect("\n hulk \r\n".trimmingWhitespace() == "hulk")
    #expect("Araña\u{00A0}".trimmingWhitespace() == "Araña")
    #expect("a b".trimmingWhitespace() == "a b")
  }

  @Test func nothingButWhiteSpaceBecomesEmpty() {
    #expect("".trimmingWhitespace() == "")
    #expect(" \t\n".trimmingWhitespace() == "")
  }
}
