#include <gtest/gtest.h>

#include <sstream>

#include "catlayout/algorithms/cli.hpp"

using namespace catlayout;

namespace {
struct Run {
  int rc;
  std::string out, err;
};
Run run(int (*f)(std::vector<std::string> const&, std::ostream&, std::ostream&), std::vector<std::string> args) {
  std::ostringstream o, e;
  int rc = f(args, o, e);
  return {rc, o.str(), e.str()};
}
}  // namespace

TEST(Cli, RefineExitCodes) {
  auto ok = run(refine_main, {"(6,6)", "(2,6,6)"});
  EXPECT_EQ(ok.rc, 0);
  EXPECT_EQ(ok.out, "T' = ((2,3),(2,3))\nU' = (2,(3,2),(3,2))\n");  // seed example
  EXPECT_EQ(run(refine_main, {"(8,8)", "(3,8,8)"}).rc, 1);
  EXPECT_EQ(run(refine_main, {"(8,8"}).rc, 2);
  EXPECT_EQ(run(refine_main, {"(8,8", "3"}).rc, 2);
  EXPECT_EQ(run(refine_main, {"(0,8)", "3"}).rc, 2);
}

TEST(Cli, Representable) {
  auto yes = run(representable_main, {"[0,1,4,5]"});
  EXPECT_EQ(yes.rc, 0);
  EXPECT_EQ(yes.out, "(2,2):(1,4)\n");  // blog example
  auto no = run(representable_main, {"[0,1,2,4]"});
  EXPECT_EQ(no.rc, 1);
  EXPECT_NE(no.out.find("not a layout"), std::string::npos);
  EXPECT_EQ(run(representable_main, {"[0,1,"}).rc, 2);
}

TEST(Cli, CensusAndExplain) {
  auto c = run(census_main, {"(6,2):(8,2)"});
  EXPECT_EQ(c.rc, 0);
  EXPECT_NE(c.out.find("42/52"), std::string::npos) << c.out;  // blog census
  auto x = run(explain_main, {"(3,2):(1,4)", "4:1"});
  EXPECT_EQ(x.rc, 0);
  EXPECT_NE(x.out.find("[0,1,2,4]"), std::string::npos) << x.out;
  EXPECT_NE(x.out.find("core rejects, and rightly"), std::string::npos) << x.out;
  EXPECT_EQ(run(explain_main, {"(3,2):(1,4)"}).rc, 2);
}
