#include "helper_commands.hpp"

#include <algorithm>
#include <cstdio>
#include <cstring>
#include <exception>
#include <string>
#include <vector>

#include "beside_exec.hpp"
#include "cli_support.hpp"

namespace hl::cli {

int run_helper_command(const HelperCommand& command, int argc, char** argv) {
    // hyperlane's own options are flags (--help, --version), so the first argument equal to
    // the command's name is the command; what follows is the helper program's to read.
    int i = 1;
    while (i < argc && std::strcmp(argv[i], command.name) != 0)
        ++i;
    std::filesystem::path path;
    try {
        path = path_beside_self(command.program);
    } catch (const std::exception& e) {
        std::fprintf(stderr, "hyperlane: internal error: %s\n", e.what());
        return kExitInternal;
    }
    std::vector<std::string> args{path.string(), command.name};
    args.insert(args.end(), argv + std::min(i + 1, argc), argv + argc);
    return exec_in_place(path, args, std::string("hyperlane ") + command.name);
}

std::optional<int> run_if_helper_command(int argc, char** argv) {
    if (argc < 2) return std::nullopt;
    for (const HelperCommand& c : kHelperCommands)
        if (std::strcmp(argv[1], c.name) == 0) return run_helper_command(c, argc, argv);
    return std::nullopt;
}

void register_helper_command(CLI::App& app, Action& action, const HelperCommand& command, int argc,
                             char** argv) {
    CLI::App* sub = app.add_subcommand(command.name, command.description);
    sub->set_help_flag();
    sub->prefix_command();
    sub->callback([command, argc, argv, &action] {
        action = [command, argc, argv] { return run_helper_command(command, argc, argv); };
    });
}

}  // namespace hl::cli
