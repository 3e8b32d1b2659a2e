#pragma once

#include <cstring>
#include <string>
#include <string_view>

namespace hl {

// Text built from many small pieces, cheaper than std::string's append for each: pieces are
// copied into a small chunk, and the chunk onto the text when full.
class TextBuffer {
  public:
    // The most room() gives at once.
    static constexpr std::size_t kChunk = 1024;

    // An empty buffer whose text has room for `capacity` bytes before it grows.
    explicit TextBuffer(std::size_t capacity = 0) { text_.reserve(capacity); }

    // Space for the next n bytes (at most kChunk), counted as written: the caller fills all n.
    char* room(std::size_t n) {
        if (n > kChunk - used_) flush();
        char* p = chunk_ + used_;
        used_ += n;
        return p;
    }
    // Appends text.
    TextBuffer& operator+=(std::string_view s) {
        if (s.size() <= kChunk && s.size() <= kChunk - used_) {
            std::memcpy(chunk_ + used_, s.data(), s.size());
            used_ += s.size();
        } else {
            add_long(s);
        }
        return *this;
    }
    // Appends a byte.
    TextBuffer& operator+=(char c) {
        *room(1) = c;
        return *this;
    }
    // Appends n copies of a byte.
    void append(std::size_t n, char c) {
        if (n <= kChunk && n <= kChunk - used_) {
            std::memset(chunk_ + used_, c, n);
            used_ += n;
        } else {
            add_long(std::string(n, c));
        }
    }
    // The bytes written so far.
    std::size_t size() const { return text_.size() + used_; }
    // The text written, leaving the buffer empty.
    std::string take() {
        flush();
        std::string out = std::move(text_);
        text_.clear();
        return out;
    }

  private:
    // Moves the chunk onto the text.
    void flush();
    // Appends text too long for the chunk's room.
    void add_long(std::string_view s);

    std::string text_;
    char chunk_[kChunk];
    std::size_t used_ = 0;  // bytes of chunk_ written, not yet in text_
};

}  // namespace hl
