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
