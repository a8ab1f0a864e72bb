enum SquadsCommand: SquadsFeatureCommand {
  static let subcommands: [any Command.Type] = [
    SquadsCreateCommand.self, SquadsEditCommand.self, SquadsRenameCommand.self, SquadsDeleteCommand.self,
    SquadsRestoreCommand.self, SquadsCompareCommand.self,
  ]

  static let spec = CommandSpec(
    name: "squads",
    abstract: "List, create, edit, rename, delete or restore named squads.",
    discussion: """
      Alone, lists every squad: name, members, size limit, last change and total comics (the
      catalogue's counts of its members added up; --fields adds series, stories, events). The default squad is
      always there; named squads live beside it. A name has 1 to 32 characters of a-z, 0-9, '-'
      and '_', starts with a letter or digit, and is case-insensitive ('Avengers' is
      'avengers'); 'default' is the default squad. Pick a squad for other commands with
      --squad NAME or SQUAD_NAME. Only 'squads create' makes a squad: a command naming one that
      does not exist changes nothing, exits 1 and suggests the nearest name.
      """,
    options: [
      OptionValues.fieldsOption(SquadField.self, default: "name,members,maxMembers,lastChange,comics; JSON: all")
    ],
    examples: [
      "squad squads", "squad squads create avengers --max 6", "squad --squad avengers recruit hulk",
      "squad squads edit avengers --max 8",
      "squad squads rename avengers earth-mightiest", "squad squads delete earth-mightiest --yes",
      "squad squads restore earth-mightiest", "squad squads --fields name,comics,events",
    ],
    takesOutputFormat: true)

  static func firstAction(_ context: CommandContext) throws(UsageError) -> SquadsFeature.Action {
    _ = try OptionValues.fields(context.arguments, SquadField.self)
    return .listRequested
  }
}

enum SquadsCreateCommand: SquadsFeatureCommand {
  static let spec = CommandSpec(
    name: "create",
    abstract: "Create an empty named squad.",
    discussion: "Recruiting, importing or picking past the squad's --max limit changes nothing and exits 1.",
    arguments: [ArgumentSpec(name: "name", help: "The new squad's name.")],
    options: [OptionSpec(.max, value: "n", help: "The most members the squad may hold (1 to 100000).")],
    examples: ["squad squads create avengers", "squad squads create avengers --max 6"])

  static func firstAction(_ context: CommandContext) throws(UsageError) -> SquadsFeature.Action {
    .changeRequested(
      .create(try name(0, context), maxMembers: try limit(context.arguments), at: context.environment.now()))
  }

  static func limit(_ arguments: ParsedArguments) throws(UsageError) -> Int? {
    guard arguments.value(.max) != nil else { return nil }
    return try OptionValues.integer(arguments, .max, in: 1...Squad.largestLimit, default: 0)
  }
}

enum SquadsEditCommand: SquadsFeatureCommand {
  static let spec = CommandSpec(
    name: "edit",
    abstract: "Change or remove a squad's size limit.",
    discussion: """
      The change is recorded in the squad's history; undo and redo do not cross it (they work on
      members). A limit below the squad's member count is refused (exit 1): fire some first.
      """,
    arguments: [ArgumentSpec(name: "name", help: "The squad ('default' for the default squad).", completion: .squads)],
    options: [
      OptionSpec(.max, value: "n", help: "The most members the squad may hold (1 to 100000)."),
      OptionSpec(.noMax, help: "Remove the size limit."),
    ],
    examples: ["squad squads edit avengers --max 8", "squad squads edit avengers --no-max"])

  static func firstAction(_ context: CommandContext) throws(UsageError) -> SquadsFeature.Action {
    let arguments = context.arguments
    let removes = arguments.has(.noMax)
    guard removes != (arguments.value(.max) != nil) else {
      let problem =
        removes ? "Give either --max or --no-max, not both." : "Nothing to change: give --max N or --no-max."
      throw UsageError(problem, command: arguments.command)
    }
    return .changeRequested(
      .limit(try name(0, context), maxMembers: try SquadsCreateCommand.limit(arguments), at: context.environment.now()))
  }
}

enum SquadsRenameCommand: SquadsFeatureCommand {
  static let spec = CommandSpec(
    name: "rename",
    abstract: "Give a named squad a new name; its members and history go with it.",
    arguments: [
      ArgumentSpec(name: "name", help: "The squad to rename.", completion: .namedSquads),
      ArgumentSpec(name: "new-name", help: "Its new name."),
    ],
    examples: ["squad squads rename avengers earth-mightiest"])

  static func firstAction(_ context: CommandContext) throws(UsageError) -> SquadsFeature.Action {
    .changeRequested(.rename(try name(0, context), to: try name(1, context), at: context.environment.now()))
  }
}

enum SquadsDeleteCommand: SquadsFeatureCommand {
  static let spec = CommandSpec(
    name: "delete",
    abstract: "Delete a named squad; it is kept, with its history, under squads/.deleted/.",
    discussion: """
      Asks on a terminal and needs --yes anywhere else. A deleted squad is kept, with its
      history, under squads/.deleted/ in the data folder; 'squad squads restore NAME' brings it
      back. The newest 10 holding members or changes are kept, and apart from them the newest 10
      empty ones (no members, no change but their creation), so deleting throwaway squads never
      pushes out one worth restoring; a delete that pushes one out names it on stderr.
      """,
    arguments: [ArgumentSpec(name: "name", help: "The squad to delete.", completion: .namedSquads)],
    options: [OptionSpec(.yes, short: "-y", help: "Delete without asking.")],
    examples: ["squad squads delete earth-mightiest", "squad squads delete earth-mightiest --yes"])

  static func firstAction(_ context: CommandContext) throws(UsageError) -> SquadsFeature.Action {
    .deleteRequested(
      try name(0, context), askFirst: try OptionValues.askFirst(context, "Deleting a squad", verb: "delete"),
      at: context.environment.now())
  }
}

enum SquadsRestoreCommand: SquadsFeatureCommand {
  static let spec = CommandSpec(
    name: "restore",
    abstract: "Restore a deleted squad, with its history; alone, list those that can be.",
    discussion: """
      Brings back the newest deleted squad of that name from squads/.deleted/ (the newest 10
      with members or changes, and the newest 10 empty ones, are kept), or with --at the one
      deleted at that time, as the list gives it. A squad of that name must not exist: rename it
      first (deleting it would make it the newest deletion of the name).
      """,
    arguments: [ArgumentSpec(name: "name", help: "The deleted squad to bring back.", isOptional: true)],
    options: [
      OptionSpec(
        .at, value: "time",
        help: "Restore the deletion made at this time, as 'squad squads restore' lists it (UTC, to the second).")
    ],
    examples: [
      "squad squads restore", "squad squads restore avengers",
      "squad squads restore avengers --at 2026-05-01T09:30:00Z",
    ])

  static func firstAction(_ context: CommandContext) throws(UsageError) -> SquadsFeature.Action {
    guard !context.arguments.positionals.isEmpty else {
      if context.arguments.value(.at) != nil {
        throw UsageError("--at picks a deletion of a name: give the name too.", command: context.arguments.command)
      }
      return .listRequested
    }
    guard let text = context.arguments.value(.at) else { return .changeRequested(.restore(try name(0, context))) }
    guard let time = MarvelDate.parse(text) else {
      throw UsageError(
        "Invalid --at '\(text)': give a deletion time as 'squad squads restore' lists it, e.g. 2026-05-01T09:30:00Z.",
        command: context.arguments.command)
    }
    return .changeRequested(.restore(try name(0, context), at: time))
  }
}

enum SquadsCompareCommand: SquadsFeatureCommand {
  static let spec = CommandSpec(
    name: "compare",
    abstract: "Compare two squads side by side: totals, the star of each, members in both.",
    discussion: """
      One row per measure and a column per squad: members, the catalogue's comics, series,
      stories and events added up, the star (the member with the most comics) and the members
      the two share. --json gives one object for scripts.
      """,
    arguments: [
      ArgumentSpec(name: "name", help: "A squad ('default' for the default squad).", completion: .squads),
      ArgumentSpec(name: "other", help: "The squad to compare it with.", completion: .squads),
    ],
    examples: ["squad squads compare default avengers", "squad squads compare avengers defenders --json"],
    takesOutputFormat: true)

  static func firstAction(_ context: CommandContext) throws(UsageError) -> SquadsFeature.Action {
    _ = try (name(0, context), name(1, context))
    return .listRequested
  }

  static func report(_ state: SquadsFeature.State, _ context: CommandContext) -> CommandOutcome {
    guard case .listed(let summaries) = state, let names = try? [name(0, context), name(1, context)] else {
      return .unfinished
    }
    var pair: [SquadSummary] = []
    for name in names {
      guard let summary = summaries.first(where: { $0.name == name }) else {
        return .failed(SquadError.missing(name, nearest: SquadSet.nearest(to: name, in: summaries.map(\.name))))
      }
      // A squad that cannot be read or is damaged is an error, never an empty column.
      if let problem = summary.problem { return .failed(problem) }
      pair.append(summary)
    }
    context.console.out(
      SquadsOutput.compare(pair, settings: context.output, catalogue: context.parts.catalogue.catalogue))
    return .success
  }
}

protocol SquadsFeatureCommand: FeatureCommand where Machine == SquadsFeature, Runner == SquadsEffects {}

extension SquadsFeatureCommand {
  static var initialState: SquadsFeature.State { .idle }

  static func runner(_ parts: LiveParts) -> SquadsEffects {
    SquadsEffects(set: parts.squads, environment: parts.environment)
  }

  /// The squad name given as the positional argument at `index` (the parser has checked that it
  /// is there: a missing one is an empty name, which the name rules refuse).
  static func name(_ index: Int, _ context: CommandContext) throws(UsageError) -> SquadName {
    let words = context.arguments.positionals
    return try SquadName.parse(words.indices.contains(index) ? words[index] : "")
      .mapError { UsageError($0.description, command: context.arguments.command) }.get()
  }

  static func report(_ state: SquadsFeature.State, _ context: CommandContext) -> CommandOutcome {
    switch state {
    // `squads restore` alone lists the deletions it can bring back.
    case .listed where self == SquadsRestoreCommand.self:
      do throws(PersistenceError) {
        let kept = try context.parts.squads.deleted()
        if kept.isEmpty { context.notice("No deleted squads are kept; 'squad squads delete' keeps the newest.") }
        context.console.out(kept.map { "\($0.name)\t\(MarvelDate.iso8601($0.deletedAt))\n" }.joined())
      } catch {
        return .failed(error)
      }
      return .success
    case .listed(let summaries):
      let fields = (try? OptionValues.fields(context.arguments, SquadField.self)) ?? nil
      context.console.out(
        SquadsOutput.render(
          summaries, now: context.environment.now(), settings: context.output, fields: fields,
          catalogue: context.parts.catalogue.catalogue))
      for summary in summaries { if let problem = summary.problem { context.notice("Warning: \(problem)") } }
      for stray in context.parts.squads.strayFolders() { context.notice("Warning: " + stray) }
      // As `ls` does: the rest is listed, a squad whose file could not be read fails the command,
      // a damaged one only warns.
      return summaries.contains { $0.problem?.exitCode == .failure } ? .exit(.failure) : .success
    case .changed(.limit(let name, let limit, _), let change):
      let now = change == .unchanged ? "already" : "now"
      return .notice(
        limit.map { "The squad '\(name)' \(now) holds at most \(Plural.members($0))." }
          ?? "The squad '\(name)' \(now) has no size limit.")
    case .changed(.create(let name, let limit, _), let change):
      var created = "Created the squad '\(name)'\(limit.map { " (at most \(Plural.members($0)))" } ?? "")."
      if case .takenUp(let earlier) = change {
        created +=
          " Its folder held the history of \(Plural.count(earlier, "change")) (its squad.json was removed), which "
          + "carries on: 'squad --squad \(name) history' lists them; undo starts here."
      }
      return .notice(created + " Use it with --squad \(name).")
    case .changed(.rename(let old, let new, _), let change):
      return .notice(
        change == .unchanged
          ? "The squad '\(old)' is already called that; nothing changed." : "Renamed the squad '\(old)' to '\(new)'.")
    case .changed(.delete(let name, _, _), .deleted(let members, let folder)):
      return .notice(
        "Deleted \(Plural.squad(name, members: members)). It is set aside, with its history, in \(folder); "
          + "to get it back: squad squads restore \(name)")
    case .changed(.delete(let name, _, _), .deletedUnread(let problem, let folder)):
      return .notice(
        "Deleted the squad '\(name)' (its file could not be read: \(problem.briefly)). It is set aside, with its "
          + "history, in \(folder); to get it back: squad squads restore \(name)")
    case .changed(.restore(let name, _), .restored(let folder, let older)):
      let others =
        older.isEmpty
        ? ""
        : " Older deletions of '\(name)' are kept, made at " + NameList.join(older.map(MarvelDate.iso8601))
          + "; to reach one, rename this squad first, then: squad squads restore \(name) --at TIME."
      return .notice("Restored the squad '\(name)' from \(folder). Use it with --squad \(name).\(others)")
    case .cancelled: return .notice("Nothing deleted; the squad is unchanged.")
    case .failed(let failure): return .failed(failure)
    default: return .unfinished
    }
  }
}
