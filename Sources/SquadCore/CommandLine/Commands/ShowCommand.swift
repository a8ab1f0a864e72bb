/// `squad show <hero>`: everything about one hero.
enum ShowCommand: FeatureCommand {
  typealias Machine = HeroDetailFeature

  static let spec = CommandSpec(
    name: "show",
    abstract: "Show one hero: description, picture, counts, links and latest comics.",
    discussion: """
      The hero is an id or a name: an exact name wins, then a unique prefix. Also shows where the
      hero ranks among all heroes by each count, and which squads they are in.
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
      // A squad that cannot be read is an error, never a shorter "In squads"; one whose
      // bytes are damaged is named, and the others still answer.
      do throws(PersistenceError) {
        let squads = context.parts.squads
        var memberOf: [SquadName] = []
        for name in try squads.names() {
          do throws(PersistenceError) {
            if try squads.file(name).load().memberIDs.contains(detail.hero.id) { memberOf.append(name) }
          } catch {
            guard case .unreadable = error.reason else {
              context.notice("Warning: " + error.description)
              continue
            }
            throw error
          }
        }
        detail.squads = memberOf
      } catch {
        return .failed(error)
      }
      context.console.out(HeroDetailOutput.render(detail, settings: context.output))
      return .success
    case .failed(let failure):
      return .lookupFailed(failure)
    default:
      return .error("The lookup stopped unexpectedly.", .failure)
    }
  }
}
