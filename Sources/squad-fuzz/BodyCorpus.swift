import Foundation

/// The real API bodies mutations start from, and the networked commands they are fed to.
enum BodyCorpus {
  /// Every file in the folder, as bytes; nil when the folder cannot be read.
  static func load(_ folder: String) -> [[UInt8]]? {
    guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder) else { return nil }
    return names.sorted().filter { $0.hasSuffix(".json") || $0.hasSuffix(".html") }.compactMap { name in
      FileManager.default.contents(atPath: folder + "/" + name).map { Array($0) }
    }
  }

  private static let commands: [[String]] = [
    ["heroes"], ["heroes", "spi"], ["heroes", "--all"], ["heroes", "--limit", "100", "--offset", "1500"],
    ["heroes", "--json"],
    ["heroes", "--all", "--format", "csv"], ["show", "1009610"], ["show", "hulk"],
    ["show", "1009610", "--format", "jsonl"],
    ["recruit", "1009610"], ["recruit", "hulk", "1009368"], ["fire", "1009610", "--yes"], ["sync"],
    ["sync", "--force"],
    ["sync", "--json"], ["heroes", "--trace"], ["show", "1009351", "--trace"],
  ]

  /// A networked command line against a base URL nobody serves, with a deadline so short that
  /// no retry ever waits (the transport answers at once).
  static func command(_ random: inout SeededGenerator) -> [String] {
    let base = ["--base-url", "http://fuzz.invalid/v1/public", "--timeout", "0.05", "-q"]
    let home = random.chance(0.5) ? ["--home", "home-a"] : []
    return base + home + random.pick(commands)
  }
}
