// The HTML importer's entry point. This file is replaced by the HTML importer (gumbo binding,
// Accessible Name computation, HTML-AAM roles and states); until then HTML cannot be imported.

/// Imports an HTML page or fragment.
func importHTML(_ bytes: [UInt8], source: String, options: ImportOptions) throws(ImportError) -> ImportedScreen {
    throw ImportError(.unavailable, "HTML import not built yet; use --from aria-snapshot, uiautomator or xcuitest",
                      at: nil)
}
