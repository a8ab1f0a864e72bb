extension Squad {
  /// The squad in a document's bytes when they are a valid squad; nil otherwise, for
  /// ``init(document:)`` to explain. The one way a squad is read is ``init(document:)``.
  static func read(_ bytes: UnsafeBufferPointer<UInt8>) -> Squad? {
    guard let document = try? JSONParser.parse(Array(bytes)) else { return nil }
    return try? Squad(document: document)
  }
}
