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
      let listing = HeroListing(heroes: heroes, offset: 0, total: 4, source: .squad, memberIDs: members)
      let expected = HeroListingOutput.table(listing, HeroField.listed, mark: { $0 ? "yes" : "no" }).tsv(header: false)
      #expect(HeroListingOutput.tsv(listing) == expected)
    }
  }
}

/// The squad TSV is written straight into bytes too; it must be exactly the table's TSV.
@Suite struct SquadTSVTests {
  @Test func theDirectTSVIsTheTablesTSV() {
    let odd = Member(
      id: HeroID(7), name: "Evil\u{1B}[31m\tName é", description: "", thumbnail: nil, recruitedAt: Sample.moment)
    let squad = Squad(members: [Sample.member(Sample.thor), odd, Sample.member(Sample.hulk)])
    #expect(SquadOutput.tsv(squad) == SquadOutput.table(squad).tsv(header: false))
    #expect(SquadOutput.tsv(Squad()) == "")
  }
}
