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

  /// Reads an entry written by ``json``.
  public init(json: JSONValue) throws(JSONShapeError) {
    guard case .object = json else { throw JSONShapeError(path: "", problem: "expected an object") }
    let text = try json.string("at", at: "")
    guard let date = MarvelDate.parse(text) else { throw JSONShapeError(path: "at", problem: "not an ISO 8601 date") }
    let kindText = try json.string("kind", at: "")
    guard let kind = Kind(rawValue: kindText) else {
      throw JSONShapeError(path: "kind", problem: "unknown kind '\(kindText)'")
    }
    self.init(
      sequence: try json.int("sequence", at: ""), at: date, command: try json.string("command", at: ""), kind: kind,
      steps: max(try json.optionalInt("steps", at: "") ?? 1, 1), before: try json.string("before", at: ""),
      after: try json.string("after", at: ""),
      diff: SquadDiff(
        removed: try HistoryEntry.placed(json.array("removed", at: ""), key: "removed"),
        added: try HistoryEntry.placed(json.array("added", at: ""), key: "added")),
      detail: try json.optionalString("detail", at: ""))
  }

  private static func placedJSON(_ placed: SquadDiff.Placed) -> JSONValue {
    .object([("index", .int(placed.index)), ("member", SquadFile.memberJSON(placed.member))])
  }

  private static func placed(_ items: [JSONValue], key: String) throws(JSONShapeError) -> [SquadDiff.Placed] {
    var result: [SquadDiff.Placed] = []
    for (number, item) in items.enumerated() {
      let path = "\(key)[\(number)]"
      guard let record = item["member"] else { throw JSONShapeError(path: path + ".member", problem: "missing") }
      result.append(
        SquadDiff.Placed(
          index: try item.int("index", at: path), member: try Member(record: record, at: path + ".member")))
    }
    return result
  }
}
