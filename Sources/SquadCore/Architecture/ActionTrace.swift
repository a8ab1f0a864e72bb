import Foundation

/// Turns any action or state into a JSON value by reflection, for `--trace` lines. Enums become
/// their case name, or `{"case": payload}` when they carry values; structs become objects; long
/// arrays are cut to their first items and a count, so a trace stays readable.
enum ActionTrace {
  /// How many items of an array a trace shows before summarising the rest.
  static let arrayPreview = 5

  /// One trace line: `{"action": "<case>", "payload": …, "state": …}`.
  static func line(action: Any, state: Any) -> String {
    let (name, payload) = caseNameAndPayload(action)
    var fields: [(String, JSONValue)] = [("action", .string(name))]
    if let payload { fields.append(("payload", payload)) }
    fields.append(("state", value(of: state)))
    return JSONValue.object(fields).encoded()
  }

  static func value(of subject: Any) -> JSONValue {
    switch subject {
    case let value as String: return .string(value)
    case let value as Bool: return .bool(value)
    case let value as Int: return .int(value)
    case let value as Double: return .double(value)
    case let value as Date: return .string(MarvelDate.iso8601(value))
    case let value as HeroID: return .int(value.rawValue)
    case let value as URL: return .string(value.absoluteString)
    case let value as any CustomTraceConvertible: return value.traceValue
    default: break
    }
    let mirror = Mirror(reflecting: subject)
    switch mirror.displayStyle {
    case .optional:
      return mirror.children.first.map { value(of: $0.value) } ?? .null
    case .collection, .set:
      let items = Array(mirror.children)
      var values = items.prefix(arrayPreview).map { value(of: $0.value) }
      if items.count > arrayPreview { values.append(.string("… \(items.count - arrayPreview) more")) }
      return .array(values)
    case .enum:
      let (name, payload) = caseNameAndPayload(subject)
      guard let payload else { return .string(name) }
      return .object([(name, payload)])
    case .struct, .class, .tuple:
      return .object(mirror.children.map { child in (fieldName(child), value(of: child.value)) })
    default:
      return .string(String(describing: subject))
    }
  }

  // Unlabelled tuple elements (`.0`) are named after their type: `heroListingRequest`, and an
  // array after its elements: `heroRefs`.
  private static func fieldName(_ child: Mirror.Child) -> String {
    if let label = child.label, !label.hasPrefix(".") { return label }
    var name = String(describing: type(of: child.value))
    var plural = ""
    if name.hasPrefix("Array<"), name.hasSuffix(">") {
      name = String(name.dropFirst("Array<".count).dropLast())
      plural = "s"
    }
    if let generic = name.firstIndex(of: "<") { name = String(name[..<generic]) }
    return name.prefix(1).lowercased() + name.dropFirst() + plural
  }

  private static func caseNameAndPayload(_ subject: Any) -> (String, JSONValue?) {
    let mirror = Mirror(reflecting: subject)
    guard mirror.displayStyle == .enum, let child = mirror.children.first else {
      return (String(describing: subject), nil)
    }
    return (child.label ?? String(describing: subject), value(of: child.value))
  }
}

/// A value that chooses its own trace form, e.g. to hide something or shorten it.
protocol CustomTraceConvertible {
  var traceValue: JSONValue { get }
}
