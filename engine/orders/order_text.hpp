#pragma once

#include <string>

#include "orders/order.hpp"

namespace hl {

// Which of the three boxes after the action name: WHERE FROM, WHERE TO or NUMBER.
enum class Box { from, to, number };

// The Lua name of a box: "from", "to" or "number".
const char* box_key(Box b);

// The spec of one box of a format.
const BoxSpec& box_spec(const ActionFormat& f, Box b);

// The value of one box of an order.
const BoxValue& box_value(const Order& o, Box b);

// The name a player sees for a box, in the rulebook's words: WHERE FROM, WHERE, WHERE TO,
// WHICH TECH, WHICH EMPIRE, NUMBER, LEVEL.
std::string box_label(const ActionFormat& f, Box b);

// How a player writes one format, e.g. "MOVE SYS SYS COUNT", "NEWCRS [SYS] - N", "TAX".
std::string format_usage(const std::string& action, const ActionFormat& f);

// Every format of an action as "usage (help)", joined with " or ".
std::string action_usage(const ActionDef& def);

}  // namespace hl
