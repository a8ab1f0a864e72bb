import Foundation

/// Runs the sync feature's effects: pages from the API, a few in flight at once, and one write
/// of the catalogue.
struct SyncEffects: EffectRunner {
  static let pagesInProgress = LiveMarvelClient.pagesInProgress
  static let pagesBetweenTrims = 10

  private let client: any MarvelClient
  private let store: CatalogueStore
  private let now: @Sendable () -> Date
  private let squads: SquadSet?
  private let received: SyncSpool
  // The pages' new cache entries, written only once their heroes are stored (``PendingCacheEntry``).
  private let pendingCache = Mutex<[PendingCacheEntry]>([])

  /// The members of every squad in `squads` are refreshed from the synced heroes (``Squad/refreshed(from:)``).
  init(
    client: any MarvelClient, store: CatalogueStore, squads: SquadSet? = nil,
    now: @escaping @Sendable () -> Date = Date.init
  ) {
    self.client = client
    self.store = store
    self.squads = squads
    self.now = now
    received = SyncSpool(folder: AtomicFile.folderAndName(of: store.path).folder)
  }

  func run(_ effect: SyncFeature.Effect, send: @escaping @Sendable (SyncFeature.Action) async -> Void) async {
    switch effect {
    case .fetchPages(let offsets, let force):
      await fetch(offsets, freshness: force ? .revalidate : .withinTTL, send: send)
    case .stopFetching:
      break  // The store cancels the fetch in progress; there is nothing to run.
    case .saveCatalogue(let keepsPages):
      // The pages' buffers are freed by now; giving their memory back before the build keeps
      // the sync's peak at what one phase needs, not the sum of both.
      MemoryRelease.returnFreedMemory()
      do throws(PersistenceError) {
        // A sync that brings nothing new writes nothing (``CatalogueBuilder/changed``).
        // Once the catalogue is replaced, an interrupt lets the sync finish and say so.
        let changed = try InterruptCleanup.committing { () throws(PersistenceError) in
          try store.update(
            at: now(), spool: true,
            deciding: { (builder) throws(PersistenceError) in
              // A page from the cache stands for the catalogue's own records: one the catalogue no
              // longer holds (a `catalogue reset` while this sync ran) makes "synced" untrue.
              if received.cachedIDs.contains(where: { !builder.contains($0) }) {
                throw PersistenceError(
                  path: store.path, reason: .changedMeanwhile(during: "while the sync ran", command: "squad sync"))
              }
              try received.eachHero { builder.merge($0, origin: .api) }
              return builder.changed
            })
        }
        var pending: [PendingCacheEntry] = []
        pendingCache.withLock { swap(&$0, &pending) }
        if keepsPages { for entry in pending { entry.write() } }
        let (problems, notes) = refreshMembers()
        await send(
          .catalogueSaved(
            .success(store.catalogue.count), squadProblems: problems, squadNotes: notes, changed: changed))
      } catch {
        pendingCache.withLock { $0 = [] }
        await send(.catalogueSaved(.failure(error)))
      }
    }
  }

  /// Members take the names, descriptions and pictures the catalogue now keeps (never the bundled
  /// set's), under the squad lock, so `list` and `export` agree with `heroes`. Squads are listed now,
  /// under the set's shared lock, so each is found by what it is, not a name it had when the sync
  /// began. Gives what ``SyncReport/squadProblems`` and ``SyncReport/squadNotes`` hold.
  private func refreshMembers() -> (problems: [String], notes: [String]) {
    guard let squads else { return ([], []) }
    let catalogue = store.catalogue
    let problems = Mutex<[String]>([])
    let notes = Mutex<[String]>([])
    // flock grants this process's own shared locks on squads.lock (each change takes one too)
    // even while a rename waits for it exclusively, so holding one around the loop cannot deadlock.
    let setLock =
      (try? FileKind.isPresent(squads.paths.squadsDirectory)) ?? true
      ? try? FileLock(path: squads.paths.squadsLockFile, shared: true) : nil
    defer { withExtendedLifetime(setLock) {} }
    let names: [SquadName]
    do throws(PersistenceError) { names = try squads.names() } catch {
      return (["The squads could not be listed: " + error.description], [])
    }
    for name in names {
      let squadFile = SquadFile(paths: squads.paths, name: name) { warning in
        switch warning {
        case .unrecorded(let text): problems.withLock { $0.append("The squad '\(name)': " + text) }
        case .droppedCutLine(let text), .trimmed(let text): notes.withLock { $0.append(text) }
        }
      }
      guard (try? squadFile.exists) ?? true else { continue }
      do throws(SquadError) {
        // Recorded in each squad's history like any change ("sync"), so undo can take it back.
        _ = try squadFile.change(by: "sync", at: now()) { snapshot throws(SquadError) in
          let squad = try snapshot.readSquad()
          let heroes = squad.members.filter { received.received($0.id) }
            .compactMap { catalogue.index.entry(id: $0.id) }.filter { $0.origin != .bundled }.map(\.hero)
          return (squad.refreshed(from: heroes).map { SquadEdit(squad: $0) }, ())
        }
      } catch {
        problems.withLock { $0.append("The squad '\(name)' was not refreshed: " + error.description) }
      }
    }
    return (problems.withLock { $0 }, notes.withLock { $0 })
  }

  /// Sends the pages in order, until the last or until the reducer stops the fetch (cancelling this
  /// task); requests sent for pages then not needed are reported after, as `.discardedRequests`.
  private func fetch(
    _ offsets: [Int], freshness: CacheFreshness, send: @escaping @Sendable (SyncFeature.Action) async -> Void
  ) async {
    let sentBefore = client.requestsSent
    var handedOver = 0
    var requestsHandedOver = 0
    await InOrderConcurrently.run(offsets, limit: Self.pagesInProgress) { offset in
      await client.characters(
        CharacterFilter(HeroQuery(order: .name, offset: offset, limit: SyncFeature.pageSize)), freshness: freshness)
    } consume: { offset, result in
      handedOver += 1
      if case .success(let page) = result {
        received.add(page.results, cached: page.origin != .network)
        if let entry = page.pendingCache { pendingCache.withLock { $0.append(entry) } }
        requestsHandedOver += page.requests
      }
      // Every page's body and decoding is freed once it is spooled, but on many threads glibc
      // keeps the memory; handing it back now and then keeps the sync's peak flat (BENCHMARKS.md).
      if handedOver % Self.pagesBetweenTrims == 0 { MemoryRelease.returnFreedMemory() }
      await send(.pageLoaded(result))
      return !Task.isCancelled
    }
    // Every page's work has ended by now (cancelled or not), so the client's count is final.
    let discarded = client.requestsSent - sentBefore - requestsHandedOver
    if discarded > 0 { await send(.discardedRequests(discarded)) }
  }
}
