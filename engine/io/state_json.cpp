#include "io/state_json.hpp"

namespace hl {

using json = nlohmann::ordered_json;

namespace {

json scalar_json(const Value& v, const ScalarSpec& s, const CodeFormat& codes, bool optional) {
    if (const auto* t = std::get_if<std::string>(&v)) {
        if (t->empty() && (optional || s.type == ScalarType::empire)) return nullptr;
        return *t;
    }
    std::int64_t i = std::get<std::int64_t>(v);
    if (i == kNone) return nullptr;
    switch (s.type) {
        case ScalarType::flag: return i != 0;
        case ScalarType::place: return codes.format(static_cast<PlaceCode>(i));
        case ScalarType::choice:
            return i >= 0 && static_cast<std::size_t>(i) < s.choices.size()
                       ? json(s.choices[static_cast<std::size_t>(i)])
                       : json(nullptr);
        default: return i;
    }
}

json row_json(const RecordKind& k, const Row& row, const CodeFormat& codes) {
    json out = json::object();
    for (std::size_t i = 0; i < k.fields.size(); ++i)
        out[k.fields[i].name] = value_to_json(row[i], k.fields[i], codes);
    return out;
}

}  // namespace

json value_to_json(const Value& v, const FieldSpec& f, const CodeFormat& codes) {
    switch (f.shape) {
        case FieldShape::one: return scalar_json(v, f.scalar, codes, f.optional);
        case FieldShape::list:
        case FieldShape::set: {
            json a = json::array();
            if (const auto* l = std::get_if<IntList>(&v))
                for (std::int64_t i : *l)
                    a.push_back(scalar_json(i, f.scalar, codes, false));
            else
                for (const std::string& s : std::get<TextList>(v))
                    a.push_back(s);
            return a;
        }
        case FieldShape::map: {
            json o = json::object();
            if (const auto* m = std::get_if<IntMap>(&v))
                for (const auto& [k, i] : *m)
                    o[k] = scalar_json(i, f.scalar, codes, false);
            else
                for (const auto& [k, s] : std::get<TextMap>(v))
                    o[k] = s;
            return o;
        }
    }
    return nullptr;
}

json state_to_json(const GameState& st, const std::string& pack_name, bool with_secrets) {
    const Schema& s = st.schema();
    const CodeFormat& codes = s.map.codes;
    json j;
    j["format"] = 2;
    j["turn"] = st.turn;
    j["seed"] = st.seed;
    j["pack"] = {{"id", st.pack}, {"version", st.pack_version}, {"name", pack_name}};
    j["order_of_play"] = st.order_of_play;

    json places = json::array();
    for (const auto& [code, p] : st.galaxy.places()) {
        json links = json::array();
        for (PlaceCode l : p.links)
            links.push_back(st.galaxy.code_str(l));
        places.push_back({{"code", st.galaxy.code_str(code)},
                          {"kind", p.kind},
                          {"x", p.pos.x},
                          {"y", p.pos.y},
                          {"parent", p.parent ? json(st.galaxy.code_str(*p.parent)) : json(nullptr)},
                          {"links", links}});
    }
    json map = {{"geometry", geometry_name(s.map.geometry)}};
    if (const HexGrid* hex = st.galaxy.hex())
        map["size"] = {{"width", hex->width()}, {"height", hex->height()}};
    map["places"] = places;
    j["map"] = map;

    int empire_kind = s.kind_index("empire");
    json empires = json::array();
    for (std::size_t i = 0; i < st.empires.size(); ++i) {
        const Empire& e = st.empires[i];
        json je = {{"code", e.code}, {"name", e.name}, {"player", e.player}};
        if (with_secrets) je["secret"] = e.secret;
        je["computer"] = e.computer;
        if (empire_kind >= 0 &&
            s.kinds[static_cast<std::size_t>(empire_kind)].scope == RecordScope::empire) {
            json fields = row_json(s.kinds[static_cast<std::size_t>(empire_kind)],
                                   st.records.row_or_initial(empire_kind, static_cast<std::int64_t>(i)),
                                   codes);
            for (auto it = fields.begin(); it != fields.end(); ++it)
                je[it.key()] = it.value();
        }
        empires.push_back(je);
    }
    j["empires"] = empires;

    json records = json::object();
    for (std::size_t ki = 0; ki < s.kinds.size(); ++ki) {
        const RecordKind& k = s.kinds[ki];
        if (static_cast<int>(ki) == empire_kind && k.scope == RecordScope::empire) continue;
        if (k.scope == RecordScope::game) {
            records[k.name] = row_json(k, st.records.row_or_initial(static_cast<int>(ki), 0), codes);
            continue;
        }
        json list = json::array();
        for (const auto& [key, row] : st.records.rows(static_cast<int>(ki))) {
            json r = json::object();
            switch (k.scope) {
                case RecordScope::place:
                    r[k.key] = st.galaxy.code_str(static_cast<PlaceCode>(key));
                    break;
                case RecordScope::empire:
                    r[k.key] = st.empires[static_cast<std::size_t>(key)].code;
                    break;
                default: r[k.key] = key; break;
            }
            json fields = row_json(k, row, codes);
            for (auto it = fields.begin(); it != fields.end(); ++it)
                r[it.key()] = it.value();
            list.push_back(r);
        }
        records[k.name] = list;
    }
    j["records"] = records;
    return j;
}

}  // namespace hl
