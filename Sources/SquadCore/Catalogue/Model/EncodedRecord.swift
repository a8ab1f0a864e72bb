#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// One hero record inside a shared document.
struct EncodedRecord: Sendable {
  let source: SharedBytes
  let range: Range<Int>

  /// The description, picture and links of the record. It was checked when first read, so a
  /// failure here cannot happen; should it, the details are left empty rather than trapping.
  var details: HeroDetails {
    source.withBytes { buffer in
      var reader = JSONReader(UnsafeBufferPointer(rebasing: buffer[range]))
      return (try? HeroDetails(reading: &reader)) ?? HeroDetails()
    }
  }

  func isSameBytes(as other: EncodedRecord) -> Bool {
    guard range.count == other.range.count else { return false }
    return source.withBytes { mine in
      other.source.withBytes { theirs in
        guard let left = mine.baseAddress, let right = theirs.baseAddress else { return range.isEmpty }
        return memcmp(left + range.lowerBound, right + other.range.lowerBound, range.count) == 0
      }
    }
  }
}
