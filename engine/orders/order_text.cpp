#include "orders/order_text.hpp"

namespace hl {

const char* box_key(Box b) {
    switch (b) {
        case Box::from:
            return "from";
        case Box::to:
            return "to";
        case Box::number:
            return "number";
    }
    return "from";
}

const BoxSpec& box_spec(const ActionFormat& f, Box b) {
    return b == Box::from ? f.from : b == Box::to ? f.to : f.number;
}

const BoxValue& box_value(const Order& o, Box b) {
    return b == Box::from ? o.from : b == Box::to ? o.to : o.number;
}

std::string box_label(const ActionFormat& f, Box b) {
    const BoxType t = box_spec(f, b).type;
    switch (b) {
        case Box::from:
            if (t == BoxType::tech) return "WHICH TECH";
            if (t == BoxType::system && f.to.type != BoxType::system) return "WHERE";
            return "WHERE FROM";
        case Box::to:
            if (t == BoxType::empire) return "WHICH EMPIRE";
            return "WHERE TO";
        case Box::number:
            if (t == BoxType::level) return "LEVEL";
            return "NUMBER";
    }
    return "NUMBER";
}

namespace {

std::string type_word(const BoxSpec& s) {
    std::string w;
    switch (s.type) {
        case BoxType::none:
            return "-";
        case BoxType::system:
            w = "SYS";
            break;
        case BoxType::empire:
            w = "EMP";
            break;
        case BoxType::tech:
            w = "TECH";
            break;
        case BoxType::count:
            w = "COUNT";
            break;
        case BoxType::amount:
            w = "N";
            break;
        case BoxType::level:
            w = "LEVEL";
            break;
    }
    return s.optional ? "[" + w + "]" : w;
}

}  // namespace

std::string format_usage(const std::string& action, const ActionFormat& f) {
    std::string words[3] = {type_word(f.from), type_word(f.to), type_word(f.number)};
    if (f.blank_number_in_last_slot && f.number.type != BoxType::none && !f.number.optional)
        words[2] = "[" + words[2] + "]";
    int last = 2;
    while (last >= 0 && words[last] == "-")
        --last;
    std::string out = action;
    for (int i = 0; i <= last; ++i)
        out += " " + words[i];
    return out;
}

std::string action_usage(const ActionDef& def) {
    std::string out;
    for (const ActionFormat& f : def.formats) {
        if (!out.empty()) out += " or ";
        out += format_usage(def.name, f);
        if (!f.help.empty()) out += " (" + f.help + ")";
    }
    return out;
}

}  // namespace hl
