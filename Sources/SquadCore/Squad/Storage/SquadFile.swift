import Foundation

/// Reads and writes one squad as `squad.json`, every change recorded in its ``HistoryFile``.
public struct SquadFile: Sendable {
  let name: SquadName
  /// The squad file's path.
  public let path: String
  let lockPath: String
  let history: HistoryFile
  /// The lock on the set of named squads, held shared around a named squad's change; nil for the default squad.
  let setLockPath: String?
  /// Every file and folder squad keeps in its home, whichever squad this is.
  let homeFiles: [String]
  /// Where a change's warnings go; the CLI prints each once.
  let warn: @Sendable (Warning) -> Void

  enum Warning: Equatable, Sendable {
    /// The change was made, but the squad's history is unusable and does not record it.
    case unrecorded(String)
    /// The history's last line was cut short (a write killed midway), and the change dropped it.
    case droppedCutLine(String)
    /// Trimming the history to its size bound dropped entries its count bound would have kept.
    case trimmed(String)

    var text: String {
      switch self {
      case .unrecorded(let text), .droppedCutLine(let text), .trimmed(let text): text
      }
    }
  }

  init(paths: SquadPaths, name: SquadName = .default, warn: @escaping @Sendable (Warning) -> Void = { _ in }) {
    self.name = name
    let folder = paths.folder(of: name)
    path = folder + "/squad.json"
    lockPath = folder + "/squad.lock"
    history = HistoryFile(path: name.isDefault ? paths.historyFile : folder + "/history.jsonl")
    setLockPath = name.isDefault ? nil : paths.squadsLockFile
    homeFiles = [
      paths.squadFile, paths.dataDirectory + "/squad.lock", paths.historyFile, paths.catalogueFile, paths.catalogueLock,
      paths.squadsLockFile, paths.configFile, paths.squadsDirectory, paths.cacheDirectory,
    ]
    self.warn = warn
  }

  /// Takes the exclusive locks for a read-modify-write (``LockSet/guarding(_:lock:)``) until dropped.
  func lock() throws(PersistenceError) -> LockSet {
    try refuseLinkedFolder()
    return try LockSet.guarding(path, lock: lockPath)
  }

  /// Whether another command holds a lock this squad's change waits for (its own, or the set's), without waiting.
  var isBusy: Bool {
    FileLock.isHeldElsewhere(lockPath) || setLockPath.map { FileLock.isHeldElsewhere($0, shared: true) } ?? false
  }

  func refuseLinkedFolder() throws(PersistenceError) {
    guard !name.isDefault else { return }
    try OwnFolder.refuseLink(AtomicFile.folderAndName(of: path).folder)
  }

  /// Whether the squad's file is there, readable or not; always true for the default squad.
  public var exists: Bool {
    get throws(SquadError) {
      try name.isDefault ? true : files { () throws(PersistenceError) in try FileKind.isPresent(path) }
    }
  }

  /// Its folder's identity, which a rename keeps; nil for the default squad and a missing one.
  var identity: [UInt64]? {
    get throws(PersistenceError) {
      guard !name.isDefault, try FileKind.isPresent(path) else { return nil }
      return try FileKind.identity(AtomicFile.folderAndName(of: path).folder)
    }
  }

  /// The squad on disk (at most ``InputLimit/squadFile`` bytes); an empty squad when there is no file.
  func load() throws(PersistenceError) -> Squad {
    do { return try loadExisting() } catch {
      guard case .vanished = error.reason else { throw error }
      return Squad()
    }
  }

  /// As ``load()``, but a named squad whose file has gone is ``PersistenceError/Reason/vanished(squad:)``.
  func loadExisting() throws(PersistenceError) -> Squad {
    try refuseLinkedFolder()
    guard let bytes = try BoundedInput.regularFile(path, limit: InputLimit.squadFile) else {
      // Only the default squad is there without a file; a named one missing now was there at the start.
      guard name.isDefault else { throw PersistenceError(path: path, reason: .vanished(squad: name.value)) }
      return Squad()
    }
    return try SquadFile.decode(bytes, path: path)
  }

  /// Writes the squad atomically, refusing one too big for ``load()``; call it holding ``lock()``.
  func save(_ squad: Squad) throws(PersistenceError) {
    let data = SquadFile.encode(squad)
    guard data.count <= InputLimit.squadFile else {
      throw PersistenceError(path: path, reason: .wouldExceed(limit: InputLimit.squadFile))
    }
    try refuseUnsaveable()
    AtomicFile.removeLeftovers(of: OutputFile.target(of: path))
    try OutputFile.write(data, to: path)
  }

  /// Refuses a squad file no save may replace: one with other hard links, or one ``OutputFile`` refuses.
  func refuseUnsaveable() throws(PersistenceError) {
    let target = OutputFile.target(of: path)
    // A save replaces the file, so other hard links would keep the old squad in silence.
    if let status = try FileKind.status(target), status.st_mode & S_IFMT == S_IFREG, status.st_nlink > 1 {
      throw PersistenceError(
        path: target, reason: .notOwnFile(kind: "a file with \(status.st_nlink) names (hard links)"))
    }
    _ = try OutputFile.Replacement(path: path)
  }

  /// The files and folders of squad's own home, which no export may overwrite.
  var ownFiles: [String] { [path, lockPath, history.path] + homeFiles }

  /// The file form: pretty, stable key order, ending in a newline; unknown keys follow squad's own.
  static func encode(_ squad: Squad) -> Data {
    let json = SquadFile.jsonValue(squad, extra: squad.unknownFields.map(\.field), member: fileMemberJSON)
    return Data((json.encoded(pretty: true) + "\n").utf8)
  }

  /// The squad as an ordered JSON value; the JSON export adds `extra` keys and its own members.
  static func jsonValue(
    _ squad: Squad, extra: [(String, JSONValue)] = [], member: (Member) -> JSONValue = memberJSON
  ) -> JSONValue {
    let limit: [(String, JSONValue)] = squad.maxMembers.map { [("maxMembers", .int($0))] } ?? []
    return .object(
      [("schemaVersion", .int(Squad.currentSchemaVersion))] + limit + extra + [
        ("members", .array(squad.members.map(member)))
      ])
  }

  static func memberJSON(_ member: Member) -> JSONValue {
    .object(MemberField.stored.map { ($0.rawValue, $0.json(member)) })
  }

  static func fileMemberJSON(_ member: Member) -> JSONValue {
    .object(MemberField.stored.map { ($0.rawValue, $0.json(member)) } + member.unknownFields.map(\.field))
  }

  /// Whether `bytes` are a squad file squad reads without complaint.
  public static func isValid(_ bytes: [UInt8], path: String) -> Bool { (try? decode(bytes, path: path)) != nil }

  /// Decodes a squad file's bytes, naming what is wrong; a member without `recruitedAt` takes `readAt`.
  static func decode(_ bytes: [UInt8], path: String, readAt: Date = Date()) throws(PersistenceError) -> Squad {
    let text = ByteOrderMark.stripped(bytes)
    // Not repaired with U+FFFD, which the next save would write over the original bytes.
    guard String(validating: text, as: UTF8.self) != nil else {
      throw PersistenceError(path: path, reason: .corrupt(detail: "not UTF-8 text"))
    }
    return try text.withUnsafeBufferPointer { bytes throws(PersistenceError) in try read(bytes, readAt, path: path) }
  }

  // Judged in order: schemaVersion, the members (first problem, else first id twice), maxMembers.
  private static func read(_ bytes: UnsafeBufferPointer<UInt8>, _ readAt: Date, path: String) throws(PersistenceError)
    -> Squad
  {
    func corrupt(_ detail: String) -> PersistenceError {
      PersistenceError(path: path, reason: .corrupt(detail: detail))
    }
    var members: [Member] = []
    var seen = Set<HeroID>()
    var problem: String?
    var twice: String?
    let document: SquadDocument
    do throws(JSONReader.Failure) {
      document = try SquadDocument(bytes, readAt: readAt, keepingUnknown: true) { read in
        switch read {
        case .success(let member)?:
          if twice == nil, !seen.insert(member.id).inserted { twice = "at members: the id \(member.id) appears twice" }
          members.append(member)
          return true
        case .failure(let error)?: problem = "at members[\(members.count)].\(error.field.rawValue): \(error.message)"
        case nil: problem = "at members[\(members.count)]: expected an object"
        }
        return false
      }
    } catch {
      throw corrupt("not valid JSON: \(error)")
    }
    guard document.isObject else { throw corrupt("expected an object") }
    if let key = document.repeated { throw corrupt("'\(key)' is given twice; squad will not guess which one counts") }
    guard let version = try document.version.value({ corrupt("at schemaVersion: \($0)") }) else {
      throw corrupt("at schemaVersion: missing")
    }
    guard version <= Squad.currentSchemaVersion else {
      throw PersistenceError(path: path, reason: .newerSchema(version: version, reads: Squad.currentSchemaVersion))
    }
    guard version == Squad.currentSchemaVersion else { throw corrupt("unknown schemaVersion \(version)") }
    guard let isArray = document.members else { throw corrupt("at members: missing") }
    guard isArray else { throw corrupt("at members: expected an array") }
    if let problem = problem ?? twice { throw corrupt(problem) }
    var squad = Squad(distinctMembers: members)
    squad.unknownFields = document.unknownFields
    if let limit = try document.limit.value({ corrupt("at maxMembers: \($0)") }) {
      guard (1...Squad.largestLimit).contains(limit) else {
        throw corrupt("at maxMembers: expected a number from 1 to \(Squad.largestLimit)")
      }
      squad.maxMembers = limit
    }
    return squad
  }
}

extension SquadPaths {
  func folder(of name: SquadName) -> String {
    name.isDefault ? dataDirectory : squadsDirectory + "/" + name.value
  }
}

/// The digest tying a history entry to its squad file: the MD5 of the file form (``SquadFile/encode(_:)``).
enum SquadDigest {
  /// The digest of a squad that has no file (before it was created, after it was deleted).
  static let absent = "none"
  /// The digest of a squad file squad could not read (an `import --replace` over it).
  static let unreadable = "unreadable"
  static func of(_ squad: Squad) -> String { of(fileForm: SquadFile.encode(squad)) }
  static func of(fileForm: Data) -> String { MD5.hex(MD5.digest(fileForm)) }
}
