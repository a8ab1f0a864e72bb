/// Typed reading of parsed JSON, with errors that say where in the document and what was wrong.
extension JSONValue {
  /// The value of an object's field, if this is an object that has it.
  public subscript(key: String) -> JSONValue? {
    guard case .object(let fields) = self else { return nil }
    return fields.first { $0.0 == key }?.1
  }

  /// The items, if this is an array.
  public var arrayValue: [JSONValue]? {
    if case .array(let items) = self { return items }
    return nil
  }

  /// A required string field.
  public func string(_ key: String, at path: String) throws(JSONShapeError) -> String {
    guard let value = try optionalString(key, at: path) else {
      throw JSONShapeError(path: path + "." + key, problem: "missing")
    }
    return value
  }

  /// A string field that may be missing or null.
  public func optionalString(_ key: String, at path: String) throws(JSONShapeError) -> String? {
    switch self[key] {
    case nil, .null?: return nil
    case .string(let text)?: return text
    default: throw JSONShapeError(path: path + "." + key, problem: "expected a string")
    }
  }

  /// A required whole-number field.
  public func int(_ key: String, at path: String) throws(JSONShapeError) -> Int {
    guard let value = try optionalInt(key, at: path) else {
      throw JSONShapeError(path: path + "." + key, problem: "missing")
    }
    return value
  }

  /// A whole-number field that may be missing or null.
  public func optionalInt(_ key: String, at path: String) throws(JSONShapeError) -> Int? {
    switch self[key] {
    case nil, .null?: return nil
    case .int(let number)?: return number
    default: throw JSONShapeError(path: path + "." + key, problem: "expected a whole number")
    }
  }

  /// An array field that may be missing or null (then empty).
  public func array(_ key: String, at path: String) throws(JSONShapeError) -> [JSONValue] {
    switch self[key] {
    case nil, .null?: return []
    case .array(let items)?: return items
    default: throw JSONShapeError(path: path + "." + key, problem: "expected an array")
    }
  }
}

/// A JSON document of the wrong shape: where, and what was wrong.
public struct JSONShapeError: Error, Equatable, Sendable, CustomStringConvertible {
  /// Where, as `members[2].name` (a leading `.` is dropped).
  public var path: String
  /// What was wrong, e.g. `expected a string`.
  public var problem: String

  /// Creates a shape error.
  public init(path: String, problem: String) {
    self.path = path.hasPrefix(".") ? String(path.dropFirst()) : path
    self.problem = problem
  }

  public var description: String { path.isEmpty ? problem : "at \(path): \(problem)" }
}
