import Foundation
import NatterCore
import Testing

@Suite("processEnvironment")
struct ProcessEnvironmentTests {
  @Test func givesTheNamedVariablesThatAreSetAndNoOthers() {
    setenv("NATTER_TEST_SET", "a value=with an equals sign", 1)
    setenv("NATTER_TEST_EMPTY", "", 1)
    unsetenv("NATTER_TEST_UNSET")
    defer {
      unsetenv("NATTER_TEST_SET")
      unsetenv("NATTER_TEST_EMPTY")
    }
    let found = processEnvironment("NATTER_TEST_SET", "NATTER_TEST_EMPTY", "NATTER_TEST_UNSET")
    #expect(found == ["NATTER_TEST_SET": "a value=with an equals sign", "NATTER_TEST_EMPTY": ""])
    #expect(found["PATH"] == nil)
  }

  @Test func agreesWithProcessInfo() {
    let names = ["HOME", "PATH", "LANG"]
    let all = ProcessInfo.processInfo.environment
    #expect(processEnvironment("HOME", "PATH", "LANG") == all.filter { names.contains($0.key) })
  }
}
