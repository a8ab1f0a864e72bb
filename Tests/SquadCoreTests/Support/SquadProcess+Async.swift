import Dispatch

extension SquadProcess {
  /// Runs `squad` and waits for it on a dispatch thread, so concurrent async tests (the
  /// simulator's, the client's) are never starved of the few cooperative threads.
  func launch(_ arguments: String...) async throws -> Outcome {
    try await launch(arguments: arguments)
  }

  /// `launch` with the arguments as an array.
  func launch(arguments: [String]) async throws -> Outcome {
    let running = try start(arguments: arguments)
    return try await withCheckedThrowingContinuation { continuation in
      DispatchQueue.global().async { continuation.resume(with: Result { try running.wait() }) }
    }
  }

  /// `runOnTerminal`, waited for on a dispatch thread.
  func launchOnTerminal(_ arguments: [String]) async throws -> Outcome {
    let squad = self
    return try await withCheckedThrowingContinuation { continuation in
      DispatchQueue.global().async {
        continuation.resume(with: Result { try squad.runOnTerminal(arguments) })
      }
    }
  }
}
