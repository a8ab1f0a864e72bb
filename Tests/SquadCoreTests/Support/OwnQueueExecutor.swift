import Foundation

/// Runs tasks on a queue of their own. The cooperative pool has a thread per core, and tests that
/// wait for processes hold them, at times for minutes in a full run: requests waiting behind them
/// would look deadlocked, or miss their deadline.
final class OwnQueueExecutor: TaskExecutor {
  private let queue = DispatchQueue(label: "OwnQueueExecutor")

  func enqueue(_ job: consuming ExecutorJob) {
    let job = UnownedJob(job)
    let executor = asUnownedTaskExecutor()
    queue.async { job.runSynchronously(on: executor) }
  }
}
