/// So that squad never writes a catalogue it would refuse to read and a build stays in bounded
/// memory. Past a bound, nothing is written and the command exits 65.
enum CatalogueLimits {
  /// The most heroes: twice the design size of 100,000 (Marvel has 1,562).
  static let maximumHeroes = 200_000
  static let maximumComics = 200_000
  static let maximumBytes = InputLimit.mappedFile

  static func problem(heroes: Int, comics: Int, bytes: Int) -> String? {
    if heroes > maximumHeroes {
      return "the catalogue would hold more than \(maximumHeroes) heroes, the most squad keeps"
    }
    if comics > maximumComics {
      return "the catalogue would hold more than \(maximumComics) comics, the most squad keeps"
    }
    if bytes > maximumBytes {
      return "the catalogue would be larger than \(InputLimit.describe(maximumBytes)), the most squad reads back"
    }
    return nil
  }
}
