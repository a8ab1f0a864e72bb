import Foundation

@testable import SquadCore

/// A fixed squad whose exports are written by hand in `Fixtures/export/`: quotes, commas, a
/// line break, a missing picture, a formula-looking cell, a pipe and non-ASCII text.
enum SampleSquad {
  static func date(_ text: String) -> Date { MarvelDate.parse(text) ?? .distantPast }

  static let exportedAt = date("2026-11-22T07:55:00Z")

  static let squad = Squad(members: [
    Member(
      id: HeroID(1_009_610), name: "Spider-Man (Peter Parker)",
      description: "Bitten by a \"radioactive\" spider, he learnt: with great power comes great responsibility.",
      thumbnail: "http://i.annihil.us/u/prod/marvel/i/mg/3/50/526548a343e4b.jpg",
      recruitedAt: date("2026-01-02T03:04:05Z")),
    Member(
      id: HeroID(1_009_351), name: "Hulk", description: "Bruce Banner — gamma.\nVery strong.", thumbnail: nil,
      recruitedAt: date("2026-02-03T04:05:06Z")),
    Member(
      id: HeroID(1_009_368), name: "Iron Man", description: "-1 modesty | +10 armour",
      thumbnail: "http://x.example/iron.jpg",
      recruitedAt: date("2026-03-04T05:06:07Z")),
  ])

  /// The text of a hand-written golden file in `Fixtures/export/`.
  static func golden(_ name: String) throws -> String {
    let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent().deletingLastPathComponent()
    return try String(contentsOf: root.appendingPathComponent("Fixtures/export/" + name), encoding: .utf8)
  }
}
