import Foundation

/// `squad catalogue import`: every file is checked before anything is written; the catalogue is
/// written once, at the end, and only when something changed.
enum CatalogueImport {
  struct Report: Equatable, Sendable {
    var filesRead = 0
    var skipped: [CatalogueImportFile.Problem] = []
    var passedOver = 0
    /// Damaged records of squad's own catalogue files, left out as SQLite's `.recover` would.
    var leftOut = 0
    var comicsLeftOut = 0
    /// Records a file cut short lacks: not in the file at all, so not among ``leftOut``.
    var missing = 0
    var missingComics = 0
    /// Files whose header does not read: nothing can be said of what they lack.
    var damagedHeaders = 0
    var recordsRead = 0
    var heroesAdded = 0
    var heroesUpdated = 0
    var heroesUnchanged = 0
    var comicsAdded = 0
    var comicsUpdated = 0
    var written = false

    var changed: Bool { heroesAdded + heroesUpdated + comicsAdded + comicsUpdated > 0 }

    /// A salvage that brought nothing back is a failure (exit 65), never a quiet "Nothing changed".
    var broughtBackNothing: Bool {
      recordsRead == 0 && leftOut + comicsLeftOut + missing + missingComics + damagedHeaders > 0
    }
  }

  enum Failure: Error, Equatable, Sendable {
    /// Exit 65.
    case invalid(CatalogueImportFile.Problem)
    /// Exit 1.
    case unreadable(CatalogueImportFile.Problem)
    /// Exit 65.
    case overLimit(String)
    case persistence(PersistenceError)

    /// Nil for the bounds, which `--skip-invalid` never passes over.
    var fileProblem: CatalogueImportFile.Problem? {
      switch self {
      case .invalid(let problem), .unreadable(let problem): return problem
      case .overLimit, .persistence: return nil
      }
    }
  }

  /// Merging stops as soon as the catalogue passes its bounds, so memory stays bounded.
  static func run(_ paths: [String], skipInvalid: Bool, store: CatalogueStore, now: Date) -> Result<Report, Failure> {
    let found: CatalogueImportWalk.Found
    switch CatalogueImportWalk.files(paths, skipInvalid: skipInvalid) {
    case .success(let value): found = value
    case .failure(let failure): return .failure(failure)
    }
    var report = Report(skipped: found.skipped, passedOver: found.passedOver)
    var stopped: Failure?
    do throws(PersistenceError) {
      report.written = try store.update(
        at: now, spool: true,
        deciding: { builder in
          for file in found.files {
            guard let failure = take(file, strictly: found.named.contains(file), into: builder, &report) else {
              continue
            }
            guard skipInvalid, let problem = failure.fileProblem else {
              stopped = failure
              return nil
            }
            report.skipped.append(problem)
          }
          let heroes = builder.heroOutcomes()
          report.heroesAdded = heroes[.added] ?? 0
          report.heroesUpdated = heroes[.updated] ?? 0
          report.heroesUnchanged = heroes[.unchanged] ?? 0
          return report.changed
        })
    } catch {
      if case .catalogueOverLimit(let detail) = error.reason { return .failure(.overLimit(detail)) }
      return .failure(.persistence(error))
    }
    if let stopped { return .failure(stopped) }
    return .success(report)
  }

  /// A saved error answer met in a folder (not `strictly`) is passed over.
  private static func take(_ file: String, strictly: Bool, into builder: CatalogueBuilder, _ report: inout Report)
    -> Failure?
  {
    // A catalogue of squad's own (a damaged one kept aside) may pass an archive's 64 MiB: it is mapped.
    if let own = CatalogueImportFile.ownCatalogue(file) {
      // A newer squad's file may not mean what this format says: refused, as it is in place.
      let cut = own.withBytes { CatalogueHeader.cutShort($0) }
      do throws(CatalogueFormatError) {
        _ = try CatalogueIndex(own)
      } catch {
        if case .newer(let version) = error {
          let detail = "written by a newer squad (version \(version) of its format); upgrade squad to import it"
          return .invalid(CatalogueImportFile.Problem(path: file, detail: detail))
        }
        if cut == nil { report.damagedHeaders += 1 }
      }
      return takeOwn(CatalogueBuilder(salvaging: own), cut: cut, into: builder, &report)
    }
    let bytes: [UInt8]
    switch CatalogueImportFile.read(file) {
    case .success(let value): bytes = value
    case .failure(let problem): return problem.isUnreadable ? .unreadable(problem) : .invalid(problem)
    }
    // Checked whole first, so that a bad record late in a file leaves nothing of it merged; the
    // records are decoded once and kept until merged, at most the catalogue's bounds of them.
    var heroIDs = Set<Int>()
    var comicIDs = Set<Int>()
    var records: [ImportedRecord] = []
    var over: String?
    do throws(CatalogueImportFile.Problem) {
      try CatalogueImportFile.forEachRecord(bytes, path: file) { (record) throws(CatalogueDocument.Detail) in
        switch record {
        case .hero(let hero): heroIDs.insert(hero.id.rawValue)
        case .comic(let comic): comicIDs.insert(comic.id)
        }
        over = CatalogueLimits.problem(heroes: heroIDs.count, comics: comicIDs.count, bytes: 0)
        if let over { throw CatalogueDocument.Detail(over) }
        records.append(record)
      }
    } catch {
      // A catalogue file of squad's own whose magic line is damaged: known by its record lines
      // whose checksums hold (looked for only here, so other files are read once).
      let own = CatalogueBuilder(salvaging: SharedBytes(bytes))
      if own.count > 0 { return takeOwn(own, cut: nil, into: builder, &report) }
      if over == nil, !strictly, CatalogueImportWalk.isErrorAnswer(bytes) {
        report.passedOver += 1
        return nil
      }
      return over.map { .overLimit($0) } ?? .invalid(error)
    }
    report.filesRead += 1
    report.recordsRead += records.count
    for record in records {
      switch record {
      case .hero(let hero): builder.merge(hero, origin: .imported)  // Counted at the end, against what was held.
      case .comic(let comic): count(builder.merge(comic, origin: .imported), &report)
      }
      if let problem = builder.limitProblem() { return .overLimit(problem) }
    }
    return nil
  }

  /// Of a file `cut` short, also counts what it lacks altogether.
  private static func takeOwn(
    _ found: CatalogueBuilder, cut: CatalogueHeader?, into builder: CatalogueBuilder, _ report: inout Report
  ) -> Failure? {
    report.filesRead += 1
    report.leftOut += found.droppedRecords
    report.comicsLeftOut += found.droppedComics
    let comics = found.storedComics()
    report.recordsRead += found.count + comics.count
    if let cut {
      let missing = found.missing(from: cut, comics: comics.count)
      report.missing += missing.records
      report.missingComics += missing.comics
    }
    found.eachHero { builder.merge($0, origin: $1) }
    for (comic, origin) in comics { count(builder.merge(comic, origin: origin), &report) }
    return builder.limitProblem().map { .overLimit($0) }
  }

  private static func count(_ comic: HeroMerge.Outcome, _ report: inout Report) {
    if comic == .added { report.comicsAdded += 1 }
    if comic == .updated { report.comicsUpdated += 1 }
  }
}
