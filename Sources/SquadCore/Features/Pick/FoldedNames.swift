/// Every name of a ``PickHeroSource`` in one buffer, read when a filter first needs them, as
/// ``searchForm(_:to:)`` gives them, each ending in a space so a filter's last space matches it.
final class FoldedNames: Sendable {
  private let source: any PickHeroSource
  private let built = Mutex<Buffer?>(nil)

  struct Buffer: Sendable {
    var bytes: [UInt8] = []
    // Where each name starts in `bytes`; one more entry marks the end of the last.
    var starts: [Int] = [0]
  }

  init(source: any PickHeroSource) { self.source = source }
  func build() { withBuffer { _, _ in } }

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
      // A record that does not read stays empty: nothing matches it.
      if !name.isEmpty {
        Self.searchForm(name, to: &buffer.bytes)
        // A name's end ends a word, as a space does: `iron man ` still finds Iron Man.
        if buffer.bytes.last != Self.space { buffer.bytes.append(Self.space) }
      }
      buffer.starts.append(buffer.bytes.count)
    }
    return buffer
  }

  static let space = UInt8(ascii: " ")

  /// Each run of hyphens, dots and spaces as one space, as names are typed (`spider man` is
  /// `Spider-Man`); UTF-8 never uses these bytes inside another character.
  static func searchForm(_ text: some Sequence<UInt8>, to bytes: inout [UInt8]) {
    var afterSeparator = false
    for byte in text {
      let isSeparator = byte == space || byte == UInt8(ascii: "-") || byte == UInt8(ascii: ".")
      if !(isSeparator && afterSeparator) { bytes.append(isSeparator ? space : byte) }
      afterSeparator = isSeparator
    }
  }
}
