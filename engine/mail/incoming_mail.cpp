#include "mail/incoming_mail.hpp"

#include <algorithm>
#include <cctype>

#include "core/utf8.hpp"
#include "mail/gmime_support.hpp"

namespace hl::mail {

namespace {

std::string lower(std::string s) {
    std::transform(s.begin(), s.end(), s.begin(),
                   [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
    return s;
}

bool ends_with(const std::string& s, std::string_view tail) {
    return s.size() >= tail.size() && s.compare(s.size() - tail.size(), tail.size(), tail) == 0;
}

// Converts bytes from a charset to UTF-8 with iconv (through GLib); false if it cannot.
bool convert_to_utf8(const std::string& bytes, const char* charset, std::string& out) {
    GError* err = nullptr;
    gsize written = 0;
    char* converted = g_convert(bytes.data(), static_cast<gssize>(bytes.size()), "UTF-8", charset,
                                nullptr, &written, &err);
    if (!converted) {
        if (err) g_error_free(err);
        return false;
    }
    out.assign(converted, written);
    g_free(converted);
    return true;
}

// The decoded bytes of a leaf part (its transfer encoding undone).
std::string decoded_content(GMimePart* part) {
    GMimeDataWrapper* content = g_mime_part_get_content(part);
    if (!content) return {};
    GPtr<GMimeStream> mem(g_mime_stream_mem_new());
    g_mime_data_wrapper_write_to_stream(content, mem.get());
    return stream_bytes(mem.get());
}

// Makes UTF-8 text of a part's bytes: UTF-16 with a byte-order mark (as Windows Notepad
// saves "Unicode" files), the declared charset, or, for undeclared 8-bit text that is not
// UTF-8, Windows-1252 (the usual mislabelled case).
TextPart text_of(const std::string& bytes, const char* declared) {
    TextPart t;
    std::string charset = declared ? lower(declared) : "";
    auto starts = [&](std::string_view bom) { return bytes.compare(0, bom.size(), bom) == 0; };
    if (starts("\xFF\xFE") || starts("\xFE\xFF")) {
        const char* utf16 = starts("\xFF\xFE") ? "UTF-16LE" : "UTF-16BE";
        if (!convert_to_utf8(bytes.substr(2), utf16, t.text))
            t.problem = "the attachment is not valid UTF-16 text";
        return t;
    }
    bool plain = charset.empty() || charset == "utf-8" || charset == "utf8" ||
                 charset == "us-ascii" || charset == "ascii";
    if (!plain) {
        const char* iconv_name = g_mime_charset_iconv_name(charset.c_str());
        if (convert_to_utf8(bytes, iconv_name ? iconv_name : charset.c_str(), t.text)) return t;
        if (!utf8_error(bytes)) {
            t.text = bytes;  // a charset iconv does not know, but the text is UTF-8 anyway
            return t;
        }
        t.problem = "the text's character set '" + charset + "' is unknown";
        return t;
    }
    if (!utf8_error(bytes)) {
        t.text = bytes;
        return t;
    }
    if (!convert_to_utf8(bytes, "WINDOWS-1252", t.text))
        t.problem = "the text is not valid UTF-8 and names no character set";
    return t;
}

struct Walker {
    IncomingMail& mail;

    void object(GMimeObject* obj, bool inside_attachment) {
        if (!obj) return;
        if (GMIME_IS_MULTIPART(obj)) {
            auto* mp = GMIME_MULTIPART(obj);
            int n = g_mime_multipart_get_count(mp);
            for (int i = 0; i < n; ++i)
                object(g_mime_multipart_get_part(mp, i), inside_attachment);
            return;
        }
        if (GMIME_IS_MESSAGE_PART(obj)) {
            GMimeMessage* inner = g_mime_message_part_get_message(GMIME_MESSAGE_PART(obj));
            if (inner) object(g_mime_message_get_mime_part(inner), true);
            return;
        }
        if (!GMIME_IS_PART(obj)) return;
        GMimePart* part = GMIME_PART(obj);
        GMimeContentType* ct = g_mime_object_get_content_type(obj);
        const char* fname = g_mime_part_get_filename(part);
        std::string filename = fname ? fname : "";
        GMimeContentDisposition* disp = g_mime_object_get_content_disposition(obj);
        bool attached = inside_attachment || !filename.empty() ||
                        (disp && g_mime_content_disposition_is_attachment(disp));
        if (g_mime_content_type_is_type(ct, "text", "html")) {
            if (!attached) mail.has_html = true;
            return;
        }
        bool text =
            g_mime_content_type_is_type(ct, "text", "plain") ||
            (g_mime_content_type_is_type(ct, "text", "*") && ends_with(lower(filename), ".txt")) ||
            (g_mime_content_type_is_type(ct, "application", "octet-stream") &&
             ends_with(lower(filename), ".txt"));
        if (!text) return;
        TextPart t =
            text_of(decoded_content(part), g_mime_content_type_get_parameter(ct, "charset"));
        t.attachment = attached;
        t.filename = filename;
        const char* format = g_mime_content_type_get_parameter(ct, "format");
        const char* delsp = g_mime_content_type_get_parameter(ct, "delsp");
        t.flowed = format && lower(format) == "flowed";
        t.delsp = delsp && lower(delsp) == "yes";
        mail.texts.push_back(std::move(t));
    }
};

// The first mailbox address of a list, and its name.
bool first_mailbox(InternetAddressList* list, std::string& addr, std::string* name) {
    if (!list) return false;
    int n = internet_address_list_length(list);
    for (int i = 0; i < n; ++i) {
        InternetAddress* a = internet_address_list_get_address(list, i);
        if (!INTERNET_ADDRESS_IS_MAILBOX(a)) continue;
        const char* s = internet_address_mailbox_get_addr(INTERNET_ADDRESS_MAILBOX(a));
        if (!s || !*s) continue;
        addr = s;
        if (name) {
            const char* nm = internet_address_get_name(a);
            *name = nm ? nm : "";
        }
        return true;
    }
    return false;
}

std::string header(GMimeMessage* m, const char* name) {
    const char* v = g_mime_object_get_header(GMIME_OBJECT(m), name);
    return v ? v : "";
}

}  // namespace

IncomingMail parse_incoming_mail(std::string_view bytes) {
    ensure_gmime();
    IncomingMail mail;
    // The stream copies nothing: the bytes outlive it.
    GPtr<GMimeStream> stream(g_mime_stream_mem_new_with_buffer(bytes.data(), bytes.size()));
    GPtr<GMimeParser> parser(g_mime_parser_new_with_stream(stream.get()));
    g_mime_parser_set_format(parser.get(), GMIME_FORMAT_MESSAGE);
    GPtr<GMimeMessage> msg(g_mime_parser_construct_message(parser.get(), nullptr));
    if (!msg) return mail;
    GMimeMessage* m = msg.get();
    first_mailbox(g_mime_message_get_from(m), mail.from, &mail.from_name);
    if (!first_mailbox(g_mime_message_get_reply_to(m), mail.reply_to, nullptr))
        mail.reply_to = mail.from;
    if (const char* s = g_mime_message_get_subject(m)) mail.subject = s;
    if (const char* id = g_mime_message_get_message_id(m)) mail.message_id = id;
    mail.references = header(m, "References");
    mail.in_reply_to = header(m, "In-Reply-To");
    if (!header(m, "Date").empty())
        if (GDateTime* d = g_mime_message_get_date(m)) mail.date = g_date_time_to_unix(d);
    std::string autosub = lower(header(m, "Auto-Submitted"));
    std::string precedence = lower(header(m, "Precedence"));
    std::string from = lower(mail.from);
    mail.automatic = (!autosub.empty() && autosub != "no") || precedence == "bulk" ||
                     precedence == "junk" || precedence == "list" ||
                     !header(m, "List-Id").empty() || from.rfind("mailer-daemon@", 0) == 0 ||
                     from.rfind("postmaster@", 0) == 0 || mail.from.empty();
    mail.parsed = !mail.from.empty() || g_mime_message_get_mime_part(m) != nullptr;
    Walker{mail}.object(g_mime_message_get_mime_part(m), false);
    return mail;
}

}  // namespace hl::mail
