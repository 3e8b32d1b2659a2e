#pragma once

#include <functional>
#include <memory>
#include <string>

#include "core/rng.hpp"
#include "core/secret_mask.hpp"
#include "core/state.hpp"
#include "lua/host.hpp"
#include "pack/pack.hpp"

namespace hl {

// A pack's scripts bound to one game: the sandbox with the pack's modules and `rules` table,
// and calls into pack hooks with the right random stream.
class Runtime {
  public:
    // Prepares the sandbox for a pack and a state (both must outlive the runtime).
    Runtime(const Pack& pack, GameState& state);
    // Prepares the sandbox for scripts that only read a state (reports, checks): every call
    // that would change it is a Lua error, so no copy of the state is needed.
    Runtime(const Pack& pack, const GameState& state);
    // The sandbox.
    LuaHost& host() { return host_; }
    // The pack.
    const Pack& pack() const { return pack_; }
    // The state scripts work on.
    GameState& state() { return state_; }
    // Makes later calls read the state only (a setter raises an error) or change it again; a
    // runtime made for a const state stays read-only.
    void set_read_only(bool on) { read_only_ = on || const_state_; }
    // True if calls may only read the state.
    bool read_only() const { return read_only_; }
    // The stream key for a purpose in the current turn.
    StreamKey key(const std::string& purpose, const std::string& empire = {}, int slot = 0) const;
    // True if pack module `module` exists and exports function `fn`; throws ScriptError if the
    // module fails to load.
    bool has_function(const std::string& module, const std::string& fn);
    // Calls module.fn with arguments pushed by push_args (returning their count), drawing
    // randomness from the stream `key`; read_results sees the nresults results at the top.
    // Throws ScriptError on any script error.
    void call(const std::string& module, const std::string& fn, const StreamKey& key,
              const std::function<int(lua_State*)>& push_args, int nresults,
              const std::function<void(lua_State*)>& read_results = {});

    // The state's secrets, to hide them from the sheets scripts read (made on first use, and
    // again once the state's secrets change).
    const SecretMask& secret_mask();

    // An error located where module.fn is defined (file and line of its `function`), for
    // faults in what the function returned or left behind, which has no line of its own.
    LuaError at_function(const std::string& module, const std::string& fn, std::string message);

  private:
    const Pack& pack_;
    GameState& state_;
    LuaHost host_;
    bool read_only_ = false;
    bool const_state_ = false;  // made for a const state: never writable
    std::unique_ptr<SecretMask> secret_mask_;
    std::vector<std::string> masked_secrets_;  // the secrets secret_mask_ was made from
};

}  // namespace hl
