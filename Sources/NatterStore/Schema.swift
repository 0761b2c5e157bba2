/// The ordered schema migrations; a database at version N has had the first N applied.
///
/// Append only: a released step must never change, because databases in the wild were made by it.
enum Schema {
  static let migrations: [Migration] = [
    Migration(version: 1) { db in
      // sent_at is integer milliseconds since the epoch, UTC; (sent_at, id) is transcript order.
      // seq is the rowid, so the other tables can refer to a message by an integer.
      try db.execute(
        """
        CREATE TABLE messages (
          seq INTEGER PRIMARY KEY,
          id TEXT NOT NULL UNIQUE,
          sender TEXT NOT NULL,
          sent_at INTEGER NOT NULL,
          body TEXT NOT NULL,
          edited INTEGER NOT NULL DEFAULT 0,
          delivery TEXT NOT NULL DEFAULT 'sent'
        );
        CREATE INDEX messages_by_time ON messages (sent_at, id);
        CREATE INDEX messages_by_sender ON messages (sender, sent_at, id);
        """)
    },
    Migration(version: 2) { db in
      // key is the tag normalised (NFC, lowercased) so search and completion ignore case.
      // tag_usage keeps one row per key so completion never scans every tagged message.
      try db.execute(
        """
        CREATE TABLE message_tags (
          message_seq INTEGER NOT NULL,
          position INTEGER NOT NULL,
          tag TEXT NOT NULL,
          key TEXT NOT NULL,
          PRIMARY KEY (message_seq, position)
        ) WITHOUT ROWID;
        CREATE INDEX message_tags_by_key ON message_tags (key, message_seq);
        CREATE TABLE tag_usage (
          key TEXT PRIMARY KEY,
          tag TEXT NOT NULL,
          last_used INTEGER NOT NULL
        ) WITHOUT ROWID;
        CREATE INDEX tag_usage_by_time ON tag_usage (last_used);
        """)
    },
    Migration(version: 3) { db in
      // An external-content FTS5 index over the body; 'rebuild' indexes the messages stored
      // before this version. Updates and deletes are kept in step by triggers. Inserts are
      // indexed by the store itself: FTS5 flushes a segment at every statement savepoint, so
      // a per-row insert trigger made a million-line import four times slower than indexing
      // the imported rows with one INSERT … SELECT.
      try db.execute(
        """
        CREATE VIRTUAL TABLE messages_fts USING fts5 (
          body, content = 'messages', content_rowid = 'seq',
          tokenize = 'unicode61 remove_diacritics 2'
        );
        INSERT INTO messages_fts (messages_fts) VALUES ('rebuild');
        CREATE TRIGGER messages_fts_delete AFTER DELETE ON messages BEGIN
          INSERT INTO messages_fts (messages_fts, rowid, body) VALUES ('delete', old.seq, old.body);
        END;
        CREATE TRIGGER messages_fts_update AFTER UPDATE OF body ON messages BEGIN
          INSERT INTO messages_fts (messages_fts, rowid, body) VALUES ('delete', old.seq, old.body);
          INSERT INTO messages_fts (rowid, body) VALUES (new.seq, new.body);
        END;
        CREATE TABLE draft (
          slot INTEGER PRIMARY KEY CHECK (slot = 0),
          text TEXT NOT NULL,
          chips TEXT NOT NULL
        );
        """)
    },
    Migration(version: 4) { db in
      // count(*) walks a whole index (tens of ms at a million rows, on every start); a counter
      // kept by triggers makes the transcript's size free.
      try db.execute(
        """
        CREATE TABLE message_count (slot INTEGER PRIMARY KEY CHECK (slot = 0), n INTEGER NOT NULL);
        INSERT INTO message_count (slot, n) VALUES (0, (SELECT count(*) FROM messages));
        CREATE TRIGGER message_count_insert AFTER INSERT ON messages BEGIN
          UPDATE message_count SET n = n + 1 WHERE slot = 0;
        END;
        CREATE TRIGGER message_count_delete AFTER DELETE ON messages BEGIN
          UPDATE message_count SET n = n - 1 WHERE slot = 0;
        END;
        """)
    },
    Migration(version: 5) { db in
      // Versions 2-4 keyed tags by `lowercased()`, which the composer disagreed with (`Straße`
      // and `STRASSE` were one chip but two keys); the keys are now `Hashtag.key(for:)`.
      try Schema.recomputeTagKeys(db)
    },
    Migration(version: 6) { db in
      // Conversations (SPEC §10): every earlier message is local history, the `notes`
      // conversation (id 1). The added columns have defaults, so SQLite adds them without
      // rewriting the table. A pending row's `outbox` is its IRCOutboxEntry as JSON: the
      // outbox is the pending rows, so a crash loses nothing that was stored. `msgid` is
      // unique where present, which is how a replayed message is recognised.
      try db.execute(
        """
        CREATE TABLE conversations (
          id INTEGER PRIMARY KEY,
          url TEXT NOT NULL UNIQUE,
          name TEXT NOT NULL,
          message_count INTEGER NOT NULL DEFAULT 0
        );
        INSERT INTO conversations (id, url, name, message_count)
          VALUES (1, 'notes', 'Notes', (SELECT count(*) FROM messages));
        ALTER TABLE messages ADD COLUMN conversation_id INTEGER NOT NULL DEFAULT 1;
        ALTER TABLE messages ADD COLUMN msgid TEXT;
        ALTER TABLE messages ADD COLUMN kind TEXT NOT NULL DEFAULT 'message';
        ALTER TABLE messages ADD COLUMN failure TEXT;
        ALTER TABLE messages ADD COLUMN mentions INTEGER NOT NULL DEFAULT 0;
        ALTER TABLE messages ADD COLUMN outbox TEXT;
        CREATE INDEX messages_by_conversation ON messages (conversation_id, sent_at, id);
        CREATE UNIQUE INDEX messages_by_msgid ON messages (msgid) WHERE msgid IS NOT NULL;
        CREATE INDEX messages_pending ON messages (seq) WHERE delivery = 'pending';
        CREATE TRIGGER conversation_count_insert AFTER INSERT ON messages BEGIN
          UPDATE conversations SET message_count = message_count + 1
          WHERE id = new.conversation_id;
        END;
        CREATE TRIGGER conversation_count_delete AFTER DELETE ON messages BEGIN
          UPDATE conversations SET message_count = message_count - 1
          WHERE id = old.conversation_id;
        END;
        """)
    },
    Migration(version: 7) { db in
      // Each conversation keeps its own draft (SPEC §10); the single draft becomes Notes'.
      // `open` says whether a conversation is in the sidebar: NULL until the user joins or
      // leaves it, so the account's channels open by default and a `/part` sticks.
      // `read_sent_at, read_id` is the newest message the user has seen there (a cursor), so
      // unread counts and the `New messages` line survive a restart. `opened_at` says which
      // conversation was open last, to open it again at the next start.
      try db.execute(
        """
        CREATE TABLE conversation_drafts (
          conversation TEXT PRIMARY KEY,
          text TEXT NOT NULL,
          chips TEXT NOT NULL
        ) WITHOUT ROWID;
        INSERT INTO conversation_drafts (conversation, text, chips)
          SELECT 'notes', text, chips FROM draft WHERE slot = 0;
        DROP TABLE draft;
        ALTER TABLE conversations ADD COLUMN open INTEGER;
        ALTER TABLE conversations ADD COLUMN read_sent_at INTEGER;
        ALTER TABLE conversations ADD COLUMN read_id TEXT;
        ALTER TABLE conversations ADD COLUMN opened_at INTEGER;
        """)
    },
    Migration(version: 8) { db in
      // A message sent as several lines (or a long line split) reaches the server as several
      // PRIVMSGs, each echoed and played back under its own msgid; the row keeps the first
      // line's, and this table the others', so a playback is recognised line by line.
      // Without a msgid, a played-back message is found by sender and text within a second
      // (servers round the time): the first index keeps that lookup small where most rows
      // have a msgid, the second finds the rows of several lines a played-back line may be of.
      // Neither holds Notes (conversation 1), which no server plays back.
      try db.execute(
        """
        CREATE TABLE message_lines (
          msgid TEXT PRIMARY KEY,
          message_id TEXT NOT NULL
        ) WITHOUT ROWID;
        CREATE INDEX messages_without_msgid ON messages (conversation_id, sender, sent_at)
          WHERE msgid IS NULL AND conversation_id <> 1;
        CREATE INDEX messages_of_several_lines ON messages (conversation_id, sent_at)
          WHERE instr(body, char(10)) > 0 AND conversation_id <> 1;
        """)
    },
    Migration(version: 9) { db in
      // mIRC formatting (SPEC §12): `body` stays the plain text that search, mentions and
      // notifications use; the text as received is kept beside it, only when it had
      // formatting, for the transcript to draw. NULL everywhere else, so no row is rewritten.
      try db.execute("ALTER TABLE messages ADD COLUMN formatted TEXT;")
    },
    Migration(version: 10) { db in
      // Replies and reactions (SPEC §13). `reply_to` is the parent's msgid, NULL for the
      // rows before (so none is rewritten). A reaction is kept by the msgid it answers, not by
      // a message row: one can come before its message (a playback fills the gap later). The
      // key is one reaction per person and emoji, so hearing it again (echo, playback, a
      // bouncer's replay) stores nothing; it is also the index a page of messages reads by.
      // A take-back stays as `removed = 1` with its time, so a replay of the older reaction
      // does not bring it back.
      try db.execute(
        """
        ALTER TABLE messages ADD COLUMN reply_to TEXT;
        CREATE TABLE reactions (
          conversation_id INTEGER NOT NULL,
          msgid TEXT NOT NULL,
          sender TEXT NOT NULL,
          emoji TEXT NOT NULL,
          sent_at INTEGER NOT NULL,
          is_own INTEGER NOT NULL DEFAULT 0,
          removed INTEGER NOT NULL DEFAULT 0,
          PRIMARY KEY (conversation_id, msgid, sender, emoji)
        ) WITHOUT ROWID;
        """)
    },
    Migration(version: 11) { db in
      // A message without a msgid is looked for among the same sender's rows of that second,
      // and a flood from one sender (a bot, a paste, a bouncer's playback) put thousands of
      // them in one second: each new line read them all, 62% of a 10,000-line burst's time
      // (issue 32). The start of the text narrows the look to a few rows; the index replaces
      // messages_without_msgid, whose lookups it also serves, and holds no Notes row.
      try db.execute(
        """
        CREATE INDEX messages_by_words ON messages
          (conversation_id, sender, substr(body, 1, 24), sent_at) WHERE conversation_id <> 1;
        DROP INDEX messages_without_msgid;
        """)
    },
    Migration(version: 12) { db in
      // Counting a conversation's unread messages reads every one of them (up to 999), and a
      // start read them for each conversation on its first screen: 23 M instructions of a
      // one-network start (issue 32). A count once made is kept here and carried forward by
      // these triggers, for the nickname it was counted for; anything they cannot carry
      // forward (a deletion, a changed message, a moved marker) drops it, and the next read
      // counts again. `complete` is 0 when counting stopped at its limit, so `count` is a
      // lower bound. A cache: nothing here is needed to rebuild the history.
      try db.execute(
        """
        CREATE TABLE unread_counts (
          conversation_id INTEGER PRIMARY KEY,
          me TEXT NOT NULL,
          count INTEGER NOT NULL,
          mentioned INTEGER NOT NULL,
          complete INTEGER NOT NULL
        );
        CREATE TRIGGER unread_counts_insert AFTER INSERT ON messages WHEN new.kind <> 'status'
        BEGIN
          UPDATE unread_counts SET count = count + 1, mentioned = max(mentioned, new.mentions <> 0)
          WHERE conversation_id = new.conversation_id AND new.sender <> me COLLATE NOCASE
            AND (new.sent_at, new.id)
              > (SELECT read_sent_at, read_id FROM conversations WHERE id = new.conversation_id);
        END;
        CREATE TRIGGER unread_counts_delete AFTER DELETE ON messages BEGIN
          DELETE FROM unread_counts WHERE conversation_id = old.conversation_id;
        END;
        CREATE TRIGGER unread_counts_update
        AFTER UPDATE OF conversation_id, id, sender, sent_at, kind, mentions ON messages BEGIN
          DELETE FROM unread_counts
          WHERE conversation_id IN (old.conversation_id, new.conversation_id);
        END;
        CREATE TRIGGER unread_counts_marker
        AFTER UPDATE OF read_sent_at, read_id ON conversations BEGIN
          DELETE FROM unread_counts WHERE conversation_id = new.id;
        END;
        CREATE TRIGGER unread_counts_conversation_delete AFTER DELETE ON conversations BEGIN
          DELETE FROM unread_counts WHERE conversation_id = old.id;
        END;
        """)
    },
  ]

  /// The version this build writes.
  static var latestVersion: Int { migrations.count }

  /// Applies the missing migrations up to `target`, each in its own transaction.
  static func migrate(_ db: SQLiteConnection, upTo target: Int = latestVersion) throws {
    let current = try db.userVersion
    guard current <= latestVersion else {
      throw StoreError.newerSchema(found: current, supported: latestVersion)
    }
    for migration in migrations where migration.version > current && migration.version <= target {
      try db.transaction {
        // Re-read inside the lock: another process may have migrated meanwhile.
        guard try db.userVersion < migration.version else { return }
        try migration.apply(db)
        try db.setUserVersion(migration.version)
      }
    }
  }
}
