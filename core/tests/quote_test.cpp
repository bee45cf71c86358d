// What messages quote of what a user typed (core/quote.hpp): whole UTF-8 characters, columns in
// characters, long arguments shortened to head … tail; and the readers' errors built from them.
#include "testing.hpp"

#include "catlayout/core/f2_layout.hpp"
#include "catlayout/core/notation.hpp"
#include "catlayout/core/partition.hpp"
#include "catlayout/core/quote.hpp"

using namespace catlayout;

namespace {

// A well-formed UTF-8 string: every step is a character.
bool valid_utf8(std::string_view s) {
  for (std::size_t i = 0; i < s.size();) {
    std::size_t n = utf8_length(s, i);
    if (n == 0) return false;
    i += n;
  }
  return true;
}

std::size_t characters(std::string_view s) {
  std::size_t n = 0;
  for (std::size_t i = 0; i < s.size(); i += utf8_length(s, i)) ++n;
  return n;
}

bool has(std::string const& s, std::string_view part) { return s.find(part) != std::string::npos; }

}  // namespace

TEST(Quote, Utf8Lengths) {
  EXPECT_EQ(utf8_length("a", 0), 1u);
  EXPECT_EQ(utf8_length("\xc3\xa9", 0), 2u);          // é
  EXPECT_EQ(utf8_length("\xef\xbc\x94", 0), 3u);      // ４ U+FF14, the full-width digit
  EXPECT_EQ(utf8_length("\xf0\x9f\x98\x80", 0), 4u);  // U+1F600
  EXPECT_EQ(utf8_length("\x80", 0), 0u);              // a stray continuation byte
  EXPECT_EQ(utf8_length("\xc0\xaf", 0), 0u);          // an overlong '/'
  EXPECT_EQ(utf8_length("\xed\xa0\x80", 0), 0u);      // the surrogate U+D800
  EXPECT_EQ(utf8_length("\xf4\x90\x80\x80", 0), 0u);  // past U+10FFFF
  EXPECT_EQ(utf8_length("\xef\xbc", 0), 0u);          // cut off
  EXPECT_EQ(utf8_length("\xff", 0), 0u);
  EXPECT_EQ(utf8_length("a", 1), 0u);                 // past the end
}

TEST(Quote, ColumnsCountCharacters) {
  std::string_view t = "(\xef\xbc\x94,8):(1,4)";  // (４,8):(1,4)
  EXPECT_EQ(column(t, 0), 1u);
  EXPECT_EQ(column(t, 1), 2u);  // ４
  EXPECT_EQ(column(t, 4), 3u);  // the ',' after it: 3 bytes, one character
  EXPECT_EQ(column("\xff\xfe" "x", 2), 3u);  // a byte that is no character counts one
}

TEST(Quote, FoundQuotesWholeCharacters) {
  EXPECT_EQ(found_at("(\xef\xbc\x94)", 1), "'\xef\xbc\x94'");
  EXPECT_EQ(found_at("x", 1), "end of input");
  EXPECT_EQ(found_at("\n", 0), "'\\x0a'");
  EXPECT_EQ(found_at("\xff", 0), "byte \\xff (not UTF-8)");
  EXPECT_EQ(found_at("\xed\xa0\x80", 0), "byte \\xed (not UTF-8)");
}

TEST(Quote, ShortenedKeepsHeadAndTailWhole) {
  EXPECT_EQ(shortened("(4,8):(1,4)"), "(4,8):(1,4)");
  std::string exact(quote_limit, 'a');
  EXPECT_EQ(shortened(exact), exact);  // up to the limit: whole

  std::string long_text = "(" + std::string(100000, '1') + "):(1)";
  std::string s = shortened(long_text);
  EXPECT_EQ(s, "(" + std::string(99, '1') + " \u2026 " + std::string(95, '1') + "):(1)");
  EXPECT_EQ(characters(s), quote_limit + 3);

  // Multi-byte characters are never cut: 300 full-width digits keep 100 + 100 of them.
  std::string wide;
  for (int i = 0; i < 300; ++i) wide += "\xef\xbc\x94";
  std::string w = shortened(wide);
  EXPECT_TRUE(valid_utf8(w));
  EXPECT_EQ(characters(w), quote_limit + 3);
  EXPECT_TRUE(w.starts_with("\xef\xbc\x94") && w.ends_with("\xef\xbc\x94"));

  // Bytes that are not UTF-8 and control characters are written \xNN: the quote is valid UTF-8.
  EXPECT_EQ(shortened("a\xff" "b\tc"), "a\\xffb\\x09c");
  std::string bytes(1000, '\xff');
  std::string b = shortened(bytes);
  EXPECT_TRUE(valid_utf8(b));
  EXPECT_LT(b.size(), 1000u);
}

// The readers quote the whole character where they stop (the CLI printed half of '４' before), at
// its column in characters.
TEST(Quote, ReadersQuoteWholeCharacters) {
  auto e = parse_layout("(\xef\xbc\x94,8):(1,4)");
  ASSERT_FALSE(e);
  EXPECT_EQ(e.error().kind, ErrorKind::invalid_input);
  EXPECT_TRUE(has(e.error().message, "expected an integer or '(' at column 2, found '\xef\xbc\x94'")) << e.error().message;
  EXPECT_TRUE(valid_utf8(e.error().message));

  auto a = parse_any_layout("(4,8):(1,\xef\xbc\x94)");
  ASSERT_FALSE(a);
  EXPECT_TRUE(has(a.error().message, "at column 10, found '\xef\xbc\x94'")) << a.error().message;

  auto t = parse_layout("(4,8):(1,4) \xc3\xa9");
  ASSERT_FALSE(t);
  EXPECT_TRUE(has(t.error().message, "expected end of input at column 13, found '\xc3\xa9'")) << t.error().message;

  // Any byte sequence: an invalid_input naming the column, and a message that is valid UTF-8.
  for (std::string bad : {std::string("(4,\xff):(1,4)"), std::string("(4,\xed\xa0\x80):(1,4)"),
                          std::string("(4,\xef\xbc"), std::string("\x80"), std::string("(4,8):(1,4)\xf4\x90\x80\x80")}) {
    auto r = parse_any_layout(bad);
    ASSERT_FALSE(r) << bad;
    EXPECT_EQ(r.error().kind, ErrorKind::invalid_input);
    EXPECT_TRUE(has(r.error().message, "at column ")) << r.error().message;
    EXPECT_TRUE(valid_utf8(r.error().message)) << r.error().message;
  }
  auto b = parse_layout("(4,\xff):(1,4)");
  ASSERT_FALSE(b);
  EXPECT_TRUE(has(b.error().message, "at column 4, found byte \\xff (not UTF-8)")) << b.error().message;
}

// Messages about a long argument give the reason first and a shortened argument after it.
TEST(Quote, LongArgumentsAreShortenedInMessages) {
  std::string huge = "(4,8):(" + std::string(50000, '7') + "x";
  auto f = parse_f2_layout(huge);
  ASSERT_FALSE(f);
  EXPECT_TRUE(f.error().message.starts_with("no F2 stride")) << f.error().message.substr(0, 80);
  EXPECT_LT(f.error().message.size(), 500u);
  auto p = parse_projection("(" + std::string(50000, 'Y') + ")");
  ASSERT_FALSE(p);
  EXPECT_LT(p.error().message.size(), 800u);
  auto n = parse_notation(std::string(50000, 'q'));
  ASSERT_FALSE(n);
  EXPECT_TRUE(n.error().message.starts_with("expected catlayout or cute")) << n.error().message.substr(0, 80);
  EXPECT_LT(n.error().message.size(), 500u);
  auto i = parse_layout("(" + std::string(50000, '9') + "):(1)");
  ASSERT_FALSE(i);
  EXPECT_TRUE(has(i.error().message, "does not fit in int64 at column 2")) << i.error().message.substr(0, 80);
  EXPECT_LT(i.error().message.size(), 500u);
}
