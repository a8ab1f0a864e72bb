import Foundation

/// A squad's history as JSON lines (`history.jsonl`), oldest first, one ``HistoryEntry`` a line
/// ("Durability" in docs/SQUADS.md). It must be a regular file of its own; links are refused.
struct HistoryFile: Sendable {
  let path: String

  /// The most entries kept per squad; older ones are dropped.
  static let bound = 1_000
  /// Entries allowed beyond ``bound`` before the file is rewritten, so trimming is occasional.
  static let slack = 100

  /// The entries; whether the last line lacks its newline (`tornTail`) and was cut short, so dropped (`cutShort`).
  func read() throws(PersistenceError) -> (entries: [HistoryEntry], tornTail: Bool, cutShort: Bool) {
    guard var lines = try lines() else { return ([], false, false) }
    let tail = lines.removeLast()
    var entries: [HistoryEntry] = []
    entries.reserveCapacity(lines.count + 1)
    for (number, line) in lines.enumerated() where !line.isEmpty {
      entries.append(try entry(line, number: number))
    }
    // Only a line that is no whole JSON document was cut short.
    let cut = !tail.isEmpty && JSONReader.syntaxError(in: Array(tail)) != nil
    if !tail.isEmpty, !cut { entries.append(try entry(tail, number: lines.count)) }
    return (entries, !tail.isEmpty, cut)
  }

  /// The last whole entry, decoding only it; a last "renamed from" `squad`'s own name (a rename killed before its
  /// folder moved) is passed over, as every history reader drops it.
  func lastEntry(of squad: SquadName? = nil) throws(PersistenceError) -> HistoryEntry? {
    guard let lines = try lines() else { return nil }
    var number = lines.count - 1
    // A last line cut short (a write killed midway) is no entry.
    if let tail = lines.last, !tail.isEmpty, JSONReader.syntaxError(in: Array(tail)) != nil { number -= 1 }
    var passedOver = false
    while number >= 0 {
      defer { number -= 1 }
      guard !lines[number].isEmpty else { continue }
      let last = try entry(lines[number], number: number)
      if let squad, !squad.isDefault, !passedOver, last.kind == .rename, last.detail == squad.value {
        passedOver = true
        continue
      }
      return last
    }
    return nil
  }

  // The file's lines, the last one empty unless cut short; nil when there is no file.
  private func lines() throws(PersistenceError) -> [ArraySlice<UInt8>]? {
    let read: [UInt8]?
    do throws(PersistenceError) {
      read = try BoundedInput.regularFile(path, limit: InputLimit.historyFile, ownFile: true)
    } catch {
      if case .unreadable = error.reason { throw error }
      throw PersistenceError(path: path, reason: .corruptHistory(detail: HistoryFile.problem(error.reason)))
    }
    return read?.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
  }

  private func entry(_ line: ArraySlice<UInt8>, number: Int) throws(PersistenceError) -> HistoryEntry {
    do throws(JSONReader.Unfit) {
      return try line.withUnsafeBufferPointer { bytes throws(JSONReader.Unfit) in try HistoryEntry(reading: bytes) }
    } catch {
      throw PersistenceError(
        path: path, reason: .corruptHistory(detail: "line \(number + 1) is not a history entry: \(error.message)"))
    }
  }

  /// Appends one entry and flushes it, then runs `commit`; when that fails, the entry is cut off again.
  func append(_ entry: HistoryEntry, then commit: () throws(PersistenceError) -> Void) throws(PersistenceError) {
    try AtomicFile.createDirectory(AtomicFile.folderAndName(of: path).folder)
    // The rule read() checks, held again on the descriptor written: no link followed, no FIFO waited on.
    let descriptor = SystemCall.openFile(
      path, O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK, 0o644)
    guard descriptor >= 0 else { throw .unwritable(path) }
    defer { close(descriptor) }
    var status = stat()
    guard fstat(descriptor, &status) == 0, status.st_mode & S_IFMT == S_IFREG, status.st_nlink == 1 else {
      throw PersistenceError(path: path, reason: .unwritable(detail: "it is not a regular file of its own"))
    }
    // The squad file's rule: a file without a `w` bit is not written, even by root.
    try OutputFile.refuseReadOnly(path, status)
    let line = Data((entry.json.encoded() + "\n").utf8)
    do throws(PersistenceError) {
      guard line.withUnsafeBytes({ FileDescriptorWriting.writeAll($0, to: descriptor) }) else {
        throw .unwritable(path)
      }
      guard SystemCall.flush(descriptor) else { throw .unwritable(path) }
      try commit()
    } catch {
      // A commit made whose folder flush failed (``PersistenceError/Reason/partlyWritten(detail:)``) stays recorded.
      if case .partlyWritten = error.reason { throw error }
      guard SystemCall.retrying({ ftruncate(descriptor, status.st_size) }) == 0, SystemCall.flush(descriptor) else {
        let left = "its entry could not be taken back out of \(path) (\(String(cString: strerror(errno)))); "
        throw .notUndone(error.description, path: path, left: left + "squad ignores it, and the next change cuts it.")
      }
      throw error
    }
  }

  /// Refuses a read-only history as ``append(_:then:)`` does, for a change to check first.
  func refuseReadOnly() throws(PersistenceError) {
    if let status = try FileKind.status(path) { try OutputFile.refuseReadOnly(path, status) }
  }

  /// Keeps the newest entries within ``bound`` and a quarter of ``InputLimit/historyFile``; returns how many the
  /// byte bound alone dropped.
  @discardableResult
  func rewrite(_ entries: [HistoryEntry]) throws(PersistenceError) -> Int {
    var lines: [String] = []
    var bytes = 0
    for entry in entries.reversed() {
      let line = entry.json.encoded() + "\n"
      guard lines.count < HistoryFile.bound, lines.isEmpty || bytes + line.utf8.count <= InputLimit.historyFile / 4
      else { break }
      bytes += line.utf8.count
      lines.append(line)
    }
    AtomicFile.removeLeftovers(of: path)
    try AtomicFile.write(Data(lines.reversed().joined().utf8), to: path)
    return min(entries.count, HistoryFile.bound) - lines.count
  }

  func trimmedWarning(dropped: Int, kept: Int) -> String {
    let budget = InputLimit.describe(InputLimit.historyFile / 4)
    let lost = Plural.count(dropped, "earlier entry", "earlier entries")
    return "\(path) was trimmed to its newest \(Plural.count(kept, "entry", "entries")) (it keeps what fits in "
      + "\(budget), and always the newest entry), dropping \(lost) for their size: undo and 'squad history' no "
      + "longer reach them."
  }

  func isOverGrown(entries: Int) -> Bool {
    if entries > HistoryFile.bound + HistoryFile.slack { return true }
    // stat, not FileManager's attributes: those cost a recruit a fifth of its instructions.
    var status = stat()
    return stat(path, &status) == 0 && Int(status.st_size) > InputLimit.historyFile / 2
  }

  // Why the file cannot be read as a history, in words that fit "cannot be used as the squad's history (…)".
  private static func problem(_ reason: PersistenceError.Reason) -> String {
    switch reason {
    case .tooLarge(let limit):
      return "it is larger than \(InputLimit.describe(limit)), the most squad reads of a history"
    case .notAFile(let kind): return "it is \(kind), not a regular file"
    case .notOwnFile(let kind): return "it is \(kind); a history must be a file of its own in its squad's folder"
    case .danglingLink: return "it is a symbolic link to nothing"
    case .corruptHistory(let detail): return detail
    default: return "it cannot be read"
    }
  }
}
