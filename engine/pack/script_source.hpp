#pragma once

#include <string>

namespace hl {

// Source of one pack script: its text and the chunk name used in messages.
struct ScriptSource {
    std::string text;
    std::string chunk;  // "rules/<pack>/<file>.lua"
    bool jit = false;   // LuaJIT may compile it; otherwise it is interpreted
};

}  // namespace hl
