/// Why heroes could not be listed or looked up.
enum SourceError: CommandFailure, Hashable, Sendable {
  case credentials(String)
  /// The API could not be reached or kept failing, and no fallback could answer.
  case unavailable(String)
  case invalidResponse(String)
  /// A 4xx other than authentication.
  case rejected(status: Int, message: String)
  case storage(PersistenceError)
  /// The local catalogue holds this hero, but its record fails its check.
  case damagedRecord(HeroID)

  var exitCode: ExitCode {
    switch self {
    case .credentials: return .credentials
    case .unavailable, .rejected: return .failure
    case .invalidResponse, .damagedRecord: return .invalidData
    case .storage(let error): return error.exitCode
    }
  }

  var description: String {
    switch self {
    case .credentials(let message), .unavailable(let message), .invalidResponse(let message): return message
    case .rejected(let status, let message): return "The Marvel API refused the request (HTTP \(status)): \(message)"
    case .storage(let error): return error.description
    case .damagedRecord(let id):
      return "The local catalogue's record of hero \(id) is damaged, so it cannot be read. "
        + "'squad catalogue check --repair' repairs the catalogue; the next sync or import that holds the hero "
        + "brings it back."
    }
  }
}

/// Why a hero named on the command line could not be picked.
enum LookupFailure: CommandFailure, Hashable, Sendable {
  case unknownID(HeroID)
  case unknownName(String, suggestions: [Hero])
  /// The API's answer holds no hero of this name, while the local catalogue's heroes `local` are
  /// or start with it (a partial or lying server); an id reaches the local record.
  case unknownToAPI(String, local: [Hero])
  /// Several names start with this text, none exactly; `candidates` are the first few of `matchCount`.
  case ambiguous(String, candidates: [Hero], matchCount: Int)
  case source(SourceError)
  indirect case several([LookupFailure])

  var exitCode: ExitCode {
    if case .source(let error) = self { return error.exitCode }
    return .notFound
  }

  /// The lines under the message: each candidate with its comics, or each failure of several.
  var lines: [String] {
    switch self {
    case .unknownName(_, let heroes), .unknownToAPI(_, let heroes), .ambiguous(_, let heroes, _):
      return heroes.map { hero in
        let comics = hero.counts.comics.map { Plural.count($0, "comic") } ?? "comics \(Table.unknown)"
        return "  \(hero.id)\t\(TextSanitizer.clean(hero.name))\t\(comics)"
      }
    case .several(let failures): return failures.flatMap { ["  " + $0.description] + $0.lines.map { "  " + $0 } }
    case .unknownID, .source: return []
    }
  }

  var description: String {
    switch self {
    case .unknownID(let id): return "No hero has the id \(id). Try 'squad heroes <name>' to find one."
    case .unknownName(let name, let suggestions):
      return suggestions.isEmpty
        ? "No hero is named '\(TextSnippet.quote(name))'. Try 'squad heroes <prefix>' to search."
        : "No hero is named '\(TextSnippet.quote(name))'. Did you mean one of these?"
    case .unknownToAPI(let name, let local):
      let has = local.count == 1 ? "has one; name it" : "has heroes whose names start with it; name one"
      return "The Marvel API knows no hero named '\(TextSnippet.quote(name))', but the local catalogue \(has) "
        + "by id to use the local catalogue's record:"
    case .ambiguous(let name, let candidates, let count):
      let shown = count > candidates.count ? " (the \(candidates.count) with the most comics)" : ""
      return "'\(TextSnippet.quote(name))' matches \(count) heroes; use a longer name or an id\(shown):"
    case .source(let error): return error.description
    case .several(let failures):
      return "\(failures.count) of the heroes named were not found or not clear; nothing was changed:"
    }
  }
}
