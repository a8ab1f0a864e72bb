import Foundation

/// The bytes of an import file and the name messages use for it.
public struct ImportFile: Equatable, Sendable, CustomTraceConvertible {
  /// The path, or `<stdin>`.
  public var label: String
  /// The whole content.
  public var data: Data

  /// Traces show the size, not the content.
  public var traceValue: JSONValue { .object([("label", .string(label)), ("bytes", .int(data.count))]) }
}

/// What an import file holds: its members and, for a JSON document, the size limit it carries.
public struct ImportContent: Equatable, Sendable {
  /// The members, in file order.
  public var members: [Member]
  /// The document's `maxMembers` (`.some(nil)`: no limit); nil when the format carries none (jsonl, csv).
  public var limit: Int?? = nil
}
