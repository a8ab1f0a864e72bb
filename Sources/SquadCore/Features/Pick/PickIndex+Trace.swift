extension PickIndex: CustomTraceConvertible {
  /// How many heroes there are: the folded names are an implementation detail, and a trace line
  /// per key stays short.
  var traceValue: JSONValue { .object([("heroes", .int(count))]) }
}
