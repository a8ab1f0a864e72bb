import Foundation

/// `squad catalogue import`: archived Marvel files merged into the local catalogue. Every file
/// is checked before anything is written; the catalogue is written once, at the end, under its
/// lock, and only when something changed.
enum CatalogueImport {
  /// What an import did.
  struct Report: Equatable, Sendable {
    var filesRead = 0
    var skipped: [CatalogueImportFile.Problem] = []
    var heroesAdded = 0
    var heroesUpdated = 0
    var heroesUnchanged = 0
    var comicsAdded = 0
    var comicsUpdated = 0

    /// Whether the catalogue changed.
    var changed: Bool { heroesAdded + heroesUpdated + comicsAdded + comicsUpdated > 0 }
  }

  /// Why an import wrote nothing.
  enum Failure: Error, Equatable {
    /// A file that cannot be imported (exit 65).
    case invalid(CatalogueImportFile.Problem)
    /// A path that does not exist or cannot be listed.
    case unreadable(CatalogueImportFile.Problem)
    /// The catalogue could not be written.
    case persistence(PersistenceError)
  }

  /// The files of the paths: files as given, folders walked recursively (hidden entries left
  /// out), each folder's files in name order.
  static func files(_ paths: [String]) -> Result<[String], Failure> {
    var files: [String] = []
    for path in paths {
      var isFolder: ObjCBool = false
      guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) else {
        return .failure(.unreadable(.init(path: path, detail: "no such file or folder")))
      }
      guard isFolder.boolValue else {
        files.append(path)
        continue
      }
      guard let walker = FileManager.default.enumerator(atPath: path) else {
        return .failure(.unreadable(.init(path: path, detail: "cannot list the folder")))
      }
      var found: [String] = []
      while let entry = walker.nextObject() as? String {
        if entry.split(separator: "/").contains(where: { $0.hasPrefix(".") }) { continue }
        let full = (path.hasSuffix("/") ? path : path + "/") + entry
        var entryIsFolder: ObjCBool = false
        if FileManager.default.fileExists(atPath: full, isDirectory: &entryIsFolder), !entryIsFolder.boolValue {
          found.append(full)
        }
      }
      files += found.sorted()
    }
    return .success(files)
  }

  /// Imports the files into the catalogue; `skipInvalid` imports the good files and reports the rest.
  static func run(_ paths: [String], skipInvalid: Bool, store: CatalogueStore, now: Date) -> Result<Report, Failure> {
    let files: [String]
    switch Self.files(paths) {
    case .success(let found): files = found
    case .failure(let failure): return .failure(failure)
    }
    var report = Report()
    var invalid: CatalogueImportFile.Problem?
    do throws(PersistenceError) {
      try store.update(
        at: now, spool: true,
        deciding: { builder in
          for file in files {
            switch CatalogueImportFile.records(file) {
            case .failure(let problem):
              guard skipInvalid else {
                invalid = problem
                return false
              }
              report.skipped.append(problem)
            case .success(let records):
              report.filesRead += 1
              for record in records { count(merge(record, into: builder), record, &report) }
            }
          }
          let heroes = builder.heroOutcomes()
          report.heroesAdded = heroes[.added] ?? 0
          report.heroesUpdated = heroes[.updated] ?? 0
          report.heroesUnchanged = heroes[.unchanged] ?? 0
          return report.changed
        })
    } catch {
      return .failure(.persistence(error))
    }
    if let invalid { return .failure(.invalid(invalid)) }
    return .success(report)
  }

  private static func merge(_ record: ImportedRecord, into builder: CatalogueBuilder) -> HeroMerge.Outcome {
    switch record {
    case .hero(let hero): return builder.merge(hero, origin: .imported)
    case .comic(let comic): return builder.merge(comic, origin: .imported)
    }
  }

  private static func count(_ outcome: HeroMerge.Outcome, _ record: ImportedRecord, _ report: inout Report) {
    switch (record, outcome) {
    case (.hero, _): break  // Counted at the end, against what the catalogue held before.
    case (.comic, .added): report.comicsAdded += 1
    case (.comic, .updated): report.comicsUpdated += 1
    case (.comic, .unchanged): break
    }
  }
}
