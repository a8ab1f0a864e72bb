import Foundation
import Testing

@testable import SquadCore

/// One reading rule for a hero (issue 29): the catalogue's record reader and ``CharacterDTO`` (the
/// API, archives, imports) give the same hero for the same bytes, or refuse them both.
@Suite struct HeroReadingRuleTests {
  static func byReader(_ record: String) -> Hero? {
    Array(record.utf8).withUnsafeBufferPointer { buffer in
      var reader = JSONReader(buffer)
      return try? Hero(reading: &reader)
    }
  }

  static func byDTO(_ record: String) -> Hero? {
    try? JSONDecoder().decode(CharacterDTO.self, from: Data(record.utf8)).hero
  }

  @Test func secondsDatesDigitStringsAndMarvelCountsReadAlike() throws {
    let records = [
      #"{"id":7,"name":"A","modified":1400000000,"comics":3}"#,
      #"{"id":"7","name":"A","modified":"2014-05-13T16:53:20-0400","comics":"3","series":"0"}"#,
      #"{"id":7,"name":"A","comics":{"available":12,"items":[]},"events":{"available":"4"}}"#,
      #"{"id":7,"name":"A","modified":"-0001-11-30T00:00:00-0500","stories":null}"#,
      #"{"id":7,"name":"A","modified":"not a date","description":null}"#,
    ]
    for record in records {
      let read = try #require(Self.byReader(record), "\(record)")
      #expect(read == Self.byDTO(record), "\(record)")
    }
    let seconds = try #require(Self.byDTO(records[0]))
    #expect(seconds.modified == Date(timeIntervalSince1970: 1_400_000_000), "the DTO reads a record's seconds")
    #expect(Self.byReader(records[1])?.counts.comics == 3, "the reader takes plain digits in a string")
    #expect(Self.byReader(records[2])?.counts.comics == 12)
  }

  @Test func whatOneRefusesTheOtherRefuses() {
    for record in [
      #"{"id":"+7","name":"A"}"#, #"{"id":7,"name":"A","comics":"3.0"}"#, #"{"id":7,"name":"A","comics":1.5}"#,
      #"{"id":7,"name":"A","comics":"-1"}"#, #"{"id":7,"name":"A","comics":{"available":-1}}"#,
    ] {
      #expect(Self.byReader(record) == nil, "\(record)")
      #expect(Self.byDTO(record) == nil, "\(record)")
    }
  }

  /// Found by the attack: a server's or an archive's `javascript:`, `data:` and `file:` links and
  /// pictures were stored, shown by `show` and exported.
  @Test func linksAndPicturesThatAreNotWebAddressesAreDroppedAlike() throws {
    let record = #"""
      {"id":7,"name":"A","thumbnail":{"path":"javascript:alert(1)//","extension":"jpg"},"urls":[
      {"type":"detail","url":"javascript:alert(1)"},{"type":"wiki","url":"file:///etc/passwd"},
      {"type":"x","url":"data:text/html,hi"},{"type":"y","url":" http://lead.example"},{"type":"z","url":"http://"},
      {"type":"comiclink","url":"HTTPS://marvel.com/a"},{"type":"detail","url":"http://marvel.com/b"}]}
      """#
    for read in [Self.byReader(record), Self.byDTO(record)] {
      let hero = try #require(read)
      #expect(hero.thumbnail == nil)
      #expect(hero.urls.map(\.url) == ["HTTPS://marvel.com/a", "http://marvel.com/b"])
    }
    let picture = #"{"id":7,"name":"A","thumbnail":{"path":"https://i.annihil.us/u/a","extension":"jpg"}}"#
    #expect(Self.byReader(picture)?.thumbnail?.url() == "https://i.annihil.us/u/a.jpg")
    #expect(Self.byDTO(picture) == Self.byReader(picture))
    for address in ["file:///x.jpg", "data:image/png;base64,AA", "//i.annihil.us/a", "https://", "ftp://a/b"] {
      #expect(!HeroLink.isWebAddress(address), "\(address)")
    }
  }

  @Test func everyStoredRecordReadsAlikeThroughTheDTO() {
    for hero in BundledCatalogue.heroes.prefix(200) {
      #expect(Self.byDTO(hero.record.encoded()) == hero, "\(hero.id)")
    }
  }
}
