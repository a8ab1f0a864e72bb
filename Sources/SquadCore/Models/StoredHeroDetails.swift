#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A hero's details as kept: decoded, or the catalogue record they were read from, already
/// checked to be well formed, to decode when first asked for.
enum StoredHeroDetails: Sendable {
  case decoded(HeroDetails)
  case encoded(EncodedRecord)

  var decoded: HeroDetails {
    switch self {
    case .decoded(let details): return details
    case .encoded(let record): return record.details
    }
  }

  func isSame(as other: StoredHeroDetails) -> Bool {
    if case .encoded(let left) = self, case .encoded(let right) = other, left.isSameBytes(as: right) { return true }
    return decoded == other.decoded
  }
}

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
