/// A Marvel API key pair; printing, reflecting or tracing it shows only the public key.
public struct MarvelCredentials: Hashable, Sendable {
  /// The public key, sent as `apikey`.
  public let publicKey: String
  private let privateKey: String

  /// A key pair.
  public init(publicKey: String, privateKey: String) {
    self.publicKey = publicKey
    self.privateKey = privateKey
  }

  /// The lowercase hex `md5(ts + privateKey + publicKey)` Marvel checks.
  public func hash(timestamp: String) -> String {
    MD5.hex(timestamp + privateKey + publicKey)
  }

  /// The three authentication parameters, in the order they are appended to a request.
  public func signature(timestamp: String) -> [URLQueryParameter] {
    [
      URLQueryParameter("ts", timestamp), URLQueryParameter("apikey", publicKey),
      URLQueryParameter("hash", hash(timestamp: timestamp)),
    ]
  }

  /// The names of the query parameters that carry authentication, stripped from anything shown.
  public static let parameterNames: Set<String> = ["apikey", "ts", "hash"]
}

extension MarvelCredentials: CustomStringConvertible, CustomDebugStringConvertible, CustomReflectable,
  CustomTraceConvertible
{
  private static let redacted = "<redacted>"

  public var description: String { "MarvelCredentials(publicKey: \(publicKey), privateKey: \(Self.redacted))" }

  public var debugDescription: String { description }

  public var customMirror: Mirror {
    Mirror(self, children: ["publicKey": publicKey, "privateKey": Self.redacted], displayStyle: .struct)
  }

  public var traceValue: JSONValue {
    .object([("publicKey", .string(publicKey)), ("privateKey", .string(Self.redacted))])
  }
}
