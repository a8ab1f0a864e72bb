import Foundation
import Testing

/// What only the local catalogue can answer, through the real binary (issue 21, items 11 and 18):
/// orders by the counts, and names that contain a text; with keys set too, saying so once.
@Suite struct HeroesLocalAnswersEndToEndTests {
  /// A user with keys whose API is gone: any request would be refused and fall back, noisily.
  static func withKeys(_ port: LoopbackPort) -> SquadProcess {
    SquadProcess(environment: [
      "MARVEL_PUBLIC_KEY": TestKeys.publicKey, "MARVEL_PRIVATE_KEY": TestKeys.privateKey,
      "MARVEL_API_BASE": port.baseURL,
    ])
  }

  @Test func theMostComicsComeFirstWithSpiderManOnTop() throws {
    let squad = SquadProcess()
    let most = try squad.run("heroes", "--order", "-comics", "--offline", "--limit", "3")
    #expect(most.status == 0 && most.stderr.isEmpty, "\(most.stderr)")
    #expect(
      most.lines == [
        "1009610\tSpider-Man (Peter Parker)\t4484\tno", "1009726\tX-Men\t4083\tno", "1009718\tWolverine\t2742\tno",
      ])
    let all = try squad.run("heroes", "--all", "--offline")
    #expect(all.lines.filter { $0.split(separator: "\t").count == 4 && !$0.contains("\t\t") }.count >= 1500)
    #expect(all.lines.contains("1010860\tSquirrel Girl\t127\tno"))
  }

  @Test func unknownCountsComeLastInBothDirections() throws {
    let squad = SquadProcess()
    try squad.home.write(
      #"[{"id":5000001,"name":"Countless"},{"id":5000002,"name":"Aardvark","events":99}]"#, to: "a.json")
    #expect(try squad.run("catalogue", "import", squad.home.file("a.json")).status == 0)
    for order in ["comics", "-comics"] {
      let listing = try squad.run("heroes", "--order", order, "--all", "--offline")
      #expect(listing.lines.suffix(2) == ["5000002\tAardvark\t\tno", "5000001\tCountless\t\tno"], "\(order)")
    }
    let events = try squad.run("heroes", "--order", "-events", "--offline", "--limit", "1", "--json")
    #expect(events.stdout.contains("\"id\":5000002"))
  }

  @Test func withKeysACountOrderIsTheLocalCataloguesAndSaysSoOnce() throws {
    let port = try LoopbackPort()
    let result = try Self.withKeys(port).run("heroes", "--order", "-series", "--limit", "1")
    #expect(result.status == 0)
    #expect(result.lines == ["1009610\tSpider-Man (Peter Parker)\t4484\tno"])
    #expect(
      result.stderrLines == [
        "The Marvel API cannot order heroes by series; this listing is the local catalogue's (the bundled starter set)."
      ])
    let all = try Self.withKeys(port).run("heroes", "--order", "stories", "--all")
    #expect(all.status == 0 && all.lines.count == 1564 && all.stderrLines.count == 1, "\(all.stderr)")
  }

  @Test func aSearchFindsNamesThatContainTheTextAndAPrefixThatFindsNoneSaysSo() throws {
    let squad = SquadProcess()
    let prefix = try squad.run("heroes", "parker", "--offline")
    #expect(prefix.status == 0 && prefix.stdout.isEmpty)
    #expect(prefix.stderrLines == ["No heroes match 'parker'. For names that contain it: squad heroes --search parker"])
    let search = try squad.run("heroes", "--search", "PARKER", "--offline")
    #expect(search.status == 0 && search.stderr.isEmpty)
    #expect(
      search.lines.map { $0.split(separator: "\t")[1] } == [
        "Ben Parker", "May Parker", "Peter Parker", "Spider-Girl (May Parker)", "Spider-Man (Peter Parker)",
      ])
    let both = try squad.run("heroes", "spider", "--search", "parker", "--order", "-comics", "--offline")
    #expect(both.lines.map { $0.split(separator: "\t")[0] } == ["1009610", "1009609"])
    let none = try squad.run("heroes", "--search", "zzqq", "--offline")
    #expect(none.status == 0 && none.stderrLines == ["No heroes' names contain 'zzqq'."])
  }

  @Test func withKeysASearchIsTheLocalCataloguesAndSaysWhy() throws {
    let port = try LoopbackPort()
    let result = try Self.withKeys(port).run("heroes", "--search", "parker", "--json")
    #expect(result.status == 0)
    #expect(result.stdout.contains("\"total\":5"))
    #expect(
      result.stderrLines == [
        "The Marvel API cannot search within names (only by how they start); this listing is the local catalogue's (the bundled starter set)."
      ])
  }
}
