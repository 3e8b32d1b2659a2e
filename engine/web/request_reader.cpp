#include "web/request_reader.hpp"

#include <cctype>

namespace hl::web {

namespace {

bool same_name(std::string_view a, std::string_view b) {
    if (a.size() != b.size()) return false;
    for (std::size_t i = 0; i < a.size(); ++i)
        if (std::tolower(static_cast<unsigned char>(a[i])) !=
            std::tolower(static_cast<unsigned char>(b[i])))
            return false;
    return true;
}

std::string_view trim(std::string_view s) {
    while (!s.empty() && (s.front() == ' ' || s.front() == '\t'))
        s.remove_prefix(1);
    while (!s.empty() && (s.back() == ' ' || s.back() == '\t'))
        s.remove_suffix(1);
    return s;
}

// A header name is a token: printable, no spaces, no separators that end it early.
bool valid_name(std::string_view s) {
    if (s.empty()) return false;
    for (char c : s)
        if (static_cast<unsigned char>(c) <= ' ' || c == 0x7F || c == '"' || c == '(' || c == ')' ||
            c == ',' || c == '/' || c == ';' || c == '<' || c == '>' || c == '=' || c == '?' ||
            c == '@' || c == '[' || c == '\\' || c == ']' || c == '{' || c == '}')
            return false;
    return true;
}

// Digits only, as a byte count that cannot overflow; false otherwise.
bool parse_length(std::string_view s, std::size_t& out) {
    if (s.empty() || s.size() > 15) return false;
    std::size_t n = 0;
    for (char c : s) {
        if (c < '0' || c > '9') return false;
        n = n * 10 + static_cast<std::size_t>(c - '0');
    }
    out = n;
    return true;
}

int hex_digit(char c) {
    if (c >= '0' && c <= '9') return c - '0';
    if (c >= 'a' && c <= 'f') return c - 'a' + 10;
    if (c >= 'A' && c <= 'F') return c - 'A' + 10;
    return -1;
}

}  // namespace

RequestReader::State RequestReader::refuse(int status, std::string why) {
    phase_ = Phase::done;
    status_ = status;
    why_ = std::move(why);
    return State::refused;
}

RequestReader::State RequestReader::feed(std::string_view buf) {
    if (status_ != 0) return State::refused;
    while (phase_ == Phase::headers) {
        std::size_t nl = buf.find('\n', pos_);
        const std::size_t limit = limits_.max_line;
        if (nl == std::string_view::npos) {
            if (buf.size() - pos_ > limit)
                return lines_ == 0 ? refuse(414, "The request line is too long.")
                                   : refuse(431, "A header line is too long.");
            if (buf.size() > limits_.max_header_bytes)
                return refuse(431, "The request's headers are too large.");
            return State::need_more;
        }
        std::string_view line = buf.substr(pos_, nl + 1 - pos_);
        if (line.size() > limit)
            return lines_ == 0 ? refuse(414, "The request line is too long.")
                               : refuse(431, "A header line is too long.");
        if (nl + 1 > limits_.max_header_bytes)
            return refuse(431, "The request's headers are too large.");
        pos_ = nl + 1;
        ++lines_;
        if (lines_ == 1) continue;  // the request line: the server parses it
        if (line == "\r\n") {
            body_start_ = pos_;
            if (State s = headers_end(); s != State::need_more || phase_ == Phase::done) return s;
            break;
        }
        if (lines_ - 1 > limits_.max_header_lines)
            return refuse(431, "The request has too many header lines.");
        if (State s = header_line(line); s == State::refused) return s;
    }
    if (phase_ == Phase::length) {
        if (buf.size() - body_start_ < body_length_) return State::need_more;
        length_ = body_start_ + body_length_;
        phase_ = Phase::done;
        return State::complete;
    }
    if (phase_ == Phase::done) return status_ ? State::refused : State::complete;
    return chunks(buf);
}

RequestReader::State RequestReader::header_line(std::string_view line) {
    // A line without CR before its LF is skipped by the server's parser: skip it here too.
    if (line.size() < 2 || line[line.size() - 2] != '\r') return State::need_more;
    line.remove_suffix(2);
    std::size_t colon = line.find(':');
    if (colon == std::string_view::npos || !valid_name(line.substr(0, colon)))
        return refuse(400, "A header line is not a name, a colon and a value.");
    std::string_view name = line.substr(0, colon);
    std::string_view value = trim(line.substr(colon + 1));
    if (same_name(name, "Content-Length")) {
        if (content_lengths_++ > 0 && value != content_length_)
            return refuse(400, "The request gives two different Content-Length headers.");
        content_length_ = std::string(value);
    } else if (same_name(name, "Transfer-Encoding")) {
        ++transfer_encodings_;
        transfer_encoding_ = std::string(value);
    } else if (same_name(name, "Content-Encoding")) {
        content_encoding_ = true;
    } else if (same_name(name, "Expect")) {
        expect_continue_ = same_name(value, "100-continue");
    } else if (same_name(name, "X-Forwarded-For")) {
        if (!forwarded_for_.empty()) forwarded_for_ += ',';
        forwarded_for_ += value;
    }
    return State::need_more;
}

RequestReader::State RequestReader::headers_end() {
    // Refused before a byte of the body is read: a compressed body would be inflated by the
    // server's library with no bound, so none is taken.
    if (content_encoding_)
        return refuse(415, "Send the request body without a Content-Encoding (no compression).");
    if (transfer_encodings_ > 0) {
        if (transfer_encodings_ > 1 || !same_name(transfer_encoding_, "chunked"))
            return refuse(501, "The only Transfer-Encoding taken is chunked.");
        if (content_lengths_ > 0)
            return refuse(400, "The request gives both Transfer-Encoding and Content-Length.");
        phase_ = Phase::chunk_size;
        pos_ = body_start_;
        return State::need_more;
    }
    if (content_lengths_ > 0) {
        if (!parse_length(content_length_, body_length_))
            return refuse(400, "The Content-Length is not a number of bytes.");
        if (body_length_ > limits_.max_body) return refuse(413, "The request body is too large.");
    } else {
        body_length_ = 0;
    }
    phase_ = Phase::length;
    return State::need_more;
}

RequestReader::State RequestReader::chunks(std::string_view buf) {
    for (;;) {
        if (phase_ == Phase::chunk_data) {
            std::size_t have = buf.size() - pos_;
            if (have < chunk_left_) {
                chunk_left_ -= have;
                pos_ = buf.size();
                return State::need_more;
            }
            pos_ += chunk_left_;
            chunk_left_ = 0;
            phase_ = Phase::chunk_end;
        }
        if (phase_ == Phase::chunk_end) {
            if (buf.size() - pos_ < 2) return State::need_more;
            if (buf.substr(pos_, 2) != "\r\n")
                return refuse(400, "A chunk of the body does not end with CRLF.");
            pos_ += 2;
            phase_ = Phase::chunk_size;
        }
        std::size_t nl = buf.find('\n', pos_);
        if (nl == std::string_view::npos) {
            if (buf.size() - pos_ > limits_.max_chunk_line)
                return refuse(400, "A chunk size line is too long.");
            return State::need_more;
        }
        std::string_view line = buf.substr(pos_, nl + 1 - pos_);
        if (line.size() > limits_.max_chunk_line || line.size() < 2 ||
            line[line.size() - 2] != '\r')
            return refuse(400, "A chunk size line is malformed.");
        pos_ = nl + 1;
        line.remove_suffix(2);
        if (phase_ == Phase::trailer) {
            if (!line.empty()) return refuse(400, "Trailer fields after the body are not taken.");
            length_ = pos_;
            phase_ = Phase::done;
            return State::complete;
        }
        std::size_t size = 0, digits = 0;
        for (; digits < line.size() && hex_digit(line[digits]) >= 0; ++digits) {
            size = size * 16 + static_cast<std::size_t>(hex_digit(line[digits]));
            if (size > limits_.max_body) return refuse(413, "The request body is too large.");
        }
        if (digits == 0 || (digits < line.size() && line[digits] != ';'))
            return refuse(400, "A chunk size is not a hexadecimal number.");
        if (size > limits_.max_body - decoded_)
            return refuse(413, "The request body is too large.");
        decoded_ += size;
        if (size == 0) {
            phase_ = Phase::trailer;
        } else {
            chunk_left_ = size;
            phase_ = Phase::chunk_data;
        }
    }
}

}  // namespace hl::web
