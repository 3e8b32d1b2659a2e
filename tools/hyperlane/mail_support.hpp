#pragma once

#include <string>

#include <CLI/CLI.hpp>

#include "game/game_dir.hpp"
#include "mail/mail_settings.hpp"

namespace hl::cli {

// Where outgoing mail goes when the command line says so, over mail.toml.
struct DeliveryOptions {
    std::string outbox;
    std::string sendmail;
};

// A game's mail settings (mail.toml, game.toml), with `d` over mail.toml's delivery; throws
// InputError if the settings cannot be read or the GM has no mail address to send from.
mail::MailSettings settings_for(const GameDir& dir, const DeliveryOptions& d);

// Adds --outbox and --sendmail to a mail command.
void add_delivery_options(CLI::App* sub, DeliveryOptions& d);

}  // namespace hl::cli
