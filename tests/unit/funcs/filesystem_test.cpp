// SPDX-License-Identifier: Apache-2.0
// File functions on situations the golden fixtures cannot hold: symbolic links (dangling,
// looping, into directories), named pipes, the home directory, base directories given as
// absolute paths, and unknown arguments. testdata/eval/terraform/filesystem.cases has the rest.
#include <doctest/doctest.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <optional>

#include "funcs_test_util.h"

namespace fs = std::filesystem;
using hcl::cty::FunctionTable;
using hcl::funcs::testing::Type;
using hcl::funcs::testing::Value;

namespace {

// A fresh directory, removed afterwards.
struct TempDir {
  fs::path path;
  TempDir() {
    std::string tmpl = (fs::temp_directory_path() / "hcl-funcs-XXXXXX").string();
    path = mkdtemp(tmpl.data());
  }
  ~TempDir() {
    std::error_code ec;
    fs::remove_all(path, ec);
  }
  void write(const std::string& rel, const std::string& content) const {
    fs::create_directories((path / rel).parent_path());
    std::ofstream(path / rel, std::ios::binary) << content;
  }
  void link(const std::string& target, const std::string& rel) const { fs::create_symlink(target, path / rel); }
};

// Evaluates with the file functions based at `base`.
std::string eval_in(const fs::path& base, const std::string& expr,
                    const std::vector<std::pair<std::string, Value>>& vars = {}) {
  FunctionTable functions = hcl::funcs::standard_functions();
  hcl::funcs::add_filesystem_functions(functions, base.string());
  return hcl::funcs::testing::eval_with(expr, vars, functions);
}

// Sets an environment variable for the lifetime of the object.
struct ScopedEnv {
  std::string name;
  std::optional<std::string> old;
  ScopedEnv(std::string n, const char* value) : name(std::move(n)) {
    if (const char* o = std::getenv(name.c_str())) old = o;
    if (value) {
      setenv(name.c_str(), value, 1);
    } else {
      unsetenv(name.c_str());
    }
  }
  ~ScopedEnv() {
    if (old) {
      setenv(name.c_str(), old->c_str(), 1);
    } else {
      unsetenv(name.c_str());
    }
  }
};

}  // namespace

TEST_CASE("fileset and symbolic links") {
  TempDir d;
  d.write("real.txt", "r");
  d.write("plain", "p");
  d.write("dir/inner.txt", "i");
  d.link("missing.txt", "dangling.txt");
  d.link("plain/child", "unresolvable.txt");
  d.link("real.txt", "linked.txt");
  d.link("dir", "dirlink");
  // Links that lead nowhere are skipped, as newer Terraform does; links to files are files.
  CHECK(eval_in(d.path, "fileset(\".\", \"*.txt\")") == R"(["linked.txt","real.txt"] ["set","string"])");
  CHECK(eval_in(d.path, "fileset(\".\", \"dangling.txt\")") == R"([] ["set","string"])");
  // Linked directories are walked into, by ** and by ordinary components alike.
  CHECK(eval_in(d.path, "fileset(\".\", \"**/inner.txt\")") ==
        R"(["dir/inner.txt","dirlink/inner.txt"] ["set","string"])");
  CHECK(eval_in(d.path, "fileset(\".\", \"*/inner.txt\")") ==
        R"(["dir/inner.txt","dirlink/inner.txt"] ["set","string"])");
  CHECK(eval_in(d.path, "fileset(\"dirlink\", \"*\")") == R"(["inner.txt"] ["set","string"])");
  // The same through an absolute path argument, whatever the base directory.
  CHECK(eval_in("/", "fileset(\"" + d.path.string() + "\", \"dir/*\")") == R"(["dir/inner.txt"] ["set","string"])");
}

TEST_CASE("fileset reports a link loop") {
  TempDir d;
  d.link("loop.txt", "loop.txt");
  CHECK(eval_in(d.path, "fileset(\".\", \"*.txt\")") ==
        "error: Error in function call: Call to function \"fileset\" failed: failed to stat \"loop.txt\": stat "
        "loop.txt: too many levels of symbolic links.");
}

TEST_CASE("fileexists and file on special files") {
  TempDir d;
  d.write("f.txt", "x");
  REQUIRE(mkfifo((d.path / "pipe").c_str(), 0600) == 0);
  d.link("f.txt", "link");
  d.link("nowhere", "broken");
  CHECK(
      eval_in(d.path, "fileexists(\"pipe\")") ==
      "error: Error in function call: Call to function \"fileexists\" failed: \"pipe\" is a named pipe, not a regular "
      "file.");
  CHECK(eval_in(d.path, "fileexists(\"link\")") == "true \"bool\"");
  CHECK(eval_in(d.path, "fileexists(\"broken\")") == "false \"bool\"");
  CHECK(eval_in(d.path, "file(\"link\")") == "\"x\" \"string\"");
  CHECK(eval_in(d.path, "fileset(\".\", \"*\")") == R"(["f.txt","link"] ["set","string"])");
}

TEST_CASE("paths resolve against the base directory") {
  TempDir d;
  d.write("sub/a.txt", "A");
  d.write("t.tmpl", "${file(\"sub/a.txt\")}-${x}");
  fs::path sub = d.path / "sub";
  CHECK(eval_in(sub, "file(\"a.txt\")") == "\"A\" \"string\"");
  CHECK(eval_in(sub, "file(\"../sub/a.txt\")") == "\"A\" \"string\"");
  CHECK(eval_in("/", "file(\"" + (sub / "a.txt").string() + "\")") == "\"A\" \"string\"");
  // Functions inside a template see the same base directory.
  CHECK(eval_in(d.path, "templatefile(\"t.tmpl\", {x = 1})") == "\"A-1\" \"string\"");
  CHECK(
      eval_in(sub, "templatefile(\"../t.tmpl\", {x = 1})") ==
      "error: Error in function call: Call to function \"templatefile\" failed: ../t.tmpl:1,9-18: Invalid function "
      "argument; Invalid value for \"path\" parameter: no file exists at \"sub/a.txt\"; this function works only with "
      "files that are distributed as part of the configuration source code, so if this file will be created by a "
      "resource in this configuration you must instead obtain this result from an attribute of that resource..");
  // abspath joins relative paths to the base directory (the working directory's by default).
  CHECK(eval_in(sub, "abspath(\"x/../y\")") == "\"" + (sub / "y").string() + "\" \"string\"");
  CHECK(eval_in(".", "abspath(\"y\")") == "\"" + (fs::current_path() / "y").string() + "\" \"string\"");
  CHECK(eval_in(".", "abspath(\"\")") == "\"" + fs::current_path().string() + "\" \"string\"");
}

TEST_CASE("the home directory comes from HOME") {
  TempDir d;
  d.write("notes.txt", "home file");
  ScopedEnv home("HOME", d.path.c_str());
  CHECK(eval_in("/", "pathexpand(\"~\")") == "\"" + d.path.string() + "\" \"string\"");
  CHECK(eval_in("/", "pathexpand(\"~/a/../b\")") == "\"" + (d.path / "b").string() + "\" \"string\"");
  CHECK(eval_in("/", "file(\"~/notes.txt\")") == "\"home file\" \"string\"");
  CHECK(eval_in("/", "fileexists(\"~/notes.txt\")") == "true \"bool\"");
  ScopedEnv no_home("HOME", nullptr);
  CHECK(eval_in("/", "pathexpand(\"~/x\")") ==
        "error: Error in function call: Call to function \"pathexpand\" failed: blank output when reading home "
        "directory.");
  CHECK(eval_in("/", "pathexpand(\"x/~\")") == "\"x/~\" \"string\"");
}

TEST_CASE("file functions with unknown arguments") {
  TempDir d;
  d.write("t.tmpl", "${x}!");
  Value us = Value::unknown(Type::string());
  CHECK(eval_in(d.path, "file(p)", {{"p", us}}) == "cty.UnknownVal(cty.String)");
  CHECK(eval_in(d.path, "fileset(\".\", p)", {{"p", us}}) == "cty.UnknownVal(cty.Set(cty.String))");
  CHECK(eval_in(d.path, "templatefile(p, {})", {{"p", us}}) == "cty.DynamicVal");
  CHECK(eval_in(d.path, "templatefile(\"t.tmpl\", v)", {{"v", Value::unknown(Type::map(Type::string()))}}) ==
        "cty.DynamicVal");
  CHECK(eval_in(d.path, "templatefile(\"t.tmpl\", {x = p})", {{"p", us}}) == "cty.UnknownVal(cty.String)");
}

TEST_CASE("templatefile reads each call's file afresh") {
  TempDir d;
  d.write("t.tmpl", "one ${x}");
  CHECK(eval_in(d.path, "templatefile(\"t.tmpl\", {x = 1})") == "\"one 1\" \"string\"");
  d.write("t.tmpl", "two ${x}");
  CHECK(eval_in(d.path, "templatefile(\"t.tmpl\", {x = 2})") == "\"two 2\" \"string\"");
  // Variables bound by for directives and for expressions are not looked up in vars.
  d.write("loops.tmpl", "%{ for k, v in m }${k}=${v};%{ endfor }${join(\",\", [for s in l : upper(s)])}");
  CHECK(eval_in(d.path, "templatefile(\"loops.tmpl\", {m = {a = 1}, l = [\"x\"]})") == "\"a=1;X\" \"string\"");
  d.write("after.tmpl", "%{ for v in l }${v}%{ endfor }${v}");
  CHECK(eval_in(d.path, "templatefile(\"after.tmpl\", {l = [1]})") ==
        "error: Invalid function argument: Invalid value for \"vars\" parameter: vars map does not contain key \"v\", "
        "referenced at after.tmpl:1,33-34.");
  // Object keys written as bare names are not variables.
  d.write("obj.tmpl", "${jsonencode({key = val})}");
  CHECK(eval_in(d.path, "templatefile(\"obj.tmpl\", {val = 1})") == "\"{\\\"key\\\":1}\" \"string\"");
}

TEST_CASE("file accepts only strict UTF-8, as Go's utf8.Valid does") {
  TempDir d;
  d.write("surrogate.txt", "\xed\xa0\x80");
  d.write("overlong.txt", "\xc0\x80");
  d.write("beyond.txt", "\xf4\x90\x80\x80");
  d.write("nul.txt", std::string("a\0b", 3));
  for (const char* name : {"surrogate.txt", "overlong.txt", "beyond.txt"}) {
    CAPTURE(name);
    CHECK(eval_in(d.path, std::string("file(\"") + name + "\")").find("are not valid UTF-8") != std::string::npos);
    CHECK(eval_in(d.path, std::string("length(filebase64(\"") + name + "\")) > 0") == "true \"bool\"");
  }
  CHECK(eval_in(d.path, "length(file(\"nul.txt\"))") == "3 \"number\"");
}
