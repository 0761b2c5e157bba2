import Foundation
import Testing

@testable import NatterCore

@Suite struct SHA256Tests {
  private func hex(_ text: String) -> String { SHA256.hex(SHA256.hash(Array(text.utf8))) }

  @Test func hashesTheFIPSVectors() {
    #expect(hex("abc") == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
    #expect(hex("") == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
    #expect(
      hex("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq")
        == "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1")
    // 55, 56 and 64 bytes: the padding's edge cases.
    #expect(
      hex(String(repeating: "a", count: 56))
        == "b35439a4ac6f0948b6d6f9e3c6af0f5f590ce20f1bde7090ef7970686ec6738a")
  }

  @Test func hmacMatchesRFC4231() {
    let one = SHA256.hmac(key: [UInt8](repeating: 0x0b, count: 20), Array("Hi There".utf8))
    #expect(
      SHA256.hex(one) == "b0344c61d8db38535ca8afceaf0bf12b881dc200c9833da726e9376c2e32cff7")
    let two = SHA256.hmac(key: Array("Jefe".utf8), Array("what do ya want for nothing?".utf8))
    #expect(
      SHA256.hex(two) == "5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843")
    // A key longer than a block is hashed first.
    let six = SHA256.hmac(
      key: [UInt8](repeating: 0xaa, count: 131),
      Array("Test Using Larger Than Block-Size Key - Hash Key First".utf8))
    #expect(
      SHA256.hex(six) == "60e431591ee0b67f0d8a26aacbf5b77f8e0bc6213728c5140546040f0ee37f54")
  }

  @Test func pbkdf2MatchesPublishedVectors() {
    func hi(_ iterations: Int) -> String {
      SHA256.hex(
        SHA256.hi(
          password: Array("password".utf8), salt: Array("salt".utf8), iterations: iterations))
    }
    #expect(hi(1) == "120fb6cffcf8b32c43e7225256c4f837a86548c92ccc35480805987cb70be17b")
    #expect(hi(2) == "ae4d0c95af6b46d32d0adff928f06dd02a303f8ef3c251dfd6e2d85a95474c43")
    #expect(hi(4096) == "c5e478d59288c841aa530db6845c4c8d962893a001ce4e11a4963873aa98134a")
  }
}
