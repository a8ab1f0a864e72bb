/// An error a command can end with: the message it prints and the exit code it returns.
protocol CommandFailure: Error, CustomStringConvertible {
  /// The exit code the failure ends the command with.
  var exitCode: ExitCode { get }
}

/// A feature's failure, which is always one of a few underlying failures: its exit code and
/// message are the underlying one's unless it says otherwise.
protocol FeatureFailure: CommandFailure {
  /// The failure underneath.
  var underlying: any CommandFailure { get }
}

extension FeatureFailure {
  /// The underlying failure's exit code.
  var exitCode: ExitCode { underlying.exitCode }
  /// The underlying failure's message.
  var description: String { underlying.description }
}

extension PersistenceError: CommandFailure {}
