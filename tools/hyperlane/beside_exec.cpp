#include "beside_exec.hpp"

#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <stdexcept>
#include <system_error>

#include "cli_support.hpp"

namespace fs = std::filesystem;

namespace hl::cli {

fs::path path_beside_self(const std::string& program) {
    std::error_code ec;
    fs::path self = fs::read_symlink("/proc/self/exe", ec);
    if (ec)
        throw std::runtime_error("cannot find the running program (/proc/self/exe): " +
                                 ec.message());
    return self.parent_path() / program;
}

int exec_in_place(const fs::path& path, const std::vector<std::string>& args,
                  const std::string& command) {
    std::vector<char*> argv;
    argv.reserve(args.size() + 1);
    for (const std::string& a : args)
        argv.push_back(const_cast<char*>(a.c_str()));
    argv.push_back(nullptr);
    std::fflush(stdout);
    std::fflush(stderr);
    ::execv(path.c_str(), argv.data());
    int error = errno;
    if (error == ENOENT)
        std::fprintf(stderr,
                     "hyperlane: internal error: cannot run '%s': its program %s is missing "
                     "(build or install it in the same folder as hyperlane)\n",
                     command.c_str(), path.c_str());
    else
        std::fprintf(stderr,
                     "hyperlane: internal error: cannot run '%s': its program %s cannot be "
                     "started: %s\n",
                     command.c_str(), path.c_str(), std::strerror(error));
    return kExitInternal;
}

}  // namespace hl::cli
