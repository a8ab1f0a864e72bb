import Foundation

/// The heroes a sync has received, written to an unlinked temporary file as each page arrives
/// and merged into the catalogue once at the end: a sync's memory does not grow with the
/// number of heroes.
final class SyncSpool: @unchecked Sendable {
  // Guarded by `lock`; the runner hands pages over one at a time, in order.
  private let lock = NSLock()
  private let spool: RecordSpool
  private var lines: [Range<Int>] = []
  private(set) var ids: Set<HeroID> = []
  // The heroes of pages from the cache: the catalogue's own records (``LeanCacheItem``), by id.
  private(set) var cachedIDs: Set<HeroID> = []

  /// A spool in `folder` (memory when it cannot be created there).
  init(folder: String) {
    try? AtomicFile.createDirectory(folder)
    spool = RecordSpool(folder: folder)
  }

  /// Adds a page's heroes, each id as first sent; only their ids when the page came from the
  /// cache (merging the catalogue's own records back as the API's would relabel bundled records
  /// the API's answer did not replace).
  func add(_ heroes: [Hero], cached: Bool = false) {
    lock.withLock {
      for hero in heroes where ids.insert(hero.id).inserted {
        if cached {
          cachedIDs.insert(hero.id)
        } else {
          lines.append(spool.append(Array(hero.record.encoded().utf8) + [UInt8(ascii: "\n")]))
        }
      }
    }
  }

  func received(_ id: HeroID) -> Bool { lock.withLock { ids.contains(id) } }

  /// Calls `body` with every hero received from the network, in arrival order, read back one at
  /// a time (the spool is never mapped or read whole); throws when one could not be read back.
  func eachHero(_ body: (Hero) -> Void) throws(PersistenceError) {
    lock.lock()
    defer { lock.unlock() }
    for (index, range) in lines.enumerated() {
      // As during the fetch: freed memory goes back now and then, so the peak stays flat.
      if index % 5_000 == 4_999 { MemoryRelease.returnFreedMemory() }
      let line = spool.read(range)
      let hero = line.withUnsafeBufferPointer { buffer -> Hero? in
        var reader = JSONReader(buffer)
        return try? Hero(reading: &reader)
      }
      if let hero { body(hero) }
    }
    if let failure = spool.failure { throw failure }
  }
}
