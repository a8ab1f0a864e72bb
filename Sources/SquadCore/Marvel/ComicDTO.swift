import Foundation

/// A comic as the API sends it, reduced to what `show` prints: the title and on-sale date.
struct ComicDTO: Decodable {
  var title: String
  var dates: [DateDTO]?

  private enum CodingKeys: String, CodingKey { case title, dates }

  init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    title = try container.decode(String.self, forKey: .title)
    dates = try? container.decodeIfPresent([DateDTO].self, forKey: .dates)
  }

  /// `{type: onsaleDate|focDate|…, date}`.
  struct DateDTO: Decodable {
    var type: String
    var date: String?
  }

  /// The appearance; dates Marvel marks as unknown (`-0001-11-30…`, the epoch) are nil.
  var appearance: ComicAppearance {
    let onSale = dates?.first { $0.type == "onsaleDate" }?.date
    return ComicAppearance(title: title, onSale: CharacterDTO.knownDate(onSale))
  }
}
