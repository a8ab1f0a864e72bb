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
