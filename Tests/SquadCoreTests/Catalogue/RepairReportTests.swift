import Foundation
import Testing

@testable import SquadCore

/// What `squad catalogue check` says a repair keeps: the heroes that read intact, and apart from
/// them the bundled heroes whose records were damaged, put back from the bundled set.
@Suite struct RepairReportTests {
  let home = TemporaryDirectory()
  var paths: SquadPaths { SquadPaths(home: home.path) }

  /// The stored catalogue (the bundled set and one imported hero) with the records of three
  /// bundled heroes and of the imported one failing their check; the header too when asked.
  func damagedCatalogue(header: Bool) throws {
    try CatalogueStore(paths: paths).remember([Hero(id: HeroID(5_000_001), name: "Someone")], at: Sample.moment)
    var text = String(decoding: try #require(home.contents("catalogue.sqc")), as: UTF8.self)
    for name in [#""name":"Hulk""#, #""name":"Thanos""#, #""name":"Thor""#, #""name":"Someone""#] {
      try #require(text.contains(name))
      text = text.replacingOccurrences(of: name, with: name.uppercased())
    }
    var bytes = Array(text.utf8)
    if header { bytes[20] = bytes[20] == UInt8(ascii: "x") ? UInt8(ascii: "y") : UInt8(ascii: "x") }
    try Data(bytes).write(to: URL(fileURLWithPath: paths.catalogueFile))
  }

  @Test(arguments: [false, true])
  func theCheckCountsWhatReadsIntactApartFromWhatComesBackFromTheBundledSet(header: Bool) throws {
    try damagedCatalogue(header: header)
    let store = CatalogueStore(paths: paths, alert: { _ in })
    var report = try store.check()
    let bundled = BundledCatalogue.index.count
    #expect((report.intact, report.restored) == (bundled - 3, 3), "Someone is lost; three bundled heroes come back")
    #expect(try store.repair(at: Sample.moment))
    report.repaired = true
    #expect(
      CatalogueSummary.text(report).hasSuffix(
        "Repaired: the catalogue was written again with its 1,561 heroes that read intact "
          + "(3 damaged heroes put back from the bundled set).\n"))
    #expect(CatalogueSummary.json(report).encoded(pretty: false).contains(#""intactHeroes":1561,"restoredHeroes":3,"#))
    #expect(CatalogueStore(paths: paths).catalogue.count == report.intact + report.restored, "what the repair wrote")
  }

  @Test func aDamagedCatalogueNotYetRepairedSaysWhatAnswersMeanwhile() throws {
    try damagedCatalogue(header: false)
    let report = try CatalogueStore(paths: paths, alert: { _ in }).check()
    #expect(
      CatalogueSummary.text(report).hasSuffix(
        "1,561 heroes read intact and answer meanwhile (3 damaged heroes put back from the bundled set); "
          + "'squad catalogue check --repair' repairs it.\n"))
  }

  /// Found by the attack: a repair of a catalogue cut short did not say what the cut lost, where
  /// salvaging the same file with `catalogue import` did. Both say it, in the same words and keys.
  @Test func aRepairOfACatalogueCutShortSaysWhatTheCutLostAsImportDoes() throws {
    let cut = SalvageImportTests.cut(after: 100)
    try Data(cut).write(to: URL(fileURLWithPath: paths.catalogueFile))
    let store = CatalogueStore(paths: paths, alert: { _ in })
    var report = try store.check()
    #expect((report.missing, report.missingComics) == (BundledCatalogue.index.count + 1 - 100, 1))
    #expect(try store.repair(at: Sample.moment))
    report.repaired = true
    let text = CatalogueSummary.text(report)
    #expect(
      text.contains("\n  the file ends before its header says: 1,465 records and 1 comic missing\nRepaired: "),
      "\(text)")
    let json = CatalogueSummary.json(report).encoded(pretty: false)
    let (imported, _) = try SalvageImportTests.importing(cut)
    #expect(json.contains(#""missing":1465,"missingComics":1,"#), "\(json)")
    #expect(CatalogueSummary.json(imported).encoded(pretty: false).contains(#""missing":1465,"missingComics":1,"#))
    #expect(
      CatalogueSummary.text(imported).contains(
        "the file ends before its header says: 1,465 records and 1 comic missing"))
  }

  /// Found by the attack: the header of a file cut short holds the last change, but does not read
  /// as a header of the file, so the repair wrote none and the summary said "never".
  @Test func aRepairOfACatalogueCutShortIsItsLastChange() throws {
    try Data(SalvageImportTests.cut(after: 100)).write(to: URL(fileURLWithPath: paths.catalogueFile))
    let repairedAt = Date(timeIntervalSince1970: 4_000_000_000)
    #expect(try CatalogueStore(paths: paths, alert: { _ in }).repair(at: repairedAt))
    #expect(CatalogueStore(paths: paths).catalogue.updatedAt == repairedAt)
  }

  @Test func aWholeCatalogueRestoresNothing() throws {
    try CatalogueStore(paths: paths).remember([Hero(id: HeroID(5_000_001), name: "Someone")], at: Sample.moment)
    let report = try CatalogueStore(paths: paths).check()
    #expect((report.intact, report.restored, report.damages.isEmpty) == (BundledCatalogue.index.count + 1, 0, true))
  }
}
