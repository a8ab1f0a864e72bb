import Foundation
import Testing

@testable import SquadCore

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Issue 27's pure rules: EINTR is made again by the one retry function and nothing else is; a
/// catalogue spool is named so the stale-file sweep knows its process; a catalogue that cannot be
/// read fails a local answer and a reset before anything is asked; a spool that cannot be read
/// back fails the build instead of leaving heroes out. (The real faults: IOFaultsEndToEndTests.)
@Suite struct FaultRulesTests {
  @Test func anInterruptedCallIsMadeAgainAndAnyOtherFailureIsReturned() {
    var calls = 0
    let retried = SystemCall.retrying { () -> Int32 in
      calls += 1
      errno = EINTR
      return calls < 3 ? -1 : 7
    }
    #expect(retried == 7 && calls == 3)
    calls = 0
    let failed = SystemCall.retrying { () -> Int in
      calls += 1
      errno = EIO
      return -1
    }
    #expect(failed == -1 && errno == EIO && calls == 1)
  }

  @Test func aFolderFlushThatCannotOpenTheFolderIsReported() {
    #expect(throws: PersistenceError.self) { try SystemCall.flushFolder("/nonexistent-\(UUID().uuidString)") }
    let folder = TemporaryDirectory()
    #expect(throws: Never.self) { try SystemCall.flushFolder(folder.path) }
  }

  @Test func aSpoolIsNamedForTheStaleFileSweep() throws {
    let home = TemporaryDirectory()
    let spool = RecordSpool(folder: home.path)
    _ = spool.append(Array("line\n".utf8))
    // Unlinked at once, so nothing is there while it lives; the name it had is the sweep's.
    #expect(try home.listing().isEmpty)
    #expect(
      AtomicFile.writer(of: ".catalogue-spool.tmp-\(getpid())-AbC123", name: RecordSpool.leftoverName) == getpid())
    #expect(AtomicFile.writer(of: ".catalogue-spool-AbC123", name: RecordSpool.leftoverName) == nil)
  }

  @Test func aSpoolReadBackThatFailsIsRememberedNotAnsweredEmpty() {
    let folder = TemporaryDirectory()
    let spool = RecordSpool(folder: folder.path)
    let range = spool.append(Array("record\n".utf8))
    #expect(spool.read(range) == Array("record\n".utf8))
    #expect(spool.failure == nil)
    #expect(spool.read(range.upperBound..<(range.upperBound + 10)).isEmpty)
    #expect(spool.failure != nil, "a short read back is a failure the build throws")
  }

  @Test func aLocalSourceOverAnUnreadableCatalogueFailsNeverSaysNoSuchHero() async {
    let failure = PersistenceError(path: "catalogue.sqc", reason: .unreadable(detail: "Input/output error"))
    let source = LocalHeroSource(
      catalogue: try { () throws(PersistenceError) -> LocalCatalogue in throw failure }(), reason: .noKeys)
    #expect(await source.hero(HeroID(5_000_001)).failure == .storage(failure))
    #expect(await source.page(HeroQuery()).failure == .storage(failure))
  }

  @Test func aResetThatCannotMeasureTheCatalogueFailsBeforeAsking() {
    var state = CatalogueFeature.State.idle
    _ = CatalogueFeature.reduce(&state, .resetRequested(askFirst: true))
    let failure = PersistenceError(path: "catalogue.sqc", reason: .unreadable(detail: "Input/output error"))
    let effects = CatalogueFeature.reduce(&state, .resetFinished(.failure(failure)))
    #expect(effects.isEmpty)
    #expect(state == .failed(.resetting(failure)))
  }
}
