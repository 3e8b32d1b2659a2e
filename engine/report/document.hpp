#pragma once

#include <string>
#include <variant>
#include <vector>

namespace hl {

// A report as a rules pack builds it (docs/report.md "The document model"): a title and
// sections of blocks. The engine renders any document as text, HTML with SVG maps, and JSON
// without knowing what game it comes from.

// The version of the document model the engine renders.
inline constexpr int kDocumentFormat = 1;

// A value in a table cell or a key/value line: text, or a number (right-aligned).
struct DocValue {
    std::string text;
    bool number = false;
    bool operator==(const DocValue&) const = default;
};

// A paragraph of running text; `style` is a word such as "warning" (see docs/report.md).
struct DocParagraph {
    std::string text;
    std::string style;
    bool operator==(const DocParagraph&) const = default;
};

// One line of a list, with the lines nested under it.
struct DocListItem {
    std::string text;
    std::string style;
    std::vector<DocListItem> items;
    bool operator==(const DocListItem&) const = default;
};

// Lines one under the other, each with lines nested under it; bullets or plain.
struct DocList {
    std::vector<DocListItem> items;
    bool bullets = false;
    bool operator==(const DocList&) const = default;
};

// How a table column lines up its cells.
enum class DocAlign { left, right };

// A table column.
struct DocColumn {
    std::string title;
    DocAlign align = DocAlign::left;
    bool operator==(const DocColumn&) const = default;
};

// A table: columns, rows of cells (one per column, in the order given, or sorted by a column
// when the pack asks: docs/report.md), and what to say when there is no row.
struct DocTable {
    std::vector<DocColumn> columns;
    std::vector<std::vector<DocValue>> rows;
    std::string empty;
    bool operator==(const DocTable&) const = default;
};

// One key/value line.
struct DocKeyValue {
    std::string key;
    DocValue value;
    bool operator==(const DocKeyValue&) const = default;
};

// Key/value lines, laid out in columns where they fit.
struct DocKeyValues {
    std::vector<DocKeyValue> items;
    bool operator==(const DocKeyValues&) const = default;
};

// Text shown exactly as written, line for line (a blank turnsheet).
struct DocPre {
    std::string text;
    bool operator==(const DocPre&) const = default;
};

// A way of drawing places or links of a map, named in the legend.
struct MapLayer {
    std::string id;
    std::string name;   // in the legend; a layer without a name is not listed there
    std::string fill;   // a place's body colour (#rgb or #rrggbb); the first layer with one wins
    std::string ring;   // an outline around the place
    std::string line;   // a link's colour
    bool dash = false;  // dashed outline or link
    double size = 0;    // the body's radius in pixels (a grid step is 40); 0: the default
    std::string glyph;  // one character after the code on the text map; the last layer wins
    bool operator==(const MapLayer&) const = default;
};

// A place on a map: its code, where it is (or its parent place), how it is drawn.
struct MapPlace {
    std::string code;
    std::string label;   // beside the place on the SVG map; the code if empty
    std::string title;   // the tooltip; the label if empty
    std::string parent;  // a place it lies inside (drawn around the parent, not on the grid)
    int x = 0;
    int y = 0;
    std::vector<std::string> layers;
    double size = 0;        // the body's radius in pixels; 0: its layers' size
    std::string mark = {};  // a small dot beside the body: "ne", "se", "sw" or "nw"; empty: none
    bool tail = false;      // a chevron after the body (what it stands for may have moved away)
    bool operator==(const MapPlace&) const = default;
};

// A link between two places of the map.
struct MapLink {
    std::string from;
    std::string to;
    std::string layer;
    bool operator==(const MapLink&) const = default;
};

// The shape of a map's grid.
enum class MapGeometry { grid, hex };

// A map: places on a square grid or on upright hex columns (even columns half a hex lower, or
// odd ones), links, layers that style them, and the legend (layer ids, in order). Coordinates
// are the pack's to choose (a race's own, centred on its home, may be negative).
struct DocMap {
    MapGeometry geometry = MapGeometry::grid;
    bool odd_columns_lower = false;  // hex maps: odd columns, not even ones, half a hex lower
    std::string title;               // the SVG's accessible name
    std::vector<MapLayer> layers;
    std::vector<MapPlace> places;
    std::vector<MapLink> links;
    std::vector<std::string> legend;
    bool operator==(const DocMap&) const = default;
};

// A heading inside a section, over the blocks after it (a phase of an event report).
struct DocHeading {
    std::string text;
    bool operator==(const DocHeading&) const = default;
};

// Any block of a section.
using DocBlock =
    std::variant<DocParagraph, DocList, DocTable, DocKeyValues, DocPre, DocMap, DocHeading>;

// A section: a heading (none if empty), an anchor id, and its blocks.
struct DocSection {
    std::string title;
    std::string id;
    std::vector<DocBlock> blocks;
    bool operator==(const DocSection&) const = default;
};

// A whole report.
struct Document {
    std::string kind;  // what report this is, e.g. "empire" or "game"
    std::string title;
    std::string subtitle;
    std::vector<DocSection> sections;
    bool operator==(const Document&) const = default;
};

// The first map block of a document, or nullptr.
const DocMap* first_map(const Document& doc);

}  // namespace hl
