import Foundation
import Testing

@testable import SquadCore

/// `--trace` reads as the domain: every action of every feature, in every phase, shows hero ids
/// and names, counts and phases, never storage (`storage`, `_position`, byte arrays).
///
/// Each feature's samples go through an exhaustive `switch`, so a new action or phase does not
/// compile until it has a sample here.
@Suite struct ActionTraceTests {
  // A hero as the catalogue keeps it: its details still the catalogue's bytes.
  static let hulk = BundledCatalogue.heroes.first { $0.id == HeroID(1_009_351) } ?? Sample.hulk
  static let member = Sample.member(hulk)
  static let squad = Squad(members: [member])
  static let source = DataSource.catalogue(reason: .noKeys, updatedAt: nil)
  static let refs: [HeroRef] = [.name("hulk"), .id(HeroID(1_009_610))]
  static let error = PersistenceError(path: "/tmp/squad.json", reason: .corrupt(detail: "not valid JSON"))
  static let lookup = LookupFailure.ambiguous("hu", candidates: [hulk], matchCount: 2)
  static let change = SquadChange(added: [member], alreadyMembers: [hulk], removed: [member], notMembers: [hulk])
  static let page = MarvelPage(offset: 0, limit: 100, total: 250, results: [hulk], attribution: "Marvel")
  static let listing = HeroListing(whole: [hulk], offset: 0, total: 1, source: source, memberIDs: [hulk.id])

  @Test func aHeroIsTracedByItsIDAndName() {
    #expect(!Self.hulk.description.isEmpty)
    #expect(ActionTrace.value(of: Self.hulk).encoded() == #"{"id":1009351,"name":"Hulk"}"#)
  }

  @Test func squadTracesReadAsTheDomain() {
    let actions: [SquadFeature.Action] = [
      .listRequested, .recruitRequested(Self.refs, at: Sample.moment),
      .fireRequested(Self.refs, askFirst: true, from: .default),
      .squadLoaded(.success(Self.squad)), .squadLoaded(.failure(Self.error)),
      .heroesResolved(.success(Sourced([Self.hulk], source: Self.source))), .heroesResolved(.failure(Self.lookup)),
      .noMemberNamed(["spider-man"]), .confirmationAnswered(true), .waitingForLock,
      .squadUpdated(.success(SquadUpdateResult(squad: Self.squad, change: Self.change))),
      .squadUpdated(.failure(.file(Self.error))),
    ]
    let phases: [SquadFeature.Phase] = [
      .idle, .loading(.fire(askFirst: true), heroes: Self.refs),
      .resolving(.recruit(at: Sample.moment), squad: Self.squad),
      .confirming(firing: [Self.member], heroes: [Self.hulk]), .updating(.list, heroes: [Self.hulk]),
      .done(Self.squad, Self.change), .cancelled, .failed(.lookup(Self.lookup)), .failed(.file(Self.error)),
    ]
    for action in actions {
      switch action {
      case .listRequested, .recruitRequested, .fireRequested, .squadLoaded, .heroesResolved, .noMemberNamed,
        .confirmationAnswered, .waitingForLock, .squadUpdated:
        break
      }
    }
    for phase in phases {
      switch phase {
      case .idle, .loading, .resolving, .confirming, .updating, .done, .cancelled, .failed: break
      }
    }
    expectDomainTraces(actions, phases.map { SquadFeature.State(phase: $0, source: Self.source) })
  }

  @Test func heroesTracesReadAsTheDomain() {
    let request = HeroListingRequest(query: HeroQuery(namePrefix: "hu"), all: true)
    let actions: [HeroesFeature.Action] = [
      .listRequested(request),
      .pageLoaded(.success(HeroPage(whole: [Self.hulk], offset: 0, total: 1, source: Self.source))),
      .pageLoaded(.failure(.unavailable("down"))), .squadLoaded(.success(Self.squad)),
      .squadLoaded(.failure(Self.error)),
    ]
    let states: [HeroesFeature.State] = [
      .idle, .fetching(request, received: HeroPage(whole: [Self.hulk], offset: 0, total: 3, source: Self.source)),
      .markingMembers(Self.listing), .loaded(Self.listing),
      .failed(.source(.storage(Self.error))), .failed(.persistence(Self.error)),
    ]
    for action in actions {
      switch action {
      case .listRequested, .pageLoaded, .squadLoaded: break
      }
    }
    for state in states {
      switch state {
      case .idle, .fetching, .markingMembers, .loaded, .failed: break
      }
    }
    expectDomainTraces(actions, states)
  }

  @Test func heroDetailTracesReadAsTheDomain() {
    let comics = ComicsSummary(
      total: 2, latest: [Comic(id: 1, title: "Hulk (2008) #1", onSale: Sample.moment, characters: [])])
    let actions: [HeroDetailFeature.Action] = [
      .showRequested(.name("hulk")), .heroResolved(.success(Sourced(Self.hulk, source: Self.source))),
      .heroResolved(.failure(Self.lookup)), .comicsLoaded(.success(Sourced(comics, source: Self.source))),
      .comicsLoaded(.failure(.invalidResponse("bad"))),
    ]
    let states: [HeroDetailFeature.State] = [
      .idle, .resolving(.id(Self.hulk.id)), .loadingComics(Self.hulk, source: Self.source),
      .loaded(HeroDetail(hero: Self.hulk, comics: comics, source: Self.source)), .failed(Self.lookup),
    ]
    for action in actions {
      switch action {
      case .showRequested, .heroResolved, .comicsLoaded: break
      }
    }
    for state in states {
      switch state {
      case .idle, .resolving, .loadingComics, .loaded, .failed: break
      }
    }
    expectDomainTraces(actions, states)
  }

  @Test func catalogueTracesReadAsTheDomain() {
    let request = CatalogueImportRequest(paths: ["dumps/"], skipInvalid: true, at: Sample.moment)
    var report = CatalogueImport.Report()
    report.heroesAdded = 3
    report.skipped = [CatalogueImportFile.Problem(path: "dumps/bad.json", detail: "the file is empty")]
    let overview = CatalogueOverview(
      heroes: 1562, heroesByOrigin: [.bundled: 1562], comics: 0, comicsByOrigin: [:], updatedAt: Sample.moment,
      catalogueFile: "/tmp/catalogue.sqc", catalogueBytes: 1024, cacheFolder: "/tmp/responses", cacheBytes: 0)
    let contents = CatalogueContents(droppedHeroes: 3, revertedHeroes: 2, comics: 1)
    let check = CatalogueCheckReport(
      file: "/home/me/catalogue.sqc",
      damages: [CatalogueDamage(section: "records", detail: "1 record", heroes: ["hulk"])],
      intact: 1564, checksums: true)
    let actions: [CatalogueFeature.Action] = [
      .summaryRequested, .overviewLoaded(.success(overview)), .importRequested(request),
      .importFinished(.success(report)),
      .importFinished(.failure(.overLimit("the catalogue would hold more than 200000 heroes"))),
      .resetRequested(askFirst: true), .contentsMeasured(contents), .confirmationAnswered(false),
      .resetFinished(.success(1562)), .resetFinished(.failure(Self.error)), .checkRequested(repair: true),
      .checkFinished(.success(check)), .checkFinished(.failure(Self.error)),
    ]
    let phases: [CatalogueFeature.State] = [
      .idle, .summarising, .summarised(overview), .importing(request), .imported(report), .measuring(askFirst: true),
      .confirming(contents), .resetting, .reset(heroes: 1562), .alreadyBundled, .cancelled,
      .failed(.importing(.invalid(CatalogueImportFile.Problem(path: "bad.json", detail: "not JSON")))),
      .failed(.resetting(Self.error)), .checking(repair: false), .checked(check), .failed(.repairing(Self.error)),
    ]
    for action in actions {
      switch action {
      case .summaryRequested, .overviewLoaded, .importRequested, .importFinished, .resetRequested, .contentsMeasured,
        .confirmationAnswered, .resetFinished, .checkRequested, .checkFinished:
        break
      }
    }
    for phase in phases {
      switch phase {
      case .idle, .summarising, .summarised, .importing, .imported, .measuring, .confirming, .resetting, .reset,
        .alreadyBundled, .cancelled, .failed, .checking, .checked:
        break
      }
    }
    expectDomainTraces(actions, phases)
  }

  @Test func syncTracesReadAsTheDomain() {
    var progress = SyncProgress(pageCount: 3, total: 250)
    progress.add(Self.page)
    let actions: [SyncFeature.Action] = [
      .syncRequested(force: true), .pageLoaded(.success(Self.page)),
      .pageLoaded(.failure(.throttled(attempts: 3, url: "http://127.0.0.1/v1/public/characters"))),
      .discardedRequests(8), .catalogueSaved(.success(250)), .catalogueSaved(.failure(Self.error)),
    ]
    let states: [SyncFeature.State] = [
      .idle, .fetchingFirstPage(force: false), .fetching(progress), .saving(progress.report), .done(progress.report),
      .failed(.persistence(Self.error)),
    ]
    for action in actions {
      switch action {
      case .syncRequested, .pageLoaded, .discardedRequests, .catalogueSaved: break
      }
    }
    for state in states {
      switch state {
      case .idle, .fetchingFirstPage, .fetching, .saving, .done, .failed: break
      }
    }
    expectDomainTraces(actions, states)
    #expect(ActionTrace.value(of: progress).encoded().contains(#""received":1"#))
  }

  @Test func exportTracesReadAsTheDomain() {
    let request = ExportRequest(format: .csv, destination: .file("/tmp/out.csv"), exportedAt: Sample.moment)
    let document = ExportDocument(text: "id,name\n1009351,Hulk\n", memberCount: 1)
    let actions: [ExportFeature.Action] = [
      .exportRequested(request), .squadLoaded(.success(Self.squad)), .squadLoaded(.failure(Self.error)), .fileWritten,
      .fileWriteFailed(Self.error),
    ]
    let states: [ExportFeature.State] = [
      .idle, .loading(request), .writing(document, path: "/tmp/out.csv"), .done(document, .standardOutput),
      .failed(Self.error),
    ]
    for action in actions {
      switch action {
      case .exportRequested, .squadLoaded, .fileWritten, .fileWriteFailed: break
      }
    }
    for state in states {
      switch state {
      case .idle, .loading, .writing, .done, .failed: break
      }
    }
    expectDomainTraces(actions, states)
  }

  @Test func importTracesReadAsTheDomain() {
    let request = ImportRequest(source: .file("/tmp/in.json"), replace: false, now: Sample.moment)
    let file = ImportFile(label: "/tmp/in.json", data: Data(repeating: 65, count: 4096))
    let summary = ImportSummary(imported: 1, alreadyInSquad: 0, replaced: .members(2))
    let invalid = InvalidImport(label: "/tmp/in.json", problems: [ImportProblem(.line(2), field: .name, "missing")])
    let actions: [ImportFeature.Action] = [
      .importRequested(request), .fileRead(.success(file)), .fileRead(.failure(Self.error)),
      .namesFound([Self.member.id: Self.member.name]), .waitingForLock, .squadUpdated(.success(summary)),
      .squadUpdated(.failure(.invalidImport(invalid))),
    ]
    let states: [ImportFeature.State] = [
      .idle, .reading(request), .checking(request, ImportContent(members: [Self.member])),
      .updating(request, ImportContent(members: [Self.member])),
      .waitingForLock(request, ImportContent(members: [Self.member])), .done(summary),
      .failed(.invalidImport(invalid)),
      .failed(.file(Self.error)),
    ]
    for action in actions {
      switch action {
      case .importRequested, .fileRead, .namesFound, .waitingForLock, .squadUpdated: break
      }
    }
    for state in states {
      switch state {
      case .idle, .reading, .checking, .updating, .waitingForLock, .done, .failed: break
      }
    }
    expectDomainTraces(actions, states)
  }

  /// Every pairing of action and state traces to JSON free of storage internals.
  private func expectDomainTraces<Action, State>(
    _ actions: [Action], _ states: [State], sourceLocation: SourceLocation = #_sourceLocation
  ) {
    for action in actions {
      for state in states {
        let line = ActionTrace.line(action: action, state: state)
        guard let value = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any] else {
          Issue.record("Not one JSON object: \(line)", sourceLocation: sourceLocation)
          continue
        }
        for problem in Self.internals(in: value, path: "") {
          Issue.record("\(problem) in \(line)", sourceLocation: sourceLocation)
        }
      }
    }
  }

  // `storage` alone is a domain word here (`SourceError.storage`); what storage internals look
  // like is a private field (`_position`), these names, and arrays of bytes.
  private static let storageKeys: Set<String> = ["storedDetails", "encoded", "mapping"]

  /// Where a traced value shows storage: a private-looking or storage key, or an array of bytes.
  private static func internals(in value: Any, path: String) -> [String] {
    if let object = value as? [String: Any] {
      return object.sorted { $0.key < $1.key }.flatMap { key, field -> [String] in
        let here = path + "." + key
        if key.hasPrefix("_") || storageKeys.contains(key) { return ["storage key \(here)"] }
        return internals(in: field, path: here)
      }
    }
    guard let items = value as? [Any] else { return [] }
    let numerals = items.compactMap { $0 as? String }.filter { !$0.isEmpty && $0.allSatisfy(\.isNumber) }
    if !items.isEmpty, numerals.count == items.count { return ["an array of bytes at \(path)"] }
    return items.enumerated().flatMap { internals(in: $1, path: "\(path)[\($0)]") }
  }
}
