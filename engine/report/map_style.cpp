#include "report/map_style.hpp"

#include <unordered_set>

namespace hl {

LayerIndex::LayerIndex(const DocMap& map) {
    by_id_.reserve(map.layers.size());
    for (const MapLayer& l : map.layers)
        by_id_.emplace(l.id, &l);
}

const MapLayer* LayerIndex::find(std::string_view id) const {
    auto it = by_id_.find(id);
    return it == by_id_.end() ? nullptr : it->second;
}

const MapLayer* find_layer(const DocMap& map, const std::string& id) {
    for (const MapLayer& l : map.layers)
        if (l.id == id) return &l;
    return nullptr;
}

bool lower_column(const DocMap& map, int x) {
    return ((x % 2) + 2) % 2 == (map.odd_columns_lower ? 1 : 0);
}

PlaceLook look_of(const LayerIndex& layers, const MapPlace& place) {
    PlaceLook look;
    bool filled = false;
    for (const std::string& id : place.layers) {
        const MapLayer* l = layers.find(id);
        if (!l) continue;
        if (!filled && !l->fill.empty()) {
            look.fill = l->fill;
            filled = true;
        }
        if (look.size == 0 && l->size > 0) look.size = l->size;
        if (!l->ring.empty()) look.rings.push_back(l);
        if (!l->glyph.empty()) look.glyph = l->glyph[0];
    }
    return look;
}

std::vector<const MapLayer*> legend_layers(const DocMap& map) {
    std::vector<const MapLayer*> out;
    if (!map.legend.empty()) {
        for (const std::string& id : map.legend)
            if (const MapLayer* l = find_layer(map, id)) out.push_back(l);
        return out;
    }
    std::unordered_set<std::string_view> used;
    for (const MapPlace& p : map.places)
        used.insert(p.layers.begin(), p.layers.end());
    for (const MapLink& l : map.links)
        used.insert(l.layer);
    for (const MapLayer& l : map.layers)
        if (!l.name.empty() && used.count(l.id)) out.push_back(&l);
    return out;
}

}  // namespace hl
