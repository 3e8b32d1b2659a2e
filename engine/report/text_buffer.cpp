#include "report/text_buffer.hpp"

namespace hl {

void TextBuffer::flush() {
    text_.append(chunk_, used_);
    used_ = 0;
}

void TextBuffer::add_long(std::string_view s) {
    flush();
    if (s.size() > kChunk) {
        text_ += s;
        return;
    }
    std::memcpy(chunk_, s.data(), s.size());
    used_ = s.size();
}

}  // namespace hl
