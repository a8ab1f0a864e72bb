import Foundation
import SquadCore

/// The folder the fuzzer runs squad in (also its working directory and `HOME`), with import
/// files and squad homes in one of several starting states. Everything squad writes lands here.
struct Sandbox {
  /// The sandbox's absolute path.
  let root: String

  /// The `HOME` squad sees, so its XDG folders are inside the sandbox too.
  var userHome: String { root + "/user" }

  /// Starting states of a home, in turn.
  static let stateCount = 8

  /// Empties the sandbox and sets it up in state `state`.
  func reset(state: Int) {
    let manager = FileManager.default
    for entry in (try? manager.contentsOfDirectory(atPath: root)) ?? [] {
      try? manager.removeItem(atPath: root + "/" + entry)
    }
    for (name, text) in Self.importFiles { write(text, to: name) }
    for home in [userHome + "/.local/share/squad", root + "/home-a"] {
      try? manager.createDirectory(atPath: home, withIntermediateDirectories: true)
      let config = home.hasSuffix("squad") ? userHome + "/.config/squad/config.json" : home + "/config.json"
      let catalogue =
        home.hasSuffix("squad") ? userHome + "/.cache/squad/catalogue.json" : home + "/cache/catalogue.json"
      switch state % Self.stateCount {
      case 1: write(Self.validSquad, to: home + "/squad.json")
      case 2: write("{\"schemaVersion\": 1, \"members\": [{\"id\": ", to: home + "/squad.json")
      case 3: write("{\"schemaVersion\": 7, \"members\": []}", to: home + "/squad.json")
      case 4: write("{\"timeout\": \"soon\"", to: config)
      case 5: write("{\"publicKey\": \"pub\", \"privateKey\": \"fuzz-private-key\", \"timeout\": 0.05}", to: config)
      case 6: write("{\"heroes\": [{\"id\": \"x\"}]}", to: catalogue)
      case 7: try? manager.createDirectory(atPath: home + "/squad.json", withIntermediateDirectories: true)
      default: break
      }
    }
  }

  private func write(_ text: String, to path: String) {
    let absolute = path.hasPrefix("/") ? path : root + "/" + path
    try? FileManager.default.createDirectory(
      atPath: (absolute as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
    _ = FileManager.default.createFile(atPath: absolute, contents: Data(text.utf8))
  }

  private static let validSquad = """
    {"schemaVersion": 1, "members": [
      {"id": 1009610, "name": "Spider-Man (Peter Parker)", "description": "", "thumbnail": null, "recruitedAt": "2026-01-02T03:04:05Z"},
      {"id": 7, "name": "Imported \\u001b[31mHero", "description": "=1+1", "thumbnail": null, "recruitedAt": "2026-01-02T03:04:05Z"}
    ]}
    """

  private static let importFiles: [(String, String)] = [
    ("imp-good.json", validSquad),
    ("imp-good.csv", "id,name,description,thumbnail,recruitedAt\n1009351,Hulk,\"big, green\",,2026-02-03T04:05:06Z\n"),
    ("imp-good.jsonl", "{\"id\": 1009368, \"name\": \"Iron Man\", \"recruitedAt\": \"2026-03-04T05:06:07Z\"}\n"),
    ("imp-bad.json", "{\"schemaVersion\": 1, \"members\": [{\"id\": -5, \"name\": 3}]}"),
    ("imp-nested.json", String(repeating: "[", count: 100_000)),
    ("imp-dupes.csv", "id,name\n1,A\n1,B\n,\n\"unterminated\n"),
    ("imp-empty.json", ""),
  ]
}
