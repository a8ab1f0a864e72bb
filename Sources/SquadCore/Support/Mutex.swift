import Foundation

/// A value guarded by a lock, for the few places shared state is unavoidable.
final class Mutex<Value>: @unchecked Sendable {
  // Every access goes through `withLock`, which is what makes the unchecked conformance sound.
  private var value: Value
  private let lock = NSLock()
  init(_ value: Value) { self.value = value }

  func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
    lock.lock()
    defer { lock.unlock() }
    return try body(&value)
  }
}
