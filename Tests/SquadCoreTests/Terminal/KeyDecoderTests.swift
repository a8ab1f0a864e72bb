import Testing

@testable import SquadCore

@Suite struct KeyDecoderTests {
  func keys(_ text: String) -> [Key] { KeyDecoder.keys(in: Array(text.utf8)) }

  @Test func textAndControlKeys() {
    #expect(keys("ab ?") == [.text("a"), .text("b"), .space, .text("?")])
    #expect(keys("\r\n\t") == [.enter, .enter, .tab])
    #expect(keys("\u{7F}\u{08}") == [.backspace, .backspace])
    #expect(keys("\u{03}\u{0E}\u{10}\u{15}") == [.control("c"), .control("n"), .control("p"), .control("u")])
  }

  @Test func arrowsInNormalAndApplicationMode() {
    #expect(keys("\u{1B}[A\u{1B}[B\u{1B}[C\u{1B}[D") == [.up, .down, .right, .left])
    #expect(keys("\u{1B}OA\u{1B}OB") == [.up, .down])
    // With a modifier (Ctrl-Up in xterm): still up.
    #expect(keys("\u{1B}[1;5A") == [.up])
  }

  @Test func pagingAndEndsInTheirCommonVariants() {
    #expect(keys("\u{1B}[5~\u{1B}[6~") == [.pageUp, .pageDown])
    let homes = ["\u{1B}[H", "\u{1B}OH", "\u{1B}[1~", "\u{1B}[7~"]
    let ends = ["\u{1B}[F", "\u{1B}OF", "\u{1B}[4~", "\u{1B}[8~"]
    for home in homes { #expect(keys(home) == [.home], "\(Array(home.utf8))") }
    for end in ends { #expect(keys(end) == [.end], "\(Array(end.utf8))") }
    #expect(keys("\u{1B}[3~") == [.delete])
    #expect(keys("\u{1B}[15~") == [.unknown])
  }

  @Test func mouseReportsAreNeverEnter() {
    #expect(keys("\u{1B}[<0;10;5M") == [.unknown])
    #expect(keys("\u{1B}[32;10;5M") == [.unknown])
    #expect(keys("\u{1B}[M#!!a") == [.unknown, .text("a")])
    #expect(keys("\u{1B}OM") == [.enter])
  }

  @Test func controlStringsAreDroppedWhole() {
    #expect(keys("sp\u{1B}]0;PWN\u{07}er") == [.text("s"), .text("p"), .unknown, .text("e"), .text("r")])
    #expect(keys("\u{1B}]11;rgb:0000/0000/0000\u{1B}\\a") == [.unknown, .text("a")])
    #expect(keys("\u{1B}P1$r0m\u{1B}\\") == [.unknown])
  }

  @Test func utf8TextIsOneKeyPerCharacter() {
    #expect(keys("é漢😀") == [.text("é"), .text("漢"), .text("😀")])
  }

  @Test func invalidUTF8AndC1ControlsAreNotText() {
    #expect(KeyDecoder.keys(in: [0xFF, 0x41]) == [.unknown, .text("A")])
    #expect(KeyDecoder.keys(in: [0xC2, 0x9B]) == [.unknown])
  }

  @Test func aLoneEscapeWaitsUntilTheInputGoesQuiet() {
    var decoder = KeyDecoder()
    decoder.feed([0x1B])
    #expect(decoder.next() == nil)
    #expect(decoder.hasPendingBytes)
    // The rest of an arrow key arrives in a second read.
    decoder.feed(Array("[B".utf8))
    #expect(decoder.next() == .down)
    decoder.feed([0x1B])
    #expect(decoder.next(flush: true) == .escape)
    #expect(!decoder.hasPendingBytes)
  }

  @Test func escapeThenALetterIsAlt() {
    #expect(keys("\u{1B}x") == [.alt("x")])
    #expect(keys("\u{1B}\u{1B}[A") == [.escape, .up])
  }

  @Test func aSplitUTF8CharacterWaitsForItsRest() {
    var decoder = KeyDecoder()
    let bytes = Array("漢".utf8)
    decoder.feed(bytes.prefix(2))
    #expect(decoder.next() == nil)
    decoder.feed(bytes.suffix(1))
    #expect(decoder.next() == .text("漢"))
  }
}

extension KeyDecoder {
  /// Every key in `bytes`, taken as complete input.
  static func keys(in bytes: [UInt8]) -> [Key] {
    var decoder = KeyDecoder()
    decoder.feed(bytes)
    var keys: [Key] = []
    while let key = decoder.next(flush: true) { keys.append(key) }
    return keys
  }
}
