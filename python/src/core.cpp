// SPDX-License-Identifier: Apache-2.0
// hcl_toolchain._core: the public C++ API (<hcl/hcl.h>) as plain Python data. Every call hands
// back tuples of Python values, never a C++ object, so the Python layer (python/hcl_toolchain)
// owns the shapes users see; values cross through the typed constructors and accessors. The GIL is released while the
// library works, so that threads parse files in parallel; inputs are copied into C++ strings first.
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <hcl/hcl.h>

#include <array>
#include <cmath>
#include <cstdlib>
#include <optional>
#include <string>
#include <string_view>
#include <tuple>
#include <utility>
#include <vector>

namespace py = pybind11;

namespace {

// Text from the library as str; bytes that are not UTF-8 (a hostile file's, quoted in a message)
// become U+FFFD instead of an exception that would lose every diagnostic.
py::str py_text(const std::string& s) {
  PyObject* o = PyUnicode_DecodeUTF8(s.data(), static_cast<Py_ssize_t>(s.size()), "replace");
  if (!o) throw py::error_already_set();
  return py::reinterpret_steal<py::str>(o);
}

py::object text_or_none(const std::optional<std::string>& s) { return s ? py::object(py_text(*s)) : py::none(); }

// (line, column, byte) ×2 and the file name; None when the diagnostic has no such range.
py::object range_tuple(const std::optional<hcl::SourceRange>& range) {
  if (!range) return py::none();
  return py::make_tuple(py_text(range->filename), range->start.line, range->start.column, range->start.byte,
                        range->end.line, range->end.column, range->end.byte);
}

// (severity, summary, detail, subject, context), severity "error" or "warning".
py::list diagnostics_list(const hcl::Diagnostics& diagnostics) {
  py::list out;
  for (const hcl::Diagnostic& d : diagnostics) {
    out.append(py::make_tuple(d.severity == hcl::Severity::Error ? "error" : "warning", py_text(d.summary),
                              py_text(d.detail), range_tuple(d.subject), range_tuple(d.context)));
  }
  return out;
}

hcl::Syntax syntax_of(const std::string& name) {
  if (name == "json") return hcl::Syntax::Json;
  if (name == "native") return hcl::Syntax::Native;
  throw py::value_error("syntax must be \"native\" or \"json\", not \"" + name + "\"");
}

// Python objects from the library's JSON text, built with the C API (faster than json.loads on
// the library's output, and no str in between): objects are dicts in document order, arrays
// lists, numbers with a fraction or exponent floats, others int (any size). The text is the
// library's own output, well-formed; anything else raises ValueError rather than guessing.
class ObjectBuilder {
 public:
  explicit ObjectBuilder(std::string_view text)
      : begin_(text.data()), p_(text.data()), end_(text.data() + text.size()) {}

  py::object build() {
    PyObject* o = value(0);
    if (!o) throw py::error_already_set();
    return py::reinterpret_steal<py::object>(o);
  }

 private:
  PyObject* fail() {
    if (!PyErr_Occurred()) PyErr_SetString(PyExc_ValueError, "malformed JSON from the library");
    return nullptr;
  }

  PyObject* value(int depth) {
    if (p_ >= end_ || depth > 2 * static_cast<int>(hcl::kMaxNestingDepth)) return fail();
    switch (*p_) {
      case '{': return object(depth);
      case '[': return array(depth);
      case '"': return string();
      case 't': return literal("true", Py_True);
      case 'f': return literal("false", Py_False);
      case 'n': return literal("null", Py_None);
      default: return number();
    }
  }

  PyObject* literal(std::string_view word, PyObject* o) {
    if (static_cast<size_t>(end_ - p_) < word.size() || std::string_view(p_, word.size()) != word) return fail();
    p_ += word.size();
    Py_INCREF(o);
    return o;
  }

  PyObject* number() {
    const char* start = p_;
    bool integral = true;
    if (p_ < end_ && *p_ == '-') ++p_;
    if (static_cast<size_t>(end_ - p_) >= 8 && std::string_view(p_, 8) == "Infinity") {
      p_ += 8;
      return PyFloat_FromDouble(*start == '-' ? -HUGE_VAL : HUGE_VAL);
    }
    while (p_ < end_ &&
           ((*p_ >= '0' && *p_ <= '9') || *p_ == '.' || *p_ == 'e' || *p_ == 'E' || *p_ == '+' || *p_ == '-')) {
      if (*p_ < '0' || *p_ > '9') integral = false;
      ++p_;
    }
    if (p_ == start) return fail();
    std::string digits(start, p_);
    if (integral) {
      if (p_ - start < 18) return PyLong_FromLongLong(std::strtoll(digits.c_str(), nullptr, 10));
      return PyLong_FromString(digits.c_str(), nullptr, 10);
    }
    double d = PyOS_string_to_double(digits.c_str(), nullptr, nullptr);
    if (d == -1.0 && PyErr_Occurred()) return nullptr;
    return PyFloat_FromDouble(d);
  }

  // A string's text, unescaped into scratch_ when it has escapes.
  bool string_text(std::string_view& out) {
    const char* start = ++p_;
    while (p_ < end_ && *p_ != '"' && *p_ != '\\') ++p_;
    if (p_ < end_ && *p_ == '"') {
      out = std::string_view(start, static_cast<size_t>(p_++ - start));
      return true;
    }
    scratch_.assign(start, p_);
    while (p_ < end_ && *p_ != '"') {
      if (*p_ != '\\') {
        scratch_.push_back(*p_++);
        continue;
      }
      if (++p_ >= end_) return false;
      char c = *p_++;
      switch (c) {
        case 'n': scratch_.push_back('\n'); break;
        case 't': scratch_.push_back('\t'); break;
        case 'r': scratch_.push_back('\r'); break;
        case 'b': scratch_.push_back('\b'); break;
        case 'f': scratch_.push_back('\f'); break;
        case 'u': {
          uint32_t cp = 0;
          if (!hex4(cp)) return false;
          if (cp >= 0xd800 && cp < 0xdc00 && end_ - p_ >= 6 && p_[0] == '\\' && p_[1] == 'u') {
            p_ += 2;
            uint32_t low = 0;
            if (!hex4(low)) return false;
            cp = 0x10000 + ((cp - 0xd800) << 10) + (low - 0xdc00);
          }
          append_utf8(cp);
          break;
        }
        default: scratch_.push_back(c);
      }
    }
    if (p_ >= end_) return false;
    ++p_;
    out = scratch_;
    return true;
  }

  bool hex4(uint32_t& cp) {
    if (end_ - p_ < 4) return false;
    for (int i = 0; i < 4; ++i) {
      char c = *p_++;
      cp <<= 4;
      if (c >= '0' && c <= '9') cp |= static_cast<uint32_t>(c - '0');
      else if (c >= 'a' && c <= 'f') cp |= static_cast<uint32_t>(c - 'a' + 10);
      else if (c >= 'A' && c <= 'F') cp |= static_cast<uint32_t>(c - 'A' + 10);
      else return false;
    }
    return true;
  }

  void append_utf8(uint32_t cp) {
    if (cp < 0x80) {
      scratch_.push_back(static_cast<char>(cp));
    } else if (cp < 0x800) {
      scratch_.push_back(static_cast<char>(0xc0 | (cp >> 6)));
      scratch_.push_back(static_cast<char>(0x80 | (cp & 0x3f)));
    } else if (cp < 0x10000) {
      scratch_.push_back(static_cast<char>(0xe0 | (cp >> 12)));
      scratch_.push_back(static_cast<char>(0x80 | ((cp >> 6) & 0x3f)));
      scratch_.push_back(static_cast<char>(0x80 | (cp & 0x3f)));
    } else {
      scratch_.push_back(static_cast<char>(0xf0 | (cp >> 18)));
      scratch_.push_back(static_cast<char>(0x80 | ((cp >> 12) & 0x3f)));
      scratch_.push_back(static_cast<char>(0x80 | ((cp >> 6) & 0x3f)));
      scratch_.push_back(static_cast<char>(0x80 | (cp & 0x3f)));
    }
  }

  PyObject* string() {
    std::string_view s;
    if (!string_text(s)) return fail();
    return PyUnicode_DecodeUTF8(s.data(), static_cast<Py_ssize_t>(s.size()), "replace");
  }

  // Keys repeat (block types, attribute names, "__is_block__"): one str each, as json.loads
  // shares them.
  PyObject* key() {
    std::string_view s;
    if (p_ >= end_ || *p_ != '"' || !string_text(s)) return fail();
    bool in_text = s.data() >= begin_ && s.data() < end_;
    KeySlot* slot = nullptr;
    if (in_text && !s.empty()) {
      size_t h = (s.size() * 131 + static_cast<unsigned char>(s.front()) * 31 + static_cast<unsigned char>(s.back()) +
                  static_cast<unsigned char>(s[s.size() / 2]) * 7) %
                 keys_.size();
      slot = &keys_[h];
      if (slot->text == s) {
        Py_INCREF(slot->str.ptr());
        return slot->str.ptr();
      }
    }
    PyObject* o = PyUnicode_DecodeUTF8(s.data(), static_cast<Py_ssize_t>(s.size()), "replace");
    if (o && slot) *slot = KeySlot{s, py::reinterpret_borrow<py::object>(o)};
    return o;
  }

  PyObject* array(int depth) {
    ++p_;
    PyObject* list = PyList_New(0);
    if (!list) return nullptr;
    if (p_ < end_ && *p_ == ']') {
      ++p_;
      return list;
    }
    while (true) {
      PyObject* item = value(depth + 1);
      if (!item || PyList_Append(list, item) < 0) {
        Py_XDECREF(item);
        Py_DECREF(list);
        return nullptr;
      }
      Py_DECREF(item);
      Next next = after_item(']');
      if (next == Next::Item) continue;
      if (next == Next::Closed) return list;
      Py_DECREF(list);
      return fail();
    }
  }

  PyObject* object(int depth) {
    ++p_;
    PyObject* dict = PyDict_New();
    if (!dict) return nullptr;
    if (p_ < end_ && *p_ == '}') {
      ++p_;
      return dict;
    }
    while (true) {
      PyObject* k = key();
      PyObject* v = nullptr;
      if (k && p_ < end_ && *p_ == ':') {
        ++p_;
        v = value(depth + 1);
      }
      if (!k || !v || PyDict_SetItem(dict, k, v) < 0) {
        Py_XDECREF(k);
        Py_XDECREF(v);
        Py_DECREF(dict);
        return fail();
      }
      Py_DECREF(k);
      Py_DECREF(v);
      Next next = after_item('}');
      if (next == Next::Item) continue;
      if (next == Next::Closed) return dict;
      Py_DECREF(dict);
      return fail();
    }
  }

  // What follows an array's or object's item: a comma and another item, or the closing bracket.
  enum class Next { Item, Closed, Invalid };
  Next after_item(char close) {
    if (p_ < end_ && (*p_ == ',' || *p_ == close)) return *p_++ == ',' ? Next::Item : Next::Closed;
    return Next::Invalid;
  }

  const char* begin_;
  const char* p_;
  const char* end_;
  std::string scratch_;
  // Keys found as they are in the text (an escaped one is not shared).
  // A key seen before, in one of a few slots picked by its size and some of its bytes.
  struct KeySlot {
    std::string_view text;
    py::object str;
  };
  std::array<KeySlot, 251> keys_{};
};

py::object objects_or_none(const std::optional<std::string>& json) {
  return json ? ObjectBuilder(*json).build() : py::none();
}

// Parses and converts to JSON: (json text or None, diagnostics). The diagnostics are the parse's
// when it failed, the conversion's otherwise (warnings included).
// With `objects`, the document's Python objects instead of its text.
py::tuple to_json(std::string text, std::string name, const std::string& syntax, bool pretty, bool simplify,
                  bool objects) {
  hcl::Syntax kind = syntax_of(syntax);
  std::optional<std::string> json;
  hcl::Diagnostics diagnostics;
  {
    py::gil_scoped_release release;
    hcl::File file = hcl::File::parse(std::move(name), std::move(text), kind);
    diagnostics = file.diagnostics();
    if (file.ok()) {
      hcl::Result<std::string> result = hcl::to_json(file, {.pretty = pretty, .simplify = simplify});
      if (result) json = std::move(result).value();
      diagnostics.insert(diagnostics.end(), result.diagnostics().begin(), result.diagnostics().end());
    }
  }
  return py::make_tuple(objects ? objects_or_none(json) : text_or_none(json), diagnostics_list(diagnostics));
}

// python-hcl2's value of a native-syntax file: (value or None, diagnostics).
py::tuple python_hcl2(std::string text, std::string name, bool with_comments, bool explicit_blocks,
                      bool strip_string_quotes) {
  std::optional<std::string> json;
  hcl::Diagnostics diagnostics;
  {
    py::gil_scoped_release release;
    hcl::File file = hcl::File::parse(std::move(name), std::move(text), hcl::Syntax::Native);
    hcl::Result<std::string> result = hcl::to_python_hcl2_json(file, {.with_comments = with_comments,
                                                                      .explicit_blocks = explicit_blocks,
                                                                      .strip_string_quotes = strip_string_quotes});
    diagnostics = result.diagnostics();
    if (result) json = std::move(result).value();
  }
  return py::make_tuple(objects_or_none(json), diagnostics_list(diagnostics));
}

// The parse's diagnostics with each one rendered as `hcl validate` prints it.
py::tuple validate(std::string text, std::string name, const std::string& syntax) {
  hcl::Syntax kind = syntax_of(syntax);
  hcl::Diagnostics diagnostics;
  std::vector<std::string> rendered;
  {
    py::gil_scoped_release release;
    hcl::File file = hcl::File::parse(std::move(name), std::move(text), kind);
    diagnostics = file.diagnostics();
    for (const hcl::Diagnostic& d : diagnostics) rendered.push_back(file.render(d));
  }
  py::list shown;
  for (const std::string& r : rendered) shown.append(py_text(r));
  return py::make_tuple(diagnostics_list(diagnostics), shown);
}

// (ok, changed, output, diagnostics).
py::tuple format(std::string text, std::string name, bool terraform) {
  std::optional<hcl::Result<hcl::Formatted>> result;
  {
    py::gil_scoped_release release;
    hcl::File file = hcl::File::parse(std::move(name), std::move(text), hcl::Syntax::Native);
    result.emplace(hcl::format_file(file, {.terraform = terraform}));
  }
  if (!*result) return py::make_tuple(false, false, py::str(), diagnostics_list(result->diagnostics()));
  return py::make_tuple(true, (*result)->changed, py_text((*result)->text), diagnostics_list(result->diagnostics()));
}

// A str's UTF-8 bytes; one that has none (a lone surrogate) is a ValueError, not pybind11's
// RuntimeError.
std::string utf8(const py::handle& s) {
  Py_ssize_t size = 0;
  const char* data = PyUnicode_AsUTF8AndSize(s.ptr(), &size);
  if (!data) {
    PyErr_Clear();
    throw py::value_error("a str that is not valid Unicode (a lone surrogate)");
  }
  return std::string(data, static_cast<size_t>(size));
}

// A Python value as a library value, through the typed constructors: None, bool, int, float,
// str, a mapping (object) and a list or tuple (tuple). Runs with the GIL held.
hcl::Value library_value(const py::handle& o, int depth = 0) {
  if (depth > static_cast<int>(hcl::kMaxNestingDepth)) throw py::value_error("variables nest too deeply");
  auto need = [](auto result) {
    if (!result)
      throw py::value_error(result.diagnostics().front().summary + ": " + result.diagnostics().front().detail);
    return std::move(result).value();
  };
  if (o.is_none()) return hcl::Value();
  if (py::isinstance<py::bool_>(o)) return hcl::Value::boolean(o.cast<bool>());
  if (py::isinstance<py::int_>(o)) return need(hcl::Value::number(py::str(o).cast<std::string>()));
  if (py::isinstance<py::float_>(o)) return need(hcl::Value::number(o.cast<double>()));
  if (py::isinstance<py::str>(o)) return need(hcl::Value::string(utf8(o)));
  if (py::isinstance<py::dict>(o)) {
    hcl::Entries entries;
    for (auto [k, v] : o.cast<py::dict>()) {
      if (!py::isinstance<py::str>(k)) throw py::type_error("variable keys must be str");
      entries.emplace_back(utf8(k), library_value(v, depth + 1));
    }
    return need(hcl::Value::object(std::move(entries)));
  }
  if (py::isinstance<py::list>(o) || py::isinstance<py::tuple>(o)) {
    std::vector<hcl::Value> elements;
    for (auto e : o) elements.push_back(library_value(e, depth + 1));
    return hcl::Value::tuple(std::move(elements));
  }
  throw py::type_error("a variable must be None, bool, int, float, str, dict, list or tuple, not " +
                       py::type::of(o).attr("__name__").cast<std::string>());
}

// A library value as a Python value, through the typed accessors: objects and maps are dicts,
// lists, sets and tuples lists, whole numbers int (any size), others float.
py::object python_value(const hcl::Value& v) {
  switch (v.kind()) {
    case hcl::Kind::Null: return py::none();
    case hcl::Kind::Bool: return py::bool_(*v.as_bool());
    case hcl::Kind::Number: {
      if (auto n = v.as_int64()) return py::int_(*n);
      std::string text = *v.number_text();
      if (text.find_first_of(".eE") == std::string::npos) {
        PyObject* o = PyLong_FromString(text.c_str(), nullptr, 10);
        if (!o) throw py::error_already_set();
        return py::reinterpret_steal<py::object>(o);
      }
      return py::float_(v.as_double().value_or(0.0));
    }
    case hcl::Kind::String: return py_text(*v.as_string());
    case hcl::Kind::List:
    case hcl::Kind::Set:
    case hcl::Kind::Tuple: {
      py::list out;
      for (const hcl::Value& e : v.elements()) out.append(python_value(e));
      return out;
    }
    case hcl::Kind::Map:
    case hcl::Kind::Object: {
      py::dict out;
      for (const auto& [k, e] : v.entries()) out[py_text(k)] = python_value(e);
      return out;
    }
    case hcl::Kind::Unknown:
    case hcl::Kind::Other: break;
  }
  throw py::value_error("a value without a Python form");
}

hcl::Dialect dialect_of(const std::string& name) {
  if (name == "hcl") return hcl::Dialect::Hcl;
  if (name == "terraform") return hcl::Dialect::Terraform;
  if (name == "opentofu") return hcl::Dialect::OpenTofu;
  if (name == "packer") return hcl::Dialect::Packer;
  if (name == "nomad") return hcl::Dialect::Nomad;
  throw py::value_error("dialect must be hcl, terraform, opentofu, packer or nomad, not \"" + name + "\"");
}

// (ok, value or None, diagnostics). A result that is not wholly known, or holds a sensitive value
// that was not asked for, is an error: Python has no form for either.
py::tuple result_tuple(const hcl::Result<hcl::Value>& result, hcl::Diagnostics diagnostics) {
  if (!result) return py::make_tuple(false, py::none(), diagnostics_list(diagnostics));
  const hcl::Value& value = *result;
  const char* refused = !value.is_known()       ? "Value not known"
                        : value.has_sensitive() ? "Sensitive value in the result"
                                                : nullptr;
  if (refused) {
    const char* detail = !value.is_known() ? "The result depends on a value that is not known yet."
                                           : "Pass show_sensitive=True to read values marked sensitive.";
    diagnostics.push_back(hcl::Diagnostic{hcl::Severity::Error, refused, detail, std::nullopt, std::nullopt});
    return py::make_tuple(false, py::none(), diagnostics_list(diagnostics));
  }
  return py::make_tuple(true, python_value(value), diagnostics_list(diagnostics));
}

// With `file_name` set, `source` is a whole file evaluated into one object; else it is one
// expression.
py::tuple evaluate(std::string source, const py::dict& variables, std::optional<std::string> file_name,
                   const std::string& dialect, bool show_sensitive) {
  hcl::EvalOptions options;
  options.dialect = dialect_of(dialect);
  options.show_sensitive = show_sensitive;
  for (auto [k, v] : variables) {
    if (!py::isinstance<py::str>(k)) throw py::type_error("variable names must be str");
    options.variables.insert_or_assign(utf8(k), library_value(v));
  }
  std::optional<hcl::Result<hcl::Value>> result;
  hcl::Diagnostics diagnostics;
  {
    py::gil_scoped_release release;
    if (file_name) {
      hcl::File file = hcl::File::parse(*file_name, std::move(source), hcl::syntax_for(*file_name));
      result.emplace(file.ok() ? hcl::evaluate(file, options) : hcl::Result<hcl::Value>::failure(file.diagnostics()));
    } else {
      result.emplace(hcl::evaluate(source, options));
    }
    diagnostics = result->diagnostics();
  }
  return result_tuple(*result, std::move(diagnostics));
}

// A Python value as a configuration's tool takes it on its command line (`-var NAME=VALUE`): a
// string as it is, anything else as its JSON, which the native syntax reads as an expression.
std::string assignment(const std::string& name, const py::handle& v) {
  if (py::isinstance<py::str>(v)) return name + "=" + utf8(v);
  hcl::Result<std::string> json = library_value(v).to_json();
  if (!json) throw py::value_error("variable \"" + name + "\" has no JSON form");
  return name + "=" + *json;
}

// The variable files first, then the assignments, as `-var-file` and `-var` given in that order.
py::tuple evaluate_config(const std::string& path, std::optional<std::string> dialect, const py::dict& variables,
                          const std::vector<std::string>& var_files, const std::vector<std::string>& environment,
                          bool show_sensitive, std::optional<std::string> expression) {
  hcl::ConfigOptions options{.environment = environment, .show_sensitive = show_sensitive, .expression = expression};
  if (dialect) options.dialect = dialect_of(*dialect);
  for (const std::string& f : var_files) options.inputs.push_back({hcl::ConfigInput::Kind::File, f});
  for (auto [k, v] : variables) {
    if (!py::isinstance<py::str>(k)) throw py::type_error("variable names must be str");
    options.inputs.push_back({hcl::ConfigInput::Kind::Assignment, assignment(utf8(k), v)});
  }
  std::optional<hcl::Result<hcl::Value>> result;
  hcl::Diagnostics diagnostics;
  {
    py::gil_scoped_release release;
    result.emplace(hcl::evaluate_config(path, options));
    diagnostics = result->diagnostics();
  }
  return result_tuple(*result, std::move(diagnostics));
}

}  // namespace

PYBIND11_MODULE(_core, m) {
  m.doc() = "The hcl C++ library's public API; use the hcl_toolchain package instead.";
  m.def("version", [] { return std::string(hcl::version()); });
  m.def("to_json", &to_json, py::arg("text"), py::arg("name"), py::arg("syntax"), py::arg("pretty") = false,
        py::arg("simplify") = false, py::arg("objects") = false);
  m.def("python_hcl2", &python_hcl2, py::arg("text"), py::arg("name"), py::arg("with_comments") = true,
        py::arg("explicit_blocks") = true, py::arg("strip_string_quotes") = false);
  m.def("validate", &validate, py::arg("text"), py::arg("name"), py::arg("syntax"));
  m.def("format", &format, py::arg("text"), py::arg("name"), py::arg("terraform") = false);
  m.def("evaluate", &evaluate, py::arg("source"), py::arg("variables"), py::arg("file_name") = py::none(),
        py::arg("dialect") = "hcl", py::arg("show_sensitive") = false);
  m.def("evaluate_config", &evaluate_config, py::arg("path"), py::arg("dialect"), py::arg("variables"),
        py::arg("var_files"), py::arg("environment"), py::arg("show_sensitive"), py::arg("expression"));
}
