import Foundation

/// What `squad catalogue` prints: the catalogue's contents by origin and its files, and the
/// reports of imports.
enum CatalogueSummary {
  @MainActor
  static func print(store: CatalogueStore, paths: SquadPaths, context: CommandContext) -> Int32 {
    let catalogue = store.catalogue
    let catalogueBytes = fileSize(paths.catalogueFile)
    let cacheBytes = folderSize(paths.responsesDirectory)
    if context.arguments.has(.json) {
      let value = JSONValue.object([
        ("heroes", origins(total: catalogue.count, catalogue.heroesByOrigin)),
        ("comics", origins(total: catalogue.comicCount, catalogue.comicsByOrigin)),
        ("updatedAt", .optional(catalogue.updatedAt.map(MarvelDate.iso8601))),
        (
          "files",
          .object([
            ("catalogue", .string(paths.catalogueFile)), ("catalogueBytes", .optional(catalogueBytes)),
            ("cache", .string(paths.responsesDirectory)), ("cacheBytes", .int(cacheBytes)),
          ])
        ),
      ])
      context.console.out(value.encoded(pretty: context.output.prettyJSON) + "\n")
      return ExitCode.success.rawValue
    }
    func line(_ total: Int, _ counts: [HeroOrigin: Int]) -> String {
      let parts = HeroOrigin.allCases.map { "\($0.label) \(counts[$0] ?? 0)" }.joined(separator: ", ")
      return "\(total) (\(parts))"
    }
    let changed = catalogue.updatedAt.map { MarvelDate.iso8601($0) } ?? "never (the bundled set only)"
    let stored =
      catalogueBytes.map { "\(paths.catalogueFile) (\(ByteCount.format($0)))" }
      ?? "\(paths.catalogueFile) (not yet written)"
    let lines = [
      "Heroes:          " + line(catalogue.count, catalogue.heroesByOrigin),
      "Comics:          " + line(catalogue.comicCount, catalogue.comicsByOrigin),
      "Last changed:    " + changed,
      "Catalogue:       " + stored,
      "Response cache:  \(paths.responsesDirectory) (\(ByteCount.format(cacheBytes)))",
    ]
    context.console.out(lines.map { TextSanitizer.clean($0) + "\n" }.joined())
    return ExitCode.success.rawValue
  }

  static func text(_ report: CatalogueImport.Report) -> String {
    let files = "Read \(report.filesRead) \(report.filesRead == 1 ? "file" : "files")"
    let skipped = report.skipped.isEmpty ? "" : " (\(report.skipped.count) skipped)"
    let heroes =
      "heroes: \(report.heroesAdded) added, \(report.heroesUpdated) updated, \(report.heroesUnchanged) unchanged"
    let comics = "comics: \(report.comicsAdded) added, \(report.comicsUpdated) updated"
    let outcome = report.changed ? "" : " Nothing changed; the catalogue was not written."
    return "\(files)\(skipped); \(heroes); \(comics).\(outcome)"
  }

  static func json(_ report: CatalogueImport.Report) -> JSONValue {
    .object([
      ("filesRead", .int(report.filesRead)),
      (
        "skipped",
        .array(report.skipped.map { .object([("file", .string($0.path)), ("problem", .string($0.detail))]) })
      ),
      (
        "heroes",
        .object([
          ("added", .int(report.heroesAdded)), ("updated", .int(report.heroesUpdated)),
          ("unchanged", .int(report.heroesUnchanged)),
        ])
      ),
      ("comics", .object([("added", .int(report.comicsAdded)), ("updated", .int(report.comicsUpdated))])),
      ("changed", .bool(report.changed)),
    ])
  }

  private static func origins(total: Int, _ counts: [HeroOrigin: Int]) -> JSONValue {
    .object([("total", .int(total))] + HeroOrigin.allCases.map { ($0.label, .int(counts[$0] ?? 0)) })
  }

  private static func fileSize(_ path: String) -> Int? {
    (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? NSNumber)?.intValue
  }

  private static func folderSize(_ path: String) -> Int {
    let names = (try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []
    return names.reduce(0) { $0 + (fileSize(path + "/" + $1) ?? 0) }
  }
}
