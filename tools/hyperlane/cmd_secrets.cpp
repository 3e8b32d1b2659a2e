// hyperlane secrets GAME [--renew WHO]...

#include <cctype>
#include <cstdio>
#include <memory>

#include "cli_support.hpp"
#include "commands.hpp"
#include "host/secret_change.hpp"

namespace hl::cli {

namespace {

struct SecretsOptions {
    std::string game;
    std::vector<std::string> renew;
};

std::string upper(std::string s) {
    for (char& c : s)
        c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
    return s;
}

int run_secrets(const SecretsOptions& o) {
    GameDir dir(o.game);
    if (o.renew.empty()) {
        GameInfo info = read_game_info(dir);
        for (const auto& [code, secret] : info.secrets)
            std::printf("%-4s %s\n", code.c_str(), secret.c_str());
        return kExitOk;
    }
    std::vector<std::string> who;
    for (const std::string& w : o.renew)
        who.push_back(upper(w));
    for (const auto& [code, secret] : renew_secrets(dir, who))
        std::printf("%-4s %s  (new)\n", code.c_str(), secret.c_str());
    std::printf(
        "\nThe old secrets no longer work: sheets, mails and web sign-ins with them are refused, "
        "and web sessions signed in with them are ended. Send each player their new secret.\n");
    return kExitOk;
}

}  // namespace

void register_secrets(CLI::App& app, Action& action) {
    auto o = std::make_shared<SecretsOptions>();
    CLI::App* sub = app.add_subcommand(
        "secrets", "Show the secrets of a game's empires and GM, or give some new ones (--renew)");
    sub->add_option("GAME", o->game, "Game folder")->required();
    sub->add_option("--renew", o->renew,
                    "Give new secrets (from the kernel's random source) to these: empire codes, "
                    "GM, or all; repeat or separate with commas")
        ->delimiter(',');
    sub->callback([o, &action] { action = [o] { return run_secrets(*o); }; });
}

}  // namespace hl::cli
