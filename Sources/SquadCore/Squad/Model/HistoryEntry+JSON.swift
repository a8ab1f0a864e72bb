import Foundation

extension HistoryEntry {
  /// The entry as one ordered JSON object (a line of `history.jsonl`, and `squad history --json`).
  public var json: JSONValue {
    var fields: [(String, JSONValue)] = [
      ("sequence", .int(sequence)), ("at", .string(MarvelDate.iso8601(at))), ("command", .string(command)),
      ("kind", .string(kind.rawValue)), ("steps", .int(steps)), ("summary", .string(summary)),
      ("before", .string(before)), ("after", .string(after)),
      ("removed", .array(diff.removed.map(HistoryEntry.placedJSON))),
      ("added", .array(diff.added.map(HistoryEntry.placedJSON))),
    ]
    if let detail { fields.append(("detail", .string(detail))) }
    return .object(fields)
  }

  private static func placedJSON(_ placed: SquadDiff.Placed) -> JSONValue {
    .object([("index", .int(placed.index)), ("member", SquadFile.memberJSON(placed.member))])
  }
}

extension HistoryEntry: Decodable {
  private enum Key: String, CodingKey { case sequence, at, command, kind, steps, before, after, removed, added, detail }

  /// Reads an entry written by ``json``; its members by the one member rule.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: Key.self)
    let text = try container.decode(String.self, forKey: .at)
    guard let date = MarvelDate.parse(text) else {
      throw DecodingError.dataCorruptedError(forKey: .at, in: container, debugDescription: "not an ISO 8601 date")
    }
    self.init(
      sequence: try container.wholeNumber(.sequence), at: date,
      command: try container.decode(String.self, forKey: .command),
      kind: try container.decode(Kind.self, forKey: .kind),
      steps: max(try container.wholeNumberIfPresent(.steps) ?? 1, 1),
      before: try container.decode(String.self, forKey: .before),
      after: try container.decode(String.self, forKey: .after),
      diff: SquadDiff(
        removed: try container.decodeIfPresent([SquadDiff.Placed].self, forKey: .removed) ?? [],
        added: try container.decodeIfPresent([SquadDiff.Placed].self, forKey: .added) ?? []),
      detail: try container.decodeIfPresent(String.self, forKey: .detail))
  }
}
