#pragma once
// The playground's one entry: a JSON request text in, a JSON response text out. The browser page
// (playground/web) calls it through WebAssembly; the native build and its tests call it directly.
//
// Requests ({"do": WHAT, ...}); every response is an object with "ok" (false: "error" holds the text
// the CLI prints for the same input, `catlayout: KIND: message`):
//   {"do":"ops"}                        the op table's rows that have a command: name, command, usage,
//                                       summary, example, min_args, takes (operand kinds), strict
//   {"do":"op","op":NAME,"args":[TEXT...],"print":P,"json":B,"cute_integers":B,"strict":B}
//                                       `catlayout NAME ARGS...`: "text" (stdout) and "notes" (stderr)
//   {"do":"show","layout":L,"tile":B,"print":P,"tv":[M,N]}
//                                       `catlayout show` as "text", `catlayout svg` as "svg" (--tv: the
//                                       thread-value picture)
//   {"do":"fragments"}                  the catalogued instructions (with their operands) and atoms
//   {"do":"check","args":[[NAME] [OPERAND] LAYOUT],"top":N}
//                                       `catlayout gpu check`: "text", "equal"
//   {"do":"banks","tv":TV,"data":D,"elem_bytes":N,"vector":N,"mma":NAME,"operand":X,"rows":N}
//                                       `catlayout analyze banks --json` as "report", its heat map as
//                                       "text" (--show) and "svg"
//   {"do":"rows"}                       every row of the op table (name, family, min_args, max_args):
//                                       the vector pane, whose args and answers are the vectors' JSON
//   {"do":"case","line":CASE}           one case line answered as `catlayout conformance serve` answers
//                                       it (docs/adapter-protocol.md): "answer", the answer line
#include <string>
#include <string_view>

namespace catlayout::playground {

std::string handle(std::string_view request);

}  // namespace catlayout::playground
