#include "report/document.hpp"

namespace hl {

const DocMap* first_map(const Document& doc) {
    for (const DocSection& s : doc.sections)
        for (const DocBlock& b : s.blocks)
            if (const auto* m = std::get_if<DocMap>(&b)) return m;
    return nullptr;
}

}  // namespace hl
