#include "mail/outgoing_mail.hpp"

#include <cstdint>

#include <fmt/format.h>

#include "mail/gmime_support.hpp"

namespace hl::mail {

namespace {

std::uint64_t fnv1a(std::string_view s) {
    std::uint64_t h = 1469598103934665603ULL;
    for (unsigned char c : s) {
        h ^= c;
        h *= 1099511628211ULL;
    }
    return h;
}

GMimeObject* text_part(const char* subtype, const std::string& text) {
    GMimeTextPart* t = g_mime_text_part_new_with_subtype(subtype);
    g_mime_text_part_set_text(t, text.c_str());
    return GMIME_OBJECT(t);
}

}  // namespace

std::string make_message_id(const std::string& kind, const std::string& key,
                            const std::string& text, const std::string& from_addr) {
    auto at = from_addr.rfind('@');
    std::string domain = at == std::string::npos ? "hyperlane.invalid" : from_addr.substr(at + 1);
    std::string safe_key;
    for (char c : key)
        safe_key += (std::isalnum(static_cast<unsigned char>(c)) || c == '-' || c == '.') ? c : '-';
    return fmt::format("hyperlane.{}.{}.{:016x}@{}", kind, safe_key, fnv1a(text), domain);
}

std::string compose_mail(const OutgoingMail& mail) {
    ensure_gmime();
    GPtr<GMimeMessage> msg(g_mime_message_new(TRUE));
    GMimeMessage* m = msg.get();
    g_mime_message_add_mailbox(m, GMIME_ADDRESS_TYPE_FROM, mail.from_name.c_str(),
                               mail.from_addr.c_str());
    for (const auto& [name, addr] : mail.to)
        g_mime_message_add_mailbox(m, GMIME_ADDRESS_TYPE_TO, name.c_str(), addr.c_str());
    g_mime_message_set_subject(m, mail.subject.c_str(), "utf-8");
    g_mime_object_set_header(GMIME_OBJECT(m), "Date", mail.date.c_str(), nullptr);
    g_mime_message_set_message_id(m, mail.message_id.c_str());
    if (!mail.in_reply_to.empty()) {
        std::string irt = "<" + mail.in_reply_to + ">";
        g_mime_object_set_header(GMIME_OBJECT(m), "In-Reply-To", irt.c_str(), nullptr);
        std::string refs = mail.references.empty() ? irt : mail.references + " " + irt;
        g_mime_object_set_header(GMIME_OBJECT(m), "References", refs.c_str(), nullptr);
    }
    g_mime_object_set_header(GMIME_OBJECT(m), "Auto-Submitted",
                             mail.reply ? "auto-replied" : "auto-generated", nullptr);
    g_mime_object_set_header(GMIME_OBJECT(m), "X-Mailer", "Hyperlane", nullptr);

    std::uint64_t h = fnv1a(mail.message_id);
    GMimeObject* body = text_part("plain", mail.text);
    if (!mail.html.empty()) {
        GMimeMultipart* alt = g_mime_multipart_new_with_subtype("alternative");
        g_mime_multipart_set_boundary(alt, fmt::format("=-hyperlane-alt-{:016x}", h).c_str());
        g_mime_multipart_add(alt, body);
        g_object_unref(body);
        GMimeObject* html = text_part("html", mail.html);
        g_mime_multipart_add(alt, html);
        g_object_unref(html);
        body = GMIME_OBJECT(alt);
    }
    if (!mail.attachments.empty()) {
        GMimeMultipart* mixed = g_mime_multipart_new_with_subtype("mixed");
        g_mime_multipart_set_boundary(mixed, fmt::format("=-hyperlane-mix-{:016x}", h).c_str());
        g_mime_multipart_add(mixed, body);
        g_object_unref(body);
        for (const Attachment& a : mail.attachments) {
            GMimePart* part = g_mime_part_new_with_type(a.type.c_str(), a.subtype.c_str());
            if (a.type == "text" || a.subtype == "svg+xml")
                g_mime_object_set_content_type_parameter(GMIME_OBJECT(part), "charset", "utf-8");
            GPtr<GMimeStream> mem(
                g_mime_stream_mem_new_with_buffer(a.content.data(), a.content.size()));
            GPtr<GMimeDataWrapper> content(
                g_mime_data_wrapper_new_with_stream(mem.get(), GMIME_CONTENT_ENCODING_DEFAULT));
            g_mime_part_set_content(part, content.get());
            g_mime_part_set_filename(part, a.filename.c_str());
            g_mime_multipart_add(mixed, GMIME_OBJECT(part));
            g_object_unref(part);
        }
        body = GMIME_OBJECT(mixed);
    }
    g_mime_message_set_mime_part(m, body);
    g_object_unref(body);
    g_mime_object_encode(GMIME_OBJECT(m), GMIME_ENCODING_CONSTRAINT_7BIT);
    return object_to_bytes(GMIME_OBJECT(m));
}

}  // namespace hl::mail
