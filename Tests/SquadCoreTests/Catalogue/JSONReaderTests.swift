import Foundation
import Testing

@testable import SquadCore

/// The in-place reader the catalogue is read with: the same strings as Foundation's decoder, and
/// an error (never a crash) for anything that is not JSON.
@Suite struct JSONReaderTests {
  static func read<T>(_ text: String, _ body: (inout JSONReader) throws(JSONReader.Failure) -> T) throws -> T {
    let bytes = Array(text.utf8)
    return try bytes.withUnsafeBufferPointer { buffer in
      var reader = JSONReader(buffer)
      let value = try body(&reader)
      guard reader.isAtEnd() else { throw reader.failure("unexpected text after the value") }
      return value
    }
  }

  @Test func theWordTestFindsEveryQuoteBackslashAndControlByteInEveryPosition() {
    for position in 0..<8 {
      for value in 0...255 {
        var word = UInt64(0x41_41_41_41_41_41_41_41)
        word &= ~(UInt64(0xFF) << (8 * position))
        word |= UInt64(value) << (8 * position)
        let special = value < 0x20 || value == 0x22 || value == 0x5C
        #expect((JSONReader.specialBytes(word) != 0) == special, "byte \(value) at \(position)")
        if special { #expect(JSONReader.specialBytes(word).trailingZeroBitCount / 8 == position) }
      }
    }
  }

  @Test func theLowestFlaggedByteIsTheFirstSpecialOneWhateverFollows() {
    // Bytes after the first special one may be anything, special or not.
    for first in 0..<8 {
      for special: UInt8 in [0x00, 0x1F, 0x22, 0x5C] {
        for filler: UInt8 in [0x00, 0x01, 0x21, 0x5C, 0x80, 0xFF] {
          var bytes = [UInt8](repeating: 0x41, count: 8)
          bytes[first] = special
          for index in (first + 1)..<8 { bytes[index] = filler }
          let word = bytes.withUnsafeBytes { $0.loadUnaligned(as: UInt64.self) }
          #expect(JSONReader.specialBytes(word).trailingZeroBitCount / 8 == first)
        }
      }
    }
  }

  @Test func stringsOfEveryLengthWithAnEscapeAnywhereReadAsTheParserReadsThem() throws {
    for length in 0..<24 {
      for escapeAt in [nil] + Array(0..<length) {
        var text = String(repeating: "é", count: length / 3) + String(repeating: "a", count: length - length / 3)
        if let escapeAt {
          text.insert(contentsOf: "\\n\\u00e9\\\"", at: text.index(text.startIndex, offsetBy: escapeAt))
        }
        let json = "\"" + text + "\""
        let expected = try JSONDecoder().decode(String.self, from: Data(json.utf8))
        #expect(try Self.read(json) { (reader) throws(JSONReader.Failure) in try reader.string() } == expected)
      }
    }
  }

  @Test func objectsArraysAndSkippedValues() throws {
    let json = #" { "a" : [1, {"x": [true, false, null, -2.5e3, "s"]}, []], "n": null, "b": -42 , "c": {} } "#
    let found = try Self.read(json) { (reader) throws(JSONReader.Failure) -> [String] in
      var seen: [String] = []
      try reader.beginObject()
      while let key = try reader.nextKey() {
        if key == "b" {
          seen.append("b=\(try reader.int())")
        } else if key == "n" {
          seen.append("n=\(try reader.optionalInt().map(String.init) ?? "null")")
        } else {
          seen.append(key.string)
          try reader.skipValue()
        }
      }
      return seen
    }
    #expect(found == ["a", "n=null", "b=-42", "c"])
  }

  @Test func escapesAndSurrogatePairsReadAsFoundationReadsThem() throws {
    for json in [#""a\/b\n\u00e9\ud83d\ude00""#, #""\\ \" \b\f\r\t""#] {
      let expected = try JSONDecoder().decode(String.self, from: Data(json.utf8))
      #expect(try Self.read(json) { (reader) throws(JSONReader.Failure) in try reader.string() } == expected, "\(json)")
    }
    // Foundation refuses half a surrogate pair, which squad never writes: such a string is a
    // failure (issue 29: never read as an empty text in silence), never a crash.
    #expect(throws: JSONReader.Failure.self) {
      try Self.read(#""lone \ud83d half""#) { (reader) throws(JSONReader.Failure) in try reader.string() }
    }
  }

  @Test(arguments: [
    "", "{", "{\"a\"", "{\"a\":}", "{\"a\":1,}", "[1 2]", "{\"a\" 1}", "\"open", "{\"a\":tru}", "{\"a\":1}}",
    "\"\u{01}\"", "1e999", "-", "\"\\x\"", "\"\\u12\"",
    String(repeating: "[", count: 600) + String(repeating: "]", count: 600),
  ])
  func malformedDocumentsAreErrors(json: String) {
    #expect(throws: JSONReader.Failure.self) {
      try Self.read(json) { (reader) throws(JSONReader.Failure) in try reader.skipValue() }
    }
  }

  @Test(arguments: ["1.5", "1e3", "\"1\"", "-", "12345678901234567890", "null"])
  func onlyWholeNumbersAreInts(json: String) {
    #expect(throws: JSONReader.Failure.self) {
      try Self.read(json) { (reader) throws(JSONReader.Failure) in try reader.int() }
    }
  }
}
