/// Every folded name of a ``PickHeroSource`` in one byte buffer, read from the source the first
/// time a filter needs names that merely contain it (or when the runner prepares it early).
final class FoldedNames: Sendable {
  private let source: any PickHeroSource
  private let built = Mutex<Buffer?>(nil)

  struct Buffer: Sendable {
    var bytes: [UInt8] = []
    // Where each name starts in `bytes`; one more entry marks the end of the last.
    var starts: [Int] = [0]
  }

  init(source: any PickHeroSource) { self.source = source }

  /// Reads the names, once.
  func build() { withBuffer { _, _ in } }

  /// Calls `body` with the names and where each starts, reading them first if need be.
  func withBuffer<Value>(_ body: (UnsafeBufferPointer<UInt8>, UnsafeBufferPointer<Int>) -> Value) -> Value {
    built.withLock { slot in
      if slot == nil { slot = read() }
      let buffer = slot ?? Buffer()
      return buffer.bytes.withUnsafeBufferPointer { bytes in
        buffer.starts.withUnsafeBufferPointer { starts in body(bytes, starts) }
      }
    }
  }

  private func read() -> Buffer {
    var buffer = Buffer()
    buffer.starts.reserveCapacity(source.count + 1)
    buffer.bytes.reserveCapacity(source.count * 24)
    source.forEachFoldedName { name in
      buffer.bytes.append(contentsOf: name)
      buffer.starts.append(buffer.bytes.count)
    }
    return buffer
  }
}
