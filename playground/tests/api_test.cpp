// The playground's API answers as the engines and the CLI do: the op table's rows, an answer equal
// to core's, a refusal and a note in the CLI's words, the pictures, the fragment check, the banks
// and a corpus case.
#include <gtest/gtest.h>

#include "catlayout/core.hpp"
#include "catlayout/playground/api.hpp"
#include "catlayout/viz.hpp"
#include "catlayout/wire/ops.hpp"

namespace catlayout::playground {
namespace {

using wire::Json;

Json call(Json const& request) { return Json::parse(handle(request.dump())); }

TEST(PlaygroundApi, OpsAreTheOpTablesCommands) {
  Json r = call({{"do", "ops"}});
  ASSERT_TRUE(r["ok"]);
  std::size_t commands = 0;
  for (auto const& row : wire::op_table()) commands += !row.doc.command.empty() && row.typed.fn;
  EXPECT_EQ(r["ops"].size(), commands);
  Json const* compose = nullptr;
  for (auto const& o : r["ops"])
    if (o["command"] == "compose") compose = &o;
  ASSERT_NE(compose, nullptr);
  auto const* row = wire::find_op((*compose)["name"].get<std::string>());
  ASSERT_NE(row, nullptr);
  EXPECT_EQ((*compose)["min_args"], row->min_args);
  EXPECT_EQ((*compose)["takes"].size(), row->typed.takes.size());
  EXPECT_EQ((*compose)["takes"][0], "layout");
}

TEST(PlaygroundApi, ComposeIsCoresCompose) {
  Json r = call({{"do", "op"}, {"op", "compose"}, {"args", {"(4,8):(8,1)", "(2,2):(1,4)"}}});
  ASSERT_TRUE(r["ok"]) << r.dump();
  auto expected = composition(*parse_layout("(4,8):(8,1)"), *parse_layout("(2,2):(1,4)"));
  ASSERT_TRUE(expected);
  EXPECT_EQ(r["text"], to_string(*expected));
  EXPECT_EQ(r["text"], "(2,2):(8,1)");
  Json cute = call({{"do", "op"}, {"op", "compose"}, {"args", {"(_4,_8):(_8,_1)", "(_2,_2):(_1,_4)"}}});
  EXPECT_EQ(cute["text"], "(_2,_2):(_8,_1)");  // CuTe's marks kept: its print (README)
}

TEST(PlaygroundApi, RefusalsAndNotesInTheClisWords) {
  Json strict = call({{"do", "op"}, {"op", "complement"}, {"args", {"(3,5):(1,7)", "60"}}, {"strict", true}});
  EXPECT_FALSE(strict["ok"]);
  EXPECT_EQ(strict["error"].get<std::string>().rfind("catlayout: not_complementable: stride 7 of mode 5:7", 0), 0u)
      << strict.dump();
  Json cute = call({{"do", "op"}, {"op", "complement"}, {"args", {"(3,5):(1,7)", "60"}}});
  ASSERT_TRUE(cute["ok"]);
  EXPECT_EQ(cute["text"], "(2,2):(3,35)");
  ASSERT_EQ(cute["notes"].size(), 1u);
  EXPECT_EQ(cute["notes"][0].get<std::string>().rfind("outside the categorical fragment: stride 7", 0), 0u);
  Json few = call({{"do", "op"}, {"op", "compose"}, {"args", {"4:1"}}});
  EXPECT_FALSE(few["ok"]);
  EXPECT_EQ(few["error"].get<std::string>().rfind("catlayout compose: expected 2 argument(s)\nusage: catlayout compose", 0), 0u)
      << few.dump();
  Json bad = call({{"do", "op"}, {"op", "compose"}, {"args", {"(4,8):(8,1", "2:1"}}});
  EXPECT_FALSE(bad["ok"]);
  EXPECT_EQ(bad["kind"], "invalid_input");
}

TEST(PlaygroundApi, ShowIsVizsGrid) {
  Json r = call({{"do", "show"}, {"layout", "(4,8):(8,1)"}});
  ASSERT_TRUE(r["ok"]);
  EXPECT_EQ(r["text"], *viz::show_grid(*parse_layout("(4,8):(8,1)")));
  EXPECT_NE(r["svg"].get<std::string>().find("<svg"), std::string::npos);
  Json tv = call({{"do", "show"}, {"layout", "((4,8),(2,2)):((32,1),(16,8))"}, {"tv", {16, 8}}});
  ASSERT_TRUE(tv["ok"]) << tv.dump();
  EXPECT_EQ(tv["svg"], *viz::svg_tv(*parse_layout("((4,8),(2,2)):((32,1),(16,8))"), 16, 8));
  Json bad = call({{"do", "show"}, {"layout", "(4,8):(8,"}});
  EXPECT_FALSE(bad["ok"]);
  EXPECT_EQ(bad["error"].get<std::string>().rfind("catlayout: invalid_input: layout: ", 0), 0u) << bad.dump();
}

TEST(PlaygroundApi, FragmentCheck) {
  Json eq = call({{"do", "check"}, {"args", {"mma.m16n8k16.f32.f16.f16.f32", "C", "((4,8),(2,2)):((32,1),(16,8))"}}});
  ASSERT_TRUE(eq["ok"]) << eq.dump();
  EXPECT_TRUE(eq["equal"]);
  Json ne = call({{"do", "check"}, {"args", {"mma.m16n8k16.f32.f16.f16.f32", "C", "((4,8),(2,2)):((32,1),(8,16))"}}});
  ASSERT_TRUE(ne["ok"]) << ne.dump();
  EXPECT_FALSE(ne["equal"]);
  Json near = call({{"do", "check"}, {"args", {"((4,8),(2,2)):((32,1),(16,8))"}}});
  ASSERT_TRUE(near["ok"]);
  EXPECT_TRUE(near["equal"]);
  EXPECT_NE(near["text"].get<std::string>().find("mma.m16n8k16.f32.f16.f16.f32 C"), std::string::npos) << near.dump();
}

TEST(PlaygroundApi, BanksAsTheReadme) {
  Json r = call({{"do", "banks"}, {"tv", "(32,32):(1,32)"}, {"data", "(32,32):(32,1)"}});
  ASSERT_TRUE(r["ok"]) << r.dump();
  EXPECT_EQ(r["report"]["wavefronts"], 1024);
  EXPECT_EQ(r["report"]["ideal"], 32);
  Json sw = call({{"do", "banks"}, {"tv", "((8,4),8):((1,64),8)"}, {"data", "Sw<3,3,3> o (8,64):(64,1)"},
                  {"elem_bytes", 2}, {"vector", 8}});
  ASSERT_TRUE(sw["ok"]) << sw.dump();
  EXPECT_EQ(sw["report"]["wavefronts"], 4);
  EXPECT_EQ(sw["report"]["ideal"], 4);
}

TEST(PlaygroundApi, CaseAsConformanceServe) {
  Json r = call({{"do", "case"}, {"line", R"({"id":"c1","op":"coalesce","args":[{"shape":[2,[1,6]],"stride":[1,[6,2]]}]})"}});
  ASSERT_TRUE(r["ok"]);
  Json answer = Json::parse(r["answer"].get<std::string>());
  EXPECT_EQ(answer["id"], "c1");
  EXPECT_EQ(answer["result"], *wire::run_op("coalesce", Json::parse(R"([{"shape":[2,[1,6]],"stride":[1,[6,2]]}])"), "$.args"));
  Json refused = call({{"do", "case"}, {"line", R"({"id":2,"op":"no-such-op","args":[]})"}});
  EXPECT_TRUE(Json::parse(refused["answer"].get<std::string>()).contains("error"));
}

TEST(PlaygroundApi, RowsAreEveryRowOfTheTable) {
  Json r = call({{"do", "rows"}});
  ASSERT_TRUE(r["ok"]);
  ASSERT_EQ(r["rows"].size(), wire::op_table().size());
  std::size_t i = 0;
  for (auto const& row : wire::op_table()) {
    EXPECT_EQ(r["rows"][i]["name"], row.name);
    EXPECT_EQ(r["rows"][i]["max_args"], row.max_args);
    ++i;
  }
}

TEST(PlaygroundApi, BadRequests) {
  EXPECT_FALSE(Json::parse(handle("not json"))["ok"]);
  EXPECT_FALSE(call({{"do", "fly"}})["ok"]);
  EXPECT_FALSE(call({{"do", "op"}, {"op", 3}})["ok"]);
}

}  // namespace
}  // namespace catlayout::playground
