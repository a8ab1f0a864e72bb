import Testing

@testable import SquadCore

/// The start-up join gives what the standard library's `joined(separator:)` gives.
@Suite struct JoinedAtStartTests {
  @Test func itJoinsAsTheStandardLibraryDoes() {
    let cases: [[String]] = [[], [""], ["a"], ["catalogue", "import"], ["", "b", ""], ["é", "👩‍🚀", "x y"]]
    for strings in cases {
      for separator in ["", " ", ", "] {
        #expect(strings.joinedDirectly(separator: separator) == strings.joined(separator: separator), "\(strings)")
      }
    }
  }
}
