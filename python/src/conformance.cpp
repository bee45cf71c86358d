// The conformance room: check vector files (docs/vector-format.md), export them, run any op of the schema,
// read and write vector documents. JSON values cross the boundary converted directly, never as text.
#include <nanobind/stl/optional.h>
#include <nanobind/stl/vector.h>

#include <cstdint>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "catlayout/conformance/check.hpp"
#include "catlayout/conformance/export.hpp"
#include "catlayout/conformance/ops.hpp"
#include "convert.hpp"

namespace catlayout::python {

using namespace catlayout::wire;  // the JSON forms of the values

using catlayout::wire::Json;

// JSON values and Python objects, converted directly (no text on the way): null, booleans,
// integers, floats, strings, lists (and tuples), dicts with str keys, and Layout objects (as the
// format's {"shape": ..., "stride": ...}).
constexpr int max_depth = 4096;  // a deeper (or circular) value is refused, not followed

static nb::object to_py(Json const& j) {
  switch (j.type()) {
    case Json::value_t::null: return nb::none();
    case Json::value_t::boolean: return nb::bool_(j.get<bool>());
    case Json::value_t::number_integer: return nb::int_(j.get<std::int64_t>());
    case Json::value_t::number_unsigned: return nb::steal(PyLong_FromUnsignedLongLong(j.get<std::uint64_t>()));
    case Json::value_t::number_float: return nb::float_(j.get<double>());
    case Json::value_t::string: {
      auto const& t = j.get_ref<std::string const&>();
      return nb::str(t.data(), t.size());
    }
    case Json::value_t::array: {
      nb::list out;
      for (auto const& x : j) out.append(to_py(x));
      return out;
    }
    case Json::value_t::object: {
      nb::dict out;
      for (auto const& [k, v] : j.items()) out[nb::str(k.data(), k.size())] = to_py(v);
      return out;
    }
    default: return nb::none();  // binary and discarded values: never produced by the engines
  }
}

static Json from_py(nb::handle h, std::string const& path, int depth = 0) {
  if (depth > max_depth) invalid_input(str(shortened(path), ": nested deeper than ", max_depth, " (or circular)"));
  if (h.is_none()) return nullptr;
  if (nb::isinstance<nb::bool_>(h)) return nb::cast<bool>(h);
  if (nb::isinstance<nb::int_>(h)) {
    int overflow = 0;
    long long v = PyLong_AsLongLongAndOverflow(h.ptr(), &overflow);
    if (!overflow) return static_cast<std::int64_t>(v);
    if (overflow > 0) {  // as a JSON reader would read it: unsigned where it fits, else a float
      unsigned long long u = PyLong_AsUnsignedLongLong(h.ptr());
      if (!PyErr_Occurred()) return static_cast<std::uint64_t>(u);
      PyErr_Clear();
    }
    double d = PyLong_AsDouble(h.ptr());
    if (PyErr_Occurred()) {
      PyErr_Clear();
      invalid_input(str(path, ": an integer too large for JSON"));
    }
    return d;
  }
  if (nb::isinstance<nb::float_>(h)) return nb::cast<double>(h);
  if (nb::isinstance<nb::str>(h)) {
    Py_ssize_t n = 0;
    char const* t = PyUnicode_AsUTF8AndSize(h.ptr(), &n);
    if (!t) {
      PyErr_Clear();
      invalid_input(str(path, ": not JSON: a string with a lone surrogate"));
    }
    return std::string(t, static_cast<std::size_t>(n));
  }
  if (nb::isinstance<Layout>(h)) return to_json(nb::cast<Layout const&>(h));
  if (nb::isinstance<nb::list>(h) || nb::isinstance<nb::tuple>(h)) {
    Json out = Json::array();
    std::size_t i = 0;
    for (nb::handle x : h) out.push_back(from_py(x, str(path, "[", i++, "]"), depth + 1));
    return out;
  }
  if (nb::isinstance<nb::dict>(h)) {
    Json out = Json::object();
    for (auto [k, v] : nb::borrow<nb::dict>(h)) {
      if (!nb::isinstance<nb::str>(k)) throw nb::type_error(str(path, ": a key is not a str: ", nb::repr(k).c_str()).c_str());
      std::string key(text_from_py(k, path));
      out[key] = from_py(v, str(path, ".", key), depth + 1);
    }
    return out;
  }
  throw nb::type_error(str(path, ": not JSON-serializable: ", nb::repr(h).c_str()).c_str());
}

// A path, or a vector document (dict) already in memory.
static std::vector<conformance::CaseOutcome> outcomes(nb::handle source, conformance::CheckOptions const& opt) {
  if (nb::isinstance<nb::dict>(source)) return unwrap(conformance::check_document(from_py(source, "document"), "<document>", opt));
  nb::str path(source);  // a str or an os.PathLike
  return unwrap(conformance::check_file(std::string(text_from_py(path, "source")), opt));
}

void bind_conformance(nb::module_& m) {
  m.def("check", [](nb::handle source, std::optional<TextArg> only, std::vector<std::string> skip_tags, bool strict,
                    unsigned threads) {
    conformance::CheckOptions opt;
    if (only) opt.only_op = std::string(only->get("only"));
    opt.skip_tags = std::move(skip_tags);
    opt.convention = convention(strict);
    opt.threads = threads;
    auto out = outcomes(source, opt);
    nb::object report = to_py(conformance::report_json(out));
    std::size_t failed = 0, skipped = 0;
    for (auto const& o : out) {
      skipped += o.skipped;
      failed += !o.skipped && o.match == conformance::Match::fail;
    }
    report["total"] = out.size();
    report["failed"] = failed;
    report["skipped"] = skipped;
    report["passed"] = out.size() - failed - skipped;
    return report;
  }, nb::arg("source"), nb::kw_only(), nb::arg("only").none() = nb::none(),
  nb::arg("skip_tags") = std::vector<std::string>{}, nb::arg("strict") = false, nb::arg("threads") = 0u,
  nb::sig("def check(source: str | os.PathLike | dict, *, only: str | None = None, skip_tags: Sequence[str] = [], "
          "strict: bool = False, threads: int = 0) -> dict"),
  "Check a vector file (path) or document (dict): a catlayout.check-report/1 dict, with total, passed, "
  "failed and skipped counts; a malformed document raises InvalidInput naming the file and JSON path. "
  "threads: how many threads check a file's cases (0: one per hardware thread); the report is the same for any.");
  m.def("read_vectors", [](TextArg path_text) {
    std::string path(path_text.get("path"));
    std::ifstream in(path, std::ios::binary);
    if (!in) invalid_input(str("cannot open the file '", shortened(path), "'"));
    std::stringstream text;
    text << in.rdbuf();
    Json doc;
    try {
      doc = Json::parse(text.str());
    } catch (Json::exception const& e) {
      invalid_input(str("not valid JSON: ", e.what(), " in '", shortened(path), "'"));
    }
    unwrap(conformance::check_header(doc, path));
    return to_py(doc);
  }, nb::arg("path"), nb::sig("def read_vectors(path: str) -> dict"),
  "A vector document (docs/vector-format.md) as a dict; its shape is checked.");
  m.def("write_vectors", [](TextArg path_text, nb::handle doc, bool force) {
    std::string path(path_text.get("path"));
    Json j = from_py(doc, "document");
    unwrap(conformance::check_header(j, path));
    unwrap(conformance::write_atomically(path, j.dump(2) + "\n", force));
  }, nb::arg("path"), nb::arg("document"), nb::kw_only(), nb::arg("force") = false,
  "Write a vector document atomically; refuses to replace a different file unless force.");
  m.def("export", [](std::string const& out_dir, std::uint64_t seed, int count, std::vector<std::string> ops, bool force) {
    if (count < 0) invalid_input(str("count ", count, " is negative"));
    conformance::ExportOptions opt{out_dir, seed, count, std::move(ops), force};
    std::ostringstream log;
    return unwrap(conformance::export_vectors(opt, log));
  }, nb::arg("out_dir"), nb::kw_only(), nb::arg("seed") = 1, nb::arg("count") = 200,
  nb::arg("ops") = std::vector<std::string>{}, nb::arg("force") = false,
  "Export golden vectors (every op, or `ops`) into out_dir; returns the files written.");
  m.def("run_op", [](TextArg op, nb::handle args, bool strict) {
    return to_py(unwrap(conformance::run_op(std::string(op.get("op")), from_py(args, "args"), "$.args", convention(strict))));
  }, nb::arg("op"), nb::arg("args"), nb::kw_only(), nb::arg("strict") = false,
  "Any op of the vector format (docs/vector-format.md) on JSON-shaped args (as in a vector file; Layout objects are accepted), e.g. "
  "run_op('composition', [Layout('(6,2):(8,2)'), Layout('(4,3):(3,1)')]).");
  m.def("known_ops", []() { return conformance::known_ops(); }, "The ops of the vector format this build serves.");
}

}  // namespace catlayout::python
