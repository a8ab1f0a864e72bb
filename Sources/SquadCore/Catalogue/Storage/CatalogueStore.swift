import Foundation

/// The local catalogue file: read once per process, mapped; written whole, atomically and under a
/// lock after re-reading it, so concurrent processes never undo each other's additions. Damage and
/// its repair: docs/CATALOGUE.md. A file that cannot be read is an error, not damage.
final class CatalogueStore: Sendable {
  let path: String
  let legacyPath: String
  private let lockPath: String
  private let warn: @Sendable (String) -> Void
  private let notice: @Sendable (String) -> Void
  private let alert: @Sendable (String) -> Void
  private let loaded = Mutex<Result<LocalCatalogue, PersistenceError>?>(nil)
  private let legacyReported = Mutex(false)
  private let readFailureReported = Mutex(false)
  private let notKeptReported = Mutex(false)

  /// `alert` (about a damaged file moved aside) is never silenced by `--quiet`: it is the user's data.
  init(
    paths: SquadPaths, warn: @escaping @Sendable (String) -> Void = { _ in },
    notice: (@Sendable (String) -> Void)? = nil, alert: (@Sendable (String) -> Void)? = nil
  ) {
    path = paths.catalogueFile
    legacyPath = paths.legacyCatalogueFile
    lockPath = paths.catalogueLock
    self.warn = warn
    self.notice = notice ?? warn
    self.alert = alert ?? warn
  }

  /// The bundled set, with a warning, when the file cannot be read.
  var catalogue: LocalCatalogue {
    do throws(PersistenceError) {
      return try read()
    } catch {
      if Self.first(readFailureReported) { warn(error.description + " The bundled catalogue answers instead.") }
      return LocalCatalogue()
    }
  }

  func read() throws(PersistenceError) -> LocalCatalogue {
    try loaded.withLock { slot in
      if let slot { return slot }
      let read = Result { () throws(PersistenceError) in try readFile() }
      slot = read
      return read
    }.get()
  }

  func remember(_ heroes: [Hero], at date: Date, origin: HeroOrigin = .api) throws(PersistenceError) {
    guard catalogue.wouldChange(with: heroes, origin: origin) else { return }
    try update(
      at: date,
      deciding: { builder in
        for hero in heroes { builder.merge(hero, origin: origin) }
        return true
      })
  }

  func sayNotKept(_ error: PersistenceError) {
    guard Self.first(notKeptReported) else { return }
    warn(
      error.description
        + " The Marvel API's answer is shown, but the local catalogue did not keep it, so offline commands will not know it."
    )
  }

  /// Writes when `change` says to or the file is damaged (a write repairs it); nil refuses the change.
  @discardableResult
  func update(
    at date: Date?, spool: Bool = false, deciding change: (CatalogueBuilder) throws(PersistenceError) -> Bool?
  )
    throws(PersistenceError) -> Bool
  {
    let lock = try LockSet.guarding(path, lock: lockPath)
    defer { withExtendedLifetime(lock) {} }
    // Refused before anything is moved or built: a read-only file, a link to nothing, a folder.
    let (target, keptAs) = try replacement()
    AtomicFile.removeLeftovers(of: target.path)
    let folder = AtomicFile.folderAndName(of: target.path).folder
    AtomicFile.removeLeftovers(in: folder, of: RecordSpool.leftoverName)
    // The write repairs what it meets (and says what it sets aside), so damage is not warned of.
    let snapshot = CatalogueSnapshot(path: path, stored: try stored(warning: false), legacy: legacy())
    let plan = CataloguePlan.start(from: snapshot, writing: true, spoolFolder: spool ? folder : nil)
    let builder = plan.builder
    builder.startReport()
    // A damaged file is written whole again, even when the change brings nothing.
    guard let wanted = try change(builder), wanted || plan.damaged else {
      loaded.withLock { $0 = nil }
      return false
    }
    if let problem = builder.limitProblem() {
      throw PersistenceError(path: path, reason: .catalogueOverLimit(detail: problem))
    }
    var sink = try FileCatalogueSink(target: target, keepingReplaced: plan.aside != nil && keptAs == nil)
    let updatedAt = date.map { max($0, plan.updatedAt ?? $0) } ?? plan.updatedAt
    try builder.write(updatedAt: updatedAt, bundled: BundledCatalogue.fingerprint, to: &sink)
    plan.notice.map(notice)
    announce(plan.aside, keptAt: sink.keptAside ?? keptAs)
    // Only once its heroes are in the new file is the old release's file removed.
    if plan.migratedLegacy { try? FileManager.default.removeItem(atPath: legacyPath) }
    loaded.withLock { $0 = nil }
    return true
  }

  func resetContents() throws(PersistenceError) -> CatalogueContents {
    let file = try storedFile()
    return CatalogueContents(resetting: CatalogueSnapshot(path: path, stored: try stored(warning: false)), file: file)
  }

  private func storedFile() throws(PersistenceError) -> [UInt64]? {
    try FileKind.status(path, following: true).map { FileKind.identity(of: $0) + [UInt64(max($0.st_size, 0))] }
  }

  /// Keeps the bundled set alone. A catalogue that no longer holds what the person was `asked`
  /// about is left as it is: a reset never drops what nobody was asked about.
  func reset(asked: CatalogueContents? = nil) throws(PersistenceError) {
    // With no file there the bundled set already answers alone: nothing to lock, nothing created.
    guard try FileKind.isPresent(path) else { return loaded.withLock { $0 = .success(LocalCatalogue()) } }
    let lock = try LockSet.guarding(path, lock: lockPath)
    defer { withExtendedLifetime(lock) {} }
    let (target, keptAs) = try replacement()
    AtomicFile.removeLeftovers(of: target.path)
    let file = try storedFile()
    let snapshot = CatalogueSnapshot(path: path, stored: try stored(warning: false))
    if let asked, CatalogueContents(resetting: snapshot, file: file) != asked {
      throw PersistenceError(
        path: path, reason: .changedMeanwhile(during: "while you were asked", command: "squad catalogue reset"))
    }
    let plan = CataloguePlan.reset(from: snapshot)
    // Replaced by the bundled set alone, so a linked catalogue.sqc never becomes a link to nothing.
    guard target.exists else {
      loaded.withLock { $0 = .success(LocalCatalogue()) }
      return
    }
    var sink = try FileCatalogueSink(target: target, keepingReplaced: plan.aside != nil && keptAs == nil)
    try plan.builder.write(updatedAt: nil, bundled: BundledCatalogue.fingerprint, to: &sink)
    announce(plan.aside, keptAt: sink.keptAside ?? keptAs)
    loaded.withLock { $0 = nil }
  }

  /// Refuses a file with other hard links (they would keep the old catalogue in silence), except
  /// `<file>.damaged-…` names a killed write left: the file is then not kept aside a second time.
  private func replacement() throws(PersistenceError) -> (target: OutputFile.Replacement, keptAs: String?) {
    let target = try OutputFile.Replacement(path: path)
    guard let status = try FileKind.status(target.path), status.st_nlink > 1 else { return (target, nil) }
    let twins = Self.asides(of: target.path).filter { Self.same($0.status, status) }
    guard twins.count == Int(status.st_nlink) - 1 else {
      throw PersistenceError(
        path: target.path, reason: .notOwnFile(kind: "a file with \(status.st_nlink) names (hard links)"))
    }
    return (target, twins.first?.path)
  }

  /// The damaged catalogues earlier writes kept aside, what `catalogue import` can bring back.
  func keptAside() -> [String] {
    let file = (try? OutputFile.Replacement(path: path).path) ?? path
    let current = try? FileKind.status(file)
    // A second name of the current file (left by a killed write) is not a copy of anything.
    return Self.asides(of: file).filter { aside in
      aside.status.st_mode & S_IFMT == S_IFREG && !(current.map { Self.same(aside.status, $0) } ?? false)
    }.map(\.path)
  }

  private static func asides(of file: String) -> [(path: String, status: stat)] {
    let (folder, name) = AtomicFile.folderAndName(of: file)
    let entries = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
    return entries.filter { $0.hasPrefix(name + ".damaged-") }.sorted().compactMap { entry in
      (try? FileKind.status(folder + "/" + entry)).map { (folder + "/" + entry, $0) }
    }
  }

  private static func same(_ one: stat, _ other: stat) -> Bool {
    one.st_ino == other.st_ino && one.st_dev == other.st_dev
  }

  private func stored(warning: Bool = true) throws(PersistenceError) -> CatalogueSnapshot.Stored {
    let bytes: SharedBytes?
    do throws(PersistenceError) {
      bytes = try SharedBytes.mapping(path)
    } catch {
      // A read that fails is an error, not damage (no repair writes over a folder or a FIFO);
      // a file over the size limit is damage, set aside by the next write.
      switch error.reason {
      case .tooLarge: return .damaged(error.description, nil)
      default: throw error
      }
    }
    guard let bytes else { return .missing }
    do throws(CatalogueFormatError) {
      let problem = "\(path) is damaged (a part of it fails its check)"
      let index = try CatalogueIndex(bytes) { @Sendable [self] in if warning { warnDamaged(problem) } }
      return .found(LocalCatalogue(index: index))
    } catch {
      // A newer squad's file is not damage: nothing reads from it, and nothing writes over it.
      if case .newer(let version) = error {
        let newest = Int(CatalogueFormat.magic.split(separator: " ").last ?? "") ?? 0
        throw PersistenceError(path: path, reason: .newerSchema(version: version, reads: newest))
      }
      return .damaged(error.description, bytes)
    }
  }

  private func warnDamaged(_ problem: String) {
    alert(
      "\(problem), so squad answers from what is intact of it and the bundled set, and a listing may miss heroes; "
        + "'squad catalogue check --repair' repairs it.")
  }

  /// Its report says it all, so the reads warn of nothing.
  func check() throws(PersistenceError) -> CatalogueCheckReport {
    var report = CatalogueCheckReport(file: path, damages: [], intact: LocalCatalogue().count, checksums: true)
    switch try stored(warning: false) {
    case .missing: report.exists = false
    case .found(let catalogue):
      report.damages = catalogue.index.damages()
      report.checksums = catalogue.index.checked
      (report.intact, report.restored) =
        report.damages.isEmpty ? (catalogue.count, 0) : Self.intact(CatalogueBuilder(base: catalogue.index))
    case .damaged(let problem, let bytes):
      report.damages = [CatalogueDamage(section: "header", detail: problem)]
      report.checksums = false
      let found = bytes.map { CatalogueBuilder(salvaging: $0) } ?? CatalogueBuilder(base: nil)
      // Counted as `catalogue import` of the file counts them, before the bundled set fills in.
      if let cut = bytes?.withBytes({ CatalogueHeader.cutShort($0) }) {
        (report.missing, report.missingComics) = found.missing(from: cut, comics: found.storedComics().count)
      }
      (report.intact, report.restored) = Self.intact(found)
    }
    return report
  }

  private static func intact(_ found: CatalogueBuilder) -> (intact: Int, restored: Int) {
    let intact = found.count
    found.restoreBundled()
    return (intact, found.count - intact)
  }

  /// A change at `date`: a file whose header did not read has no last change left to keep.
  func repair(at date: Date) throws(PersistenceError) -> Bool {
    try update(at: date, deciding: { _ in false })
  }

  /// The previous release's file is merged in memory, so its heroes answer before the upgrade; a
  /// catalogue of another bundled set answers as stored (merging on every read would cost each command).
  private func readFile() throws(PersistenceError) -> LocalCatalogue {
    let snapshot = CatalogueSnapshot(path: path, stored: try stored(), legacy: legacy())
    switch snapshot.stored {
    case .found(let catalogue) where snapshot.legacy == nil: return catalogue
    case .missing where snapshot.legacy == nil: return LocalCatalogue()
    case .damaged(let problem, _): warnDamaged("\(path) is damaged (\(problem))")
    case .found, .missing: break
    }
    let plan = CataloguePlan.start(from: snapshot, writing: false)
    return LocalCatalogue(
      index: plan.builder.memoryIndex(updatedAt: plan.updatedAt, bundled: BundledCatalogue.fingerprint))
  }

  /// Takes in an earlier release's file or bundled set in one write, for commands that change
  /// data (``FeatureCommand/upgradesCatalogue``); reading never migrates, nor does a damaged file.
  func upgrade() {
    let legacy = self.legacy() != nil
    let failure: (PersistenceError) -> String
    // A file that cannot be read now is not upgraded; the command that needs it says why.
    guard let stored = try? stored() else { return }
    switch stored {
    case .found(let catalogue) where catalogue.bundledFingerprint != BundledCatalogue.fingerprint || legacy:
      failure = { "\(self.path) could not be updated (\($0.description))." }
    case .missing where legacy:
      failure = { "\(self.legacyPath) could not be upgraded (\($0.description)), so the bundled catalogue answers." }
    default:
      return
    }
    do throws(PersistenceError) { try update(at: nil, deciding: { _ in true }) } catch { warn(failure(error)) }
  }

  /// One that cannot be read is reported once a process and left where it is.
  private func legacy() -> CatalogueSnapshot.Legacy? {
    do throws(PersistenceError) {
      guard let legacy = try LegacyCatalogueFile(path: legacyPath).load() else { return nil }
      let written = (try? FileManager.default.attributesOfItem(atPath: legacyPath)[.modificationDate]) as? Date
      return CatalogueSnapshot.Legacy(
        path: legacyPath, heroes: legacy.heroes, skipped: legacy.skipped,
        storedAt: legacy.updatedAt ?? written ?? Date())
    } catch {
      reportLegacy(error)
      return nil
    }
  }

  private static func first(_ reported: Mutex<Bool>) -> Bool {
    reported.withLock { reported in
      defer { reported = true }
      return !reported
    }
  }

  private func reportLegacy(_ error: PersistenceError) {
    guard Self.first(legacyReported) else { return }
    let detail: String
    switch error.reason {
    case .corrupt(let text), .unreadable(let text): detail = text
    default: detail = error.description
    }
    // With a catalogue file there, it answers (without the old file's heroes), not the bundled set alone.
    let answers =
      (try? FileKind.isPresent(path)) == true ? "\(path) answers without its heroes" : "the bundled set answers"
    warn(
      "\(legacyPath), the local catalogue of an earlier squad, could not be read (\(detail)). It is left where it "
        + "is, \(answers), and squad takes its heroes in as soon as it reads; to bring in a copy of it "
        + "instead, use 'squad catalogue import <file>'.")
  }

  private func announce(_ aside: CataloguePlan.Aside?, keptAt kept: String?) {
    guard let aside, let kept else { return }
    alert(
      "\(path) was \(aside.because); it was moved to \(kept) and \(aside.keeping). 'squad catalogue import \(kept)' "
        + "brings back every intact record of it.")
  }
}
