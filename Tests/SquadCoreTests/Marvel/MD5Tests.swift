import Testing

@testable import SquadCore

@Suite struct MD5Tests {
  /// The complete test suite of RFC 1321, appendix A.5.
  @Test(arguments: [
    ("", "d41d8cd98f00b204e9800998ecf8427e"),
    ("a", "0cc175b9c0f1b6a831c399e269772661"),
    ("abc", "900150983cd24fb0d6963f7d28e17f72"),
    ("message digest", "f96b697d7cb7938d525a2f31aaf161d0"),
    ("abcdefghijklmnopqrstuvwxyz", "c3fcd3d76192e4007dfb496cca67e13b"),
    ("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789", "d174ab98d277d9f5a5611c2c9f419d9f"),
    (
      "12345678901234567890123456789012345678901234567890123456789012345678901234567890",
      "57edf4a22be3c955ac49da2e2107b67a"
    ),
  ])
  func matchesEveryRFC1321TestVector(input: String, digest: String) {
    #expect(MD5.hex(input) == digest)
  }

  @Test func matchesMarvelsDocumentedExample() {
    #expect(MD5.hex("1abcd1234") == "ffd275c5130566a2916217b101f26150")
  }

  /// Lengths around the 56- and 64-byte padding boundaries, and several blocks.
  @Test(arguments: [
    (55, "ef1772b6dff9a122358552954ad0df65"), (56, "3b0c8ac703f828b04c6c197006d17218"),
    (63, "b06521f39153d618550606be297466d5"), (64, "014842d480b571495a4a0363793f7367"),
    (65, "c743a45e0d2e6a95cb859adae0248435"), (1000, "cabe45dcc9ae5b66ba86600cca6b8ba8"),
  ])
  func handlesPaddingBoundaries(length: Int, digest: String) {
    #expect(MD5.hex(String(repeating: "a", count: length)) == digest)
  }

  @Test func hashesUTF8Bytes() {
    #expect(MD5.hex("Araña") == "081560e0631686ff5a12edb63ab03ed5")
    #expect(MD5.digest(Array("abc".utf8)).count == 16)
  }
}
