import Foundation

/// The squads of one home: the default squad (`squad.json`) and the named ones (`squads/NAME/`).
/// Changes of the set hold `squads.lock` exclusively; a change of one named squad holds it shared.
struct SquadSet: Sendable {
  let paths: SquadPaths
  let warn: @Sendable (String) -> Void
  /// Where a word about the user's data goes, even with `--quiet`: a deleted squad no longer kept.
  let alert: @Sendable (String) -> Void

  /// Deleted squads kept under `squads/.deleted/`: this many holding something, as many more empty ones.
  static let keptDeleted = 10

  init(
    paths: SquadPaths, warn: @escaping @Sendable (String) -> Void = { _ in },
    alert: (@Sendable (String) -> Void)? = nil
  ) {
    self.paths = paths
    self.warn = warn
    self.alert = alert ?? warn
  }

  func file(_ name: SquadName) -> SquadFile {
    SquadFile(paths: paths, name: name) { [warn] warning in warn(warning.text) }
  }

  /// The default squad, then every named squad that has a squad file (readable or not), by name.
  func names() throws(PersistenceError) -> [SquadName] {
    let entries = try SystemCall.folderNames(paths.squadsDirectory) ?? []
    let named = entries.compactMap { entry -> SquadName? in
      guard case .success(let name) = SquadName.parse(entry), name.value == entry, !name.isDefault else { return nil }
      return (try? FileKind.isPresent(file(name).path)) ?? true ? name : nil
    }
    return [.default] + named.sorted()
  }

  /// What to say of each folder in `squads/` holding a squad file under no squad name (`AV`): squad never
  /// reaches it, so `squads` names it. Names starting with a dot are squad's own.
  func strayFolders() -> [String] {
    let entries = ((try? SystemCall.folderNames(paths.squadsDirectory)) ?? nil) ?? []
    return entries.sorted().compactMap { entry -> String? in
      let folder = paths.squadsDirectory + "/" + entry
      guard !entry.hasPrefix("."), (try? FileKind.isPresent(folder + "/squad.json")) ?? true else { return nil }
      switch SquadName.parse(entry) {
      case .success(let name) where name.isDefault:
        return "\(folder) holds a squad file that squad never reads: the default squad is squad.json beside squads/, "
          + "not a folder. It was left untouched."
      case .success(let name) where name.value != entry:
        return "\(folder) holds a squad file that squad never reads: squad names are lower case. It was left "
          + "untouched; rename the folder to '\(name.value)' to use it."
      case .success: return nil
      case .failure(let error):
        return "\(folder) holds a squad file that squad never reads: \(error.problem). It was left untouched; rename "
          + "the folder to use it."
      }
    }
  }

  /// Why a command cannot work on the squad `name` (it does not exist); nil when it does.
  func refusal(for name: SquadName, fromVariable: Bool) -> SquadError? {
    do throws(PersistenceError) { try file(name).refuseLinkedFolder() } catch { return .file(error) }
    do throws(SquadError) { guard try !file(name).exists else { return nil } } catch { return error }
    return .unknown(name, nearest: Self.nearest(to: name, in: (try? names()) ?? []), fromVariable: fromVariable)
  }

  static func nearest(to name: SquadName, in names: [SquadName]) -> SquadName? {
    EditDistance.closest(to: name.value, in: names.map(\.value)).flatMap { try? SquadName.parse($0).get() }
  }

  private func missing(_ name: SquadName) -> SquadError {
    .missing(name, nearest: Self.nearest(to: name, in: (try? names()) ?? []))
  }

  /// A summary of every squad, read without locks.
  func summaries() throws(PersistenceError) -> [SquadSummary] {
    try eachSquad(summary) { if case .vanished? = $0.problem?.reason { true } else { false } }
  }

  /// `read` of every squad, listed again (three listings at most) when one's file went between the listing and
  /// its read: deleted or renamed meanwhile, a new name is in the next listing.
  func eachSquad<Read>(_ read: (SquadName) -> Read, vanished: (Read) -> Bool) throws(PersistenceError) -> [Read] {
    var listings = 1
    while true {
      let reads = try names().map(read)
      guard listings < 3, reads.contains(where: vanished) else { return reads }
      listings += 1
    }
  }

  private func summary(_ name: SquadName) -> SquadSummary {
    let squadFile = file(name)
    let last = (try? squadFile.history.lastEntry(of: name)) ?? nil
    let identity = (try? squadFile.identity) ?? nil
    let modified = (try? FileKind.status(squadFile.path, following: true)).map { status in
      Date(timeIntervalSince1970: Double(SystemCall.modified(status).tv_sec))
    }
    do throws(PersistenceError) {
      let squad = try squadFile.loadExisting()
      // An entry of a change killed before its save is dropped by every history reader.
      var lastChange = last?.at ?? modified
      if let last, let modified, last.at > modified.addingTimeInterval(1) {
        let digest = SquadDigest.of(squad)
        if last.before == digest, last.after != digest { lastChange = modified }
      }
      return SquadSummary(
        name: name, members: squad.members.count, maxMembers: squad.maxMembers, lastChange: lastChange,
        roster: squad.members, identity: identity)
    } catch {
      return SquadSummary(
        name: name, members: nil, lastChange: last?.at ?? modified, problem: error, identity: identity)
    }
  }

  /// Creates an empty squad; `earlierChanges` counts the history taken up of a squad whose file was removed.
  func create(_ name: SquadName, maxMembers: Int?, at date: Date) throws(SquadError)
    -> (entry: HistoryEntry?, earlierChanges: Int)
  {
    guard !name.isDefault else { throw .isDefault(action: "created") }
    let created = try exclusively(name, present: false) { squadFile, snapshot throws(SquadError) in
      var squad = Squad()
      squad.maxMembers = maxMembers
      let entry = try squadFile.commit(
        SquadEdit(squad: squad, kind: .create), of: snapshot, command: "squads create", at: date)
      return (entry, (try? snapshot.history.get())?.count ?? 0)
    }
    try file(name).files { () throws(PersistenceError) in try SystemCall.flushFolder(paths.squadsDirectory) }
    return created
  }

  /// The history records the rename, then the folder moves (the commit point). False when the name is the same.
  @discardableResult
  func rename(_ old: SquadName, to new: SquadName, at date: Date) throws(SquadError) -> Bool {
    guard !old.isDefault else { throw .isDefault(action: "renamed") }
    guard !new.isDefault else { throw .isDefault(action: "a new name") }
    guard old != new else {
      guard try file(old).exists else { throw missing(old) }
      return false
    }
    return try exclusively(old, present: true, unless: new) { squadFile, snapshot throws(SquadError) in
      let squad = try snapshot.readSquad()
      try squadFile.files { () throws(PersistenceError) in try clearWay(to: paths.folder(of: new), name: new) }
      _ = try squadFile.commit(
        SquadEdit(squad: squad, kind: .rename, detail: old.value), of: snapshot, command: "squads rename", at: date
      ) { () throws(PersistenceError) in try move(paths.folder(of: old), to: paths.folder(of: new)) }
      try squadFile.files { () throws(PersistenceError) in try SystemCall.flushFolder(paths.squadsDirectory) }
      return true
    }
  }

  /// The history records the deletion, then the folder moves under `squads/.deleted/`. `asked` is the
  /// ``SquadFile/identity`` a person was asked about: any other squad of that name is refused.
  func delete(_ name: SquadName, at date: Date, asked: [UInt64]? = nil) throws(SquadError)
    -> (Result<Squad, PersistenceError>, keptIn: String)
  {
    guard !name.isDefault else { throw .isDefault(action: "deleted") }
    return try exclusively(name, present: true) { squadFile, snapshot throws(SquadError) in
      if let asked, snapshot.identity != asked {
        throw .file(
          PersistenceError(
            path: paths.folder(of: name),
            reason: .changedMeanwhile(during: "while the question waited", command: "squad squads delete \(name)")))
      }
      if case .failure(let error) = snapshot.loaded, case .newerSchema = error.reason { throw .file(error) }
      // Made here, `.deleted` goes again when the deletion fails ("Nothing was changed").
      let deleted = paths.deletedSquadsDirectory
      let made = try squadFile.files { () throws(PersistenceError) in try !FileKind.isPresent(deleted) }
      try squadFile.files { () throws(PersistenceError) in try OwnFolder.ensure(deleted) }
      let kept = deleted + "/\(name.value)-\(Int(date.timeIntervalSince1970 * 1000))-\(getpid())"
      do throws(SquadError) {
        _ = try squadFile.commit(
          SquadEdit(squad: Squad(), kind: .delete), of: snapshot, command: "squads delete", at: date
        ) { () throws(PersistenceError) in try move(paths.folder(of: name), to: kept) }
      } catch {
        if made { rmdir(deleted) }
        throw error
      }
      try squadFile.files { () throws(PersistenceError) in
        try SystemCall.flushFolder(paths.deletedSquadsDirectory, paths.squadsDirectory)
      }
      pruneDeleted()
      return (snapshot.loaded, kept)
    }
  }

  /// The squads set aside under `squads/.deleted/` that can be restored, newest first.
  func deleted() throws(PersistenceError) -> [(name: SquadName, deletedAt: Date, folder: String)] {
    let folder = paths.deletedSquadsDirectory
    guard OwnFolder.isRealFolder(folder) else { return [] }
    return (try SystemCall.folderNames(folder) ?? []).compactMap { entry in
      guard let (name, stamp) = SquadSet.deletedFolder(entry), OwnFolder.isRealFolder(folder + "/" + entry),
        (try? FileKind.isPresent(folder + "/" + entry + "/squad.json")) == true
      else { return nil }
      return (name, Date(timeIntervalSince1970: Double(stamp) / 1000), folder + "/" + entry)
    }.sorted { $0.deletedAt > $1.deletedAt }
  }

  /// Moves the newest deletion of `name` (with `time`, deleted in that second) back; `older`: the older ones kept.
  func restore(_ name: SquadName, at time: Date? = nil) throws(SquadError) -> (String, older: [Date]) {
    guard !name.isDefault else { throw .isDefault(action: "restored") }
    let squadFile = file(name)
    let setLock = try squadFile.files { () throws(PersistenceError) in try FileLock(path: paths.squadsLockFile) }
    defer { withExtendedLifetime(setLock) {} }
    let ofName = try squadFile.files { () throws(PersistenceError) in try deleted().filter { $0.name == name } }
    guard try !squadFile.exists else { throw .restoreOver(name, deletions: ofName.count) }
    func second(_ date: Date) -> Int { Int((date.timeIntervalSince1970).rounded(.down)) }
    let kept = ofName.first { time == nil || second($0.deletedAt) == second(time ?? $0.deletedAt) }
    guard let kept else { throw .notKept(name, at: time, kept: ofName.map(\.deletedAt)) }
    try squadFile.files { () throws(PersistenceError) in
      try clearWay(to: paths.folder(of: name))
      try InterruptCleanup.committing { () throws(PersistenceError) in
        try move(kept.folder, to: paths.folder(of: name))
        try SystemCall.flushFolder(paths.deletedSquadsDirectory, paths.squadsDirectory)
      }
    }
    return (kept.folder, ofName.map(\.deletedAt).filter { $0 < kept.deletedAt })
  }

  /// False when the squad already had that limit.
  func setLimit(_ name: SquadName, to limit: Int?, at date: Date) throws(SquadError) -> Bool {
    let squadFile = file(name)
    guard try squadFile.exists else { throw missing(name) }
    return try squadFile.change(by: "squads edit", at: date) { snapshot throws(SquadError) in
      try SquadsFeature.plan(limit: limit, for: name, in: snapshot)
    }.0
  }

  // A folder holding only lock files is removed; anything else squad did not make is kept and
  // refuses. `name`: the squad whose folder it is, when `squads create` of it would take it up.
  private func clearWay(to folder: String, name: SquadName? = nil) throws(PersistenceError) {
    guard try FileKind.isPresent(folder) else { return }
    try OwnFolder.refuseLink(folder)
    guard let entries = try? FileManager.default.contentsOfDirectory(atPath: folder),
      entries.allSatisfy({ $0 == "squad.lock" || $0.hasPrefix(".squad.json.tmp-") })
    else {
      let takeUp = name.map { ", or 'squad squads create \($0)' takes it up with its history" } ?? ""
      let detail = "it is in the way, holding files but no squad.json; move it away first" + takeUp
      throw PersistenceError(path: folder, reason: .unwritable(detail: detail))
    }
    try? FileManager.default.removeItem(atPath: folder)
  }

  // Runs `body` under the set's lock and the squad's, once `name`'s squad is there or not as
  // `present` asks and `taken` names no squad; checked first without the lock, to create nothing.
  private func exclusively<Value>(
    _ name: SquadName, present: Bool, unless taken: SquadName? = nil,
    _ body: (SquadFile, SquadSnapshot) throws(SquadError) -> Value
  ) throws(SquadError) -> Value {
    let squadFile = file(name)
    func check() throws(SquadError) {
      guard try squadFile.exists == present else { throw present ? missing(name) : .exists(name) }
      if let taken, try file(taken).exists { throw .exists(taken) }
    }
    if present { try check() }
    let setLock = try squadFile.files { () throws(PersistenceError) in try FileLock(path: paths.squadsLockFile) }
    defer { withExtendedLifetime(setLock) {} }
    try check()
    // "Nothing was changed" leaves no folder: a create that fails removes the ones it made.
    var made: [String] = []
    for folder in present ? [] : [paths.squadsDirectory, paths.folder(of: name)] {
      if try !squadFile.files({ () throws(PersistenceError) in try FileKind.isPresent(folder) }) { made.append(folder) }
    }
    do {
      let lock = try squadFile.files { () throws(PersistenceError) in try squadFile.lock() }
      defer { withExtendedLifetime(lock) {} }
      return try body(squadFile, try squadFile.files(squadFile.snapshot))
    } catch {
      // Only a folder that is there was made: a create refused by the file system made none.
      for folder in made.reversed()
      where (try? FileKind.isPresent(folder)) != false && (try? FileManager.default.removeItem(atPath: folder)) == nil {
        let left = "the folder \(folder) it made could not be removed; remove it by hand."
        throw .file(.notUndone(error.description, path: folder, left: left))
      }
      throw error
    }
  }

  private func move(_ source: String, to destination: String) throws(PersistenceError) {
    guard InterruptCleanup.rename(source, to: destination) == 0 else { throw .unwritable(source) }
  }

  // Newest by the deletion time in the name, not the modification time (the squad's last change).
  // Only real folders squad named and filled are counted or removed; each is renamed to a dot-name
  // first, so a kill part way leaves no half squad, only a leftover the next prune removes.
  private func pruneDeleted() {
    let folder = paths.deletedSquadsDirectory
    guard OwnFolder.isRealFolder(folder) else { return }
    let entries = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
    let named = entries.compactMap { entry in SquadSet.deletedFolder(entry).map { (entry, $0.stamp) } }
      .filter { OwnFolder.isRealFolder(folder + "/" + $0.0) }
    func isSquad(_ entry: (String, Int)) -> Bool {
      (try? FileKind.isPresent(folder + "/" + entry.0 + "/squad.json")) ?? true
    }
    let squads = named.filter(isSquad).sorted(by: { $0.1 > $1.1 }).map { entry, stamp in
      (entry, stamp, SetAside.read(folder + "/" + entry))
    }
    let doomed = [true, false].flatMap { empty in
      squads.filter { $0.2.isEmpty == empty }.dropFirst(SquadSet.keptDeleted)
    }
    for (entry, stamp, setAside) in doomed
    where Foundation.rename(folder + "/" + entry, folder + "/.pruned-" + entry) == 0 {
      let name = SquadSet.deletedFolder(entry)?.name.value ?? entry
      let when = MarvelDate.iso8601(Date(timeIntervalSince1970: Double(stamp) / 1000))
      let what = setAside.members.map { $0 == 0 ? "no members" : Plural.members($0) } ?? "members unknown"
      let kind = setAside.isEmpty ? "empty deleted squads" : "deleted squads holding members or changes"
      alert(
        "the deleted squad '\(name)' (\(what), deleted \(when)) is no longer kept: only the newest "
          + "\(SquadSet.keptDeleted) \(kind) are; 'squad squads restore' lists those that are.")
    }
    for (entry, _) in named.filter({ !isSquad($0) }) {
      _ = Foundation.rename(folder + "/" + entry, folder + "/.pruned-" + entry)
    }
    for entry in (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? [] where entry.hasPrefix(".pruned-")
    {
      try? FileManager.default.removeItem(atPath: folder + "/" + entry)
    }
  }

  struct SetAside {
    var members: Int?
    /// No members and no change but its creation, renames and deletion (an unreadable one is not empty).
    var isEmpty: Bool

    static func read(_ folder: String) -> SetAside {
      let bytes = try? BoundedInput.regularFile(folder + "/squad.json", limit: InputLimit.squadFile, ownFile: true)
      let members = bytes.flatMap { try? SquadFile.decode($0, path: folder + "/squad.json").members.count }
      let history = members == 0 ? try? HistoryFile(path: folder + "/history.jsonl").read() : nil
      let changed = history?.entries.contains { ![.create, .rename, .delete].contains($0.kind) } ?? true
      return SetAside(members: members, isEmpty: !changed)
    }
  }

  /// The squad name and deletion time (ms) of a folder named `NAME-MILLISECONDS-PID`; nil for others.
  static func deletedFolder(_ entry: String) -> (name: SquadName, stamp: Int)? {
    let parts = entry.split(separator: "-", omittingEmptySubsequences: false)
    func digits(_ part: Substring) -> Bool { !part.isEmpty && part.allSatisfy { ("0"..."9").contains($0) } }
    guard parts.count >= 3, digits(parts[parts.count - 2]), digits(parts[parts.count - 1]),
      let stamp = Int(parts[parts.count - 2])
    else { return nil }
    let name = parts.dropLast(2).joined(separator: "-")
    guard case .success(let parsed) = SquadName.parse(name), parsed.value == name else { return nil }
    return (parsed, stamp)
  }
}

/// One line of `squad squads`: a squad's name, size, limit and last change.
struct SquadSummary: Equatable, Sendable {
  var name: SquadName
  /// How many members it has; nil when its file cannot be read.
  var members: Int?
  var maxMembers: Int?
  /// When it last changed: its last history entry, else its file's modification time.
  var lastChange: Date?
  var problem: PersistenceError?
  /// Its members, for totals and comparisons; empty when its file cannot be read.
  var roster: [Member] = []
  /// Which squad it is (``SquadFile/identity``), so a deletion asked about finds the same one.
  var identity: [UInt64]? = nil
}
