#pragma once

#include <map>
#include <string>
#include <vector>

#include "core/diagnostics.hpp"
#include "orders/order.hpp"

namespace hl {

class Runtime;

// Every action of a pack, read from the declarations in its actions/*.lua files.
class ActionRegistry {
  public:
    // Reads every module under actions/ of the runtime's pack; problems go to diags with the
    // file and line of the declaration.
    static ActionRegistry load(Runtime& rt, Diagnostics& diags);
    // The action with a name (any case), or nullptr.
    const ActionDef* find(std::string_view name) const;
    // All actions, by name.
    const std::map<std::string, ActionDef>& all() const { return actions_; }
    // Number of formats over all actions.
    int format_count() const;

  private:
    std::map<std::string, ActionDef> actions_;
};

}  // namespace hl
