/// One thing wrong in an import file, and where; thrown by a reader it stops.
struct ImportProblem: Error, Equatable, Sendable {
  var location: ImportLocation
  var field: MemberField?
  var message: String

  init(_ location: ImportLocation, field: MemberField? = nil, _ message: String) {
    self.location = location
    self.field = field
    self.message = message
  }

  /// The problem as `file:line: field: message` (lines) or `file: path.field: message` (JSON).
  func line(in label: String) -> String {
    switch location {
    case .wholeFile, .line:
      let number = if case .line(let number) = location { ":\(number)" } else { "" }
      return "\(label)\(number): " + (field.map { "\($0.rawValue): " } ?? "") + message
    case .jsonPath(let path):
      let full = [path, field?.rawValue].compactMap { $0 }.filter { !$0.isEmpty }.joinedDirectly(separator: ".")
      return "\(label): " + (full.isEmpty ? "" : full + ": ") + message
    }
  }
}

enum ImportLocation: Hashable, Sendable, CustomStringConvertible {
  case wholeFile
  /// A line (JSON lines) or the line a record starts on (CSV), counting from 1.
  case line(Int)
  case jsonPath(String)

  /// How other messages refer to it: `line 4`, `members[3]`.
  var description: String {
    switch self {
    case .wholeFile: return "the file"
    case .line(let number): return "line \(number)"
    case .jsonPath(let path): return path
    }
  }
}

struct InvalidImport: Error, Equatable, Sendable {
  var label: String
  var problems: [ImportProblem]
  var complete = true

  /// One line per problem: `squad.csv:4: name: must not be empty`, `squad.json: members[2].id: …`.
  var lines: [String] { problems.map { $0.line(in: label) } }
}
