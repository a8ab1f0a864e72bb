import Foundation

/// A fresh folder under the system temp directory, removed when the value is released.
final class TemporaryDirectory: Sendable {
  let path: String

  init() {
    path = NSTemporaryDirectory() + "squad-tests-" + UUID().uuidString
    try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
  }

  deinit { try? FileManager.default.removeItem(atPath: path) }

  /// A path inside the folder.
  func file(_ name: String) -> String { path + "/" + name }

  /// The bytes of a file inside the folder, or nil when it does not exist.
  func contents(_ name: String) -> Data? { FileManager.default.contents(atPath: file(name)) }

  /// Writes text to a file inside the folder.
  func write(_ text: String, to name: String) throws {
    try Data(text.utf8).write(to: URL(fileURLWithPath: file(name)))
  }
}
