import Foundation

struct ImportFile: Equatable, Sendable, CustomTraceConvertible {
  var label: String
  var data: Data

  /// Traces show the size, not the content.
  var traceValue: JSONValue { .object([("label", .string(label)), ("bytes", .int(data.count))]) }
}

/// What an import file holds: its members and, for a JSON document, the size limit it carries.
struct ImportContent: Equatable, Sendable {
  var members: [Member]
  /// The document's `maxMembers` (`.some(nil)`: no limit); nil when the format carries none (jsonl, csv).
  var limit: Int?? = nil
  var locations: [HeroID: ImportLocation] = [:]
  var notes: [String] = []

  /// A known id takes the catalogue's name; an unknown one is kept, or left out when `skipping`; all said in `notes`.
  mutating func check(against names: [HeroID: String], label: String, skipping: Bool) {
    members = members.compactMap { member in
      let place = ImportProblem(locations[member.id] ?? .wholeFile, "").line(in: label)
      guard let name = names[member.id] else {
        notes.append(
          (skipping ? "Skipped " : "Warning: ") + place + "\(member.id) is no hero the catalogue knows"
            + (skipping ? "." : "; imported as written (--skip-invalid leaves such members out)."))
        return skipping ? nil : member
      }
      guard name != member.name else { return member }
      notes.append(
        "Corrected \(place)\(member.id) is \(TextSanitizer.clean(name)) in the catalogue, not '\(TextSnippet.quote(member.name))'."
      )
      var corrected = member
      corrected.name = name
      return corrected
    }
  }
}
