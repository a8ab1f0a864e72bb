#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Sorts heroes by their folded name (``HeroName/folded(_:)``, the API's order for ASCII names)
/// and then id, for listings of thousands of heroes: every key is kept as bytes in one buffer,
/// and positions are sorted instead of heroes (each a dozen references to copy).
///
/// ASCII names are folded here byte by byte and their keys compare as bytes, which is what
/// comparing the folded strings does for ASCII. The rare other names are folded by Foundation
/// and compared as strings, exactly as before.
struct NameKeys {
  private var bytes: [UInt8] = []
  private var starts: [Int] = []
  private var counts: [Int] = []
  private var ids: [Int] = []
  // The folded key of each name that is not plain ASCII; nil for ASCII ones.
  private var unicodeKeys: [String?] = []
  private var hasUnicode = false

  init(_ heroes: [Hero]) {
    starts.reserveCapacity(heroes.count)
    counts.reserveCapacity(heroes.count)
    ids.reserveCapacity(heroes.count)
    unicodeKeys.reserveCapacity(heroes.count)
    bytes.reserveCapacity(heroes.count * 24)
    for hero in heroes {
      let start = bytes.count
      var name = hero.name
      let isASCII = name.withUTF8 { utf8 in
        guard utf8.allSatisfy({ $0 < 0x80 }) else { return false }
        let isSpace = { (byte: UInt8) in byte == 0x20 || (0x09...0x0D).contains(byte) }
        var first = 0
        var end = utf8.count
        while first < end, isSpace(utf8[first]) { first += 1 }
        while end > first, isSpace(utf8[end - 1]) { end -= 1 }
        for index in first..<end {
          let byte = utf8[index]
          bytes.append(byte >= 0x41 && byte <= 0x5A ? byte + 0x20 : byte)
        }
        return true
      }
      if isASCII {
        unicodeKeys.append(nil)
      } else {
        let key = HeroName.folded(hero.name)
        unicodeKeys.append(key)
        bytes.append(contentsOf: key.utf8)
        hasUnicode = true
      }
      starts.append(start)
      counts.append(bytes.count - start)
      ids.append(hero.id.rawValue)
    }
  }

  /// The positions of the heroes in name order, ties broken by id.
  func sortedPositions() -> [Int] {
    var order = Array(0..<ids.count)
    bytes.withUnsafeBufferPointer { bytes in
      starts.withUnsafeBufferPointer { starts in
        counts.withUnsafeBufferPointer { counts in
          ids.withUnsafeBufferPointer { ids in
            order.sort { left, right in
              let compared: Int
              if hasUnicode, unicodeKeys[left] != nil || unicodeKeys[right] != nil {
                compared = compareAsStrings(left, right, bytes, starts, counts)
              } else {
                let common = min(counts[left], counts[right])
                var bytesCompared: Int32 = 0
                if common > 0, let base = bytes.baseAddress {
                  bytesCompared = memcmp(base + starts[left], base + starts[right], common)
                }
                compared = bytesCompared != 0 ? Int(bytesCompared) : counts[left] - counts[right]
              }
              return compared != 0 ? compared < 0 : ids[left] < ids[right]
            }
          }
        }
      }
    }
    return order
  }

  private func compareAsStrings(
    _ left: Int, _ right: Int, _ bytes: UnsafeBufferPointer<UInt8>, _ starts: UnsafeBufferPointer<Int>,
    _ counts: UnsafeBufferPointer<Int>
  ) -> Int {
    func key(_ position: Int) -> String {
      unicodeKeys[position]
        ?? String(
          decoding: UnsafeBufferPointer(rebasing: bytes[starts[position]..<starts[position] + counts[position]]),
          as: UTF8.self)
    }
    let leftKey = key(left)
    let rightKey = key(right)
    return leftKey == rightKey ? 0 : (leftKey < rightKey ? -1 : 1)
  }
}
