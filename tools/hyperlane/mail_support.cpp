#include "mail_support.hpp"

#include "host/roster.hpp"

namespace hl::cli {

mail::MailSettings settings_for(const GameDir& dir, const DeliveryOptions& d) {
    mail::MailSettings s = mail::read_mail_settings(dir);
    if (!d.outbox.empty()) {
        s.delivery.outbox = d.outbox;
        s.delivery.sendmail.clear();
    }
    if (!d.sendmail.empty()) s.delivery.sendmail = mail::split_command(d.sendmail);
    if (!valid_email(s.from_addr))
        throw InputError({dir.game_file().generic_string(), 0, 0},
                         "the GM has no mail address to answer from: set one with hyperlane gm "
                         "GAME --address gm@example.org (nothing was read or sent)");
    return s;
}

void add_delivery_options(CLI::App* sub, DeliveryOptions& d) {
    CLI::Option* outbox =
        sub->add_option("--outbox", d.outbox,
                        "Write outgoing mail into this Maildir (default: mail.toml's outbox, else "
                        "GAME/mail/outbox)");
    sub->add_option("--sendmail", d.sendmail,
                    "Hand outgoing mail to this sendmail-compatible command instead, e.g. "
                    "\"msmtp -t\" (split at spaces, no shell; it reads recipients from the "
                    "headers)")
        ->excludes(outbox);
}

}  // namespace hl::cli
