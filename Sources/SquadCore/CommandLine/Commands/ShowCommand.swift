enum ShowCommand: FeatureCommand {
  typealias Machine = HeroDetailFeature

  static let spec = CommandSpec(
    name: "show",
    abstract: "Show one hero: description, picture, counts, links and latest comics.",
    discussion: """
      The hero is an id or a name: an exact name wins, then a unique prefix. Also shows where the
      hero ranks among all heroes by each count, and which squads they are in. A squad member the
      catalogue does not know (imported from someone's export) is shown as the squad holds it.
      """,
    arguments: [
      ArgumentSpec(name: "hero", help: "A Marvel character id, or a name or unique name prefix.", completion: .heroes)
    ],
    examples: ["squad show 1009610", "squad show hulk", "squad show 'spider-man (peter' --json"],
    takesOutputFormat: true)

  static let initialState = HeroDetailFeature.State.idle
  static func runner(_ parts: LiveParts) -> HeroDetailEffects { HeroDetailEffects(environment: parts.environment) }

  static func firstAction(_ context: CommandContext) throws(UsageError) -> HeroDetailFeature.Action {
    guard let ref = try OptionValues.heroRefs(context.arguments).first else {
      throw UsageError("Missing expected argument '<hero>'.", command: "show")
    }
    return .showRequested(ref)
  }

  static func status(_ state: HeroDetailFeature.State) -> String? {
    switch state {
    case .resolving(let ref): return "Looking up \(ref)…"
    case .loadingComics(let hero, _): return "Fetching comics of \(hero.name)…"
    default: return nil
    }
  }

  static func report(_ state: HeroDetailFeature.State, _ context: CommandContext) -> CommandOutcome {
    switch state {
    case .loaded(var detail):
      context.noticeSource(detail.source)
      // Where the hero stands is joined as it is shown, like list's counts.
      detail.ranks = context.parts.catalogue.catalogue.ranks(of: detail.hero)
      return show(detail, context)
    case .failed(let failure):
      // A member the catalogue does not know (imported from a friend's export), or whose record
      // there is damaged, is still shown as the squad holds it, the gap said on stderr, as `show`
      // does for the API's gaps.
      guard let member = member(failure, context) else { return .lookupFailed(failure) }
      let known = context.parts.catalogue.catalogue.summary(member.id)
      let why =
        if case .source(.damagedRecord) = failure {
          "The catalogue's record of \(member.name) (#\(member.id)) is damaged"
        } else if let known {
          // Named by the squad as the catalogue no longer names them (a rename since, a hand edit).
          "The catalogue knows \(member.name) (#\(member.id)) as \(known.name); 'squad show \(member.id)' shows its record"
        } else {
          "The catalogue does not know \(member.name) (#\(member.id))"
        }
      context.notice(
        why + "; showing what squad '\(context.squadName)' holds of them, recruited "
          + "\(MarvelDate.iso8601(member.recruitedAt)).")
      return show(HeroDetail(hero: Hero(member: member), source: .squad), context)
    default: return .error("The lookup stopped unexpectedly.", .failure)
    }
  }

  /// The current squad's member a failed lookup named, when the catalogue has no such hero;
  /// nil for other failures, and when the squad cannot be read (the lookup's error stands).
  private static func member(_ failure: LookupFailure, _ context: CommandContext) -> Member? {
    guard let members = try? context.environment.squadFile.load().members else { return nil }
    switch failure {
    case .unknownID(let id), .source(.damagedRecord(let id)): return members.first { $0.id == id }
    case .unknownName(let name, _):
      guard case .success(let hero) = HeroMatcher.pick(name, among: members.map(Hero.init(member:))) else { return nil }
      return members.first { $0.id == hero.id }
    default: return nil
    }
  }

  private static func show(_ detail: HeroDetail, _ context: CommandContext) -> CommandOutcome {
    var detail = detail
    // A squad that cannot be read is an error, never a shorter "In squads"; one whose
    // bytes are damaged is named, and the others still answer.
    do throws(PersistenceError) {
      let squads = context.parts.squads
      // A squad renamed meanwhile is read again under its new name (SquadSet.eachSquad).
      let read = { (name: SquadName) in
        (name, Result { () throws(PersistenceError) in try squads.file(name).loadExisting().memberIDs })
      }
      let reads = try squads.eachSquad(read) { _, read in
        guard case .failure(let error) = read, case .vanished = error.reason else { return false }
        return true
      }
      var memberOf: [SquadName] = []
      for (name, read) in reads {
        switch read {
        case .success(let ids): if ids.contains(detail.hero.id) { memberOf.append(name) }
        case .failure(let error):
          if case .unreadable = error.reason { throw error }
          context.notice("Warning: " + error.description)
        }
      }
      detail.squads = memberOf
    } catch {
      return .failed(error)
    }
    context.console.out(HeroDetailOutput.render(detail, settings: context.output))
    return .success
  }
}
