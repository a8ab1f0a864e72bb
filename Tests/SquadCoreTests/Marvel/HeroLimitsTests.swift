import Foundation
import Testing

@testable import SquadCore

/// One rule for a hero record, applied alike to the squad file, imports and API characters.
@Suite struct HeroLimitsTests {
  @Test func theRuleRefusesIdsBelowOneBlankNamesAndOversizedText() {
    #expect(HeroLimits.idProblem(1) == nil && HeroLimits.idProblem(0) != nil && HeroLimits.idProblem(-5) != nil)
    #expect(HeroLimits.nameProblem(" x ") == nil)
    #expect(HeroLimits.nameProblem("") == "must not be empty" && HeroLimits.nameProblem(" \t ") == "must not be empty")
    #expect(HeroLimits.nameProblem(String(repeating: "é", count: 513)) != nil, "bytes, not characters")
    #expect(HeroLimits.descriptionProblem(String(repeating: "x", count: HeroLimits.maximumDescriptionBytes)) == nil)
    #expect(HeroLimits.descriptionProblem(String(repeating: "x", count: HeroLimits.maximumDescriptionBytes + 1)) != nil)
    #expect(HeroLimits.linksProblem(count: HeroLimits.maximumLinks + 1) != nil)
  }

  /// Output drops control characters, so a name holding one is not the name the user sees or types.
  @Test func aNameHoldingAControlCharacterIsRefusedWhereverItStands() {
    for (name, code) in [
      ("\u{0}Gamora", "0000"), ("Hulk\u{0}X", "0000"), ("\u{1B}[31mRed", "001B"), ("Two\nLines", "000A"),
      ("Tab\tName", "0009"), ("Rub\u{7F}", "007F"), ("Next\u{85}Line", "0085"), ("é\u{9B}", "009B"),
      (" \u{7}", "0007"),
    ] {
      #expect(
        HeroLimits.nameProblem(name) == "must not hold a control character (U+\(code))", "\(name.debugDescription)")
    }
    for name in ["Gamora", "Hulk·X", "Señor ¿Quién?", "Ça\u{A0}va", "\u{A0}X"] {
      #expect(HeroLimits.nameProblem(name) == nil, "\(name.debugDescription)")
    }
  }

  @Test(arguments: [
    (#""id": 0, "name": "A""#, "members[0].id: must be a whole number above 0, not 0"),
    (#""id": 1, "name": "  ""#, "members[0].name: must not be empty"),
    (#""id": 1, "name": "A\u0007""#, "members[0].name: must not hold a control character (U+0007)"),
    (
      #""id": 1, "name": "A", "description": "\#(String(repeating: "x", count: 65_537))""#,
      "members[0].description: 65537 bytes"
    ),
  ])
  func theSquadFileRefusesWhatImportRefuses(fields: String, problem: String) throws {
    let document = #"{"schemaVersion": 1, "members": [{\#(fields), "recruitedAt": "2026-01-01T00:00:00Z"}]}"#
    #expect {
      try SquadFile.decode(Array(document.utf8), path: "squad.json")
    } throws: { error in
      guard case .corrupt(let detail)? = (error as? PersistenceError)?.reason else { return false }
      return detail.hasPrefix("at " + problem)
    }
  }

  static func links(_ count: Int) -> String {
    Array(repeating: #"{"type": "t", "url": "u"}"#, count: count).joined(separator: ",")
  }

  @Test(arguments: [
    (#""id": 0, "name": "A""#, "at data.results[0].id: must be a whole number above 0"),
    (#""id": 7, "name": " ""#, "at data.results[0].name: must not be empty"),
    (#""id": 7, "name": "\u0000Gamora""#, "at data.results[0].name: must not hold a control character (U+0000)"),
    (#""id": 7, "name": "A", "urls": [\#(Self.links(101))]"#, "at data.results[0].urls: 101 links"),
  ])
  func anAPICharacterBreakingTheRuleMakesTheAnswerInvalid(fields: String, problem: String) {
    let body = #"{"code": 200, "data": {"offset": 0, "limit": 1, "total": 1, "count": 1, "results": [{\#(fields)}]}}"#
    let page = MarvelResponseDecoder.page(Data(body.utf8), as: CharacterDTO.self, status: 200, url: "u") { $0.hero }
    guard case .failure(.invalidResponse(_, let detail, _)) = page else {
      Issue.record("decoded \(page)")
      return
    }
    #expect(detail.contains(problem), "\(detail)")
  }

  @Test(arguments: [
    (#""total": 150.5, "results": [{"id": 7, "name": "A"}]"#, "data.total"),
    (#""total": 12345678901234567890123, "results": [{"id": 7, "name": "A"}]"#, "data.total"),
    (#""total": 1, "results": [{"id": 1009610.5, "name": "A"}]"#, "data.results[0].id"),
    (#""total": 1, "results": [{"id": 12345678901234567890, "name": "A"}]"#, "data.results[0].id"),
  ])
  func aNumberSquadCannotUseInValidJSONIsNamedNotCalledGarbled(fields: String, path: String) {
    let body = #"{"code": 200, "data": {\#(fields)}}"#
    let page = MarvelResponseDecoder.page(Data(body.utf8), as: CharacterDTO.self, status: 200, url: "u") { $0.hero }
    guard case .failure(.invalidResponse(_, let detail, _)) = page else {
      Issue.record("decoded \(page)")
      return
    }
    #expect(detail.contains("JSON of the wrong shape, at \(path): ") && detail.contains("whole number"), "\(detail)")
  }

  /// One rule for numbers: a count squad could not keep refuses the record wherever it arrives,
  /// as `catalogue import` refuses it, so the catalogue never holds what it would skip.
  @Test func anAPICountOutsideTheRuleMakesTheAnswerInvalid() {
    for count in [#"{"available": -1}"#, "100000001", #"{"available": 1.5}"#] {
      let body =
        #"{"code": 200, "data": {"total": 1, "results": [{"id": 7, "name": "A", "series": \#(count)}]}}"#
      let page = MarvelResponseDecoder.page(Data(body.utf8), as: CharacterDTO.self, status: 200, url: "u") { $0.hero }
      guard case .failure(.invalidResponse(_, let detail, _)) = page else {
        Issue.record("decoded \(page)")
        continue
      }
      #expect(detail.contains("at data.results[0].series"), "\(detail)")
    }
  }

  @Test func storedRecordsAreReadUnderTheSameRule() {
    func reads(_ record: String) -> Bool {
      Array(record.utf8).withUnsafeBufferPointer { buffer in
        var reader = JSONReader(buffer)
        return (try? Hero(reading: &reader)) != nil
      }
    }
    #expect(reads(#"{"id":7,"name":"A","comics":3}"#))
    for record in [
      #"{"id":0,"name":"A"}"#, #"{"id":-7,"name":"A"}"#, #"{"id":7,"name":" "}"#, #"{"id":7,"name":"A","comics":-1}"#,
      #"{"id":7,"name":"A","comics":99999999999999999999}"#, #"{"id":7,"name":"A","events":1.5}"#,
      #"{"id":99999999999999999999,"name":"A"}"#, #"{"id":7,"name":"Hulk\u0000X"}"#, #"{"id":7,"name":"A\u001b[31m"}"#,
      #"{"id":7,"name":"A","description":"\#(String(repeating: "x", count: 65_537))"}"#,
      #"{"id":7,"name":"A","urls":[\#(Self.links(101))]}"#,
      #"{"id":7,"name":"A","thumbnail":{"path":"\#(String(repeating: "p", count: 8_200))","extension":"jpg"}}"#,
    ] {
      #expect(!reads(record), "\(record.prefix(60))")
    }
  }
}
