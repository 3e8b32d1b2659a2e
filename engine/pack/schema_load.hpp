#pragma once

#include <filesystem>

#include "core/diagnostics.hpp"
#include "core/schema.hpp"

namespace hl {

// Reads one pack layer's schema.toml into schema. The base pack must have one and declares the
// map, the empire codes and the record kinds; a variant may add kinds, add fields to a kind, or
// declare an existing field again to change it (same shape and type). Problems go to diags as
// `file:line:col: error: key.path: message`.
void load_schema_file(const std::filesystem::path& file, const std::string& shown, bool base,
                      Schema& schema, Diagnostics& diags);

// Checks what only the merged schema can tell (record kinds referred to, tables naming map
// keys, one game kind at most) once the pack's tables fill schema.domains,
// and fills the initial maps of fields declared with `fill`.
void finish_schema(Schema& schema, const SourcePos& where, Diagnostics& diags);

}  // namespace hl
