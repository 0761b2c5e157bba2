// swift-tools-version:6.0
import PackageDescription

// The dependency graph is the architecture: NatterCore depends on nothing, so it cannot
// import GTK or SQLite; only GtkKit sees CGtk and only NatterStore sees CSQLite.
let package = Package(
  name: "Natter",
  products: [
    .executable(name: "natter", targets: ["natter"]),
    .executable(name: "natter-bench", targets: ["natter-bench"]),
  ],
  targets: [
    .systemLibrary(
      name: "CGtk", pkgConfig: "gtk4", providers: [.apt(["libgtk-4-dev"])]),
    .systemLibrary(
      name: "CSQLite", pkgConfig: "sqlite3", providers: [.apt(["libsqlite3-dev"])]),
    // The IRC password's home (SPEC §9) and spelling (SPEC §14), each opened on first use,
    // not linked (issue 32): C wrappers checked against the libraries' own headers, whose
    // folders pkg-config would give only with the libraries to link. Only NatterSession's
    // SecretStore and SpellEngine see them. DWARF 4: valgrind 3.19, which the bench's
    // instruction counts run under, gives up on the binary with clang's default DWARF 5.
    .target(
      name: "CSecret", dependencies: ["CGtk"],
      cSettings: [.unsafeFlags(["-I/usr/include/libsecret-1", "-gdwarf-4"])]),
    .target(
      name: "CEnchant", cSettings: [.unsafeFlags(["-I/usr/include/enchant-2", "-gdwarf-4"])]),

    .target(name: "NatterCore"),
    .target(name: "GtkKit", dependencies: ["CGtk"]),
    .target(name: "NatterStore", dependencies: ["NatterCore", "CSQLite"]),
    // The chat session without a widget: connections, delivery, secrets, the history's
    // safety, the instance lock, launch options and the settings file.
    .target(
      name: "NatterSession",
      dependencies: ["NatterCore", "NatterStore", "GtkKit", "CGtk", "CSecret", "CEnchant"]),
    .target(
      name: "NatterUI",
      dependencies: ["NatterSession", "NatterCore", "NatterStore", "GtkKit", "CGtk"]),
    .executableTarget(name: "natter", dependencies: ["NatterUI"]),
    // SPEC §8's benchmark; meson-helpers/bench.sh runs it. Not a test.
    .executableTarget(name: "natter-bench", dependencies: ["NatterCore", "SeededRandom"]),

    .target(name: "TestSupport", dependencies: ["GtkKit", "CGtk"], path: "Tests/TestSupport"),
    .target(name: "SeededRandom", path: "Tests/SeededRandom"),
    .testTarget(name: "NatterCoreTests", dependencies: ["NatterCore", "SeededRandom"]),
    .testTarget(
      name: "NatterStoreTests",
      dependencies: ["NatterStore", "NatterCore", "SeededRandom", "natter-store-torture"]),
    .executableTarget(
      name: "natter-store-torture", dependencies: ["NatterStore", "NatterCore", "SeededRandom"],
      path: "Tests/StoreTorture"),
    .testTarget(name: "GtkKitTests", dependencies: ["GtkKit", "CGtk", "TestSupport"]),
    .testTarget(
      name: "NatterSessionTests",
      dependencies: ["NatterSession", "NatterCore", "NatterStore", "GtkKit", "CGtk", "TestSupport"]),
    .testTarget(
      name: "NatterUITests",
      dependencies: ["NatterUI", "NatterCore", "NatterStore", "GtkKit", "CGtk", "TestSupport"]),
  ],
  swiftLanguageModes: [.v6]
)
