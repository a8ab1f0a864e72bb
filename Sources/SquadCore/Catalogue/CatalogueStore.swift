import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The local catalogue on disk (``SquadPaths/catalogueFile``): read once per process, mapped;
/// written whole, under a lock, after re-reading the file, so concurrent squad processes never
/// undo each other's additions, and atomically, so an interrupted write leaves the old file.
///
/// It also upgrades what older releases left: a `cache/catalogue.json` is rebuilt into the
/// indexed format on first use (with one notice), and a catalogue holding another release's
/// bundled set takes this one's in. A damaged catalogue is never fatal and never silently lost:
/// the bundled set answers with a warning, and the next write moves the damaged file aside.
public final class CatalogueStore: Sendable {
  /// The catalogue file.
  public let path: String
  let legacyPath: String
  private let lockPath: String
  private let warn: @Sendable (String) -> Void
  private let notice: @Sendable (String) -> Void
  private let loaded = Mutex<LocalCatalogue?>(nil)

  /// A store over `paths.catalogueFile`; `warn` hears about a damaged file, `notice` about an
  /// upgrade.
  public init(
    paths: SquadPaths, warn: @escaping @Sendable (String) -> Void = { _ in },
    notice: (@Sendable (String) -> Void)? = nil
  ) {
    path = paths.catalogueFile
    legacyPath = paths.legacyCatalogueFile
    lockPath = paths.catalogueLock
    self.warn = warn
    self.notice = notice ?? warn
  }

  /// The catalogue: bundled heroes plus everything stored.
  public var catalogue: LocalCatalogue {
    loaded.withLock { slot in
      if let catalogue = slot { return catalogue }
      let catalogue = readFile()
      slot = catalogue
      return catalogue
    }
  }

  /// Merges heroes in (``HeroMerge``) and saves when that changed anything, or `always` (a
  /// sync, which also records when the catalogue was last confirmed).
  public func remember(_ heroes: [Hero], at date: Date, always: Bool = false, origin: HeroOrigin = .api)
    throws(PersistenceError)
  {
    guard always || catalogue.wouldChange(with: heroes) else { return }
    try update(at: date) { (builder) throws(PersistenceError) -> Void in
      for hero in heroes { builder.merge(hero, origin: origin) }
    }
  }

  /// Runs `change` on a builder holding the current catalogue, under the lock, and writes the
  /// result; `updatedAt` becomes `date` (or stays, when nil).
  func update(at date: Date?, spool: Bool = false, _ change: (CatalogueBuilder) throws(PersistenceError) -> Void)
    throws(PersistenceError)
  {
    try update(
      at: date, spool: spool,
      deciding: { (builder) throws(PersistenceError) in
        try change(builder)
        return true
      })
  }

  /// As ``update(at:spool:_:)``, but `change` decides whether to write at all; says whether it did.
  @discardableResult
  func update(at date: Date?, spool: Bool = false, deciding change: (CatalogueBuilder) throws(PersistenceError) -> Bool)
    throws(PersistenceError) -> Bool
  {
    let written = try write(at: date, spool: spool, change)
    let fresh = readStored()
    loaded.withLock { $0 = fresh }
    return written
  }

  /// Drops everything but the bundled set: the stored file goes, under the lock, and the bundled
  /// set answers as in a fresh home (bundled heroes that were updated come back as bundled).
  public func reset() throws(PersistenceError) {
    let lock = try FileLock(path: lockPath)
    defer { withExtendedLifetime(lock) {} }
    AtomicFile.removeLeftovers(of: path)
    guard unlink(path) == 0 || errno == ENOENT else {
      throw PersistenceError(path: path, reason: .unwritable(detail: String(cString: strerror(errno))))
    }
    loaded.withLock { $0 = LocalCatalogue() }
  }

  private func write(at date: Date?, spool: Bool = false, _ change: (CatalogueBuilder) throws(PersistenceError) -> Bool)
    throws(PersistenceError) -> Bool
  {
    let lock = try FileLock(path: lockPath)
    defer { withExtendedLifetime(lock) {} }
    AtomicFile.removeLeftovers(of: path)
    let (builder, current) = currentBuilder(spool: spool)
    builder.startReport()
    guard try change(builder) else { return false }
    if let problem = builder.limitProblem() {
      throw PersistenceError(path: path, reason: .catalogueOverLimit(detail: problem))
    }
    var sink = try FileCatalogueSink(path: path)
    let updatedAt = date.map { max($0, current.updatedAt ?? $0) } ?? current.updatedAt
    try builder.write(updatedAt: updatedAt, bundled: BundledCatalogue.fingerprint, to: &sink)
    // Only once its heroes are in the new file is the old release's file removed.
    if current.migratedLegacy { try? FileManager.default.removeItem(atPath: legacyPath) }
    return true
  }

  /// The catalogue as stored, or nil when there is no usable file.
  private func readStored() -> LocalCatalogue? {
    guard let bytes = try? SharedBytes.mapping(path), let index = try? CatalogueIndex(bytes) else { return nil }
    return LocalCatalogue(index: index)
  }

  private enum Stored {
    case missing
    case found(LocalCatalogue)
    case damaged(String)
  }

  private func stored() -> Stored {
    do throws(PersistenceError) {
      guard let bytes = try SharedBytes.mapping(path) else { return .missing }
      do throws(CatalogueFormatError) {
        return .found(LocalCatalogue(index: try CatalogueIndex(bytes)))
      } catch {
        return .damaged(error.description)
      }
    } catch {
      return .damaged(error.description)
    }
  }

  private func readFile() -> LocalCatalogue {
    switch stored() {
    case .found(let catalogue) where catalogue.bundledFingerprint == BundledCatalogue.fingerprint:
      return catalogue
    case .found(let catalogue):
      // Another release's bundled set: take this one's in (a write; the old file answers if it fails).
      do throws(PersistenceError) {
        _ = try write(at: nil) { _ in true }
        return readStored() ?? catalogue
      } catch {
        return catalogue
      }
    case .damaged(let problem):
      warn(
        "\(path) could not be used (\(problem)), so the bundled catalogue answers. It is kept; the next sync or import "
          + "moves it aside "
          + "and starts a new one.")
      return LocalCatalogue()
    case .missing:
      guard FileManager.default.fileExists(atPath: legacyPath) else { return LocalCatalogue() }
      do throws(PersistenceError) {
        _ = try write(at: nil) { _ in true }
        return readStored() ?? LocalCatalogue()
      } catch {
        warn("\(legacyPath) could not be upgraded (\(error.description)), so the bundled catalogue answers.")
        return LocalCatalogue()
      }
    }
  }

  /// A builder over what the catalogue holds now, upgrading or setting aside what it must.
  private func currentBuilder(spool: Bool) -> (CatalogueBuilder, (updatedAt: Date?, migratedLegacy: Bool)) {
    let spoolFolder = spool ? AtomicFile.folderAndName(of: path).folder : nil
    switch stored() {
    case .found(let catalogue):
      let builder = CatalogueBuilder(base: catalogue.index, spoolFolder: spoolFolder)
      if catalogue.bundledFingerprint != BundledCatalogue.fingerprint {
        BundledCatalogue.index.eachHero { hero, _ in builder.merge(hero, origin: .bundled) }
      }
      return (builder, (catalogue.updatedAt, false))
    case .damaged(let problem):
      let aside = path + ".damaged-\(Int(Date().timeIntervalSince1970))"
      if rename(path, aside) == 0 {
        warn("\(path) was \(problem); it was moved to \(aside) and a new catalogue started from the bundled set.")
      }
      return (CatalogueBuilder(base: BundledCatalogue.index, spoolFolder: spoolFolder), (nil, false))
    case .missing:
      let builder = CatalogueBuilder(base: BundledCatalogue.index, spoolFolder: spoolFolder)
      let legacy = migrateLegacy(into: builder)
      return (builder, (legacy ?? nil, legacy != nil))
    }
  }

  /// Merges the old release's heroes in; the date they were stored, or nil when there were none.
  private func migrateLegacy(into builder: CatalogueBuilder) -> Date?? {
    do throws(PersistenceError) {
      guard let legacy = try LegacyCatalogueFile(path: legacyPath).load() else { return nil }
      for hero in legacy.heroes { builder.merge(hero, origin: .api) }
      notice(
        "The local catalogue moved to \(path) in a new indexed format; all \(legacy.heroes.count) heroes of "
          + "\(legacyPath) were kept.")
      return .some(legacy.updatedAt)
    } catch {
      warn(
        "\(legacyPath) could not be read (\(error.description)); it is left where it is and the bundled set is used.")
      return nil
    }
  }
}
