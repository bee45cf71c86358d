#pragma once
// The catlayout command line: a registry of commands, each with its usage line, an example and
// the options it takes. Exit status: 0 ok, 1 algebra error, 2 usage or input error, 3 no GPU.
#include <cstdint>
#include <functional>
#include <iosfwd>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "catlayout/core/error.hpp"

namespace catlayout::cli {

struct Args {
  std::vector<std::string> pos;
  std::map<std::string, std::vector<std::string>> opt;  // option -> its values (repeatable)
  bool has(std::string const& k) const { return opt.count(k) != 0; }
  std::string const& value(std::string const& k) const { return opt.at(k).front(); }
};

struct Command {
  std::string name;     // "compose", or "morphism compose" for a group
  std::string usage;    // "compose A B"
  std::string summary;  // one line
  std::string example;  // a command line that works
  std::map<std::string, int> options;  // option -> number of values it takes (0: a flag)
  std::function<int(Args const&)> run;
};

std::vector<Command> algebra_commands();      // algebra.cpp
std::vector<Command> f2_linear_commands();    // f2_linear.cpp: swizzle, linear, triton
std::vector<Command> conformance_commands();  // conformance.cpp
Command conformance_serve_command();           // conformance_serve.cpp
std::vector<Command> morphism_commands();     // morphism.cpp
std::vector<Command> algorithm_commands();    // algorithms.cpp: refine, census, representable, explain
std::vector<Command> picture_commands();
std::vector<Command> gpu_commands();
std::vector<Command> proof_commands();
std::vector<Command> analysis_commands();

// Prints `catlayout: KIND: message` and returns 1 (algebra error) or 2 (invalid input).
int report_error(Error const& e);
int usage_error(Command const& c, std::string const& why);
// Prints `usage: catlayout TEXT` (a command's short form with an example) and returns 2.
int usage_line(std::string const& text);
// A decimal count with nothing around it, or nullopt.
std::optional<std::uint64_t> parse_count(std::string const& s);
// The value of option `name` in [lo, hi] (dflt when absent), or an error naming the option.
Result<std::uint64_t> bounded_option(Args const& a, std::string const& name, std::uint64_t lo, std::uint64_t hi,
                                     std::uint64_t dflt);

}  // namespace catlayout::cli
