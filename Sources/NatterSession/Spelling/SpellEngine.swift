import CEnchant
import CGtk
import Foundation
import GtkKit
import NatterCore

/// Enchant 2 with Hunspell dictionaries (SPEC §14). Loading a dictionary (0.4–0.7 s for
/// Korean) and suggestions (100–220 ms for Korean) run on one worker thread and report on the
/// main loop; checks run on the main thread, a slice per idle, and never wait: while the
/// worker holds the dictionaries `check` says so and the caller tries again shortly.
public final class SpellEngine: @unchecked Sendable {
  // Enchant dictionaries are not safe to use from two threads at once: every use is under
  // `lock`. Everything else here is touched only on the worker, or under the lock.
  private let lock = NSLock()
  private let worker = DispatchQueue(label: "org.natter.Natter.spelling")
  private var broker: OpaquePointer?
  private var dictionaries: [String: OpaquePointer] = [:]
  /// What the user added (`Add to dictionary`) or ignored this session; read under `lock`.
  private var accepted: Set<String> = []
  /// The personal word list's file.
  public let personalFile: URL?

  /// An engine whose `Add to dictionary` words live in `personalFile` (in Natter's data
  /// folder: `$XDG_DATA_HOME/natter/spelling/personal.dic`).
  public init(personalFile: URL?) {
    self.personalFile = personalFile
    worker.async { [self] in
      lock.lock()
      broker = natter_enchant_broker_init()
      if let personalFile, let text = try? String(contentsOf: personalFile, encoding: .utf8) {
        accepted.formUnion(PersonalWords.parse(text))
      }
      lock.unlock()
    }
  }

  deinit {
    for dictionary in dictionaries.values { natter_enchant_broker_free_dict(broker, dictionary) }
    if let broker { natter_enchant_broker_free(broker) }
  }

  /// The personal file in `dataDirectory`.
  public static func personalFile(in dataDirectory: URL) -> URL {
    dataDirectory.appendingPathComponent("spelling", isDirectory: true)
      .appendingPathComponent("personal.dic")
  }

  /// The languages with an installed dictionary, sorted, reported on the main loop.
  public func listLanguages(_ done: @escaping @Sendable @MainActor ([String]) -> Void) {
    worker.async { [self] in
      lock.lock()
      var found = Box()
      if let broker {
        withUnsafeMutablePointer(to: &found) { pointer in
          natter_enchant_broker_list_dicts(
            broker,
            { tag, _, _, _, data in
              guard let tag, let data else { return }
              data.assumingMemoryBound(to: Box.self).pointee.tags.insert(String(cString: tag))
            }, pointer)
        }
      }
      lock.unlock()
      // `ko` and `ko_KR` are one dictionary; `en` beside `en_US` too: show the regional ones.
      let tags = found.tags.filter { tag in
        tag.contains("_") || !found.tags.contains { $0.hasPrefix(tag + "_") }
      }.sorted()
      MainLoop.post { done(tags) }
    }
  }

  private struct Box { var tags: Set<String> = [] }

  /// Loads the dictionaries for `tags` on the worker; `done` gets the ones that loaded and,
  /// for the others, Enchant's reason.
  public func load(
    _ tags: [String],
    _ done: @escaping @Sendable @MainActor (_ loaded: [String], _ missing: [String: String]) -> Void
  ) {
    worker.async { [self] in
      var loaded: [String] = []
      var missing: [String: String] = [:]
      lock.lock()
      for tag in tags {
        if dictionaries[tag] != nil {
          loaded.append(tag)
          continue
        }
        guard let broker else {
          missing[tag] = "Enchant did not start"
          continue
        }
        // /usr/share/enchant-2/enchant.ordering gives en_US to aspell; "*" does not override it.
        natter_enchant_broker_set_ordering(broker, tag, "hunspell")
        if let dictionary = natter_enchant_broker_request_dict(broker, tag) {
          dictionaries[tag] = dictionary
          loaded.append(tag)
        } else {
          let error = natter_enchant_broker_get_error(broker)
          missing[tag] = error.map { String(cString: $0) } ?? "unknown"
        }
      }
      lock.unlock()
      MainLoop.post { done(loaded, missing) }
    }
  }

  /// Whether `word` is spelt right in any of `languages` (their loaded dictionaries), or nil
  /// when the worker holds the dictionaries now. Call on the main thread.
  public func check(_ word: String, in languages: [String]) -> Bool? {
    guard lock.try() else { return nil }
    defer { lock.unlock() }
    return isCorrect(word, in: languages)
  }

  /// Checks many words under one lock: nil when the worker holds the dictionaries now.
  public func misspelt<Word>(
    _ words: [Word], text: (Word) -> String, in languages: [String]
  ) -> [Word]? {
    guard lock.try() else { return nil }
    defer { lock.unlock() }
    return words.filter { !isCorrect(text($0), in: languages) }
  }

  private func isCorrect(_ word: String, in languages: [String]) -> Bool {
    if accepted.contains(word) { return true }
    let judges = SpellingLanguages.judges(of: word, among: languages).compactMap {
      dictionaries[$0]
    }
    // No dictionary for this script: not ours to judge.
    guard !judges.isEmpty else { return true }
    return judges.contains { natter_enchant_dict_check($0, word, -1) == 0 }
  }

  /// Up to `limit` suggestions for `word` from its dictionaries, reported on the main loop.
  public func suggest(
    _ word: String, in languages: [String], limit: Int = 5,
    _ done: @escaping @Sendable @MainActor ([String]) -> Void
  ) {
    worker.async { [self] in
      var suggestions: [String] = []
      lock.lock()
      for tag in SpellingLanguages.judges(of: word, among: languages) {
        guard let dictionary = dictionaries[tag] else { continue }
        var count = 0
        guard let list = natter_enchant_dict_suggest(dictionary, word, -1, &count) else { continue }
        for index in 0..<count {
          if let item = list[index] {
            let text = String(cString: item)
            if !suggestions.contains(text) { suggestions.append(text) }
          }
        }
        natter_enchant_dict_free_string_list(dictionary, list)
      }
      lock.unlock()
      let first = Array(suggestions.prefix(limit))
      MainLoop.post { done(first) }
    }
  }

  /// Accepts `word` for this session (`Ignore`), and with `remember` for good: it is added
  /// to the personal file. `done` runs on the main loop once checks accept it.
  public func accept(
    _ word: String, remember: Bool, _ done: @escaping @Sendable @MainActor () -> Void
  ) {
    worker.async { [self] in
      lock.lock()
      accepted.insert(word)
      lock.unlock()
      MainLoop.post { done() }
      guard remember, let personalFile, PersonalWords.isAddable(word) else { return }
      do {
        try FileManager.default.createDirectory(
          at: personalFile.deletingLastPathComponent(), withIntermediateDirectories: true)
        let old = (try? String(contentsOf: personalFile, encoding: .utf8)) ?? ""
        var words = PersonalWords.parse(old)
        guard !words.contains(word) else { return }
        words.append(word)
        try (words.joined(separator: "\n") + "\n").write(
          to: personalFile, atomically: true, encoding: .utf8)
      } catch {
        Log.warning("could not add \"\(word)\" to \(personalFile.path): \(error)")
      }
    }
  }
}
