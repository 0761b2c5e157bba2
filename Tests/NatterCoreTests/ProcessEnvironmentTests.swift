import Foundation
import NatterCore
import Testing

@Suite("processEnvironment")
struct ProcessEnvironmentTests {
  // Both read the runner's environment and change nothing: a setenv here would race the GTK
  // tests reading the environment in parallel, which glibc does not make safe.
  @Test func givesTheNamedVariablesThatAreSetAndNoOthers() {
    let path = ProcessInfo.processInfo.environment["PATH"]
    let found = processEnvironment("PATH", "NATTER_TEST_NEVER_SET")
    #expect(found == (path.map { ["PATH": $0] } ?? [:]))
    #expect(found["HOME"] == nil)
  }

  @Test func agreesWithProcessInfo() {
    let names = ["HOME", "PATH", "LANG"]
    let all = ProcessInfo.processInfo.environment
    #expect(processEnvironment("HOME", "PATH", "LANG") == all.filter { names.contains($0.key) })
  }
}
