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

// The help's layout: two columns (a command's usage, then its summary), each wrapped at spaces
// to its width, two spaces at least between them; a usage word wider than its column (a long
// option list without spaces) takes its row alone, so the columns never touch.
constexpr std::size_t help_width = 100, usage_indent = 2, usage_width = 40, column_gap = 2;
constexpr std::size_t summary_column = usage_indent + usage_width + column_gap;

// The words of a usage line: split at the spaces outside brackets, so that an option with its
// value ("[--json FILE]") or a group of alternatives stays whole; a word wider than `width` is split
// at the spaces one bracket deeper, and so on (at last at every space).
std::vector<std::string> usage_words(std::string const& text, std::size_t width, int level = 0) {
  std::vector<std::string> out;
  std::string unit;
  int depth = 0;
  bool quoted = false;  // inside 'COMMAND ARGS': one word, as the shell reads it
  auto flush = [&] {
    if (unit.empty()) return;
    if (unit.size() <= width || level > 8) out.push_back(unit);
    else
      for (auto& w : usage_words(unit, width, level + 1)) out.push_back(std::move(w));
    unit.clear();
  };
  for (char ch : text) {
    if (ch == '\'') quoted = !quoted;
    if (ch == ' ' && depth <= level && (!quoted || level > 4)) {
      flush();
      continue;
    }
    if (ch == '[' || ch == '(' || ch == '{') ++depth;
    if ((ch == ']' || ch == ')' || ch == '}') && depth > 0) --depth;
    unit += ch;
  }
  flush();
  return out;
}

// The words at spaces.
std::vector<std::string> plain_words(std::string const& text) {
  std::vector<std::string> out;
  for (std::size_t p = 0, q; p < text.size(); p = q + 1) {
    q = text.find(' ', p);
    if (q == std::string::npos) q = text.size();
    if (q > p) out.push_back(text.substr(p, q - p));
  }
  return out;
}

// Words in lines of at most `width` characters (a word longer than the width is a line of its
// own); continuation lines start with `hang` spaces.
std::vector<std::string> wrap(std::vector<std::string> const& words, std::size_t width, std::size_t hang = 0) {
  std::vector<std::string> lines;
  std::string line;
  for (auto const& word : words) {
    std::size_t indent = lines.empty() ? 0 : hang;
    if (!line.empty() && indent + line.size() + 1 + word.size() > width) {
      lines.push_back(std::string(indent, ' ') + line);
      line.clear();
    }
    line += (line.empty() ? "" : " ") + word;
  }
  if (!line.empty() || lines.empty()) lines.push_back(std::string(lines.empty() ? 0 : hang, ' ') + line);
  return lines;
}

// One command in the two columns, then its example on a line of its own (never wrapped: it is a
// command line to copy).
void print_entry(std::ostream& out, Command const& c) {
  constexpr std::size_t hang = 4;
  auto left = wrap(usage_words(c.usage, usage_width - hang), usage_width, hang);
  auto right = wrap(plain_words(c.summary), help_width - summary_column);
  std::size_t l = 0, r = 0;
  while (l < left.size() || r < right.size()) {
    std::string row(usage_indent, ' ');
    if (l < left.size()) {
      row += left[l++];
      if (row.size() > usage_indent + usage_width) {  // too wide to share its row
        out << row << "\n";
        continue;
      }
    }
    if (r < right.size()) row += std::string(summary_column - row.size(), ' ') + right[r++];
    out << row << "\n";
  }
  out << "      e.g. " << c.example << "\n";
}

constexpr char const* exit_status_text =
    "exit status: 0 ok; 1 algebra error (inadmissible, not_complementable, not_tractable,\n"
    "not_refinable); 2 usage or input error; 3 no GPU (gpu validate)\n";

void print_help(std::ostream& out, std::vector<Command> const& cmds) {
  out << "catlayout " CATLAYOUT_VERSION ": the CuTe layout algebra, computed twice and checked\n\n"
         "usage: catlayout COMMAND [ARGS] [OPTIONS]      (catlayout COMMAND --help for one command,\n"
         "                                               catlayout GROUP --help for a group's commands;\n"
         "                                               catlayout --version)\n\n"
         "Layouts are written in CuTe notation: '(6,2):(8,2)', '12:1', '(2,(1,6)):(1,(6,2))';\n"
         "a by-mode tiler as '<3:4,8:2>' (an integer n means n:1); a morphism as '(2,2) -(1,3)-> (2,2,2)'.\n\n"
         "commands:\n";
  for (auto const& c : cmds) print_entry(out, c);
  out << "\n" << exit_status_text;
}

// The commands of a group (names "GROUP SUB"); empty when `group` is no group.
std::vector<Command const*> group_commands(std::vector<Command> const& cmds, std::string const& group) {
  std::vector<Command const*> out;
  for (auto const& c : cmds)
    if (c.name.size() > group.size() && c.name.starts_with(group + " ")) out.push_back(&c);
  return out;
}

void print_group_help(std::ostream& out, std::string const& group, std::vector<Command const*> const& members) {
  out << "usage: catlayout " << group << " COMMAND [ARGS] [OPTIONS]\n"
      << "       (catlayout " << group << " COMMAND --help for one command)\n\n"
      << group << " commands:\n";
  for (auto const* c : members) print_entry(out, *c);
  out << "\n" << exit_status_text;
}

void print_command_help(Command const& c) {
  std::cout << "usage: catlayout " << c.usage << "\n";
  for (auto const& line : wrap(plain_words(c.summary), help_width)) std::cout << line << "\n";
  if (!c.options.empty()) {
    std::string options = "options:";
    for (auto const& [o, n] : c.options) options += " " + o + (n ? " VALUE" : "") + (n > 1 ? " VALUE" : "");
    for (auto const& line : wrap(usage_words(options, help_width - 9), help_width, 9)) std::cout << line << "\n";
  }
  std::cout << "example: " << c.example << "\n";
}

// Split argv into positionals and the command's options; an unknown option is a usage error.
bool parse(Command const& c, std::vector<std::string> const& words, Args& a, std::string& why) {
  for (std::size_t i = 0; i < words.size(); ++i) {
    std::string const& w = words[i];
    if (w == "-h") {  // as --help
      a.opt["--help"];
      continue;
    }
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
  if (words[0] == "--version") {
    if (words.size() > 1) return usage_line("--version   (takes no arguments)");
    std::cout << "catlayout " CATLAYOUT_VERSION "\n";
    return 0;
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
    // A group's name ("gpu", "analyze", ...): --help lists its commands; otherwise say which exist.
    auto members = group_commands(cmds, words[0]);
    if (!members.empty()) {
      bool help = words.size() >= 2 && (words[1] == "--help" || words[1] == "-h" || words[1] == "help");
      if (help) {
        print_group_help(std::cout, words[0], members);
        return 0;
      }
      std::string names;
      for (auto const* c : members) names += (names.empty() ? "" : ", ") + c->name.substr(words[0].size() + 1);
      if (words.size() == 1)
        std::cerr << "catlayout " << words[0] << ": expected a command: " << names << "; try catlayout " << words[0]
                  << " --help\n";
      else
        std::cerr << "catlayout " << words[0] << ": unknown command '" << words[1] << "' (the " << words[0]
                  << " commands: " << names << "); try catlayout " << words[0] << " --help\n";
      return 2;
    }
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
