/// Short, human sentences for `DecodingError`s: where in the document and what was wrong.
public enum DecodingErrorText {
  /// Describes a decoding failure as `at members[2].name: expected a string`.
  public static func describe(_ error: any Error) -> String {
    guard let error = error as? DecodingError else { return "not valid JSON" }
    switch error {
    case .typeMismatch(let type, let context):
      return at(context) + "expected \(typeName(type))"
    case .valueNotFound(let type, let context):
      return at(context) + "expected \(typeName(type)), found null"
    case .keyNotFound(let key, let context):
      return at(context) + "missing \"\(key.stringValue)\""
    case .dataCorrupted(let context):
      if context.codingPath.isEmpty { return "not valid JSON" }
      return at(context) + context.debugDescription
    @unknown default:
      return "not valid JSON"
    }
  }

  private static func at(_ context: DecodingError.Context) -> String {
    guard !context.codingPath.isEmpty else { return "" }
    var path = ""
    for key in context.codingPath {
      if let index = key.intValue {
        path += "[\(index)]"
      } else {
        path += (path.isEmpty ? "" : ".") + key.stringValue
      }
    }
    return "at \(path): "
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
