/// Reads a source of this format into an ImportedScreen.
struct AriaSnapshotImporter {
    let bytes: [UInt8]
    let source: String
    let options: ImportOptions

    /// The screen.
    func run() throws(ImportError) -> ImportedScreen {
        throw ImportError(.unavailable, "not built yet", at: nil)
    }
}
