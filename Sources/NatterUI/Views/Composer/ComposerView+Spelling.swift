import CGtk
import GtkKit
import NatterCore
import NatterSession

extension ComposerView {
  // MARK: Spelling (SPEC §14)

  /// Checks the text in `languages` with the app's engine; none turns the underline off.
  func checkSpelling(in languages: [String]) {
    useSpelling(languages.isEmpty ? nil : spelling.installed, languages: languages)
  }

  /// Checks the text with `engine` in `languages` (loaded on its worker); an empty list or a
  /// nil engine turns the underline off. Everything already typed is checked again.
  func useSpelling(_ engine: SpellEngine?, languages wanted: [String]) {
    guard engine !== spelling.engine || wanted != spelling.wanted else { return }
    spelling.engine = engine
    spelling.wanted = wanted
    spelling.generation += 1
    let generation = spelling.generation
    spelling.languages = []
    clearSpellingMarks()
    guard let engine, !wanted.isEmpty else { return }
    engine.load(wanted) { [weak self] loaded, missing in
      guard let self, spelling.generation == generation else { return }
      for (tag, reason) in missing.sorted(by: { $0.key < $1.key }) {
        Log.warning("no spelling dictionary for \(tag): \(reason)")
      }
      spelling.languages = loaded
      recheckAllSpelling()
    }
  }

  /// The languages whose dictionaries are in use now.
  var spellingLanguages: [String] { spelling.languages }

  /// Whether checks are still waiting (for tests: the underline is up to date when false).
  var isCheckingSpelling: Bool {
    spelling.isActive && !spelling.queue.isEmpty
      || spelling.engine != nil && spelling.languages.isEmpty && !spelling.wanted.isEmpty
  }

  /// How much checking has been done, in idles and slices (for tests).
  var spellingWork: ComposerSpelling.Work { spelling.work }

  /// The ranges now underlined as misspelt, in character offsets.
  var misspeltRanges: [Range<Int>] {
    guard let tag = spelling.tag else { return [] }
    var ranges: [Range<Int>] = []
    var iter = buffer.iter(at: 0)
    var start: Int?
    repeat {
      if gtk_text_iter_starts_tag(&iter, tag) != 0 { start = Int(gtk_text_iter_get_offset(&iter)) }
      if gtk_text_iter_ends_tag(&iter, tag) != 0, let from = start {
        ranges.append(from..<Int(gtk_text_iter_get_offset(&iter)))
        start = nil
      }
    } while gtk_text_iter_forward_to_tag_toggle(&iter, tag) != 0
    if let from = start { ranges.append(from..<buffer.length) }
    return ranges
  }

  func connectSpelling() {
    makeSpellingTag()
    makeSpellingMenu()
    // Shift+F10 and Menu open the text view's context menu: the menu is made ready for the
    // word at the caret first (the text view's own binding then opens it).
    if let keys = gtk_event_controller_key_new() {
      gtk_event_controller_set_propagation_phase(keys, GTK_PHASE_CAPTURE)
      Signal.connectKeyPressed(raw(keys)) { [unowned self] keyval, state in
        let shift = state.rawValue & GDK_SHIFT_MASK.rawValue != 0
        if keyval == UInt32(GDK_KEY_Menu) || keyval == UInt32(GDK_KEY_F10) && shift {
          prepareSpellingMenu(at: buffer.caretOffset)
        }
        return false
      }
      gtk_widget_add_controller(textView.widget, keys)
    }
    // A right click: the word under the pointer, before the text view's own gesture opens it.
    if let click = gtk_gesture_click_new() {
      // GDK_BUTTON_SECONDARY is a macro Swift does not import.
      gtk_gesture_single_set_button(OpaquePointer(raw(click)), 3)
      gtk_event_controller_set_propagation_phase(OpaquePointer(raw(click)), GTK_PHASE_CAPTURE)
      Signal.connectPressed(raw(click)) { [unowned self] _ in
        var x = 0.0
        var y = 0.0
        guard
          gtk_gesture_get_point(
            click, gtk_gesture_single_get_current_sequence(OpaquePointer(raw(click))), &x, &y)
            != 0
        else { return }
        var bufferX: gint = 0
        var bufferY: gint = 0
        gtk_text_view_window_to_buffer_coords(
          textView.typed(), GTK_TEXT_WINDOW_WIDGET, gint(x), gint(y), &bufferX, &bufferY)
        var iter = GtkTextIter()
        gtk_text_view_get_iter_at_location(textView.typed(), &iter, bufferX, bufferY)
        prepareSpellingMenu(at: Int(gtk_text_iter_get_offset(&iter)))
      }
      gtk_widget_add_controller(textView.widget, OpaquePointer(raw(click)))
    }
    // The caret resting on a misspelt word fetches its suggestions, so the menu has them.
    Signal.connect(raw(buffer.buffer), "mark-set", after: true) {
      [unowned self] (_: Signal.Pointer?, mark: Signal.Pointer?) in
      guard spelling.isActive, let mark,
        OpaquePointer(mark) == OpaquePointer(gtk_text_buffer_get_insert(buffer.buffer))
      else { return }
      prepareSpellingMenu(at: buffer.caretOffset)
    }
    Signal.connect(textView.pointer, "map") { [unowned self] in colourSpellingTag() }
    if let settings = gtk_settings_get_default() {
      for property in ["notify::gtk-application-prefer-dark-theme", "notify::gtk-theme-name"] {
        Signal.connect(raw(settings), property) { [weak self] (_: Signal.Pointer?) in
          self?.colourSpellingTag()
        }
      }
    }
    let group = ActionGroup()
    let replace = Action(
      "replace", in: group.pointer,
      activateWithString: { [unowned self] word in
        replaceMisspelt(with: word)
      })
    let add = Action("add", in: group.pointer) { [unowned self] in acceptMisspelt(remember: true) }
    let ignore = Action("ignore", in: group.pointer) { [unowned self] in
      acceptMisspelt(remember: false)
    }
    spelling.actions = [replace, add, ignore]
    group.insert(into: textView.widget, prefix: "spelling")
    spelling.actionGroup = group
  }

  // MARK: Edits

  /// Hook for the buffer's insert-text: `text` goes in at `offset`.
  func spellingTextInserted(_ text: String, at offset: Int) {
    guard spelling.isActive else { return }
    spelling.queue.inserted(text.unicodeScalars.count, at: offset)
    spelling.target = nil
    scheduleSpellCheck()
  }

  /// Hook for the buffer's delete-range: `count` characters from `offset` go.
  func spellingTextDeleted(_ count: Int, at offset: Int) {
    guard spelling.isActive else { return }
    spelling.queue.deleted(count, at: offset)
    spelling.target = nil
    scheduleSpellCheck()
  }

  /// Hook for preedit-changed: the word at the caret is (or no longer is) being composed.
  func spellingPreeditChanged() {
    guard spelling.isActive else { return }
    let caret = buffer.caretOffset
    spelling.queue.invalidate(caret..<caret)
    scheduleSpellCheck()
  }

  func recheckAllSpelling() {
    clearSpellingMarks()
    guard spelling.isActive else { return }
    spelling.queue.checkAll(length: buffer.length)
    scheduleSpellCheck()
  }

  private func clearSpellingMarks() {
    spelling.queue.clear()
    spelling.target = nil
    MainLoop.cancel(spelling.idle)
    spelling.idle = 0
    guard let tag = spelling.tag else { return }
    var start = buffer.iter(at: 0)
    var end = GtkTextIter()
    gtk_text_buffer_get_end_iter(buffer.buffer, &end)
    gtk_text_buffer_remove_tag(buffer.buffer, tag, &start, &end)
  }

  // MARK: Checking, a slice per idle

  private func scheduleSpellCheck() {
    guard spelling.idle == 0, spelling.isActive, !spelling.queue.isEmpty else { return }
    spelling.scope = nil
    spelling.idle = MainLoop.idle { [weak self] in
      guard let self else { return }
      spelling.idle = 0
      checkSpellingSlices()
    }
  }

  /// Checks paragraphs (or windows of a long one) until the idle's budget is spent.
  private func checkSpellingSlices() {
    guard let engine = spelling.engine, spelling.isActive, let tag = spelling.tag else { return }
    let deadline = g_get_monotonic_time() + ComposerSpelling.budget
    let scope = spelling.scope ?? SpellCheckScope(nicknames: members() + recentSpeakers())
    spelling.scope = scope
    let composingAt = inputMethod.isComposing ? buffer.caretOffset : nil
    let length = buffer.length
    spelling.work.idles += 1
    while let next = spelling.queue.next, g_get_monotonic_time() < deadline {
      var start = buffer.iter(at: min(next.lowerBound, length))
      gtk_text_iter_set_line_offset(&start, 0)
      var end = start
      if gtk_text_iter_ends_line(&end) == 0 { gtk_text_iter_forward_to_line_end(&end) }
      let paragraph = Int(gtk_text_iter_get_offset(&start))..<Int(gtk_text_iter_get_offset(&end))
      if paragraph.count > SpellCheckQueue.longestCheckedParagraph {
        gtk_text_buffer_remove_tag(buffer.buffer, tag, &start, &end)
        spelling.queue.checked(paragraph.lowerBound..<(paragraph.upperBound + 1))
        continue
      }
      let slice = SpellCheckQueue.slice(from: next.lowerBound, paragraph: paragraph)
      let text = buffer.text(from: slice.read.lowerBound, to: slice.read.upperBound)
      spelling.work.slices += 1
      spelling.work.longestRead = max(spelling.work.longestRead, slice.read.count)
      let cut = slice.cut(text)
      let base = slice.read.lowerBound + cut.check.lowerBound
      let part = String(String.UnicodeScalarView(Array(text.unicodeScalars)[cut.check]))
      let words = scope.words(
        in: part, opensMessage: base == 0, composingAt: composingAt.map { $0 - base })
      guard let bad = engine.misspelt(words, text: \.text, in: spelling.languages) else {
        // The worker is loading or suggesting: try again in a moment, not in a busy loop.
        spelling.idle = MainLoop.timeout(milliseconds: 20) { [weak self] in
          self?.spelling.idle = 0
          self?.scheduleSpellCheck()
          return false
        }
        return
      }
      var from = buffer.iter(at: cut.done.lowerBound)
      var to = buffer.iter(at: min(cut.done.upperBound, length))
      gtk_text_buffer_remove_tag(buffer.buffer, tag, &from, &to)
      for word in bad {
        var wordStart = buffer.iter(at: base + word.range.lowerBound)
        var wordEnd = buffer.iter(at: base + word.range.upperBound)
        gtk_text_buffer_apply_tag(buffer.buffer, tag, &wordStart, &wordEnd)
      }
      spelling.queue.checked(cut.done)
    }
    if !spelling.queue.isEmpty { scheduleSpellCheck() }
  }

  // MARK: The underline

  private func makeSpellingTag() {
    guard let tag = gtk_text_tag_new("natter-misspelt") else { return }
    var underline = GValue()
    g_value_init(&underline, pango_underline_get_type())
    g_value_set_enum(&underline, gint(PANGO_UNDERLINE_ERROR.rawValue))
    g_object_set_property(cast(raw(tag)), "underline", &underline)
    g_value_unset(&underline)
    gtk_text_tag_table_add(gtk_text_buffer_get_tag_table(buffer.buffer), tag)
    g_object_unref(raw(tag))
    spelling.tag = tag
    colourSpellingTag()
  }

  /// The theme's error colour (Adwaita's differs between light and dark).
  func colourSpellingTag() {
    guard let tag = spelling.tag else { return }
    var colour = GdkRGBA(red: 0.88, green: 0.11, blue: 0.14, alpha: 1)
    if let context = gtk_widget_get_style_context(textView.widget) {
      var found = GdkRGBA()
      if gtk_style_context_lookup_color(context, "error_color", &found) != 0 { colour = found }
    }
    var value = GValue()
    g_value_init(&value, gdk_rgba_get_type())
    g_value_set_boxed(&value, &colour)
    g_object_set_property(cast(raw(tag)), "underline-rgba", &value)
    g_value_unset(&value)
  }

  // MARK: The context menu

  private func makeSpellingMenu() {
    guard let menu = g_menu_new(), let suggestions = g_menu_new(), let word = g_menu_new() else {
      return
    }
    g_menu_append_section(menu, nil, cast(raw(suggestions)))
    g_menu_append_section(menu, nil, cast(raw(word)))
    if let languages = g_menu_new(), let section = g_menu_new() {
      g_menu_append_section(menu, nil, cast(raw(section)))
      spelling.languageMenu = languages
      spelling.languageSection = section
    }
    gtk_text_view_set_extra_menu(textView.typed(), cast(raw(menu)))
    spelling.menu = menu
    spelling.suggestionSection = suggestions
    spelling.wordSection = word
  }

  /// Fills the context menu for the word at `offset`: its suggestions, `Add to dictionary`
  /// and `Ignore` when it is underlined, nothing of ours otherwise.
  func prepareSpellingMenu(at offset: Int) {
    guard let tag = spelling.tag, spelling.isActive else { return showSpellingMenu(nil) }
    var iter = buffer.iter(at: offset)
    // The caret just after a word is on it too.
    if gtk_text_iter_has_tag(&iter, tag) == 0 {
      if offset > 0, gtk_text_iter_backward_char(&iter) != 0, gtk_text_iter_has_tag(&iter, tag) != 0
      {
      } else {
        return showSpellingMenu(nil)
      }
    }
    var start = iter
    var end = iter
    if gtk_text_iter_starts_tag(&start, tag) == 0 {
      gtk_text_iter_backward_to_tag_toggle(&start, tag)
    }
    gtk_text_iter_forward_to_tag_toggle(&end, tag)
    let range = Int(gtk_text_iter_get_offset(&start))..<Int(gtk_text_iter_get_offset(&end))
    if let target = spelling.target, target.range == range { return }
    let word = buffer.text(from: range.lowerBound, to: range.upperBound)
    spelling.target = (range, word)
    spelling.suggestions = []
    showSpellingMenu(word)
    spelling.engine?.suggest(word, in: spelling.languages) { [weak self] found in
      guard let self, let target = spelling.target, target.range == range, target.word == word
      else { return }
      spelling.suggestions = found
      showSpellingMenu(word)
    }
  }

  /// Shows the installed dictionaries in the menu's `Spelling languages`, those of `using`
  /// ticked, and `Same as Preferences` ticked unless the conversation chose its own (`own`).
  /// No dictionary (or checking off: `installed` empty) takes the submenu away.
  func showSpellingLanguages(installed: [String], using: [String], own: Bool) {
    guard let menu = spelling.languageMenu, let section = spelling.languageSection,
      let group = spelling.actionGroup
    else { return }
    let shown = g_menu_model_get_n_items(cast(raw(section))) > 0
    if installed.isEmpty, shown {
      g_menu_remove_all(section)
    } else if !installed.isEmpty, !shown {
      g_menu_append_submenu(section, localized("Spelling languages"), cast(raw(menu)))
    }
    if installed != spelling.installedLanguages || spelling.preferencesLanguagesAction == nil {
      spelling.installedLanguages = installed
      for action in spelling.languageActions { action.remove(from: group.pointer) }
      spelling.preferencesLanguagesAction?.remove(from: group.pointer)
      g_menu_remove_all(menu)
      spelling.preferencesLanguagesAction = Action(
        "language-preferences", in: group.pointer, isOn: !own
      ) { [unowned self] _ in
        spelling.onUsePreferencesLanguages()
        typeOnAfterMenu()
      }
      g_menu_append(menu, localized("Same as Preferences"), "spelling.language-preferences")
      spelling.languageActions = installed.enumerated().map { index, tag in
        // A menu label's `_` marks a mnemonic; a title's own is doubled.
        let label = SpellingLanguages.title(of: tag).replacingOccurrences(of: "_", with: "__")
        g_menu_append(menu, label, "spelling.language-\(index)")
        return Action("language-\(index)", in: group.pointer, isOn: false) {
          [unowned self] on in
          spelling.onTurnLanguage(tag, on)
          typeOnAfterMenu()
        }
      }
    }
    spelling.preferencesLanguagesAction?.isOn = !own
    for (tag, action) in zip(installed, spelling.languageActions) {
      action.isOn = using.contains(tag)
    }
  }

  /// A check item closes the menu without giving the focus back (GTK 4.8), where a
  /// suggestion's edit does: the text takes it once the menu is gone, to type on.
  private func typeOnAfterMenu() {
    MainLoop.idle { [weak self] in self?.focusText() }
  }

  /// The languages the menu shows ticked, for tests.
  var spellingLanguagesTicked: [String] {
    zip(spelling.installedLanguages, spelling.languageActions).filter { $0.1.isOn }.map(\.0)
  }

  /// Ticks or unticks `tag` in the menu, as a user choosing it would (for tests).
  func chooseSpellingLanguage(_ tag: String) {
    guard let index = spelling.installedLanguages.firstIndex(of: tag),
      let group = spelling.actionGroup
    else { return }
    g_action_group_activate_action(group.opaque, "language-\(index)", nil)
  }

  /// The suggestions shown for the context menu's word, for tests.
  var spellingSuggestions: [String] { spelling.target == nil ? [] : spelling.suggestions }

  private func showSpellingMenu(_ word: String?) {
    guard let suggestions = spelling.suggestionSection, let actions = spelling.wordSection else {
      return
    }
    if word == nil { spelling.target = nil }
    g_menu_remove_all(suggestions)
    g_menu_remove_all(actions)
    guard word != nil else { return }
    if spelling.suggestions.isEmpty {
      // Not an action: shown greyed out while the worker looks (or when it found nothing).
      g_menu_append(suggestions, localized("No suggestions"), "spelling.none")
    }
    for suggestion in spelling.suggestions {
      guard let item = g_menu_item_new(suggestion, nil) else { continue }
      g_menu_item_set_action_and_target_value(
        item, "spelling.replace", g_variant_new_string(suggestion))
      g_menu_append_item(suggestions, item)
      g_object_unref(raw(item))
    }
    g_menu_append(actions, localized("Add to dictionary"), "spelling.add")
    g_menu_append(actions, localized("Ignore"), "spelling.ignore")
  }

  /// The context menu's word becomes `replacement`, as one undoable edit.
  func replaceMisspelt(with replacement: String) {
    guard let target = spelling.target,
      buffer.text(from: target.range.lowerBound, to: target.range.upperBound) == target.word
    else { return }
    gtk_text_buffer_begin_user_action(buffer.buffer)
    buffer.delete(offset: target.range.lowerBound, length: target.range.count)
    buffer.insert(replacement, at: target.range.lowerBound)
    gtk_text_buffer_end_user_action(buffer.buffer)
    buffer.placeCaret(at: target.range.lowerBound + replacement.unicodeScalars.count)
    showSpellingMenu(nil)
  }

  /// `Add to dictionary` (`remember`) or `Ignore`: the word is no longer marked anywhere.
  func acceptMisspelt(remember: Bool) {
    guard let target = spelling.target, let engine = spelling.engine else { return }
    showSpellingMenu(nil)
    engine.accept(target.word, remember: remember) { [weak self] in self?.recheckAllSpelling() }
  }
}

extension TextBuffer {
  /// The text's length in characters (offsets run from 0 to this).
  var length: Int { Int(gtk_text_buffer_get_char_count(buffer)) }
}
