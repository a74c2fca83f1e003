#ifndef CGUMBO_H
#define CGUMBO_H

// A C shim over gumbo, Google's HTML5 parser (WHATWG tokenizer and tree construction), that
// loads the library with dlopen when HTML is first imported, so that nothing links against it
// and only `import --from html` needs it. The gumbo 0.10 declarations it uses are restated in
// gumbo.c from <gumbo.h>; this header uses plain C types and its own prefix (`tegum_`).
//
// A parse returns the document as a flat array of nodes in tree order (the shim's own copy;
// gumbo's tree is freed before tegum_parse returns). Every block gumbo allocates goes through
// the shim's allocator, which bounds the memory a parse may hold and the depth of the stack of
// open elements (gumbo's tree construction costs time proportional to that depth for each
// tag), and abandons a parse over either bound by freeing everything it allocated.

#include <stddef.h>
#include <stdint.h>

/// What a node is.
enum {
    tegum_element = 1,
    /// Text, whitespace or CDATA; comments are left out.
    tegum_text = 2,
    /// A `<template>`: its content (a separate, inert document fragment) is left out.
    tegum_template = 3,
};

/// The element's namespace.
enum {
    tegum_html = 0,
    tegum_svg = 1,
    tegum_mathml = 2,
};

/// How a parse ended.
enum {
    tegum_parsed = 0,
    /// The stack of open elements grew deeper than the limit.
    tegum_too_deep = 1,
    /// Gumbo held more memory than the limit.
    tegum_too_large = 2,
    /// The system refused memory.
    tegum_no_memory = 3,
    /// tegum_open has not succeeded.
    tegum_not_open = 4,
};

/// A byte range in a tree's `strings`.
typedef struct {
    uint32_t offset;
    uint32_t length;
} tegum_range;

/// One node. `parent` is the index of its parent, -1 for the root element (`html`).
typedef struct {
    int32_t kind;
    int32_t namespace_;
    int32_t parent;
    /// The lowercase tag name (elements).
    tegum_range name;
    /// The decoded text (text nodes).
    tegum_range text;
    /// The node's attributes are `attributes[first_attribute ..< first_attribute + attribute_count]`.
    uint32_t first_attribute;
    uint32_t attribute_count;
    /// The byte offset of the start tag or of the text in the input; -1 when the parser inserted
    /// the element (an implied `html`, `head`, `body`, `tbody` …).
    int64_t offset;
} tegum_node;

/// One attribute: a lowercase name and a decoded value.
typedef struct {
    tegum_range name;
    tegum_range value;
    int64_t offset;
} tegum_attribute;

/// A parsed document. Free with tegum_tree_free.
typedef struct {
    tegum_node *nodes;
    size_t node_count;
    tegum_attribute *attributes;
    size_t attribute_count;
    char *strings;
    size_t strings_length;
} tegum_tree;

/// Opens `library` (a file name dlopen searches for, or a path), checks the symbols the shim
/// uses and parses a known fragment to check that the library's structures are laid out as the
/// shim restates them. Returns 1, or 0 with a one-line message in `error`. Opening again after
/// a success returns 1 without reopening anything.
int tegum_open(const char *library, char *error, size_t error_size);

/// Parses `length` bytes of UTF-8 (gumbo replaces invalid sequences with U+FFFD). Fills `tree`
/// and returns tegum_parsed, or another outcome with `tree` empty; for tegum_too_deep,
/// `*where` is the byte offset of the element that went past the limit (or -1).
/// `depth_limit` bounds the stack of open elements, `memory_limit` the bytes gumbo holds.
int tegum_parse(const char *bytes, size_t length, size_t depth_limit, size_t memory_limit,
                tegum_tree *tree, int64_t *where);

/// gumbo's own parse of `length` bytes with its default options and allocator, then
/// gumbo_destroy_output: the baseline the import is measured against. Returns 1, or 0 before
/// tegum_open has succeeded.
int tegum_parse_alone(const char *bytes, size_t length);

/// Frees a tree's arrays.
void tegum_tree_free(tegum_tree *tree);

#endif
