/// A Marvel API key pair; printing, reflecting or tracing it shows only the public key.
struct MarvelCredentials: Hashable, Sendable {
  let publicKey: String
  private let privateKey: String

  init(publicKey: String, privateKey: String) {
    self.publicKey = publicKey
    self.privateKey = privateKey
  }

  /// The lowercase hex `md5(ts + privateKey + publicKey)` Marvel checks.
  func hash(timestamp: String) -> String { MD5.hex(timestamp + privateKey + publicKey) }

  func signature(timestamp: String) -> [URLQueryParameter] {
    [
      URLQueryParameter("ts", timestamp), URLQueryParameter("apikey", publicKey),
      URLQueryParameter("hash", hash(timestamp: timestamp)),
    ]
  }

  /// The names of the query parameters that carry authentication, stripped from anything shown.
  static let parameterNames: Set<String> = ["apikey", "ts", "hash"]
}

extension MarvelCredentials: CustomStringConvertible, CustomDebugStringConvertible, CustomReflectable,
  CustomTraceConvertible
{
  private static let redacted = "<redacted>"
  public var description: String { "MarvelCredentials(publicKey: \(publicKey), privateKey: \(Self.redacted))" }
  var debugDescription: String { description }
  var customMirror: Mirror {
    Mirror(self, children: ["publicKey": publicKey, "privateKey": Self.redacted], displayStyle: .struct)
  }
  var traceValue: JSONValue { .object([("publicKey", .string(publicKey)), ("privateKey", .string(Self.redacted))]) }
}
