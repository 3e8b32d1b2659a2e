#pragma once

#include <cstddef>
#include <string>
#include <string_view>

namespace hl::web {

// What the server reads of one request before any handler sees it.
struct RequestLimits {
    std::size_t max_line = 8192;           // the request line, and each header line, in bytes
    std::size_t max_header_bytes = 32768;  // the request line and all header lines together
    int max_header_lines = 100;            // header lines (the request line not counted)
    std::size_t max_body = 256 * 1024;     // the body, without its chunked framing
    std::size_t max_chunk_line = 1024;     // a chunk's size line, with its extensions
};

// Finds where one HTTP/1.1 request ends in the bytes a connection has received, reading no
// more of it than its framing: the header lines (counted and bounded), the body's length from
// Content-Length or from its chunks (whose decoded size is bounded while they come), and what
// refuses the request before its body is read (any Content-Encoding, a body too large).
// Incremental: feed it the same buffer again as it grows.
class RequestReader {
  public:
    enum class State { need_more, complete, refused };

    explicit RequestReader(RequestLimits limits) : limits_(limits) {}
    // Reads on in buf: every byte received since the request started (the buffer may only grow
    // between calls). Returns what is known now.
    State feed(std::string_view buf);
    // complete: the request's length in buf (bytes after it belong to the next request).
    std::size_t length() const { return length_; }
    // refused: the status to answer with and a sentence saying why.
    int status() const { return status_; }
    const std::string& why() const { return why_; }
    // True once the header lines are all read.
    bool headers_done() const { return phase_ != Phase::headers; }
    // True if the headers ask for "100 Continue" before the body (and there is a body).
    bool expects_continue() const { return expect_continue_ && phase_ != Phase::done; }
    // Every X-Forwarded-For header's value, in order, joined with commas.
    const std::string& forwarded_for() const { return forwarded_for_; }

  private:
    enum class Phase { headers, length, chunk_size, chunk_data, chunk_end, trailer, done };
    State refuse(int status, std::string why);
    State header_line(std::string_view line);
    State headers_end();
    State chunks(std::string_view buf);

    RequestLimits limits_;
    Phase phase_ = Phase::headers;
    std::size_t pos_ = 0;  // the next byte of buf to look at
    int lines_ = 0;        // lines read so far, the request line included
    std::size_t body_start_ = 0;
    std::size_t body_length_ = 0;  // Content-Length
    std::size_t chunk_left_ = 0;   // bytes of the current chunk still to come
    std::size_t decoded_ = 0;      // chunk bytes so far
    std::size_t length_ = 0;
    int status_ = 0;
    std::string why_;
    // What the headers said.
    std::string content_length_;
    int content_lengths_ = 0;
    std::string transfer_encoding_;
    int transfer_encodings_ = 0;
    bool content_encoding_ = false;
    bool expect_continue_ = false;
    std::string forwarded_for_;
};

}  // namespace hl::web
