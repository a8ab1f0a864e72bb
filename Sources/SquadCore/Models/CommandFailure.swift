/// An error a command can end with: the message it prints and the exit code it returns.
protocol CommandFailure: Error, CustomStringConvertible {
  var exitCode: ExitCode { get }
}

/// A feature's failure: one of a few underlying ones, whose exit code and message it takes unless it says otherwise.
protocol FeatureFailure: CommandFailure {
  var underlying: any CommandFailure { get }
}

extension FeatureFailure {
  var exitCode: ExitCode { underlying.exitCode }
  var description: String { underlying.description }
}

extension PersistenceError: CommandFailure {}
