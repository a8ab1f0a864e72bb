import Foundation

extension HistoryEntry {
  /// The entry as one ordered JSON object (a line of `history.jsonl`, and `squad history --json`).
  var json: JSONValue {
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
    .object([("index", .int(placed.index)), ("member", SquadFile.fileMemberJSON(placed.member))])
  }

  /// Reads an entry written by ``json``; throws what is wrong, at its key (given twice, too).
  init(reading bytes: UnsafeBufferPointer<UInt8>) throws(JSONReader.Unfit) {
    var reader = JSONReader(bytes)
    var numbers: [String: Result<Int?, JSONReader.Unfit>] = [:]
    var texts: [String: Result<String?, JSONReader.Unfit>] = [:]
    var diff: [String: Result<[SquadDiff.Placed], JSONReader.Unfit>] = [:]
    var twice: String?
    do throws(JSONReader.Failure) {
      try reader.beginObject()
      while let key = try reader.nextKey().map(\.string) {
        if numbers[key] != nil || texts[key] != nil || diff[key] != nil {
          twice = twice ?? key
          try reader.skipValue()
        } else if ["sequence", "steps"].contains(key) {
          numbers[key] = try reader.wholeNumber()
        } else if ["at", "command", "kind", "before", "after", "detail"].contains(key) {
          texts[key] = try reader.text()
        } else if ["removed", "added"].contains(key) {
          diff[key] = try Self.readPlaced(&reader, key)
        } else {
          try reader.skipValue()
        }
      }
      guard reader.isAtEnd() else { throw reader.failure("unexpected text after the entry") }
    } catch {
      throw JSONReader.Unfit(message: "not valid JSON: \(error)")
    }
    if let twice { throw JSONReader.Unfit(message: "at \(twice): given twice; squad will not guess which one counts") }
    func number(_ key: String) throws(JSONReader.Unfit) -> Int? {
      try numbers[key].value { JSONReader.Unfit(message: "at \(key): \($0)") }
    }
    func text(_ key: String, required: Bool = true) throws(JSONReader.Unfit) -> String? {
      let text = try texts[key].value { JSONReader.Unfit(message: "at \(key): \($0)") }
      guard text != nil || !required else { throw JSONReader.Unfit(message: "at \(key): missing") }
      return text
    }
    guard let at = try text("at").flatMap(MarvelDate.parse) else {
      throw JSONReader.Unfit(message: "at at: not an ISO 8601 date")
    }
    guard let sequence = try number("sequence") else { throw JSONReader.Unfit(message: "at sequence: missing") }
    guard let kind = try text("kind").flatMap(Kind.init(rawValue:)) else {
      throw JSONReader.Unfit(message: "at kind: not a kind of change squad knows")
    }
    self.init(
      sequence: sequence, at: at, command: try text("command") ?? "", kind: kind,
      steps: max(try number("steps") ?? 1, 1),
      before: try text("before") ?? "", after: try text("after") ?? "",
      diff: SquadDiff(removed: try diff["removed"]?.get() ?? [], added: try diff["added"]?.get() ?? []),
      detail: try text("detail", required: false))
  }

  // `removed` or `added`: an array of `{"index": 0, "member": {...}}`, or null for none.
  private static func readPlaced(
    _ reader: inout JSONReader, _ key: String
  ) throws(JSONReader.Failure) -> Result<[SquadDiff.Placed], JSONReader.Unfit> {
    guard !reader.skipNull() else { return .success([]) }
    guard (try? reader.beginArray()) != nil else {
      try reader.skipValue()
      return .failure(JSONReader.Unfit(message: "at \(key): expected an array"))
    }
    var placed: [SquadDiff.Placed] = []
    var problem: JSONReader.Unfit?
    while try reader.nextItem() {
      let place = "at \(key)[\(placed.count)]"
      var index: Result<Int?, JSONReader.Unfit>?
      var member: Result<Member, MemberProblem>??
      let isObject = reader.isObjectNext()
      if isObject { try reader.beginObject() } else { try reader.skipValue() }
      var twice: String?
      while isObject, let field = try reader.nextKey() {
        if field == "index", index == nil {
          index = try reader.wholeNumber()
        } else if field == "member", member == nil {
          member = .some(try Member.read(&reader, readAt: Date(), keepingUnknown: true))
        } else {
          if field == "index" || field == "member" { twice = twice ?? field.string }
          try reader.skipValue()
        }
      }
      guard problem == nil else { continue }
      if let twice {
        problem = JSONReader.Unfit(message: "\(place).\(twice): given twice; squad will not guess which one counts")
        continue
      }
      switch (index, member) {
      case (.success(let index?)?, .success(let member)??):
        placed.append(SquadDiff.Placed(index: index, member: member))
      case (_, .failure(let error)??):
        problem = JSONReader.Unfit(message: "\(place).member.\(error.field.rawValue): \(error.message)")
      default: problem = JSONReader.Unfit(message: "\(place): expected an object with an index and a member")
      }
    }
    return problem.map { .failure($0) } ?? .success(placed)
  }
}
