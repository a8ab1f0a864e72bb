enum CatalogueSummary {
  static func json(_ overview: CatalogueOverview) -> JSONValue {
    let files = JSONValue.object([
      ("catalogue", .string(overview.catalogueFile)), ("catalogueBytes", .optional(overview.catalogueBytes)),
      ("cache", .string(overview.cacheFolder)), ("cacheBytes", .int(overview.cacheBytes)),
      ("keptAside", .array(overview.keptAside.map { .string($0) })),
    ])
    return .object([
      ("heroes", origins(total: overview.heroes, overview.heroesByOrigin, changedBundled: overview.changedBundled)),
      ("comics", origins(total: overview.comics, overview.comicsByOrigin)),
      ("updatedAt", .optional(overview.updatedAt.map(MarvelDate.iso8601))), ("files", files),
    ])
  }

  static func text(_ overview: CatalogueOverview) -> String {
    func line(_ total: Int, _ counts: [HeroOrigin: Int]) -> String {
      let parts = HeroOrigin.allCases.map { "\($0.label) \(Grouped.format(counts[$0] ?? 0))" }.joinedDirectly(
        separator: ", ")
      return "\(Grouped.format(total)) (\(parts))"
    }
    // No date is "never" only for the bundled set alone: a damaged file's date may be lost.
    let bundledOnly = overview.heroesByOrigin.keys.allSatisfy { $0 == .bundled } && overview.changedBundled == 0
    let changed =
      overview.updatedAt.map { MarvelDate.iso8601($0) } ?? (bundledOnly ? "never (the bundled set only)" : "unknown")
    let stored =
      overview.catalogueBytes.map { "\(overview.catalogueFile) (\(ByteCount.format($0)))" }
      ?? "\(overview.catalogueFile) (not yet written)"
    var lines = ["Heroes:          " + line(overview.heroes, overview.heroesByOrigin)]
    // Counted as bundled above (the newer record's origin), so said apart, when there are some.
    if overview.changedBundled > 0 {
      let heroes = Plural.count(overview.changedBundled, "bundled hero holds", "bundled heroes hold")
      lines.append("Changed:         \(heroes) fields from the API or an import; 'squad catalogue reset' reverts them")
    }
    lines += [
      "Comics:          " + line(overview.comics, overview.comicsByOrigin),
      "Last changed:    " + changed,
      "Catalogue:       " + stored,
      "Response cache:  \(overview.cacheFolder) (\(ByteCount.format(overview.cacheBytes)))",
    ]
    var aside = overview.keptAside.map { "Kept aside:      \($0) (damaged)" }
    if !aside.isEmpty {
      aside.append("Bring back the intact records of a file kept aside with 'squad catalogue import <file>'.")
    }
    return (lines + aside).map { TextSanitizer.clean($0) + "\n" }.joined()
  }

  static func text(_ report: CatalogueImport.Report) -> String {
    let files = "Read " + Plural.count(report.filesRead, "file")
    let (g, passed) = (Grouped.format, report.passedOver)
    let notes = [
      passed == 0 ? nil : "passed over \(g(passed)) that \(passed == 1 ? "holds" : "hold") no Marvel data",
      report.skipped.isEmpty ? nil : "\(g(report.skipped.count)) skipped",
      damaged(report).map { "\($0) left out" },
      missing(records: report.missing, comics: report.missingComics).map(cutShort),
      damagedHeaders(report),
    ].compactMap { $0 }
    let skipped = notes.isEmpty ? "" : " (\(notes.joinedDirectly(separator: ", ")))"
    let heroes =
      "heroes: \(g(report.heroesAdded)) added, \(g(report.heroesUpdated)) updated, \(g(report.heroesUnchanged)) unchanged"
    let comics = "comics: \(g(report.comicsAdded)) added, \(g(report.comicsUpdated)) updated"
    let outcome =
      report.changed
      ? ""
      : report.written
        ? " Nothing new; the damaged catalogue was written again, repaired."
        : " Nothing changed; the catalogue was not written."
    return "\(files)\(skipped); \(heroes); \(comics).\(outcome)"
  }

  // What files cut short lack (`2,708 records and 3 comics`), or nil when nothing.
  private static func missing(records: Int, comics: Int) -> String? {
    counted([(records, "record"), (comics, "comic")])
  }

  private static func cutShort(_ missing: String) -> String {
    "the file ends before its header says: \(missing) missing"
  }

  // `2 damaged records and 1 damaged comic`, or nil.
  private static func damaged(_ report: CatalogueImport.Report) -> String? {
    counted([(report.leftOut, "damaged record"), (report.comicsLeftOut, "damaged comic")])
  }

  private static func damagedHeaders(_ report: CatalogueImport.Report) -> String? {
    switch report.damagedHeaders {
    case 0: return nil
    case 1 where report.filesRead == 1: return "the file is damaged: its header is cut short or does not read"
    case 1: return "1 file is damaged: its header is cut short or does not read"
    case let count: return "\(Grouped.format(count)) files are damaged: their headers are cut short or do not read"
    }
  }

  private static func counted(_ counts: [(Int, String)]) -> String? {
    let parts = counts.filter { $0.0 > 0 }.map { Plural.count($0.0, $0.1) }
    return parts.isEmpty ? nil : parts.joinedDirectly(separator: " and ")
  }

  static func nothingBroughtBack(_ report: CatalogueImport.Report) -> String {
    let found = damaged(report).map { "not one record or comic found reads intact (\($0) left out)" }
    let cut = missing(records: report.missing, comics: report.missingComics).map {
      "the file ends before its header says (\($0) missing)"
    }
    let reasons = [found, cut, damagedHeaders(report)].compactMap { $0 }
    return "Nothing was imported: \(reasons.joinedDirectly(separator: ", and "))."
  }

  static func json(_ report: CatalogueImport.Report) -> JSONValue {
    let skipped = report.skipped.map {
      JSONValue.object([("file", .string($0.path)), ("problem", .string($0.detail))])
    }
    let heroes = JSONValue.object([
      ("added", .int(report.heroesAdded)), ("updated", .int(report.heroesUpdated)),
      ("unchanged", .int(report.heroesUnchanged)),
    ])
    return .object([
      ("filesRead", .int(report.filesRead)), ("passedOver", .int(report.passedOver)),
      ("leftOut", .int(report.leftOut)), ("comicsLeftOut", .int(report.comicsLeftOut)),
      ("missing", .int(report.missing)),
      ("missingComics", .int(report.missingComics)), ("damagedHeaders", .int(report.damagedHeaders)),
      ("skipped", .array(skipped)), ("heroes", heroes),
      ("comics", .object([("added", .int(report.comicsAdded)), ("updated", .int(report.comicsUpdated))])),
      ("changed", .bool(report.changed)), ("written", .bool(report.written)),
    ])
  }

  static func text(_ report: CatalogueCheckReport) -> String {
    guard report.exists else {
      return TextSanitizer.clean(
        "\(report.file) is not there: the bundled set (\(Plural.heroes(report.intact))) answers; nothing to check.")
        + "\n"
    }
    guard !report.damages.isEmpty else {
      let checks =
        report.checksums ? "every checksum holds" : "an older format without checksums; the next write adds them"
      return "\(report.file): whole (\(Plural.heroes(report.intact)); \(checks)).\n"
    }
    var lines = report.damages.map { damage in
      "  \(damage.section): \(damage.detail)"
        + (damage.heroes.isEmpty ? "" : " (\(damage.heroes.joinedDirectly(separator: ", ")))")
    }
    if let missing = missing(records: report.missing, comics: report.missingComics) {
      lines.append("  " + cutShort(missing))
    }
    let back =
      report.restored == 0
      ? "" : " (\(Plural.count(report.restored, "damaged hero", "damaged heroes")) put back from the bundled set)"
    let outcome =
      report.repaired
      ? "Repaired: the catalogue was written again with its \(Plural.heroes(report.intact)) that read intact\(back)."
      : "\(Plural.heroes(report.intact)) read intact and answer meanwhile\(back); "
        + "'squad catalogue check --repair' repairs it."
    return (["\(report.file) is damaged:"] + lines + [outcome]).map { TextSanitizer.clean($0) + "\n" }.joined()
  }

  static func json(_ report: CatalogueCheckReport) -> JSONValue {
    let damages = report.damages.map {
      JSONValue.object([
        ("section", .string($0.section)), ("detail", .string($0.detail)),
        ("heroes", .array($0.heroes.map(JSONValue.string))),
      ])
    }
    return .object([
      ("file", .string(report.file)), ("exists", .bool(report.exists)), ("damaged", .bool(!report.damages.isEmpty)),
      ("checksums", .bool(report.checksums)), ("damages", .array(damages)),
      ("intactHeroes", .int(report.intact)), ("restoredHeroes", .int(report.restored)),
      ("missing", .int(report.missing)), ("missingComics", .int(report.missingComics)),
      ("repaired", .bool(report.repaired)),
    ])
  }

  /// The counts by origin; for heroes, `changedBundled` too (of the bundled, those not the bundled record).
  private static func origins(total: Int, _ counts: [HeroOrigin: Int], changedBundled: Int? = nil) -> JSONValue {
    .object(
      [("total", .int(total))] + HeroOrigin.allCases.map { ($0.label, .int(counts[$0] ?? 0)) }
        + (changedBundled.map { [("changedBundled", .int($0))] } ?? []))
  }
}
