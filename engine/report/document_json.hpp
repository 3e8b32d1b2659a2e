#pragma once

#include <string>

#include <nlohmann/json.hpp>

#include "report/document.hpp"
#include "report/document_read.hpp"

namespace hl {

// Reads a document from JSON as document_from_tree does; throws DocumentError.
Document document_from_json(const nlohmann::ordered_json& j);

// The document as JSON in the model's own key order; document_from_json reads it back equal.
nlohmann::ordered_json document_to_json(const Document& doc);

// The bytes of `document_to_json(doc).dump(1) + "\n"`, written in one pass without building
// the JSON tree (the reports' .json files).
std::string document_json_text(const Document& doc);

}  // namespace hl
