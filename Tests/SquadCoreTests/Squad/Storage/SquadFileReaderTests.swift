import Foundation
import Testing

@testable import SquadCore

/// `squad.json` is read by ``JSONReader`` (issue 29's start-up cost). The reading it replaced
/// (Foundation's `JSONDecoder` through `Decodable`) is kept here as the oracle: over thousands of
/// damaged copies of a real squad file, both accept the same files with the same squad, and
/// refuse the same files, never with a crash.
@Suite struct SquadFileReaderTests {
  static let moment = Date(timeIntervalSince1970: 1_790_000_000)

  static var document: [UInt8] {
    var members = [Sample.thor, Sample.hulk, Sample.spiderMan].map { Sample.member($0) }
    members.append(
      Member(
        id: HeroID(7), name: "Araña \"Q\" \u{202E} é", description: "line\nnext\\ \u{1B}", thumbnail: nil,
        recruitedAt: Date(timeIntervalSince1970: -13_000_000_000)))
    var squad = Squad(members: members)
    squad.maxMembers = 12
    return Array(SquadFile.encode(squad))
  }

  /// A deterministic generator (SplitMix64), so a failure names a case that runs again.
  struct Seeded: RandomNumberGenerator {
    var state: UInt64
    mutating func next() -> UInt64 {
      state &+= 0x9E37_79B9_7F4A_7C15
      var z = state
      z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
      z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
      return z ^ (z >> 31)
    }
  }

  /// One to three damages of the kinds disks, editors and bad copies make.
  static func damaged(_ bytes: [UInt8], _ random: inout Seeded) -> [UInt8] {
    var bytes = bytes
    let significant = Array("{}[]\":,0123456789-.eE ntfrul\\u\n".utf8) + [0x00, 0xC3, 0xFF]
    for _ in 0..<Int.random(in: 1...3, using: &random) where !bytes.isEmpty {
      let at = Int.random(in: 0..<bytes.count, using: &random)
      switch Int.random(in: 0..<6, using: &random) {
      case 0: bytes[at] ^= 1 << UInt8.random(in: 0..<8, using: &random)
      case 1: bytes.remove(at: at)
      case 2: bytes.insert(significant.randomElement(using: &random) ?? 0, at: at)
      case 3: bytes[at] = significant.randomElement(using: &random) ?? 0
      case 4: bytes.removeSubrange(at...)
      default:
        let end = min(bytes.count, at + Int.random(in: 1...40, using: &random))
        bytes.insert(contentsOf: bytes[at..<end], at: Int.random(in: 0...bytes.count, using: &random))
      }
    }
    return bytes
  }

  /// What the replaced reading made of the bytes: the squad, or that it refused them. It took a
  /// trailing comma (`[1,]`, `{"a": 1,}`), which JSON has not; the reader refuses it, so such
  /// copies are refused by both (a decision of issue 29).
  /// It also took one of a key given twice, where the reader refuses the file (stop 37), and a
  /// whole number written with a fraction or an exponent (`100961E0`), which the reader refuses.
  static func oracle(_ bytes: [UInt8]) -> Squad? {
    let text = ByteOrderMark.stripped(bytes)
    guard String(validating: text, as: UTF8.self) != nil, !hasTrailingComma(text) else { return nil }
    // The walk below reads valid JSON only.
    guard (try? JSONSerialization.jsonObject(with: Data(text), options: .fragmentsAllowed)) != nil,
      !RepeatedKeys.found(in: text), !RepeatedKeys.unplainNumber(in: text)
    else { return nil }
    return try? JSONDecoder().decode(LegacySquad.self, from: Data(text)).squad
  }

  /// Whether a squad document (valid JSON) gives one of the squad's own keys twice: at the top
  /// level, or in a member object.
  enum RepeatedKeys {
    static let top: Set<String> = ["schemaVersion", "maxMembers", "members"]
    static let member: Set<String> = ["id", "name", "description", "thumbnail", "recruitedAt"]

    static let wholeNumbers: Set<String> = ["schemaVersion", "maxMembers", "id"]

    static func found(in bytes: [UInt8]) -> Bool {
      var index = 0
      return value(bytes, &index, keys: top, inMembers: false, plainOnly: false)
    }

    /// Whether one of the squad's whole-number fields is written with a fraction or an exponent.
    static func unplainNumber(in bytes: [UInt8]) -> Bool {
      var index = 0
      return value(bytes, &index, keys: top, inMembers: false, plainOnly: true)
    }

    // Walks one value; `keys` are the keys that must not repeat in it, when it is an object (or,
    // with `plainOnly`, whose numbers must be written plainly).
    private static func value(
      _ bytes: [UInt8], _ index: inout Int, keys: Set<String>, inMembers: Bool, plainOnly: Bool
    ) -> Bool {
      skipSpace(bytes, &index)
      guard index < bytes.count else { return false }
      switch bytes[index] {
      case UInt8(ascii: "{"):
        index += 1
        var seen = Set<String>()
        while next(bytes, &index, closing: UInt8(ascii: "}")) {
          let key = string(bytes, &index)
          if !plainOnly, keys.contains(key), !seen.insert(key).inserted { return true }
          skipSpace(bytes, &index)
          index += 1  // the colon
          skipSpace(bytes, &index)
          if plainOnly, keys.contains(key), wholeNumbers.contains(key) {
            let end = bytes[index...].firstIndex { ",]} \n\r\t".utf8.contains($0) } ?? bytes.count
            if bytes[index..<end].contains(where: { ".eE".utf8.contains($0) }), bytes[index] != UInt8(ascii: "\"") {
              return true
            }
          }
          let nested = keys == top && key == "members"
          if value(bytes, &index, keys: [], inMembers: nested, plainOnly: plainOnly) { return true }
        }
      case UInt8(ascii: "["):
        index += 1
        while next(bytes, &index, closing: UInt8(ascii: "]")) {
          if value(bytes, &index, keys: inMembers ? member : [], inMembers: false, plainOnly: plainOnly) { return true }
        }
      case UInt8(ascii: "\""): _ = string(bytes, &index)
      default:
        while index < bytes.count, !",]} \n\r\t".utf8.contains(bytes[index]) { index += 1 }
      }
      return false
    }

    private static func string(_ bytes: [UInt8], _ index: inout Int) -> String {
      let start = index
      index += 1
      while index < bytes.count, bytes[index] != UInt8(ascii: "\"") {
        index += bytes[index] == UInt8(ascii: "\\") ? 2 : 1
      }
      index += 1
      let quoted = Data(bytes[start..<min(index, bytes.count)])
      return (try? JSONSerialization.jsonObject(with: quoted, options: .fragmentsAllowed)) as? String ?? ""
    }

    // Steps to the next item of an object or array (past a comma): false, past the closing
    // bracket, at its end.
    private static func next(_ bytes: [UInt8], _ index: inout Int, closing: UInt8) -> Bool {
      skipSpace(bytes, &index)
      if index < bytes.count, bytes[index] == UInt8(ascii: ",") { index += 1 }
      skipSpace(bytes, &index)
      guard index < bytes.count, bytes[index] != closing else {
        index += 1
        return false
      }
      return true
    }

    private static func skipSpace(_ bytes: [UInt8], _ index: inout Int) {
      while index < bytes.count, " \n\r\t".utf8.contains(bytes[index]) { index += 1 }
    }
  }

  static func hasTrailingComma(_ bytes: [UInt8]) -> Bool {
    let tokens = bytes.filter { ![0x20, 0x0A, 0x0D, 0x09].contains($0) }
    return zip(tokens, tokens.dropFirst()).contains { $0 == UInt8(ascii: ",") && "]}".utf8.contains($1) }
  }

  /// The squad as read, less the keys squad does not know, which the replaced reading dropped
  /// (a damage may make one of a known key); `UnknownFieldsTests` checks them.
  static func reader(_ bytes: [UInt8]) -> Squad? {
    guard var squad = try? SquadFile.decode(bytes, path: "squad.json", readAt: moment) else { return nil }
    var members = squad.members
    for index in members.indices { members[index].unknownFields = [] }
    let limit = squad.maxMembers
    squad = Squad(distinctMembers: members)
    squad.maxMembers = limit
    return squad
  }

  @Test func theReaderAndTheReplacedDecoderAgreeOnARealFile() {
    #expect(Self.reader(Self.document) != nil)
    #expect(Self.reader(Self.document) == Self.oracle(Self.document))
  }

  @Test(arguments: 0..<4)
  func damagedCopiesAreAcceptedOrRefusedAlikeNeverACrash(batch: UInt64) {
    var random = Seeded(state: batch)
    var refused = 0
    for index in 0..<1_000 {
      let bytes = Self.damaged(Self.document, &random)
      let (read, expected) = (Self.reader(bytes), Self.oracle(bytes))
      if read == nil { refused += 1 }
      #expect(read == expected, "case \(index) of batch \(batch): \(String(decoding: bytes, as: UTF8.self))")
    }
    #expect(refused > 100, "the damages refuse some copies")
  }

  @Test(arguments: [
    (#"{"schemaVersion": 1, "members": [{"id": 01, "name": "A"}]}"#, "not valid JSON"),
    (#"{"schemaVersion": 1, "members": [{"id": 1, "name": "A"}], "x": +1}"#, "not valid JSON"),
    (#"{"schemaVersion": 1, "members": [{"id": 1, "name": "A"}], "x": [1.]}"#, "not valid JSON"),
    (#"{"schemaVersion": 1, "members": [{"id": 1, "name": "A",}]}"#, "not valid JSON"),
    (#"{"schemaVersion": 1, "members": [{"id": 1, "name": "\ud800"}]}"#, "not valid JSON"),
    (#"{"schemaVersion": 1, "members": [{"id": 1, "name": "A"}, 5]}"#, "at members[1]: expected an object"),
    (#"{"schemaVersion": 1, "members": {}}"#, "at members: expected an array"),
    (#"{"schemaVersion": 1, "members": [], "maxMembers": 0}"#, "at maxMembers: expected a number from 1 to"),
    (#"{"schemaVersion": "x", "members": []}"#, "at schemaVersion: expected a whole number, found 'x'"),
    (#"{"schemaVersion": 1, "members": [{"id": 1e300, "name": "A"}]}"#, "at members[0].id: 1e300 is too large"),
    (#"{"schemaVersion": 1, "members": [{"id": 1, "name": "A"}, {"id": 1, "name": "B"}, {"id": 0}]}"#, "members[2].id"),
  ])
  func aDamagedFileIsRefusedSayingWhere(content: String, detail: String) {
    do throws(PersistenceError) {
      _ = try SquadFile.decode(Array(content.utf8), path: "squad.json", readAt: Self.moment)
      Issue.record("\(content) was read")
    } catch {
      #expect(error.description.contains(detail), "\(error)")
      #expect(error.exitCode == .invalidData)
    }
  }
}

/// The squad file's reading before issue 29, word for word: the oracle above.
private struct LegacySquad: Decodable {
  var squad: Squad
  private enum Key: String, CodingKey { case schemaVersion, maxMembers, members }
  struct Refused: Error {}

  init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: Key.self)
    guard try container.wholeNumber(.schemaVersion) == Squad.currentSchemaVersion else { throw Refused() }
    let members = try container.decode([LegacyMember].self, forKey: .members).map(\.member)
    guard Set(members.map(\.id)).count == members.count else { throw Refused() }
    squad = Squad(distinctMembers: members)
    if let limit = try container.wholeNumberIfPresent(.maxMembers) {
      guard (1...Squad.largestLimit).contains(limit) else { throw Refused() }
      squad.maxMembers = limit
    }
  }
}

private struct LegacyMember: Decodable {
  var member: Member

  init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: MemberField.self)
    let id = try container.wholeNumberIfPresent(.id)
    let texts = try [MemberField.name, .description, .thumbnail, .recruitedAt].map {
      try container.decodeIfPresent(String.self, forKey: $0)
    }
    member = try Member(
      id: id, name: texts[0], description: texts[1], thumbnail: texts[2], recruitedAt: texts[3],
      readAt: SquadFileReaderTests.moment)
  }
}
