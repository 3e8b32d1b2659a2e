#pragma once

#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "report/document.hpp"

namespace hl {

// How a place of a map is drawn, from its layers in order: the body's colour and size from the
// first layer that gives them, an outline for each layer with a ring, and the text map's glyph
// from the last layer with one.
struct PlaceLook {
    std::string fill = "#cccccc";
    double size = 0;
    std::vector<const MapLayer*> rings;
    char glyph = ' ';
};

// The layers of a map by id (the first of an id wins, as find_layer finds it), so that drawing
// many places does not search the list for each of their layers.
class LayerIndex {
  public:
    // Indexes the map's layers; the map must outlive the index.
    explicit LayerIndex(const DocMap& map);
    // The layer with an id, or nullptr.
    const MapLayer* find(std::string_view id) const;

  private:
    std::unordered_map<std::string_view, const MapLayer*> by_id_;
};

// True if a hex map's column x lies half a hex lower than its neighbours.
bool lower_column(const DocMap& map, int x);

// The look of a place, its layers looked up in the index of its map.
PlaceLook look_of(const LayerIndex& layers, const MapPlace& place);

// The layer with an id, or nullptr.
const MapLayer* find_layer(const DocMap& map, const std::string& id);

// The layers the legend shows: the map's legend list, or else every named layer that a place or
// link uses, in the order the layers are declared.
std::vector<const MapLayer*> legend_layers(const DocMap& map);

}  // namespace hl
