import Foundation
import Testing

@testable import SquadCore

/// libcurl loaded on first use: found where the system keeps it, and a clear failure (never a
/// crash, never a retry, never the local catalogue instead) when it cannot be loaded.
@Suite(.needsGNULinux("libcurl, which URLSession speaks through only on Linux (macOS uses the system's)"))
struct NetworkLibraryTests {
  static let missing = "/nonexistent-squad-test/libcurl.so.4"

  @Test func theSystemsLibcurlLoads() {
    let result = NetworkLibrary.load(NetworkLibrary.defaultNames)
    guard case .success = result else {
      Issue.record("libcurl did not load: \(result)")
      return
    }
  }

  @Test func aMissingLibraryIsAnErrorNamingItAndWhy() {
    guard case .failure(let error) = NetworkLibrary.load([Self.missing]) else {
      Issue.record("a library that does not exist loaded")
      return
    }
    #expect(error.detail.contains(Self.missing))
    #expect(error.detail.contains("No such file"))
  }

  @Test func aLibraryWithoutCurlsFunctionsIsRefused() throws {
    // libm loads, but it is not libcurl: the check must be per function, not per file.
    guard case .failure(let error) = NetworkLibrary.load(["libm.so.6"]) else {
      Issue.record("libm was accepted as libcurl")
      return
    }
    #expect(error.detail.contains("curl_"))
  }

  @Test func squadLibcurlNamesTheOnlyLibraryTried() {
    #expect(NetworkLibrary.names(environment: [:]) == ["libcurl.so.4", "libcurl-gnutls.so.4"])
    #expect(NetworkLibrary.names(environment: ["SQUAD_LIBCURL": ""]) == NetworkLibrary.defaultNames)
    #expect(NetworkLibrary.names(environment: ["SQUAD_LIBCURL": "/opt/curl/libcurl.so"]) == ["/opt/curl/libcurl.so"])
  }

  @Test func theTransportReportsAMissingLibraryWithoutTouchingTheNetwork() async {
    let transport = URLSessionTransport(libraries: [Self.missing])
    let result = await transport.get(HTTPRequest(url: "http://127.0.0.1:9/v1/public/characters", timeout: 5))
    guard case .failure(.noNetworkLibrary(let detail)) = result else {
      Issue.record("expected noNetworkLibrary, got \(result)")
      return
    }
    #expect(detail.contains(Self.missing))
  }

  @Test func theClientNeitherRetriesNorFallsBack() async {
    let client = LiveMarvelClient(
      baseURL: "http://127.0.0.1:9/v1/public", credentials: TestKeys.credentials, cache: nil,
      transport: URLSessionTransport(libraries: [Self.missing]))
    let result = await client.characters(CharacterFilter(), freshness: .withinTTL)
    guard case .failure(let error) = result, case .noNetworkLibrary = error else {
      Issue.record("expected noNetworkLibrary, got \(result)")
      return
    }
    #expect(!error.isUnavailable)
    #expect(error.sourceError.exitCode == .failure)
    #expect(error.description.contains("SQUAD_LIBCURL"))
  }
}
