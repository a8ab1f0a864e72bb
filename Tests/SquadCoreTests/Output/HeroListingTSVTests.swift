import Testing

@testable import SquadCore

/// The heroes TSV is written straight into bytes; it must be exactly the table's TSV.
@Suite struct HeroListingTSVTests {
  @Test func theDirectTSVIsTheTablesTSV() {
    let heroes = [
      Sample.spiderMan, Sample.hulk,
      Hero(id: HeroID(7), name: "Evil\u{1B}[31m\tName\r\nNext é", counts: HeroCounts(comics: 0)),
      Hero(id: HeroID(8), name: "", counts: HeroCounts(comics: 12)),
    ]
    for members: Set<HeroID> in [[], [Sample.hulk.id, HeroID(7)]] {
      let listing = HeroListing(whole: heroes, offset: 0, total: 4, source: .squad, memberIDs: members)
      let expected = HeroListingOutput.table(listing, heroes, HeroField.listed, mark: { $0 ? "yes" : "no" }).tsv(
        header: false)
      #expect(HeroListingOutput.tsv(listing) == expected)
    }
  }
}

/// The squad's TSV is its table's TSV (no header), with cells made safe for a terminal.
@Suite struct SquadTSVTests {
  @Test func theDirectTSVIsTheTablesTSV() {
    let odd = Member(
      id: HeroID(7), name: "Evil\u{1B}[31m\tName é", description: "", thumbnail: nil, recruitedAt: Sample.moment)
    let squad = Squad(members: [Sample.member(Sample.thor), odd, Sample.member(Sample.hulk)])
    let tsv = SquadOutput.render(squad, settings: OutputSettings(format: .tsv))
    #expect(tsv == SquadOutput.table(squad, MemberField.listed, [:]).tsv(header: false))
    #expect(tsv.split(separator: "\n").count == 3 && !tsv.contains("\u{1B}"))
    #expect(
      tsv.split(separator: "\n").allSatisfy { $0.split(separator: "\t", omittingEmptySubsequences: false).count == 3 })
    #expect(SquadOutput.render(Squad(), settings: OutputSettings(format: .tsv)) == "")
  }
}

/// The attribution a server sends is its text like any other: cleaned before a terminal sees it.
@Suite struct AttributionFooterTests {
  @Test func aServersAttributionReachesTheTableCleaned() {
    let hostile = "\u{1B}]0;pwned\u{07}\u{1B}[2JEVIL ATTR\nline2\u{202E}"
    let listing = HeroListing(
      whole: [Sample.hulk], offset: 0, total: 1, source: .api(attribution: hostile), memberIDs: [])
    let detail = HeroDetail(hero: Sample.hulk, comics: nil, source: .api(attribution: hostile))
    for shown in [
      HeroListingOutput.render(listing, settings: OutputSettings(format: .table, width: 80)),
      HeroDetailOutput.render(detail, settings: OutputSettings(format: .table, width: 80)),
    ] {
      #expect(
        !shown.unicodeScalars.contains { ["\u{1B}", "\u{07}", "\u{202E}"].contains($0) }, "\(shown.debugDescription)")
      #expect(shown.hasSuffix("]0;pwned[2JEVIL ATTR line2\n"), "\(shown.debugDescription)")
    }
  }
}
