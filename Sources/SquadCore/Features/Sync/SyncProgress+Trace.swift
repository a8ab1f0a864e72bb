extension SyncProgress: CustomTraceConvertible {
  /// Traces show how far the sync is, not the heroes received so far.
  var traceValue: JSONValue {
    .object([
      ("pagesDone", .int(pagesDone)), ("pageCount", .int(pageCount)), ("received", .int(received)),
      ("total", .int(total)), ("tally", ActionTrace.value(of: tally)),
    ])
  }
}
