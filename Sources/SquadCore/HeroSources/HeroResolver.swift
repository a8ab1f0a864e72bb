/// Resolves what the user typed into heroes, all of them before anything is changed.
struct HeroResolver: Sendable {
  let heroes: any HeroSource
  /// Matched first (`fire`), so a member the catalogue does not know (from a friend's export) can be named.
  var members: [Member] = []

  /// In order, duplicates removed; the failures are reported together, once (a source that
  /// cannot answer stops it). The source is the least fresh of the answers (a fallback, if any).
  func resolve(_ refs: [HeroRef]) async -> Result<Sourced<[Hero]>, LookupFailure> {
    await resolve(refs, firing: false).heroes
  }

  /// When `firing`, a name that matches no member and several heroes is no one to fire rather than
  /// an ambiguity: it is returned in `noMember`, so the same fire succeeds twice.
  func resolve(_ refs: [HeroRef], firing: Bool) async -> (
    heroes: Result<Sourced<[Hero]>, LookupFailure>, noMember: [String]
  ) {
    var heroes: [Hero] = []
    var noMember: [String] = []
    var source: DataSource?
    var failures: [LookupFailure] = []
    var asked = Set<HeroRef>()
    // A name given twice, in spellings the matcher takes alike ('NoSuch', 'no-such'), is looked up and reported once.
    for ref in refs where asked.insert(Self.key(ref)).inserted {
      // Each "did you mean" reads every hero: past the first few names not found, the rest are
      // named without one, so a long list of typos costs names, not names × heroes.
      switch await resolve(ref, suggesting: failures.count < Self.namesSuggestedFor) {
      case .success(let answer):
        if !heroes.contains(where: { $0.id == answer.value.id }) { heroes.append(answer.value) }
        if source == nil || answer.source.isFallback { source = answer.source }
      case .failure(.source(let error)): return (.failure(.source(error)), [])
      case .failure(.ambiguous(let name, _, _)) where firing && !namesMember(ref):
        noMember.append(name)
      case .failure(let failure):
        if !failures.contains(failure) { failures.append(failure) }
      }
    }
    if let first = failures.first { return (.failure(failures.count == 1 ? first : .several(failures)), noMember) }
    return (.success(Sourced(heroes, source: source ?? .catalogue(reason: .noKeys, updatedAt: nil))), noMember)
  }

  // An id never reaches an ambiguity.
  private func namesMember(_ ref: HeroRef) -> Bool {
    guard case .name(let name) = ref else { return true }
    return !HeroMatcher.matching(name, in: members.map(Hero.init(member:))).isEmpty
  }

  private static func key(_ ref: HeroRef) -> HeroRef {
    guard case .name(let name) = ref, !HeroName.loose(name).isEmpty else { return ref }
    return .name(HeroName.loose(name))
  }

  static let namesSuggestedFor = 10

  /// An id must exist; a name must match exactly or by a unique prefix (never a prefix of the
  /// API's when the local catalogue has the exact name).
  func resolve(_ ref: HeroRef, suggesting: Bool = true) async -> Result<Sourced<Hero>, LookupFailure> {
    if let member = await resolveAmongMembers(ref) { return member }
    switch ref {
    case .id(let id):
      switch await heroes.hero(id) {
      case .success(let answer):
        guard let hero = answer.value else { return .failure(.unknownID(id)) }
        return .success(Sourced(hero, source: answer.source))
      case .failure(let error): return .failure(.source(error))
      }
    case .name(let name):
      switch await lookUp(name) {
      case .failure(let error): return .failure(.source(error))
      case .success(let answer):
        let nearby =
          suggesting && HeroMatcher.matching(name, in: answer.value).isEmpty ? await heroes.suggestions(for: name) : []
        let picked = HeroMatcher.pick(name, among: answer.value, nearby: nearby)
        // The API's answer lacks the name while the local catalogue has it: "No hero is named
        // 'hulk'" above the local Hulk would contradict itself, so say which source knows what.
        if case .failure(.unknownName) = picked, case .api = answer.source {
          switch HeroMatcher.pick(name, among: nearby) {
          case .success(let hero): return .failure(.unknownToAPI(name, local: [hero]))
          case .failure(.ambiguous(_, let local, _)): return .failure(.unknownToAPI(name, local: local))
          default: break
          }
        }
        if case .success(let hero) = picked, case .api = answer.source, !Self.names(name, hero),
          let local = await namesakesUnknownToAPI(name)
        {
          return .failure(local)
        }
        return picked.map { Sourced($0, source: answer.source) }
      }
    }
  }

  /// Named `name` (as typed or as fans type it), not only starting with it.
  private static func names(_ name: String, _ hero: Hero) -> Bool {
    HeroName.folded(hero.name) == HeroName.folded(name)
      || HeroName.variants(name).map(HeroName.loose).contains(HeroName.loose(hero.name))
  }

  /// When the API's answer lacks a hero the local catalogue has by this very name: a command must
  /// not take one whose name merely starts with it (a server answering `hulk` with Hulkling alone).
  private func namesakesUnknownToAPI(_ name: String) async -> LookupFailure? {
    let local = await heroes.catalogueHeroes(matching: name).filter { Self.names(name, $0) }
    return local.isEmpty
      ? nil : .unknownToAPI(name, local: Array(HeroOrdering.prominent(local).prefix(HeroMatcher.candidateLimit)))
  }

  /// The member meant by id, exact name or prefix, unless the name is exactly another hero's, which
  /// wins (`fire carnage` spares Carnage (Ultimate) when Carnage is not in the squad); nil: ask the source.
  private func resolveAmongMembers(_ ref: HeroRef) async -> Result<Sourced<Hero>, LookupFailure>? {
    let squad = members.map(Hero.init(member:))
    switch ref {
    case .id(let id): return squad.first { $0.id == id }.map { .success(Sourced($0, source: .squad)) }
    case .name(let name):
      let wanted = HeroName.folded(name)
      let matches = HeroMatcher.matching(name, in: squad)
      guard !matches.isEmpty else { return nil }
      if !matches.contains(where: { HeroName.folded($0.name) == wanted }),
        case .success(let answer) = await lookUp(name)
      {
        if answer.value.contains(where: { HeroName.folded($0.name) == wanted }) {
          return HeroMatcher.pick(name, among: answer.value).map { Sourced($0, source: answer.source) }
        }
        if case .api = answer.source, !matches.contains(where: { Self.names(name, $0) }),
          let local = await namesakesUnknownToAPI(name)
        {
          return .failure(local)
        }
      }
      let picked = HeroMatcher.pick(name, among: matches)
      guard case .failure(.ambiguous) = picked else { return picked.map { Sourced($0, source: .squad) } }
      // The squad holds no counts: the source's tell the candidates apart and order them.
      return HeroMatcher.pick(name, among: await withCatalogueCounts(matches, named: name)).map {
        Sourced($0, source: .squad)
      }
    }
  }

  /// The members with the source's counts of each; as they are when it cannot answer.
  private func withCatalogueCounts(_ members: [Hero], named name: String) async -> [Hero] {
    guard case .success(let answer) = await lookUp(name) else { return members }
    let known = Dictionary(answer.value.map { ($0.id, $0.counts) }, uniquingKeysWith: { first, _ in first })
    return members.map { member in
      var member = member
      member.counts = known[member.id] ?? member.counts
      return member
    }
  }

  /// Heroes whose names may start with `name` as fans type it: the source is asked by what comes
  /// before the first hyphen, space or dot of each way the name may be meant.
  private func lookUp(_ name: String) async -> Result<Sourced<[Hero]>, SourceError> {
    var found: [Hero] = []
    var ids = Set<HeroID>()
    var source: DataSource?
    for variant in HeroName.variants(name) {
      let head = String(variant.prefix { !"-. ".contains($0) })
      let prefix = head == HeroName.folded(name) ? name : head.isEmpty ? variant : head
      // Every match the source can give at once (the local catalogue: all), so an ambiguous
      // name's count and its candidates with the most comics are taken from all of them.
      switch await heroes.heroes(namePrefix: prefix, limit: heroes.maximumPageSize) {
      case .failure(let error): return .failure(error)
      case .success(let answer):
        // Every match now, so a set: two spellings' matches must not compare each with each.
        found += answer.value.filter { ids.insert($0.id).inserted }
        source = source ?? answer.source
      }
    }
    return .success(Sourced(found, source: source ?? .catalogue(reason: .noKeys, updatedAt: nil)))
  }
}
