// The conformance room: check vector files (docs/vector-format.md), export them, run any op of the schema,
// read and write vector documents. JSON crosses the boundary as text through Python's json module.
#include <nanobind/stl/optional.h>
#include <nanobind/stl/vector.h>

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

static nb::object to_py(Json const& j) { return nb::module_::import_("json").attr("loads")(j.dump()); }

// Layout objects inside args become the format's {"shape": ..., "stride": ...}.
static Json from_py(nb::handle h, std::string_view what) {
  nb::object as_json = nb::cpp_function([](nb::handle x) -> nb::object {
    if (nb::isinstance<Layout>(x)) return to_py(to_json(nb::cast<Layout const&>(x)));
    throw nb::type_error(str("not JSON-serializable: ", nb::repr(x).c_str()).c_str());
  });
  nb::object dumped = nb::module_::import_("json").attr("dumps")(h, nb::arg("default") = as_json);
  std::string text(text_from_py(dumped, what));  // ensure_ascii: a lone surrogate is written \ud800
  try {
    return Json::parse(text);
  } catch (Json::exception const& e) {
    invalid_input(str(what, ": not JSON: ", e.what()));
  }
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
