#include "orders/order.hpp"

namespace hl {

const char* box_type_name(BoxType t) {
    switch (t) {
        case BoxType::none:
            return "none";
        case BoxType::system:
            return "system";
        case BoxType::empire:
            return "empire";
        case BoxType::tech:
            return "tech";
        case BoxType::count:
            return "count";
        case BoxType::amount:
            return "amount";
        case BoxType::level:
            return "level";
    }
    return "none";
}

std::optional<BoxType> parse_box_type(std::string_view name) {
    for (BoxType t : {BoxType::none, BoxType::system, BoxType::empire, BoxType::tech,
                      BoxType::count, BoxType::amount, BoxType::level})
        if (name == box_type_name(t)) return t;
    return std::nullopt;
}

}  // namespace hl
