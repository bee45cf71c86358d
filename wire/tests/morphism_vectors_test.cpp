// Every categorical case of the shared golden vectors passes exactly through the dispatcher.
#include <fstream>

#include "catlayout/wire/ops.hpp"
#include "categories/tests/testing.hpp"

using namespace catlayout;
using namespace catlayout::wire;
using namespace catlayout::categories;

TEST(CategoricalSeedVectors, EveryCategoricalCaseIsExact) {
  std::string path = std::string(CATLAYOUT_VECTORS_DIR) + "/seed-examples.json";
  std::ifstream in(path);
  ASSERT_TRUE(in) << "cannot open " << path;
  Json doc = Json::parse(in);
  int checked = 0;
  for (std::size_t k = 0; k < doc["cases"].size(); ++k) {
    auto const& c = doc["cases"][k];
    std::string op = c["op"];
    if (!op.starts_with("nest.") && op != "layout.to_nest") continue;
    ++checked;
    auto r = wire::run_op(op, c["args"], "cases[" + std::to_string(k) + "].args");
    Json const& expect = c["expect"];
    if (expect.contains("error")) {
      ASSERT_FALSE(r) << c["id"] << " gave " << r->dump();
      EXPECT_EQ(kind_name(r.error().kind), expect["error"].get<std::string>()) << c["id"] << ": " << r.error().what();
    } else {
      ASSERT_TRUE(r) << c["id"] << ": " << r.error().what();
      EXPECT_EQ(*r, expect) << c["id"] << " gave " << r->dump();  // exact: same nesting, same integers
    }
  }
  EXPECT_GE(checked, 16);
}
