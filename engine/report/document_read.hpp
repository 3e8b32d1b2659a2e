#pragma once

#include <stdexcept>
#include <string>

#include "core/value_tree.hpp"
#include "report/document.hpp"

namespace hl {

// A document that does not follow the model of docs/report.md; what() names the key path,
// e.g. "sections[2].blocks[0].rows[3]: 4 cells for 5 columns".
class DocumentError : public std::runtime_error {
  public:
    // The problem at a key path.
    DocumentError(const std::string& path, const std::string& message);
};

// Reads a document as a rules pack builds it (docs/report.md), from the values of its Lua table
// or of its JSON text, checking every key and every reference (layers, parents and link ends of
// map places); throws DocumentError. An empty table stands for an empty list, as Lua cannot
// tell them apart.
Document document_from_tree(const ValueTree& tree);

}  // namespace hl
