import CCairo
import Foundation
import Synchronization

/// The private fontconfig configuration all text is laid out with.
///
/// Cairn ships its fonts in `Fonts/` (DejaVu Sans, DejaVu Sans Bold) and loads them before the
/// system's, so output does not depend on the machine; system fonts are only a fallback for scripts
/// the bundled fonts lack (CJK). The directory is found, in order, from ``configure(fontsDirectory:)``
/// (`--fonts`), the `CAIRN_FONTS` variable, `Fonts/` next to the executable or in a parent of it,
/// `share/cairn/Fonts` beside the executable's `bin/`, `/usr/local/share/cairn/Fonts`,
/// `/usr/share/cairn/Fonts`, and `./Fonts`.
public enum FontLibrary {
    /// The family used when a style names none.
    public static let defaultFamily = "DejaVu Sans"

    private static let state = Mutex<Configured?>(nil)

    struct Configured: @unchecked Sendable {
        let config: OpaquePointer
        let directory: String
    }

    /// Sets up fontconfig with `fontsDirectory` (or the search order above when nil). Call once, before
    /// any text is drawn; later calls with another directory replace the configuration for new threads.
    @discardableResult
    public static func configure(fontsDirectory: String? = nil) throws(CanvasError) -> String {
        let directory: String
        if let fontsDirectory { directory = try validated(fontsDirectory) } else { directory = try discoverDirectory() }
        return try state.withLock { (current: inout Configured?) throws(CanvasError) -> String in
            if let current, current.directory == directory { return directory }
            current = try load(directory: directory)
            return directory
        }
    }

    /// The configuration in force, set up on first use.
    static func current() throws(CanvasError) -> Configured {
        if let configured = state.withLock({ $0 }) { return configured }
        try configure()
        return state.withLock { $0! }
    }

    /// The directory the bundled fonts were loaded from.
    public static var directory: String? { state.withLock { $0?.directory } }

    private static func validated(_ path: String) throws(CanvasError) -> String {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), isDirectory.boolValue else {
            throw .fonts("fonts directory '\(path)' does not exist")
        }
        return URL(fileURLWithPath: path).standardizedFileURL.path
    }

    private static func discoverDirectory() throws(CanvasError) -> String {
        if let env = ProcessInfo.processInfo.environment["CAIRN_FONTS"], !env.isEmpty {
            return try validated(env)
        }
        var candidates: [String] = []
        let executable = URL(fileURLWithPath: (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe"))
            ?? CommandLine.arguments[0]).deletingLastPathComponent()
        var directory = executable
        for _ in 0..<6 {
            candidates.append(directory.appendingPathComponent("Fonts").path)
            candidates.append(directory.appendingPathComponent("share/cairn/Fonts").path)
            directory = directory.deletingLastPathComponent()
        }
        candidates += ["/usr/local/share/cairn/Fonts", "/usr/share/cairn/Fonts",
                       FileManager.default.currentDirectoryPath + "/Fonts"]
        for candidate in candidates where FileManager.default.fileExists(atPath: candidate + "/DejaVuSans.ttf") {
            return URL(fileURLWithPath: candidate).standardizedFileURL.path
        }
        throw .fonts("no Fonts directory with DejaVuSans.ttf found next to the executable, in share/cairn or here; use --fonts DIR or CAIRN_FONTS")
    }

    /// A writable cache directory for fontconfig, so it never warns about missing caches.
    private static func cacheDirectory() -> String {
        let env = ProcessInfo.processInfo.environment
        let bases = [env["XDG_CACHE_HOME"], env["HOME"].map { $0 + "/.cache" }, NSTemporaryDirectory()]
        for case let base? in bases {
            let path = base + "/cairn/fontconfig-\(getuid())"
            if (try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)) != nil,
               FileManager.default.isWritableFile(atPath: path) {
                return path
            }
        }
        return NSTemporaryDirectory()
    }

    private static func load(directory: String) throws(CanvasError) -> Configured {
        let cache = cacheDirectory()
        let xml = """
            <?xml version="1.0"?>
            <!DOCTYPE fontconfig SYSTEM "urn:fontconfig:fonts.dtd">
            <fontconfig>
              <dir>\(escaped(directory))</dir>
              <dir>/usr/share/fonts</dir>
              <dir>/usr/local/share/fonts</dir>
              <cachedir>\(escaped(cache))</cachedir>
              <alias binding="strong"><family>sans-serif</family><prefer><family>\(defaultFamily)</family></prefer></alias>
              <alias><family>\(defaultFamily)</family>
                <default><family>Droid Sans Fallback</family><family>Noto Sans CJK SC</family></default></alias>
              <match target="font">
                <test name="weight" compare="less_eq"><const>medium</const></test>
                <test target="pattern" name="weight" compare="more_eq"><const>bold</const></test>
                <edit name="embolden" mode="assign"><bool>true</bool></edit>
                <edit name="weight" mode="assign"><const>bold</const></edit>
              </match>
            </fontconfig>
            """
        // The match rule is fontconfig's own synthetic bold (90-synthetic.conf): bold asked of a font
        // without a bold face (the CJK fallback) is drawn emboldened, as browsers do, not regular.
        // Any fontconfig user in the process (Pango initialises it on a thread of its own) reads this file,
        // not the system's configuration.
        let file = cache + "/cairn-fonts.conf"
        // Written once per cache directory and fonts directory, not on every start.
        do {
            if (try? String(contentsOfFile: file, encoding: .utf8)) != xml {
                try xml.write(toFile: file, atomically: true, encoding: .utf8)
            }
        } catch {
            throw .fonts("cannot write fontconfig configuration \(file): \(error.localizedDescription)")
        }
        // Made fontconfig's current configuration before anything draws text (Pango's font map, and
        // the thread it initialises fontconfig on, come later and find it), never rescanned (a rescan
        // would load the system's configuration in its place). Not through FONTCONFIG_FILE: setenv
        // while another thread reads the environment (a Process starting, getenv) is a crash.
        guard let config = FcConfigCreate() else { throw .fonts("FcConfigCreate failed") }
        guard FcConfigParseAndLoad(config, file, 1) != 0, FcConfigBuildFonts(config) != 0 else {
            FcConfigDestroy(config)
            throw .fonts("fontconfig could not load \(file)")
        }
        FcConfigSetRescanInterval(config, 0)
        FcConfigSetCurrent(config)
        return Configured(config: config, directory: directory)
    }

    private static func escaped(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
    }
}
