import CGtk
import Foundation
import NatterCore
import Testing

@testable import NatterSession

@Suite("SettingsFile")
struct SettingsFileTests {
  private func temporaryDirectory() throws -> URL {
    let url = FileManager.default.temporaryDirectory
      .appendingPathComponent("natter-settings-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
  }

  @Test func pathFollowsXDGConfigHome() {
    let file = SettingsFile(environment: ["XDG_CONFIG_HOME": "/x/config", "HOME": "/home/u"])
    #expect(file.url.path == "/x/config/natter/settings.ini")
  }

  @Test func pathDefaultsToDotConfigWhenUnsetOrRelative() {
    #expect(
      SettingsFile(environment: ["HOME": "/home/u"]).url.path
        == "/home/u/.config/natter/settings.ini")
    #expect(
      SettingsFile(environment: ["XDG_CONFIG_HOME": "rel", "HOME": "/home/u"]).url.path
        == "/home/u/.config/natter/settings.ini")
  }

  @Test func missingFileGivesDefaults() throws {
    let directory = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let file = SettingsFile(environment: ["XDG_CONFIG_HOME": directory.path])
    #expect(file.load() == Settings())
  }

  @Test func saveCreatesTheDirectoryAndLoadsBackEqual() throws {
    let directory = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let file = SettingsFile(environment: ["XDG_CONFIG_HOME": directory.path])
    let settings = Settings(sendKey: .controlEnter, maxLines: 6, style: .dark)
    #expect(file.save(settings))
    #expect(file.load() == settings)
    // Atomic replacement leaves no temporary file behind.
    let names = try FileManager.default.contentsOfDirectory(
      atPath: directory.appendingPathComponent("natter").path)
    #expect(names == ["settings.ini"])
  }

  @Test func savedFileIsReadableByGLibKeyFile() throws {
    let directory = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let file = SettingsFile(url: directory.appendingPathComponent("settings.ini"))
    #expect(file.save(Settings(sendKey: .controlEnter, maxLines: 9, style: .light)))
    let keyFile = g_key_file_new()
    defer { g_key_file_unref(keyFile) }
    #expect(g_key_file_load_from_file(keyFile, file.url.path, G_KEY_FILE_NONE, nil) != 0)
    #expect(g_key_file_get_integer(keyFile, "composer", "max-lines", nil) == 9)
    let sendKey = g_key_file_get_string(keyFile, "composer", "send-key", nil)
    defer { g_free(sendKey) }
    #expect(sendKey.map { String(cString: $0) } == "ctrl-enter")
    let style = g_key_file_get_string(keyFile, "appearance", "style", nil)
    defer { g_free(style) }
    #expect(style.map { String(cString: $0) } == "light")
  }

  @Test func savedQuitMessageIsReadByGLibKeyFileAsWritten() throws {
    let directory = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let file = SettingsFile(url: directory.appendingPathComponent("settings.ini"))
    var settings = Settings()
    settings.quitMessage = " so long\\and\nthanks "
    #expect(file.save(settings))
    #expect(file.load().quitMessage == settings.quitMessage)
    let keyFile = g_key_file_new()
    defer { g_key_file_unref(keyFile) }
    #expect(g_key_file_load_from_file(keyFile, file.url.path, G_KEY_FILE_NONE, nil) != 0)
    let message = g_key_file_get_string(keyFile, "irc", "quit-message", nil)
    defer { g_free(message) }
    #expect(message.map { String(cString: $0) } == settings.quitMessage)
  }

  @Test func damagedFilesGiveDefaults() throws {
    let directory = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let url = directory.appendingPathComponent("settings.ini")
    let file = SettingsFile(url: url)
    try Data([0xFF, 0xFE, 0x00, 0x5B, 0xC3, 0x28]).write(to: url)
    #expect(file.load() == Settings())
    try Data("[composer]\nmax-lines=400\nsend-key=ctrl-enter\n".utf8).write(to: url)
    #expect(file.load() == Settings(sendKey: .controlEnter))
    // A directory where the file should be: unreadable, defaults, no crash.
    try FileManager.default.removeItem(at: url)
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: false)
    #expect(file.load() == Settings())
    #expect(!file.save(Settings(maxLines: 2)))
  }

  @Test func unwritableLocationFailsWithoutCrashing() throws {
    let directory = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let blocker = directory.appendingPathComponent("not-a-directory")
    try Data("x".utf8).write(to: blocker)
    let file = SettingsFile(environment: ["XDG_CONFIG_HOME": blocker.path])
    #expect(!file.save(Settings()))
    #expect(file.load() == Settings())
  }
}
