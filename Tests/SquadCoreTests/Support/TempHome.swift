import Foundation

@testable import SquadCore

/// A temporary `--home` folder, removed when the value is dropped.
final class TempHome {
  /// The folder.
  let path: String

  /// Creates an empty folder.
  init() throws {
    path = FileManager.default.temporaryDirectory.appendingPathComponent("squad-home-\(UUID().uuidString)").path
    try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
  }

  deinit { try? FileManager.default.removeItem(atPath: path) }

  /// The squad file's path.
  var squadFile: String { path + "/squad.json" }

  /// A path inside the folder.
  func file(_ name: String) -> String { path + "/" + name }

  /// Saves a squad as `squad.json`.
  func save(_ squad: Squad) throws { try SquadFile(paths: SquadPaths(home: path)).save(squad) }

  /// Writes raw bytes to a file in the folder.
  func write(_ text: String, to name: String) throws { try Data(text.utf8).write(to: URL(fileURLWithPath: file(name))) }

  /// The bytes of a file in the folder; nil when it does not exist.
  func bytes(_ name: String) -> Data? { FileManager.default.contents(atPath: file(name)) }

  /// Names in the folder, for spotting leftovers such as temporary files.
  func listing() throws -> [String] { try FileManager.default.contentsOfDirectory(atPath: path).sorted() }
}
