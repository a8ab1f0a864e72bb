/// A Marvel character in every shape squad reads one (API answers, archives, JSON Lines, an
/// earlier release's cache), by one rule: unknown dates, placeholder pictures and non-web links
/// are dropped; anything squad could not keep (``HeroLimits``) refuses the record, naming the field.
struct CharacterDTO: Decodable {
  var hero: Hero

  private enum Key: String, CodingKey {
    case id, name, description, modified, thumbnail, comics, series, stories, events, urls
  }

  init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: Key.self)
    func check(_ key: Key, _ problem: String?) throws {
      if let problem { throw DecodingError.dataCorruptedError(forKey: key, in: container, debugDescription: problem) }
    }
    let id = try container.wholeNumber(.id)
    try check(.id, HeroLimits.idProblem(id))
    let name = try container.decode(String.self, forKey: .name)
    try check(.name, HeroLimits.nameProblem(name))
    let description = try container.decodeIfPresent(String.self, forKey: .description) ?? ""
    try check(.description, HeroLimits.descriptionProblem(description))
    let picture = try container.decodeIfPresent(Thumbnail.self, forKey: .thumbnail)
    try check(.thumbnail, picture.flatMap { HeroLimits.urlProblem($0.url()) })
    let links = try container.decodeIfPresent([HeroLink].self, forKey: .urls) ?? []
    try check(.urls, HeroLimits.linksProblem(count: links.count))
    try check(.urls, links.lazy.compactMap { HeroLimits.urlProblem($0.type) ?? HeroLimits.urlProblem($0.url) }.first)
    let counts = try [Key.comics, .series, .stories, .events].map {
      try container.decodeIfPresent(Count.self, forKey: $0)
    }
    // Seconds since 1970 (squad's own records) or Marvel's text, as the record reader takes it.
    let seconds = try? container.decodeIfPresent(Int.self, forKey: .modified)
    let text = try? container.decodeIfPresent(String.self, forKey: .modified)
    hero = Hero(
      id: HeroID(id), name: name, description: description,
      modified: seconds.flatMap(MarvelDate.seconds) ?? text.flatMap(MarvelDate.known),
      thumbnail: picture.flatMap { $0.isPlaceholder || !HeroLink.isWebAddress($0.path) ? nil : $0 },
      counts: HeroCounts(
        comics: counts[0]?.value, series: counts[1]?.value, stories: counts[2]?.value, events: counts[3]?.value),
      urls: links.filter { HeroLink.isWebAddress($0.url) })
  }

  /// A count: a whole number, or Marvel's `{"available": N, "items": […]}` (its items stop at 20).
  private struct Count: Decodable {
    var value: Int?
    private enum Key: String, CodingKey { case available }

    init(from decoder: any Decoder) throws {
      if let container = try? decoder.container(keyedBy: Key.self) {
        value = try container.wholeNumberIfPresent(.available)
      } else {
        value = try WholeNumber(from: decoder).value
      }
      if let problem = value.flatMap(HeroLimits.countProblem) {
        throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: problem))
      }
    }
  }
}
