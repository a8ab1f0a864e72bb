import Foundation

/// A squad's history as JSON lines (`history.jsonl`), oldest first, one ``HistoryEntry`` a line.
///
/// Entries are appended (`O_APPEND`, then `fsync`) before the squad file is replaced, so a kill
/// between the two leaves a last entry the squad file does not match; ``SquadFile`` drops it on
/// the next change (see "Durability" in the README). A line cut short by a kill is dropped too.
/// Any other unreadable line makes the file corrupt: it is reported, never overwritten.
public struct HistoryFile: Sendable {
  /// The file's path.
  public let path: String

  /// The most entries kept per squad; older ones are dropped.
  public static let bound = 1_000
  /// Entries allowed beyond ``bound`` before the file is rewritten, so trimming is occasional.
  static let slack = 100

  /// A history at `path`.
  public init(path: String) { self.path = path }

  /// What reading found.
  public struct Contents: Equatable, Sendable {
    /// The entries, oldest first.
    public var entries: [HistoryEntry]
    /// Whether the file ended in a line cut short, which the next write removes.
    public var tornTail: Bool
  }

  /// The entries on disk (none when there is no file), or why the file is unusable.
  public func read() throws(PersistenceError) -> Contents {
    guard let bytes = try BoundedInput.regularFile(path, limit: InputLimit.historyFile) else {
      return Contents(entries: [], tornTail: false)
    }
    var lines = bytes.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
    let tail = lines.removeLast()
    var entries: [HistoryEntry] = []
    entries.reserveCapacity(lines.count)
    for (number, line) in lines.enumerated() where !line.isEmpty {
      do {
        entries.append(try HistoryEntry(json: try JSONParser.parse(Array(line))))
      } catch {
        throw PersistenceError(
          path: path, reason: .corruptHistory(detail: "line \(number + 1) is not a history entry: \(error)"))
      }
    }
    return Contents(entries: entries, tornTail: !tail.isEmpty)
  }

  /// Appends one entry and flushes it to the disk before returning.
  func append(_ entry: HistoryEntry) throws(PersistenceError) {
    try AtomicFile.createDirectory(AtomicFile.folderAndName(of: path).folder)
    let descriptor = open(path, O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC, 0o644)
    guard descriptor >= 0 else { throw failure() }
    defer { close(descriptor) }
    let line = Array((entry.json.encoded() + "\n").utf8)
    var written = 0
    while written < line.count {
      let result = line[written...].withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
      if result < 0, errno == EINTR { continue }
      guard result > 0 else { throw failure() }
      written += result
    }
    guard fsync(descriptor) == 0 else { throw failure() }
  }

  /// Replaces the file atomically with the newest of these entries: at most ``bound``, and at
  /// most a quarter of ``InputLimit/historyFile`` bytes (always the newest entry).
  func rewrite(_ entries: [HistoryEntry]) throws(PersistenceError) {
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
  }

  /// Whether the file has grown past the point where it is trimmed.
  func isOverGrown(entries: Int) -> Bool {
    if entries > HistoryFile.bound + HistoryFile.slack { return true }
    let size = (try? FileManager.default.attributesOfItem(atPath: path))?[.size] as? Int ?? 0
    return size > InputLimit.historyFile / 2
  }

  private func failure() -> PersistenceError {
    PersistenceError(path: path, reason: .unwritable(detail: String(cString: strerror(errno))))
  }
}
