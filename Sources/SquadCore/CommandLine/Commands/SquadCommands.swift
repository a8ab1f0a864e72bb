enum RecruitCommand: SquadFeatureCommand {
  static let upgradesCatalogue = true

  static let spec = CommandSpec(
    name: "recruit",
    abstract: "Add heroes to the squad.",
    discussion: """
      Every hero is looked up first; then all of them join in one save. Recruiting a hero who is
      already in the squad changes nothing and is not an error.

      '-' reads one hero id or name a line from stdin. A line holding a tab is a row of
      tab-separated values, as 'squad list', 'squad heroes' and 'squad export --format tsv' print
      in a pipe: its first field is the hero (a line whose first field is empty is refused), and
      a first line whose first field is 'id' is a header, skipped. So 'squad --squad avengers list | squad recruit -' copies a squad.
      """,
    arguments: [
      ArgumentSpec(
        name: "hero",
        help: "A Marvel character id, or a name or unique name prefix; '-' reads them from stdin, one a line.",
        isRepeating: true, completion: .heroes)
    ],
    examples: [
      "squad recruit 1009610", "squad recruit 1009610 hulk 'captain america'", "cut -f1 team.tsv | squad recruit -",
    ], usesSquad: true)

  static func firstAction(_ context: CommandContext) throws(UsageError) -> SquadFeature.Action {
    var arguments = context.arguments
    if let dash = arguments.positionals.firstIndex(of: "-") {
      // Read as `import -` reads stdin (bounded, a read error refused): one id or name a line,
      // blank lines skipped.
      let bytes: [UInt8]
      do throws(PersistenceError) {
        bytes = ByteOrderMark.stripped(try BoundedInput.standardInput())
      } catch {
        throw UsageError(failure: error, command: "recruit")
      }
      let lines = try heroLines(bytes)
      guard !lines.isEmpty else {
        throw UsageError("'-' reads heroes from stdin, one a line, and stdin held none.", command: "recruit")
      }
      arguments.positionals.replaceSubrange(dash...dash, with: lines)
    }
    return .recruitRequested(try OptionValues.heroRefs(arguments), at: context.environment.now())
  }

  /// The hero ids or names `recruit -` read: lines ended at LF alone (as `read` and `cut` end
  /// them), trimmed, blank ones skipped; of a line holding a tab (a TSV row of `list` or
  /// `heroes`), the first field, a header (`id` first) skipped. Not UTF-8 is exit 65; a control
  /// character but tab, or an empty first field, 64.
  static func heroLines(_ bytes: [UInt8]) throws(UsageError) -> [String] {
    guard let text = String(validating: bytes, as: UTF8.self) else {
      throw UsageError(
        "stdin is not UTF-8 text; 'recruit -' reads hero ids or names from it, one a line. Nothing was recruited.",
        command: "recruit", exitCode: .invalidData)
    }
    let segments = text.utf8.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
    // A CR is dropped only before an LF: one at the very end, with no LF after it, is a lone CR.
    let lines = segments.enumerated().map { index, line in
      Substring(line.last == UInt8(ascii: "\r") && index < segments.count - 1 ? line.dropLast() : line)
    }
    for (index, line) in lines.enumerated() {
      guard let control = line.unicodeScalars.first(where: { $0.properties.generalCategory == .control && $0 != "\t" })
      else { continue }
      throw UsageError(
        "line \(index + 1) of stdin holds a control character (\(TextSnippet.codePoint(control))); 'recruit -' reads one hero id or name a line.",
        command: "recruit")
    }
    var heroes: [String] = []
    for (index, line) in lines.enumerated() where !line.trimmingWhitespace().isEmpty {
      guard let tab = line.firstIndex(of: "\t") else {
        heroes.append(line.trimmingWhitespace())
        continue
      }
      let first = line[..<tab].trimmingWhitespace()
      // The second field is no stand-in: a row cut short at its start names some other column.
      guard !first.isEmpty else {
        throw UsageError(
          "line \(index + 1) of stdin has an empty first field (nothing but blanks before its first tab); 'recruit "
            + "-' takes the hero from each line's first field. Nothing was recruited.", command: "recruit")
      }
      if index > 0 || first.lowercased() != "id" { heroes.append(first) }
    }
    return heroes
  }
}

enum FireCommand: SquadFeatureCommand {
  static let upgradesCatalogue = true

  static let spec = CommandSpec(
    name: "fire",
    abstract: "Remove heroes from the squad.",
    discussion: """
      On a terminal squad asks before firing. Anywhere else (scripts, pipes) it needs --yes.
      Firing a hero who is not in the squad changes nothing and is not an error.
      """,
    arguments: [
      ArgumentSpec(
        name: "hero", help: "A Marvel character id, or a name or unique name prefix.", isRepeating: true,
        completion: .members
      )
    ],
    options: [OptionSpec(.yes, short: "-y", help: "Fire without asking.")],
    examples: ["squad fire hulk", "squad fire 1009610 1009351 --yes"], usesSquad: true)

  static func firstAction(_ context: CommandContext) throws(UsageError) -> SquadFeature.Action {
    .fireRequested(
      try OptionValues.heroRefs(context.arguments),
      askFirst: try OptionValues.askFirst(context, "Firing", verb: "fire"),
      from: context.squadName)
  }
}

enum ListCommand: SquadFeatureCommand {
  static let spec = CommandSpec(
    name: "list",
    abstract: "List the squad in recruitment order.",
    discussion: """
      --fields may add the catalogue's counts and last change of each hero (comics, series,
      stories, events, modified), looked up as the list is shown; the table ends with the squad's
      totals.
      """,
    options: [
      OptionValues.fieldsOption(MemberField.self, default: "id,name,recruitedAt; JSON: the squad file's"),
      OptionSpec(
        .order, value: "count", choices: HeroOrder.allCases.filter { $0.count != nil }.map(\.rawValue),
        help: "Order by a count: comics, series, stories or events, the fewest first; -comics: the most first."),
    ],
    examples: [
      "squad list", "squad list --json", "squad list | cut -f1", "squad list --fields name,comics --order -comics",
    ],
    takesOutputFormat: true, usesSquad: true)

  static func firstAction(_ context: CommandContext) throws(UsageError) -> SquadFeature.Action {
    _ = try OptionValues.fields(context.arguments, MemberField.self)
    return .listRequested
  }
}

/// Recruit, fire and list: the squad feature, reported the same way.
protocol SquadFeatureCommand: FeatureCommand where Machine == SquadFeature, Runner == SquadEffects {}

extension SquadFeatureCommand {
  static var initialState: SquadFeature.State { SquadFeature.State() }
  static func runner(_ parts: LiveParts) -> SquadEffects { SquadEffects(environment: parts.environment) }

  static func status(_ state: SquadFeature.State) -> String? {
    switch state.phase {
    case .resolving: return "Looking up heroes…"
    case .loading: return "Loading squad…"
    case .updating: return state.waitingForLock ? "Waiting for another squad command to finish…" : "Saving squad…"
    default: return nil
    }
  }

  static func report(_ state: SquadFeature.State, _ context: CommandContext) -> CommandOutcome {
    context.noticeSource(state.source)
    switch state.phase {
    case .done(let squad, let change):
      SquadChangeReport.report(change, context: context)
      for name in state.noMember {
        context.notice(
          "No member of \(context.squadName.spoken) is named '\(TextSnippet.quote(name))'; nothing changed for it.")
      }
      if self == ListCommand.self {
        let name = context.squadName
        if squad.members.isEmpty {
          context.notice(
            name.isDefault
              ? "Your squad is empty. Recruit someone: squad recruit <hero>"
              : "The squad '\(name)' is empty. Recruit someone: squad --squad \(name) recruit <hero>")
        } else if !name.isDefault, context.output.format == .table {
          // Like gh's "Showing … in owner/repo": which squad this is, on a terminal only.
          let limit = squad.maxMembers.map { " (at most \($0))" } ?? ""
          context.notice("\(name): \(Plural.members(squad.members.count))\(limit)")
        }
        let fields = (try? OptionValues.fields(context.arguments, MemberField.self)) ?? nil
        let order = context.arguments.value(.order).flatMap(HeroOrder.init(rawValue:))
        // Counts joined from a catalogue that cannot be read would be a silent wrong answer.
        var unreadable: PersistenceError?
        let text = SquadOutput.render(
          squad, name: name, settings: context.output, fields: fields, order: order,
          catalogue: {
            do throws(PersistenceError) { return try context.parts.catalogue.read() } catch {
              unreadable = error
              return nil
            }
          }())
        if let unreadable { return .failed(unreadable) }
        context.console.out(text)
      }
      return .success
    case .cancelled: return .notice("Nothing fired; the squad is unchanged.")
    case .failed(.lookup(let failure)): return .lookupFailed(failure)
    case .failed(let failure): return .failed(failure)
    default: return .unfinished
    }
  }
}

/// Prints what a change did to the squad, naming a named squad ("Recruited Thor into avengers.").
enum SquadChangeReport {
  static func report(_ change: SquadChange, context: CommandContext) {
    said("Recruited", change.added.map(\.name), into: "into", context)
    unchanged(change.alreadyMembers, "already in", context)
    said("Fired", change.removed.map(\.name), into: "from", context)
    unchanged(change.notMembers, "not in", context)
  }

  /// What an undo or redo did to the members, said the way recruit and fire say it.
  static func report(_ diff: SquadDiff, context: CommandContext) {
    let addedIDs = Set(diff.added.map(\.member.id))
    let removedIDs = Set(diff.removed.map(\.member.id))
    let joined = diff.added.filter { !removedIDs.contains($0.member.id) }.map(\.member.name)
    let left = diff.removed.filter { !addedIDs.contains($0.member.id) }.map(\.member.name)
    let updated = diff.added.filter { removedIDs.contains($0.member.id) }.map(\.member.name)
    said("Recruited", joined, into: "into", context)
    said("Fired", left, into: "from", context)
    said("Updated", updated, into: "in", context)
  }

  /// `Hulk and Thor are already in avengers; nothing changed for them.`, when it names anyone.
  private static func unchanged(_ heroes: [Hero], _ place: String, _ context: CommandContext) {
    guard !heroes.isEmpty else { return }
    let names = NameList.join(heroes.map(\.name))
    context.notice(
      "\(names) \(heroes.count == 1 ? "is" : "are") \(place) \(context.squadName.spoken); nothing changed for them.")
  }

  /// `Recruited Hulk and Thor into avengers.`: one line for a verb, when it names anyone.
  private static func said(_ verb: String, _ names: [String], into preposition: String, _ context: CommandContext) {
    guard !names.isEmpty else { return }
    let sentence = "\(verb) \(NameList.join(names))\(context.squadName.place(preposition))"
    // A name that ends the sentence with its own full stop (A.I.M.) gets no second one.
    context.notice(sentence.hasSuffix(".") ? sentence : sentence + ".")
  }
}
