/// A Marvel image reference: `path` plus `extension`, from which every size variant is built.
struct Thumbnail: Hashable, Sendable, Decodable {
  /// Without extension, e.g. `http://i.annihil.us/u/prod/marvel/i/mg/3/50/526548a343e4b`.
  var path: String
  var `extension`: String
  /// Marvel's "no picture" (a third of all characters carry it), read as none wherever squad finds it.
  var isPlaceholder: Bool { path.hasSuffix("image_not_available") }
  func url() -> String { "\(path).\(`extension`)" }
}

extension Thumbnail {
  init?(url: String) {
    guard let dot = url.lastIndex(of: "."), let slash = url.lastIndex(of: "/"), dot > slash else {
      return nil
    }
    self.init(path: String(url[..<dot]), extension: String(url[url.index(after: dot)...]))
  }
}
