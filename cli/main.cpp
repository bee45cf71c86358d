// catlayout: one command for every engine (see command.hpp for the exit status).
#include <charconv>
#include <iomanip>
#include <iostream>

#include "catlayout/core/quote.hpp"
#include "command.hpp"

using namespace catlayout;
using namespace catlayout::cli;

namespace catlayout::cli {

int report_error(Error const& e) {
  std::cerr << "catlayout: " << e.what() << "\n";
  return e.kind == ErrorKind::invalid_input ? 2 : 1;
}

int usage_error(Command const& c, std::string const& why) {
  std::cerr << "catlayout " << c.name << ": " << why << "\nusage: catlayout " << c.usage << "\n";
  return 2;
}

int usage_line(std::string const& text) {
  std::cerr << "usage: catlayout " << text << "\n";
  return 2;
}

std::optional<std::uint64_t> parse_count(std::string const& s) {
  std::uint64_t v = 0;
  auto [p, ec] = std::from_chars(s.data(), s.data() + s.size(), v);
  if (ec != std::errc() || p != s.data() + s.size()) return std::nullopt;
  return v;
}

Result<std::uint64_t> bounded_option(Args const& a, std::string const& name, std::uint64_t lo, std::uint64_t hi,
                                     std::uint64_t dflt) {
  if (!a.has(name)) return dflt;
  auto v = parse_count(a.value(name));
  if (!v || *v < lo || *v > hi)
    return fail(ErrorKind::invalid_input, name, " expects an integer in [", lo, ", ", hi, "], found '",
                shortened(a.value(name)), "'");
  return *v;
}

}  // namespace catlayout::cli

namespace {

std::vector<Command> all_commands() {
  std::vector<Command> all;
  for (auto group : {algebra_commands, f2_linear_commands, conformance_commands, morphism_commands, algorithm_commands,
                     picture_commands, gpu_commands, proof_commands, analysis_commands})
    for (auto& c : group()) all.push_back(std::move(c));
  return all;
}

void print_help(std::ostream& out, std::vector<Command> const& cmds) {
  out << "catlayout: the CuTe layout algebra, computed twice and checked\n\n"
         "usage: catlayout COMMAND [ARGS] [OPTIONS]      (catlayout COMMAND --help for one command)\n\n"
         "Layouts are written in CuTe notation: '(6,2):(8,2)', '12:1', '(2,(1,6)):(1,(6,2))';\n"
         "a by-mode tiler as '<3:4,8:2>' (an integer n means n:1); a morphism as '(2,2) -(1,3)-> (2,2,2)'.\n\n"
         "commands:\n";
  for (auto const& c : cmds)
    out << "  " << std::left << std::setw(44) << c.usage << c.summary << "\n      e.g. " << c.example << "\n";
  out << "\nexit status: 0 ok; 1 algebra error (inadmissible, not_complementable, not_tractable,\n"
         "not_refinable); 2 usage or input error; 3 no GPU (gpu validate)\n";
}

void print_command_help(Command const& c) {
  std::cout << "usage: catlayout " << c.usage << "\n" << c.summary << "\n";
  if (!c.options.empty()) {
    std::cout << "options:";
    for (auto const& [o, n] : c.options) std::cout << " " << o << (n ? " VALUE" : "") << (n > 1 ? " VALUE" : "");
    std::cout << "\n";
  }
  std::cout << "example: " << c.example << "\n";
}

// Split argv into positionals and the command's options; an unknown option is a usage error.
bool parse(Command const& c, std::vector<std::string> const& words, Args& a, std::string& why) {
  for (std::size_t i = 0; i < words.size(); ++i) {
    std::string const& w = words[i];
    if (w.size() > 2 && w.rfind("--", 0) == 0) {
      if (w == "--help") {
        a.opt[w];
        continue;
      }
      auto it = c.options.find(w);
      if (it == c.options.end()) {
        why = "unknown option " + w;
        return false;
      }
      auto& vals = a.opt[w];
      for (int k = 0; k < it->second; ++k) {
        if (i + 1 >= words.size()) {
          why = "option " + w + " expects " + std::to_string(it->second) + " value(s)";
          return false;
        }
        vals.push_back(words[++i]);
      }
    } else {
      a.pos.push_back(w);
    }
  }
  return true;
}

int dispatch(int argc, char** argv) {
  auto cmds = all_commands();
  std::vector<std::string> words(argv + 1, argv + argc);
  if (words.empty() || words[0] == "--help" || words[0] == "-h" || words[0] == "help") {
    print_help(words.empty() ? std::cerr : std::cout, cmds);
    return words.empty() ? 2 : 0;
  }
  // The longest command name that prefixes the words: "morphism compose" before "morphism".
  Command const* best = nullptr;
  std::size_t used = 0;
  for (auto const& c : cmds) {
    std::vector<std::string> name;
    for (std::size_t p = 0, q; p <= c.name.size(); p = q + 1) {
      q = c.name.find(' ', p);
      if (q == std::string::npos) q = c.name.size();
      name.push_back(c.name.substr(p, q - p));
    }
    if (name.size() <= words.size() && std::equal(name.begin(), name.end(), words.begin()) && name.size() > used) {
      best = &c;
      used = name.size();
    }
  }
  if (!best) {
    std::cerr << "catlayout: unknown command '" << words[0] << "'; try catlayout --help\n";
    return 2;
  }
  Args a;
  std::string why;
  if (!parse(*best, std::vector<std::string>(words.begin() + used, words.end()), a, why))
    return usage_error(*best, why);
  if (a.has("--help")) {
    print_command_help(*best);
    return 0;
  }
  return best->run(a);
}

}  // namespace

// A safety net: an exception that escapes is a bug, reported as such, never an abort.
int main(int argc, char** argv) {
  try {
    return dispatch(argc, argv);
  } catch (std::exception const& e) {
    std::cerr << "catlayout: internal error (please report): " << e.what() << "\n";
    return 2;
  }
}
