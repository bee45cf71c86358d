#pragma once
// A tiny XML reader for the tests: enough of XML 1.0 to check that the SVGs are well formed
// (one root, matched tags, quoted unique attributes, known entities, no stray '<' or '&')
// and to query their elements. Not a general parser: no DTDs, no CDATA.
#include <cctype>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace viztest {

struct Element {
  std::string name;
  std::map<std::string, std::string> attrs;
  std::vector<Element> children;
  std::string text;  // character data directly inside, concatenated

  std::string attr(std::string const& k) const {
    auto it = attrs.find(k);
    return it == attrs.end() ? std::string() : it->second;
  }
  // All character data inside, depth first (tspans included), less whitespace-only runs
  // between elements (the SVGs put one element a line).
  std::string all_text() const {
    std::string s = text.find_first_not_of(" \n\t") == std::string::npos ? std::string() : text;
    for (auto const& c : children) s += c.all_text();
    return s;
  }
  // Every descendant (self included) with this name and, if given, this class.
  void find(std::string const& n, std::string const& cls, std::vector<Element const*>& out) const {
    if (name == n && (cls.empty() || attr("class") == cls)) out.push_back(this);
    for (auto const& c : children) c.find(n, cls, out);
  }
  std::vector<Element const*> find(std::string const& n, std::string const& cls = "") const {
    std::vector<Element const*> out;
    find(n, cls, out);
    return out;
  }
};

class XmlReader {
 public:
  explicit XmlReader(std::string s) : s_(std::move(s)) {}

  // The root element, or nullopt with error() saying what is wrong and where.
  std::optional<Element> parse() {
    skip_misc();
    if (!at("<") || at("</")) return fail("expected the root element");
    auto root = element();
    if (!root) return std::nullopt;
    skip_misc();
    if (i_ != s_.size()) return fail("content after the root element");
    return root;
  }
  std::string const& error() const { return err_; }

 private:
  std::string s_;
  std::size_t i_ = 0;
  std::string err_;

  bool at(char const* p) const { return s_.compare(i_, std::char_traits<char>::length(p), p) == 0; }
  std::nullopt_t fail(std::string const& m) {
    if (err_.empty()) err_ = m + " at byte " + std::to_string(i_);
    return std::nullopt;
  }
  void skip_ws() {
    while (i_ < s_.size() && std::isspace(static_cast<unsigned char>(s_[i_]))) ++i_;
  }
  bool skip_until(char const* end) {
    auto j = s_.find(end, i_);
    if (j == std::string::npos) return false;
    i_ = j + std::char_traits<char>::length(end);
    return true;
  }
  // Whitespace, the XML declaration, processing instructions and comments.
  void skip_misc() {
    for (;;) {
      skip_ws();
      if (at("<?")) {
        if (!skip_until("?>")) return;
      } else if (at("<!--")) {
        if (!skip_until("-->")) return;
      } else {
        return;
      }
    }
  }
  static bool name_char(char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '-' || c == '_' || c == ':' || c == '.'; }
  std::string name() {
    auto b = i_;
    while (i_ < s_.size() && name_char(s_[i_])) ++i_;
    return s_.substr(b, i_ - b);
  }
  // Character data up to `stop`, entities decoded; a raw '<' (or '&' not starting an entity) is an error.
  std::optional<std::string> chars(char stop) {
    std::string out;
    while (i_ < s_.size() && s_[i_] != stop) {
      char c = s_[i_];
      if (c == '<' && stop != '<') return fail("'<' inside an attribute value");
      if (c == '&') {
        auto semi = s_.find(';', i_);
        if (semi == std::string::npos) return fail("unterminated entity");
        std::string e = s_.substr(i_ + 1, semi - i_ - 1);
        if (e == "lt") out += '<';
        else if (e == "gt") out += '>';
        else if (e == "amp") out += '&';
        else if (e == "quot") out += '"';
        else if (e == "apos") out += '\'';
        else if (e.size() > 1 && e[0] == '#') out += '?';  // a character reference: fine for the tests
        else return fail("unknown entity &" + e + ";");
        i_ = semi + 1;
      } else {
        out += c;
        ++i_;
      }
    }
    return out;
  }
  std::optional<Element> element() {
    ++i_;  // '<'
    Element e;
    e.name = name();
    if (e.name.empty()) return fail("expected an element name");
    for (;;) {
      skip_ws();
      if (at("/>")) {
        i_ += 2;
        return e;
      }
      if (at(">")) {
        ++i_;
        break;
      }
      auto k = name();
      if (k.empty()) return fail("expected an attribute name in <" + e.name + ">");
      skip_ws();
      if (!at("=")) return fail("expected '=' after attribute " + k);
      ++i_;
      skip_ws();
      if (i_ >= s_.size() || (s_[i_] != '"' && s_[i_] != '\'')) return fail("attribute " + k + " is not quoted");
      char q = s_[i_++];
      auto v = chars(q);
      if (!v) return std::nullopt;
      if (i_ >= s_.size()) return fail("unterminated attribute " + k);
      ++i_;
      if (!e.attrs.emplace(k, *v).second) return fail("duplicate attribute " + k + " in <" + e.name + ">");
    }
    for (;;) {  // content
      auto t = chars('<');
      if (!t) return std::nullopt;
      e.text += *t;
      if (i_ >= s_.size()) return fail("<" + e.name + "> is not closed");
      if (at("<!--")) {
        if (!skip_until("-->")) return fail("unterminated comment");
      } else if (at("</")) {
        i_ += 2;
        auto n = name();
        skip_ws();
        if (n != e.name || !at(">")) return fail("</" + n + "> closes <" + e.name + ">");
        ++i_;
        return e;
      } else {
        auto c = element();
        if (!c) return std::nullopt;
        e.children.push_back(std::move(*c));
      }
    }
  }
};

}  // namespace viztest
