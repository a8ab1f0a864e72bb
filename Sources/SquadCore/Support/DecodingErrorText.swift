/// Short, human sentences for `DecodingError`s: where in the document and what was wrong.
enum DecodingErrorText {
  /// Describes a decoding failure as `at members[2].name: expected a string` (`lead` instead of
  /// `at `), or `not valid JSON`.
  static func describe(_ error: any Error, at lead: String = "at ") -> String {
    guard let (path, problem) = parts(error) else { return "not valid JSON" }
    return path.isEmpty ? problem : "\(lead)\(self.path(path)): \(problem)"
  }

  /// What a document nested past ``JSONReader/maximumDepth`` is, for a decoder's "not valid JSON".
  static let nestsTooDeeply =
    "JSON that nests too deeply, more than \(JSONReader.maximumDepth) levels of objects and arrays"

  /// As ``describe(_:)``, saying where the text stops being JSON when `bytes` are not JSON.
  static func describe(_ error: any Error, in bytes: [UInt8]) -> String {
    guard parts(error) == nil, let failure = JSONReader.syntaxError(in: bytes) else { return describe(error) }
    return "not valid JSON: \(failure.description)"
  }

  /// Where a failure is (coding keys from the top) and what is wrong there; nil when the text is
  /// not JSON at all (Foundation's decoder then says nothing more).
  static func parts(_ error: any Error) -> (path: [any CodingKey], problem: String)? {
    guard let error = error as? DecodingError else { return nil }
    switch error {
    case .typeMismatch(let type, let context):
      return (context.codingPath, "expected \(typeName(type))")
    case .valueNotFound(let type, let context):
      return (context.codingPath, "expected \(typeName(type)), found null")
    case .keyNotFound(let key, let context):
      return (context.codingPath + [key], "missing")
    case .dataCorrupted(let context):
      return context.codingPath.isEmpty && context.underlyingError == nil
        && context.debugDescription.hasPrefix("The given data was not valid JSON")
        ? nil : (context.codingPath, context.debugDescription)
    @unknown default:
      return nil
    }
  }

  private static func path(_ keys: [any CodingKey]) -> String {
    var path = ""
    for key in keys {
      path += key.intValue.map { "[\($0)]" } ?? (path.isEmpty ? "" : ".") + key.stringValue
    }
    return path
  }

  private static func typeName(_ type: Any.Type) -> String {
    switch type {
    case is String.Type: return "a string"
    case is Int.Type, is Double.Type: return "a number"
    case is Bool.Type: return "true or false"
    default:
      let name = String(describing: type)
      return name.hasPrefix("Array") ? "an array" : name.hasPrefix("Dictionary") ? "an object" : "a \(name)"
    }
  }
}
