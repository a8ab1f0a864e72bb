import Foundation

/// One read-modify-write of the squad file: the exclusive lock taken by the load is held until
/// the save (or until the value is dropped), so concurrent squad processes never lose an update.
final class SquadUpdate: Sendable {
  private let file: SquadFile
  private let heldLock = Mutex<FileLock?>(nil)

  /// An update of the given squad file.
  init(file: SquadFile) { self.file = file }

  /// Reads the squad, first taking the lock when `forUpdate`; no lock is held after a failure.
  func load(forUpdate: Bool = true) -> Result<Squad, PersistenceError> {
    do throws(PersistenceError) {
      if forUpdate { hold(try file.lock()) }
      return .success(try file.load())
    } catch {
      hold(nil)
      return .failure(error)
    }
  }

  /// Writes the squad atomically, then releases the lock.
  func save(_ squad: Squad) -> Result<Squad, PersistenceError> {
    defer { hold(nil) }
    do throws(PersistenceError) {
      try file.save(squad)
      return .success(squad)
    } catch {
      return .failure(error)
    }
  }

  private func hold(_ lock: FileLock?) { heldLock.withLock { $0 = lock } }
}
