// The WebAssembly module's exports (a WASI reactor: the page calls _initialize, then these).
// Texts cross as UTF-8 bytes in the module's memory: the page writes a request into a buffer from
// cl_alloc, cl_handle answers it, and the answer stays valid until the next call.
#include <cstdlib>
#include <exception>
#include <string>

#include "catlayout/playground/api.hpp"

namespace {
std::string last_answer;
}

extern "C" {

__attribute__((export_name("cl_alloc"))) char* cl_alloc(std::size_t n) { return static_cast<char*>(std::malloc(n)); }

__attribute__((export_name("cl_free"))) void cl_free(char* p) { std::free(p); }

// The answer's bytes (cl_answer_size of them) for the request's `size` bytes at `request`.
__attribute__((export_name("cl_handle"))) char const* cl_handle(char const* request, std::size_t size) {
  // A safety net as the CLI's main has: an exception that escapes is a bug, reported, never a trap.
  try {
    last_answer = catlayout::playground::handle(std::string_view(request, size));
  } catch (std::exception const&) {
    last_answer = R"j({"ok":false,"kind":"internal","error":"catlayout: internal error (please report)"})j";
  }
  return last_answer.data();
}

__attribute__((export_name("cl_answer_size"))) std::size_t cl_answer_size() { return last_answer.size(); }

}  // extern "C"
