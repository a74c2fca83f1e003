import CGumbo
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// gumbo, Google's HTML5 parser (the WHATWG tokenizer and tree construction), opened with
/// `dlopen` the first time HTML is imported, so that nothing links against it and every other
/// format imports without it.
///
/// The shim checks on opening that the library's structures are gumbo 0.10's (it parses two
/// known fragments), bounds the memory a parse holds and the depth of its stack of open
/// elements (gumbo spends time proportional to that depth on each tag), and copies the tree
/// into its own arrays before freeing gumbo's.
enum Gumbo {
    /// The library opened: Debian's and Ubuntu's `libgumbo1`, Homebrew's `gumbo-parser`.
    static var defaultLibrary: String {
        #if canImport(Darwin)
        "libgumbo.1.dylib"
        #else
        "libgumbo.so.1"
        #endif
    }

    /// The environment variable that names another library to open instead (the tests point
    /// it at one that does not exist).
    static let libraryVariable = "TYPING_ECHO_LIBGUMBO_LIBRARY"

    /// Opens gumbo once per process (later calls return at once): the library the environment
    /// variable names, else ``defaultLibrary``.
    static func open() throws(ImportError) {
        var library = defaultLibrary
        if let named = getenv(libraryVariable), named.pointee != 0 { library = String(cString: named) }
        var message = [CChar](repeating: 0, count: 512)
        guard tegum_open(library, &message, message.count) == 1 else {
            let reason = String(decoding: message.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            throw ImportError(
                .unavailable,
                "HTML import needs gumbo, the HTML5 parser (\(library): \(reason)); install it with "
                    + "`apt-get install libgumbo1` (Debian, Ubuntu) or `brew install gumbo-parser` (macOS)",
                at: nil)
        }
    }

    /// What went wrong in a parse, before any position is known.
    enum Failure: Error {
        /// The stack of open elements went past the limit at this byte offset (nil: unknown).
        case tooDeep(offset: Int?)
        /// The parse needed more memory than the limit.
        case tooLarge
        /// The system refused memory.
        case noMemory
    }

    /// Parses UTF-8 `bytes` into a document.
    /// - Parameters:
    ///   - depthLimit: The deepest the stack of open elements may grow.
    ///   - memoryLimit: The most bytes gumbo may hold at once.
    /// - Complexity: O(*n* · *d*) in the bytes and the depth limit, and O(*n*) memory.
    static func parse(_ bytes: [UInt8], depthLimit: Int, memoryLimit: Int) -> Result<HTMLDocument, Failure> {
        var tree = tegum_tree()
        var position: Int64 = -1
        let outcome = bytes.withUnsafeBufferPointer { buffer in
            buffer.withMemoryRebound(to: CChar.self) { characters in
                tegum_parse(characters.baseAddress, characters.count, max(depthLimit, 4), max(memoryLimit, 1 << 20), &tree, &position)
            }
        }
        defer { tegum_tree_free(&tree) }
        switch Int(outcome) {
        case Int(tegum_parsed): return .success(HTMLDocument(tree))
        case Int(tegum_too_deep): return .failure(.tooDeep(offset: position >= 0 ? Int(position) : nil))
        case Int(tegum_too_large): return .failure(.tooLarge)
        default: return .failure(.noMemory)
        }
    }
}
