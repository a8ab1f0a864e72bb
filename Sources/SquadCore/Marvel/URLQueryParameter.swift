/// One `name=value` query parameter, kept in order so a request's URL is always spelled the same.
struct URLQueryParameter: Hashable, Sendable {
  var name: String
  /// Before percent-encoding.
  var value: String

  init(_ name: String, _ value: String) {
    self.name = name
    self.value = value
  }

  var encoded: String { Self.escape(name) + "=" + Self.escape(value) }

  /// Percent-encodes everything but RFC 3986 unreserved characters, so names reach the server as typed.
  static func escape(_ text: String) -> String {
    var output = ""
    for byte in text.utf8 {
      switch byte {
      case 0x41...0x5A, 0x61...0x7A, 0x30...0x39, 0x2D, 0x2E, 0x5F, 0x7E:
        output.unicodeScalars.append(Unicode.Scalar(byte))
      default:
        output += "%" + String(byte >> 4, radix: 16, uppercase: true) + String(byte & 0x0f, radix: 16, uppercase: true)
      }
    }
    return output
  }
}
