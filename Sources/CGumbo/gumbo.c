#include "CGumbo.h"

#include <dlfcn.h>
#include <pthread.h>
#include <setjmp.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

// ---- Declarations restated from <gumbo.h> (gumbo 0.10.1, Debian's libgumbo1) ----

typedef struct {
    unsigned int line;
    unsigned int column;
    unsigned int offset;
} GumboSourcePosition;

typedef struct {
    const char *data;
    size_t length;
} GumboStringPiece;

typedef struct {
    void **data;
    unsigned int length;
    unsigned int capacity;
} GumboVector;

typedef struct {
    int attr_namespace;
    const char *name;
    GumboStringPiece original_name;
    const char *value;
    GumboStringPiece original_value;
    GumboSourcePosition name_start;
    GumboSourcePosition name_end;
    GumboSourcePosition value_start;
    GumboSourcePosition value_end;
} GumboAttribute;

enum {
    GUMBO_NODE_DOCUMENT,
    GUMBO_NODE_ELEMENT,
    GUMBO_NODE_TEXT,
    GUMBO_NODE_CDATA,
    GUMBO_NODE_COMMENT,
    GUMBO_NODE_WHITESPACE,
    GUMBO_NODE_TEMPLATE,
};

enum { GUMBO_INSERTION_BY_PARSER = 1 };

typedef struct {
    GumboVector children;
    bool has_doctype;
    const char *name;
    const char *public_identifier;
    const char *system_identifier;
    int doc_type_quirks_mode;
} GumboDocument;

typedef struct {
    const char *text;
    GumboStringPiece original_text;
    GumboSourcePosition start_pos;
} GumboText;

typedef struct {
    GumboVector children;
    int tag;
    int tag_namespace;
    GumboStringPiece original_tag;
    GumboStringPiece original_end_tag;
    GumboSourcePosition start_pos;
    GumboSourcePosition end_pos;
    GumboVector attributes;
} GumboElement;

typedef struct GumboNode {
    int type;
    struct GumboNode *parent;
    size_t index_within_parent;
    int parse_flags;
    union {
        GumboDocument document;
        GumboElement element;
        GumboText text;
    } v;
} GumboNode;

typedef struct {
    void *(*allocator)(void *userdata, size_t size);
    void (*deallocator)(void *userdata, void *pointer);
    void *userdata;
    int tab_stop;
    bool stop_on_first_error;
    int max_errors;
    int fragment_context;
    int fragment_namespace;
} GumboOptions;

typedef struct {
    GumboNode *document;
    GumboNode *root;
    GumboVector errors;
} GumboOutput;

// The start of gumbo's private parser state (parser.c, GumboInternalParserState): two
// insertion modes, then the stack of open elements. The shim finds the state among gumbo's
// first allocations (see find_state) and reads the stack's length to bound its depth;
// tegum_open checks the layout on a known fragment before any parse is trusted.
typedef struct {
    int insertion_mode;
    int original_insertion_mode;
    GumboVector open_elements;
} GumboParserStateStart;

// ---- The loaded library ----

static struct {
    void *handle;
    const GumboOptions *default_options;
    GumboOutput *(*parse_with_options)(const GumboOptions *, const char *, size_t);
    const char *(*normalized_tagname)(int tag);
    void (*tag_from_original_text)(GumboStringPiece *text);
    void (*destroy_output)(const GumboOptions *, GumboOutput *);
    int unknown_tag;
} loaded;

static pthread_mutex_t open_lock = PTHREAD_MUTEX_INITIALIZER;

// ---- The bounded allocator ----

// Every block starts with a header that links it into the parse's list, so that a parse that is
// abandoned (longjmp out of gumbo) or finished frees everything at once, without gumbo's own
// recursive destroy_node.
typedef struct Block {
    struct Block *previous;
    struct Block *next;
    size_t size;
    size_t padding;
} Block;

enum { early_count = 48 };

typedef struct {
    jmp_buf exit;
    Block *blocks;
    size_t held;
    size_t memory_limit;
    size_t depth_limit;
    // The parser state once found, and gumbo's first allocations to find it among.
    GumboParserStateStart *state;
    void *early[early_count];
    size_t early_size[early_count];
    size_t allocations;
    int64_t where;
} Arena;

static void abandon(Arena *arena, int outcome) { longjmp(arena->exit, outcome); }

// The parser state is the early block whose third and fourth words are the stack of open
// elements as parser_state_init leaves it: a vector of capacity 10 whose data is the 80-byte
// block allocated (by gumbo_vector_init) after the state itself.
static void find_state(Arena *arena) {
    size_t count = arena->allocations < early_count ? arena->allocations : early_count;
    for (size_t index = 0; index < count; index++) {
        if (arena->early_size[index] < sizeof(GumboParserStateStart)) continue;
        GumboParserStateStart *candidate = arena->early[index];
        if (candidate->open_elements.capacity != 10 || candidate->open_elements.length > 10) continue;
        for (size_t later = index + 1; later < count; later++) {
            if (arena->early_size[later] == 10 * sizeof(void *) && arena->early[later] == (void *)candidate->open_elements.data) {
                arena->state = candidate;
                return;
            }
        }
    }
}

static void check_depth(Arena *arena) {
    if (arena->state == NULL) {
        if (arena->allocations <= early_count) find_state(arena);
        return;
    }
    GumboVector *open = &arena->state->open_elements;
    if (open->length <= arena->depth_limit) return;
    GumboNode *top = open->data[open->length - 1];
    arena->where = top != NULL && top->type == GUMBO_NODE_ELEMENT && (top->parse_flags & GUMBO_INSERTION_BY_PARSER) == 0
        ? (int64_t)top->v.element.start_pos.offset
        : -1;
    abandon(arena, tegum_too_deep);
}

static void *arena_allocate(void *userdata, size_t size) {
    Arena *arena = userdata;
    check_depth(arena);
    if (size > arena->memory_limit || arena->held > arena->memory_limit - size) abandon(arena, tegum_too_large);
    Block *block = arena->allocations < early_count ? calloc(1, sizeof(Block) + size) : malloc(sizeof(Block) + size);
    if (block == NULL) abandon(arena, tegum_no_memory);
    block->size = size;
    block->previous = NULL;
    block->next = arena->blocks;
    if (arena->blocks != NULL) arena->blocks->previous = block;
    arena->blocks = block;
    arena->held += size;
    if (arena->allocations < early_count) {
        arena->early[arena->allocations] = block + 1;
        arena->early_size[arena->allocations] = size;
    }
    arena->allocations++;
    return block + 1;
}

static void arena_free(void *userdata, void *pointer) {
    Arena *arena = userdata;
    if (pointer == NULL) return;
    Block *block = (Block *)pointer - 1;
    if (block->previous != NULL) block->previous->next = block->next;
    else arena->blocks = block->next;
    if (block->next != NULL) block->next->previous = block->previous;
    arena->held -= block->size;
    if (arena->state == NULL) {
        for (size_t index = 0; index < early_count && index < arena->allocations; index++) {
            if (arena->early[index] == pointer) {
                arena->early[index] = NULL;
                arena->early_size[index] = 0;
            }
        }
    }
    free(block);
}

static void arena_release(Arena *arena) {
    Block *block = arena->blocks;
    while (block != NULL) {
        Block *next = block->next;
        free(block);
        block = next;
    }
    arena->blocks = NULL;
    arena->held = 0;
}

// ---- The flat copy ----

typedef struct {
    tegum_tree tree;
    size_t node_capacity;
    size_t attribute_capacity;
    size_t strings_capacity;
    int failed;
} Builder;

static int grow(void **array, size_t *capacity, size_t needed, size_t element) {
    if (needed <= *capacity) return 1;
    size_t next = *capacity == 0 ? 64 : *capacity;
    while (next < needed) next *= 2;
    void *grown = realloc(*array, next * element);
    if (grown == NULL) return 0;
    *array = grown;
    *capacity = next;
    return 1;
}

static tegum_range add_string(Builder *builder, const char *data, size_t length, int lowercase) {
    tegum_range range = {0, 0};
    if (builder->failed || length == 0) return range;
    size_t used = builder->tree.strings_length;
    if (length > UINT32_MAX || used > UINT32_MAX - length
        || !grow((void **)&builder->tree.strings, &builder->strings_capacity, used + length, 1)) {
        builder->failed = 1;
        return range;
    }
    memcpy(builder->tree.strings + used, data, length);
    if (lowercase) {
        for (size_t index = used; index < used + length; index++) {
            char byte = builder->tree.strings[index];
            if (byte >= 'A' && byte <= 'Z') builder->tree.strings[index] = (char)(byte - 'A' + 'a');
        }
    }
    builder->tree.strings_length = used + length;
    range.offset = (uint32_t)used;
    range.length = (uint32_t)length;
    return range;
}

static tegum_range tag_name(Builder *builder, const GumboElement *element) {
    if (element->tag != loaded.unknown_tag) {
        const char *name = loaded.normalized_tagname(element->tag);
        return add_string(builder, name, name == NULL ? 0 : strlen(name), 1);
    }
    GumboStringPiece piece = element->original_tag;
    if (piece.data == NULL || piece.length < 2) return add_string(builder, "", 0, 0);
    loaded.tag_from_original_text(&piece);
    return add_string(builder, piece.data, piece.length, 1);
}

static int add_node(Builder *builder, const GumboNode *node, int32_t parent) {
    if (builder->failed) return -1;
    size_t index = builder->tree.node_count;
    if (index >= INT32_MAX || !grow((void **)&builder->tree.nodes, &builder->node_capacity, index + 1, sizeof(tegum_node))) {
        builder->failed = 1;
        return -1;
    }
    tegum_node *copy = &builder->tree.nodes[index];
    memset(copy, 0, sizeof *copy);
    copy->parent = parent;
    copy->offset = -1;
    if (node->type == GUMBO_NODE_ELEMENT || node->type == GUMBO_NODE_TEMPLATE) {
        const GumboElement *element = &node->v.element;
        copy->kind = node->type == GUMBO_NODE_TEMPLATE ? tegum_template : tegum_element;
        copy->namespace_ = element->tag_namespace;
        if ((node->parse_flags & GUMBO_INSERTION_BY_PARSER) == 0) copy->offset = element->start_pos.offset;
        tegum_range name = tag_name(builder, element);
        size_t first = builder->tree.attribute_count;
        size_t count = element->attributes.length;
        if (!grow((void **)&builder->tree.attributes, &builder->attribute_capacity, first + count, sizeof(tegum_attribute))) {
            builder->failed = 1;
            return -1;
        }
        for (size_t at = 0; at < count; at++) {
            const GumboAttribute *attribute = element->attributes.data[at];
            tegum_attribute *out = &builder->tree.attributes[first + at];
            out->name = add_string(builder, attribute->name, strlen(attribute->name), 1);
            out->value = add_string(builder, attribute->value, strlen(attribute->value), 0);
            out->offset = attribute->name_start.offset;
        }
        builder->tree.attribute_count = first + count;
        copy = &builder->tree.nodes[index];
        copy->name = name;
        copy->first_attribute = (uint32_t)first;
        copy->attribute_count = (uint32_t)count;
    } else {
        const GumboText *text = &node->v.text;
        tegum_range range = add_string(builder, text->text, strlen(text->text), 0);
        copy = &builder->tree.nodes[index];
        copy->kind = tegum_text;
        copy->text = range;
        copy->offset = text->start_pos.offset;
    }
    builder->tree.node_count = index + 1;
    return builder->failed ? -1 : (int)index;
}

// Copies the tree under `root` in tree order, with an explicit stack (no recursion: the depth is
// bounded by the parse, but the stack of the calling thread is not the shim's to spend).
static int copy_tree(Builder *builder, const GumboNode *root) {
    typedef struct {
        const GumboNode *node;
        int32_t index;
        unsigned int next_child;
    } Frame;
    size_t capacity = 64, depth = 0;
    Frame *stack = malloc(capacity * sizeof(Frame));
    if (stack == NULL) return 0;
    int index = add_node(builder, root, -1);
    if (index < 0) {
        free(stack);
        return 0;
    }
    stack[depth++] = (Frame){root, index, 0};
    while (depth > 0 && !builder->failed) {
        Frame *frame = &stack[depth - 1];
        const GumboNode *node = frame->node;
        // A template's children are its content, which is inert: they are not copied.
        if (node->type != GUMBO_NODE_ELEMENT || frame->next_child >= node->v.element.children.length) {
            depth--;
            continue;
        }
        const GumboNode *child = node->v.element.children.data[frame->next_child++];
        if (child->type == GUMBO_NODE_COMMENT || child->type == GUMBO_NODE_DOCUMENT) continue;
        int32_t parent = frame->index;
        int child_index = add_node(builder, child, parent);
        if (child_index < 0) break;
        if (child->type == GUMBO_NODE_ELEMENT) {
            if (depth == capacity) {
                Frame *grown = realloc(stack, 2 * capacity * sizeof(Frame));
                if (grown == NULL) {
                    builder->failed = 1;
                    break;
                }
                stack = grown;
                capacity *= 2;
            }
            stack[depth++] = (Frame){child, child_index, 0};
        }
    }
    free(stack);
    return !builder->failed;
}

void tegum_tree_free(tegum_tree *tree) {
    free(tree->nodes);
    free(tree->attributes);
    free(tree->strings);
    memset(tree, 0, sizeof *tree);
}

static int parse(const char *bytes, size_t length, size_t depth_limit, size_t memory_limit, tegum_tree *tree, int64_t *where) {
    memset(tree, 0, sizeof *tree);
    *where = -1;
    if (loaded.handle == NULL) return tegum_not_open;
    // volatile: read after longjmp.
    Arena *volatile arena = calloc(1, sizeof(Arena));
    if (arena == NULL) return tegum_no_memory;
    arena->memory_limit = memory_limit;
    arena->depth_limit = depth_limit;
    GumboOptions options = *loaded.default_options;
    options.allocator = arena_allocate;
    options.deallocator = arena_free;
    options.userdata = arena;
    options.tab_stop = 1;
    options.stop_on_first_error = false;
    // No parse errors are recorded (each one holds a copy of its line).
    options.max_errors = 0;
    int outcome = setjmp(arena->exit);
    if (outcome != 0) {
        *where = arena->where;
        arena_release(arena);
        free(arena);
        return outcome;
    }
    GumboOutput *output = loaded.parse_with_options(&options, bytes, length);
    Builder builder;
    memset(&builder, 0, sizeof builder);
    int copied = output != NULL && output->root != NULL && copy_tree(&builder, output->root);
    arena_release(arena);
    free(arena);
    if (!copied) {
        tegum_tree_free(&builder.tree);
        return tegum_no_memory;
    }
    *tree = builder.tree;
    return tegum_parsed;
}

int tegum_parse(const char *bytes, size_t length, size_t depth_limit, size_t memory_limit, tegum_tree *tree, int64_t *where) {
    return parse(bytes, length, depth_limit, memory_limit, tree, where);
}

int tegum_parse_alone(const char *bytes, size_t length) {
    if (loaded.handle == NULL) return 0;
    GumboOutput *output = loaded.parse_with_options(loaded.default_options, bytes, length);
    if (output == NULL) return 0;
    loaded.destroy_output(loaded.default_options, output);
    return 1;
}

// ---- Opening, with a check of the layout ----

static int attribute_is(const tegum_tree *tree, size_t node, const char *name, const char *value) {
    const tegum_node *element = &tree->nodes[node];
    for (uint32_t at = 0; at < element->attribute_count; at++) {
        const tegum_attribute *attribute = &tree->attributes[element->first_attribute + at];
        if (attribute->name.length == strlen(name) && memcmp(tree->strings + attribute->name.offset, name, strlen(name)) == 0
            && attribute->value.length == strlen(value) && memcmp(tree->strings + attribute->value.offset, value, strlen(value)) == 0) {
            return 1;
        }
    }
    return 0;
}

static int name_is(const tegum_tree *tree, size_t node, const char *name) {
    tegum_range range = tree->nodes[node].name;
    return range.length == strlen(name) && memcmp(tree->strings + range.offset, name, range.length) == 0;
}

// Parses two known fragments: one must stop at its third div when the depth limit is 4 (html,
// body and two divs), which shows the shim reads gumbo's stack of open elements; the other must
// come back as html (head, body (x-field with a decoded attribute at its offset, template,
// text))), which shows the node, element, text and attribute layouts.
static int check_layout(char *error, size_t error_size) {
    tegum_tree tree;
    int64_t where = -1;
    const char *deep = "<div><div><div>x";
    int outcome = parse(deep, strlen(deep), 4, 1 << 20, &tree, &where);
    if (outcome != tegum_too_deep || where != 10) {
        tegum_tree_free(&tree);
        snprintf(error, error_size, "libgumbo's parser state is not laid out as gumbo 0.10's (outcome %d at %lld)", outcome, (long long)where);
        return 0;
    }
    const char *known = "<X-Field Data-A='a&amp;b'></x-field><template><input></template>t&lt;";
    outcome = parse(known, strlen(known), 64, 1 << 20, &tree, &where);
    int good = outcome == tegum_parsed && tree.node_count == 6 && name_is(&tree, 0, "html") && tree.nodes[0].offset == -1
        && name_is(&tree, 1, "head") && tree.nodes[1].parent == 0 && name_is(&tree, 2, "body") && tree.nodes[2].parent == 0
        && name_is(&tree, 3, "x-field") && tree.nodes[3].parent == 2 && tree.nodes[3].offset == 0 && tree.nodes[3].kind == tegum_element
        && attribute_is(&tree, 3, "data-a", "a&b") && tree.attributes[0].offset == 9
        && tree.nodes[4].kind == tegum_template && name_is(&tree, 4, "template") && tree.nodes[4].offset == 36
        && tree.nodes[5].kind == tegum_text && tree.nodes[5].offset == 64 && tree.nodes[5].text.length == 2
        && memcmp(tree.strings + tree.nodes[5].text.offset, "t<", 2) == 0;
    tegum_tree_free(&tree);
    if (!good) snprintf(error, error_size, "libgumbo's nodes are not laid out as gumbo 0.10's (outcome %d)", outcome);
    return good;
}

int tegum_open(const char *library, char *error, size_t error_size) {
    pthread_mutex_lock(&open_lock);
    if (loaded.handle != NULL) {
        pthread_mutex_unlock(&open_lock);
        return 1;
    }
    void *handle = dlopen(library, RTLD_NOW | RTLD_LOCAL);
    if (handle == NULL) {
        const char *reason = dlerror();
        snprintf(error, error_size, "%s", reason != NULL ? reason : "dlopen failed");
        pthread_mutex_unlock(&open_lock);
        return 0;
    }
    loaded.default_options = dlsym(handle, "kGumboDefaultOptions");
    *(void **)&loaded.parse_with_options = dlsym(handle, "gumbo_parse_with_options");
    *(void **)&loaded.normalized_tagname = dlsym(handle, "gumbo_normalized_tagname");
    *(void **)&loaded.tag_from_original_text = dlsym(handle, "gumbo_tag_from_original_text");
    *(void **)&loaded.destroy_output = dlsym(handle, "gumbo_destroy_output");
    int (*tag_enum)(const char *) = NULL;
    *(void **)&tag_enum = dlsym(handle, "gumbo_tag_enum");
    if (loaded.default_options == NULL || loaded.parse_with_options == NULL || loaded.normalized_tagname == NULL
        || loaded.tag_from_original_text == NULL || loaded.destroy_output == NULL || tag_enum == NULL) {
        snprintf(error, error_size, "%s lacks gumbo 0.10's functions", library);
        dlclose(handle);
        memset(&loaded, 0, sizeof loaded);
        pthread_mutex_unlock(&open_lock);
        return 0;
    }
    // GUMBO_TAG_UNKNOWN: the enum value of a name gumbo does not know.
    loaded.unknown_tag = tag_enum("x-not-a-tag");
    loaded.handle = handle;
    if (!check_layout(error, error_size)) {
        dlclose(handle);
        memset(&loaded, 0, sizeof loaded);
        pthread_mutex_unlock(&open_lock);
        return 0;
    }
    pthread_mutex_unlock(&open_lock);
    return 1;
}
