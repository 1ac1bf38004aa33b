// SPDX-License-Identifier: Apache-2.0
// hcl_toolchain._core: the public C++ API (<hcl/hcl.h>) as plain Python data. Every call hands
// back tuples of str/int/bool and lists, never a C++ object, so the Python layer (python/
// hcl_toolchain) owns the shapes users see. The GIL is released while the library works, so
// that threads parse files in parallel; inputs are copied into C++ strings first.
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
py::tuple to_json(std::string text, std::string name, const std::string& syntax, bool pretty) {
  hcl::Syntax kind = syntax_of(syntax);
  std::optional<std::string> json;
  hcl::Diagnostics diagnostics;
  {
    py::gil_scoped_release release;
    hcl::File file = hcl::File::parse(std::move(name), std::move(text), kind);
    diagnostics = file.diagnostics();
    if (file.ok()) {
      hcl::JsonResult result = hcl::to_json(file, {.pretty = pretty});
      if (result.ok) json = std::move(result.text);
      diagnostics.insert(diagnostics.end(), result.diagnostics.begin(), result.diagnostics.end());
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
py::tuple format(std::string text, std::string name) {
  hcl::FormatResult result;
  {
    py::gil_scoped_release release;
    hcl::File file = hcl::File::parse(std::move(name), std::move(text), hcl::Syntax::Native);
    result = hcl::format_file(file);
  }
  return py::make_tuple(result.ok, result.changed, py_text(result.output), diagnostics_list(result.diagnostics));
}

// Variables arrive as cty JSON text by name; a malformed one is reported, not thrown.
bool read_variables(const std::vector<std::pair<std::string, std::string>>& json, hcl::Variables& variables,
                    hcl::Diagnostics& diagnostics) {
  for (const auto& [name, text] : json) {
    std::optional<hcl::Value> value = hcl::Value::from_json(text, diagnostics);
    if (!value) return false;
    variables.insert_or_assign(name, *value);
  }
  return true;
}

// (value as cty JSON or None, its type as cty JSON or None, diagnostics). With `file_name` set,
// `source` is a whole file evaluated into one object; else it is one expression.
py::tuple evaluate(std::string source, const std::vector<std::pair<std::string, std::string>>& variables_json,
                   std::optional<std::string> file_name) {
  std::optional<std::string> value_json, type_json;
  hcl::Diagnostics diagnostics;
  {
    py::gil_scoped_release release;
    hcl::Variables variables;
    if (read_variables(variables_json, variables, diagnostics)) {
      hcl::EvalResult result;
      if (file_name) {
        hcl::File file = hcl::File::parse(*file_name, std::move(source), hcl::syntax_for(*file_name));
        result = file.ok() ? hcl::evaluate(file, variables) : hcl::EvalResult{{}, file.diagnostics()};
      } else {
        result = hcl::evaluate(source, variables);
      }
      diagnostics.insert(diagnostics.end(), result.diagnostics.begin(), result.diagnostics.end());
      if (result.value) {
        value_json = result.value->to_json();
        type_json = result.value->type_json();
      }
    }
  }
  return py::make_tuple(text_or_none(value_json), text_or_none(type_json), diagnostics_list(diagnostics));
}

}  // namespace

PYBIND11_MODULE(_core, m) {
  m.doc() = "The hcl C++ library's public API; use the hcl_toolchain package instead.";
  m.def("version", [] { return std::string(hcl::version()); });
  m.def("to_json", &to_json, py::arg("text"), py::arg("name"), py::arg("syntax"), py::arg("pretty") = false);
  m.def("validate", &validate, py::arg("text"), py::arg("name"), py::arg("syntax"));
  m.def("format", &format, py::arg("text"), py::arg("name"));
  m.def("evaluate", &evaluate, py::arg("source"), py::arg("variables"), py::arg("file_name") = py::none());
}
