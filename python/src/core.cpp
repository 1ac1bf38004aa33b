// SPDX-License-Identifier: Apache-2.0
// hcl_toolchain._core: the public C++ API (<hcl/hcl.h>) as plain Python data. Every call hands
// back tuples of Python values, never a C++ object, so the Python layer (python/hcl_toolchain)
// owns the shapes users see; values cross through the typed constructors and accessors. The GIL is released while the
// library works, so that threads parse files in parallel; inputs are copied into C++ strings first.
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <hcl/hcl.h>

#include <optional>
#include <string>
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

// Parses and converts to JSON: (json text or None, diagnostics). The diagnostics are the parse's
// when it failed, the conversion's otherwise (warnings included).
py::tuple to_json(std::string text, std::string name, const std::string& syntax, bool pretty, bool simplify) {
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
  return py::make_tuple(text_or_none(json), diagnostics_list(diagnostics));
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
        py::arg("simplify") = false);
  m.def("validate", &validate, py::arg("text"), py::arg("name"), py::arg("syntax"));
  m.def("format", &format, py::arg("text"), py::arg("name"), py::arg("terraform") = false);
  m.def("evaluate", &evaluate, py::arg("source"), py::arg("variables"), py::arg("file_name") = py::none(),
        py::arg("dialect") = "hcl", py::arg("show_sensitive") = false);
  m.def("evaluate_config", &evaluate_config, py::arg("path"), py::arg("dialect"), py::arg("variables"),
        py::arg("var_files"), py::arg("environment"), py::arg("show_sensitive"), py::arg("expression"));
}
