import Foundation

/// Turns an import file into members, validating all of it: the format is told by content, not
/// by the file name; every problem in the file is reported, not just the first.
public enum ImportParser {
  /// The members of the file in file order, or every problem found in it.
  public static func parse(_ file: ImportFile, now: Date) -> Result<[Member], InvalidImport> {
    func invalid(_ problems: [ImportProblem]) -> Result<[Member], InvalidImport> {
      .failure(InvalidImport(label: file.label, problems: problems))
    }
    // The squad file's rule: a leading byte-order mark (spreadsheets write one) is skipped.
    let bytes = ByteOrderMark.stripped(Array(file.data))
    guard let text = String(validating: bytes, as: UTF8.self) else {
      return invalid([ImportProblem(.wholeFile, "not UTF-8 text; save it as UTF-8 and import it again")])
    }
    let drafts: Result<[MemberDraft], ImportProblem>
    switch ImportFormat.detect(text) {
    case nil: return invalid([ImportProblem(.wholeFile, "the file is empty; expected a squad export (json, jsonl or csv)")])
    case .json?: drafts = ImportJSON.document(bytes)
    case .jsonLines?: drafts = .success(ImportJSON.lines(text))
    case .csv?: drafts = ImportCSV.drafts(text)
    }
    switch drafts {
    case .failure(let problem): return invalid([problem])
    case .success(let drafts):
      let (members, problems) = validate(drafts, now: now)
      return problems.isEmpty ? .success(members) : invalid(problems)
    }
  }

  private static func validate(_ drafts: [MemberDraft], now: Date) -> ([Member], [ImportProblem]) {
    var members: [Member] = []
    var problems: [ImportProblem] = []
    var firstSeen: [HeroID: ImportLocation] = [:]
    for draft in drafts {
      guard let member = draft.validated(now: now, problems: &problems) else { continue }
      if let first = firstSeen[member.id] {
        problems.append(
          ImportProblem(draft.location, field: .id, "\(member.id) appears twice (first at \(first)); each member may appear once")
        )
      } else {
        firstSeen[member.id] = draft.location
        members.append(member)
      }
    }
    return (members, problems)
  }
}
