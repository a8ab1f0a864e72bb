import Foundation

/// Our own Marvel-shaped bodies in `Fixtures/marvel/`, found relative to this source file so the
/// tests need nothing outside the repository.
enum Fixture {
  /// The repository root.
  static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent()

  /// The bytes of `Fixtures/marvel/<name>`; empty (and the test fails on decoding) when missing.
  static func data(_ name: String) -> Data {
    FileManager.default.contents(atPath: root.appendingPathComponent("Fixtures/marvel/" + name).path) ?? Data()
  }
}
