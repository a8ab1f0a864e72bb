import Foundation

@testable import SquadCore

/// A fresh folder under the system temp directory (a test's `--home`), removed when the value is
/// released.
final class TemporaryDirectory: Sendable {
  /// The folder.
  let path: String

  /// Creates an empty folder.
  init() {
    path = NSTemporaryDirectory() + "squad-tests-" + UUID().uuidString
    try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
  }

  deinit { try? FileManager.default.removeItem(atPath: path) }

  /// A path inside the folder.
  func file(_ name: String) -> String { path + "/" + name }

  /// The squad file's path when the folder is the home.
  var squadFile: String { file("squad.json") }

  /// The bytes of a file inside the folder, or nil when it does not exist.
  func contents(_ name: String) -> Data? { FileManager.default.contents(atPath: file(name)) }

  /// Writes text to a file inside the folder.
  func write(_ text: String, to name: String) throws {
    try Data(text.utf8).write(to: URL(fileURLWithPath: file(name)))
  }

  /// Saves a squad as the home's `squad.json`.
  func save(_ squad: Squad) throws { try SquadFile(paths: SquadPaths(home: path)).save(squad) }

  /// Every entry under the folder, by relative path: a file's bytes, a link's target, or nothing
  /// for a folder; two snapshots are equal when nothing was created, removed or changed.
  func snapshot() throws -> [String: Data] {
    var entries: [String: Data] = [:]
    let manager = FileManager.default
    for case let name as String in manager.enumerator(atPath: path) ?? NSEnumerator() {
      let full = file(name)
      if let target = try? manager.destinationOfSymbolicLink(atPath: full) {
        entries[name] = Data(("link:" + target).utf8)
      } else {
        entries[name] = manager.contents(atPath: full) ?? Data()
      }
    }
    return entries
  }

  /// Names in the folder, for spotting leftovers such as temporary files.
  func listing() throws -> [String] { try FileManager.default.contentsOfDirectory(atPath: path).sorted() }
}
