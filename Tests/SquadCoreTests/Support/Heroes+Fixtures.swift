import Foundation

@testable import SquadCore

/// A few heroes with literal values, for tests that must describe state exactly.
enum Sample {
  static let spiderMan = Hero(
    id: HeroID(1_009_610), name: "Spider-Man (Peter Parker)", description: "Friendly neighbourhood hero.",
    thumbnail: Thumbnail(path: "http://i.annihil.us/u/prod/marvel/i/mg/3/50/526548a343e4b", extension: "jpg"))
  static let spiderWoman = Hero(id: HeroID(1_009_608), name: "Spider-Woman (Jessica Drew)")
  static let hulk = Hero(id: HeroID(1_009_351), name: "Hulk", counts: HeroCounts(comics: 1700))
  static let hulkling = Hero(id: HeroID(1_011_085), name: "Hulkling")
  static let thor = Hero(id: HeroID(1_009_664), name: "Thor", modified: MarvelDate.parse("2016-05-05T12:00:00-0400"))

  static let all = [spiderMan, spiderWoman, hulk, hulkling, thor]
  static let catalogue = LocalCatalogue(heroes: all)
  static let moment = Date(timeIntervalSince1970: 1_790_000_000)

  static func member(_ hero: Hero, at date: Date = moment) -> Member { Member(hero: hero, recruitedAt: date) }

  /// An environment over the sample catalogue and a squad file in `directory`.
  static func environment(in directory: TemporaryDirectory, confirm: Bool = true) -> AppEnvironment {
    AppEnvironment(
      heroes: LocalHeroSource(catalogue: catalogue, reason: .noKeys),
      squadFile: SquadFile(paths: SquadPaths(home: directory.path)), now: { moment }, confirm: { _ in confirm })
  }
}
