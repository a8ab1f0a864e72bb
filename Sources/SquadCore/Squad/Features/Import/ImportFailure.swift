/// Why an import failed. In every case the squad file was left as it was.
public enum ImportFailure: FeatureFailure, Equatable, Sendable {
  /// The import file could not be read (missing, a folder, no permission).
  case unreadableFile(PersistenceError)
  /// The import file was read but is not a valid export; every problem found is listed.
  case invalidFile(InvalidImport)
  /// The squad file could not be read (corrupt, too new, no permission) or written.
  case squad(SquadError)

  /// The file or squad failure: 65 for invalid data (a bad import file, a corrupt squad file), 1
  /// for the file system.
  public var underlying: any CommandFailure {
    switch self {
    case .unreadableFile(let error): return error
    case .squad(let error): return error
    case .invalidFile(let invalid): return invalid
    }
  }
}

/// An import file that is not a valid export, with every problem found in it.
public struct InvalidImport: CommandFailure, Equatable, Sendable {
  /// How messages name the file: its path, or `<stdin>`.
  public var label: String
  /// The problems, in file order.
  public var problems: [ImportProblem]
  /// Whether the whole file was read; false when reading stopped after too many problems.
  public var complete: Bool

  /// Creates the error for a file.
  public init(label: String, problems: [ImportProblem], complete: Bool = true) {
    self.label = label
    self.problems = problems
    self.complete = complete
  }

  /// One line per problem: `squad.csv:4: name: must not be empty`, `squad.json: members[2].id: …`.
  public var lines: [String] { problems.map { $0.line(in: label) } }

  public var description: String { lines.joined(separator: "\n") }

  /// Always 65: the file is not valid data.
  public var exitCode: ExitCode { .invalidData }
}
