/// Where bytes stop being UTF-8: the rule every import follows, so text is refused rather than
/// repaired into U+FFFD.
enum UTF8Check {
  static func firstInvalidByte(_ bytes: [UInt8]) -> Int? {
    var iterator = bytes.makeIterator()
    var decoder = UTF8()
    var offset = 0
    while true {
      switch decoder.decode(&iterator) {
      case .scalarValue(let scalar): offset += UTF8.width(scalar)
      case .emptyInput: return nil
      case .error: return offset
      }
    }
  }
}
