#pragma once

#include <stdexcept>
#include <string>

#include <nlohmann/json.hpp>

#include "report/document.hpp"

namespace hl {

// A document that does not follow the model of docs/report.md; what() names the key path,
// e.g. "sections[2].blocks[0].rows[3]: 4 cells for 5 columns".
class DocumentError : public std::runtime_error {
  public:
    // The problem at a key path.
    DocumentError(const std::string& path, const std::string& message);
};

// Reads a document as a rules pack writes it (docs/report.md), checking every key and every
// reference (layers, parents and link ends of map places); throws DocumentError. An empty
// object stands for an empty list, as Lua cannot tell them apart.
Document document_from_json(const nlohmann::ordered_json& j);

// The document as JSON in the model's own key order; document_from_json reads it back equal.
nlohmann::ordered_json document_to_json(const Document& doc);

// The bytes of `document_to_json(doc).dump(1) + "\n"`, written in one pass without building
// the JSON tree (the reports' .json files).
std::string document_json_text(const Document& doc);

}  // namespace hl
