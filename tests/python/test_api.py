# SPDX-License-Identifier: Apache-2.0
"""hcl_toolchain's own API on the suite's inputs: loads against `hcl json`'s goldens
(testdata/json), validate against the parser's (testdata/validate), format against hclfmt's
(testdata/fmt), evaluate; the errors it raises; hostile inputs; threads.

Run by ctest with PYTHONPATH at the built package and HCL_TESTDATA at testdata/.
"""
import glob
import io
import json
import os
import subprocess
import tempfile
import unittest
from concurrent.futures import ThreadPoolExecutor

import hcl_toolchain as hcl

HCL = os.environ.get("HCL_BINARY", "hcl")
TESTDATA = os.environ.get("HCL_TESTDATA", os.path.join(os.path.dirname(__file__), "..", "..", "testdata"))


def read(path):
    with open(path, "rb") as f:
        return f.read()


def cases(folder, suffix, expected_suffix):
    """(input, expected) paths of a golden folder, failing when it is empty (a moved folder
    must not turn the test into a no-op)."""
    inputs = sorted(glob.glob(os.path.join(TESTDATA, folder, "*" + suffix)))
    out = [(p, p[: -len(suffix)] + expected_suffix) for p in inputs if os.path.exists(p[: -len(suffix)] + expected_suffix)]
    assert out, f"no cases in testdata/{folder}"
    return out


class LoadsTest(unittest.TestCase):
    def test_same_as_hcl_json_simplify(self):
        """loads is `hcl json --simplify`: expressions without variables are evaluated."""
        for source, _ in cases("json", ".hcl", ".json") + cases("json/fixes", ".hcl", ".json"):
            with self.subTest(source=os.path.basename(source)):
                cli = subprocess.run([HCL, "json", "--simplify", source], capture_output=True, check=True).stdout
                self.assertEqual(hcl.loads(read(source), filename=source), json.loads(cli))

    def test_to_json_text(self):
        source, expected = cases("json", ".hcl", ".json")[0]
        self.assertEqual(json.loads(hcl.to_json(read(source))), hcl.loads(read(source)))
        self.assertNotIn(" ", hcl.to_json('a = { b = "c" }\n', pretty=False).replace('"c"', ""))

    def test_load_file_objects(self):
        self.assertEqual(hcl.load(io.BytesIO(b"a = 1\n")), {"a": 1})
        self.assertEqual(hcl.load(io.StringIO('b "x" { c = true }\n')), {"b": {"x": [{"c": True}]}})

    def test_json_syntax(self):
        self.assertEqual(hcl.loads('{"a": {"b": 1}}', filename="x.tf.json"), {"a": {"b": 1}})
        self.assertEqual(hcl.loads('{"a": 2}', syntax="json"), {"a": 2})
        with self.assertRaises(ValueError):
            hcl.loads("a = 1", syntax="yaml")

    def test_values_and_types(self):
        got = hcl.loads('a = 1\nb = 2.5\nc = "s"\nd = [true, null]\ne = var.x\nf = "${var.y}-z"\ng = 1 + 2\n')
        self.assertEqual(got, {"a": 1, "b": 2.5, "c": "s", "d": [True, None], "e": "${var.x}", "f": "${var.y}-z", "g": 3})
        self.assertIsInstance(got["a"], int)
        self.assertIsInstance(got["b"], float)


class ValidateTest(unittest.TestCase):
    def test_validate_goldens(self):
        for source, expected in cases("validate", ".hcl", ".diag"):
            with self.subTest(source=os.path.basename(source)):
                got = "".join(
                    f"{d.subject.start.line}:{d.subject.start.column}-{d.subject.end.line}:{d.subject.end.column}: "
                    f"{d.summary}: {d.detail.replace(chr(10), ' ')}\n"
                    for d in hcl.validate(read(source), filename=os.path.basename(source))
                )
                self.assertEqual(got, read(expected).decode())

    def test_valid_file_has_no_diagnostics(self):
        self.assertEqual(hcl.validate("a = 1\n"), [])

    def test_diagnostic_fields(self):
        [d] = hcl.validate("a = 1\na = 2\n", filename="main.tf")
        self.assertEqual((d.severity, d.summary), ("error", "Attribute redefined"))
        self.assertEqual(d.subject, hcl.Range("main.tf", hcl.Position(2, 1, 6), hcl.Position(2, 2, 7)))
        self.assertIn("already set", d.detail)
        self.assertIn("on main.tf line 2", d.rendered)
        self.assertTrue(str(d).startswith("main.tf:2:1: error: Attribute redefined"))


class FormatTest(unittest.TestCase):
    def test_fmt_goldens(self):
        for source, expected in cases("fmt", ".hcl", ".out"):
            with self.subTest(source=os.path.basename(source)):
                text = read(source)
                if hcl.validate(text):
                    with self.assertRaises(hcl.HCLError):
                        hcl.format(text)
                    continue
                self.assertEqual(hcl.format(text), read(expected).decode())


class EvaluateTest(unittest.TestCase):
    def test_expressions(self):
        self.assertEqual(hcl.evaluate("1 + 2"), 3)
        self.assertEqual(hcl.evaluate('upper(var.name)', {"var": {"name": "web"}}), "WEB")
        self.assertEqual(hcl.evaluate("[for x in v : x * 2]", {"v": [1, 2.5]}), [2, 5.0])
        self.assertEqual(hcl.evaluate('{a = 1, b = "x"}'), {"a": 1, "b": "x"})
        self.assertIsNone(hcl.evaluate("null"))

    def test_file(self):
        got = hcl.evaluate_file('name = "api"\nport = 8080\nservice "x" { replicas = 2 * 3 }\n')
        self.assertEqual(got["port"], 8080)
        self.assertEqual(got["service"]["x"], [{"replicas": 6}])

    def test_values_cross_through_typed_accessors(self):
        # Numbers beyond 64 bits stay whole; a Python int of any size is a variable.
        self.assertEqual(hcl.evaluate('parseint("1180591620717411303424", 10)'), 2**70)
        self.assertEqual(hcl.evaluate("v + 1", {"v": 10**30}), 10**30 + 1)
        self.assertEqual(hcl.evaluate("toset([3, 1, 2])"), [1, 2, 3])
        self.assertEqual(hcl.evaluate("tomap({b = 1, a = 2})"), {"a": 2, "b": 1})
        self.assertEqual(hcl.evaluate("v", {"v": (True, None, "x")}), [True, None, "x"])
        with self.assertRaises(TypeError):
            hcl.evaluate("v", {"v": object()})
        with self.assertRaises(ValueError):
            hcl.evaluate("v", {"v": float("nan")})
        with self.assertRaises(ValueError):
            hcl.evaluate("v", {"v": "\ud800"})

    def test_dialect_and_sensitive(self):
        with self.assertRaises(hcl.HCLError):
            hcl.evaluate('startswith("abc", "a")', dialect="nomad")
        self.assertTrue(hcl.evaluate('startswith("abc", "a")', dialect="terraform"))
        with self.assertRaises(ValueError):
            hcl.evaluate("1", dialect="cobol")
        with self.assertRaises(hcl.HCLError) as caught:
            hcl.evaluate('sensitive("hunter2")', dialect="terraform")
        self.assertIn("Sensitive", caught.exception.diagnostics[-1].summary)
        self.assertEqual(hcl.evaluate('sensitive("hunter2")', dialect="terraform", show_sensitive=True), "hunter2")

    def test_to_json_evaluates_only_when_asked(self):
        self.assertEqual(json.loads(hcl.to_json("a = 1 + 2\n")), {"a": "${1 + 2}"})
        self.assertEqual(json.loads(hcl.to_json("a = 1 + 2\n", simplify=True)), {"a": 3})
        self.assertEqual(hcl.loads("a = 1 + 2\n"), {"a": 3})

    def test_errors_carry_diagnostics(self):
        with self.assertRaises(hcl.HCLError) as caught:
            hcl.evaluate("var.missing", {"var": {}})
        [d] = caught.exception.diagnostics
        self.assertEqual(d.severity, "error")
        self.assertEqual(d.subject.filename, "<expr>")
        with self.assertRaises(hcl.HCLError):
            hcl.evaluate("1 +")


class EvaluateConfigTest(unittest.TestCase):
    def test_terraform_directory(self):
        with tempfile.TemporaryDirectory() as d:
            with open(os.path.join(d, "main.tf"), "w") as f:
                f.write(
                    'variable "region" {\n  default = "eu"\n}\nvariable "size" {\n  type = number\n}\n'
                    'variable "tags" {\n  type = map(string)\n  default = {}\n}\n'
                    'locals {\n  name = "${var.region}-${var.size}"\n}\n'
                    'output "name" {\n  value = local.name\n}\n'
                )
            with open(os.path.join(d, "terraform.tfvars"), "w") as f:
                f.write("size = 3\n")
            with open(os.path.join(d, "extra.tfvars"), "w") as f:
                f.write("size = 7\n")
            got = hcl.evaluate_config(d)
            self.assertEqual(got["output"], {"name": "eu-3"})
            self.assertEqual(got["var"]["size"], 3)
            # The process's environment is read only when passed; the tfvars file wins over it.
            os.environ["TF_VAR_region"] = "process"
            try:
                self.assertEqual(hcl.evaluate_config(d, expression="local.name"), "eu-3")
                env = {"TF_VAR_region": "us", "TF_VAR_size": "9"}
                self.assertEqual(hcl.evaluate_config(d, environment=env, expression="local.name"), "us-3")
            finally:
                del os.environ["TF_VAR_region"]
            # Files, then assignments; values other than str as their JSON.
            got = hcl.evaluate_config(
                d,
                var_files=[os.path.join(d, "extra.tfvars")],
                variables={"region": "ap", "tags": {"team": "web"}},
                expression="[local.name, var.tags]",
            )
            self.assertEqual(got, ["ap-7", {"team": "web"}])
            self.assertEqual(hcl.evaluate_config(d, variables={"size": 5}, expression="var.size"), 5)

    def test_packer_dynamic_blocks_and_errors(self):
        with tempfile.TemporaryDirectory() as d:
            path = os.path.join(d, "build.pkr.hcl")
            with open(path, "w") as f:
                f.write(
                    'source "null" "a" {\n  dynamic "tag" {\n    for_each = ["x", "y"]\n'
                    "    content {\n      name = tag.value\n    }\n  }\n}\n"
                )
            self.assertEqual(
                hcl.evaluate_config(path), {"source": {"null": {"a": [{"tag": [{"name": "x"}, {"name": "y"}]}]}}}
            )
            with open(os.path.join(d, "main.tf"), "w") as f:
                f.write('resource "aws_instance" "web" {}\nlocals {\n  a = local.b\n  b = local.a\n}\n')
            with self.assertRaises(hcl.HCLError) as e:
                hcl.evaluate_config(d, dialect="terraform", expression="local.a")
            self.assertEqual(e.exception.diagnostics[0].summary, "Cycle in local values")
            with self.assertRaises(hcl.HCLError) as e:
                hcl.evaluate_config(d, dialect="terraform", expression="aws_instance.web.id")
            self.assertEqual(e.exception.diagnostics[-1].summary, "Value not known")
        with self.assertRaises(hcl.HCLError) as e:
            hcl.evaluate_config(os.path.join(d, "gone"))
        self.assertIn("no such file or directory", e.exception.diagnostics[0].summary)


class ErrorsTest(unittest.TestCase):
    def test_every_diagnostic(self):
        with self.assertRaises(hcl.HCLError) as caught:
            hcl.loads('a = 1\na = 2\nb = "x\n', filename="bad.hcl")
        e = caught.exception
        self.assertIsInstance(e, ValueError)
        self.assertGreaterEqual(len(e.diagnostics), 2)
        self.assertTrue(all(d.subject.filename == "bad.hcl" for d in e.diagnostics))
        self.assertIn("bad.hcl:", str(e))


class HostileTest(unittest.TestCase):
    """Bad input raises HCLError quickly; nothing crashes the interpreter."""

    def check_rejected(self, text, summary):
        for call in (hcl.loads, hcl.validate, hcl.format):
            try:
                result = call(text)
            except hcl.HCLError as e:
                result = e.diagnostics
            self.assertIn(summary, [d.summary for d in result], call.__name__)
        from hcl_toolchain.compat import hcl2

        try:
            text = text.decode("utf-8") if isinstance(text, bytes) else text
        except UnicodeDecodeError:
            # python-hcl2 reads text: such a file fails in its decoding, as with python-hcl2.
            with self.assertRaises(UnicodeDecodeError):
                hcl2.load(io.BytesIO(text))
            return
        with self.assertRaises(hcl.HCLError):
            hcl2.loads(text)

    def test_unclosed_string(self):
        self.check_rejected('a = "never closed\n' + "b = 1\n" * 1000, "Invalid multi-line string")

    def test_unclosed_template_and_heredoc(self):
        self.check_rejected('a = "${' + "x" * 10000, "Unclosed template interpolation sequence")
        self.check_rejected("a = <<EOT\n" + "line\n" * 10000, "Unterminated template string")

    def test_deep_nesting(self):
        for opener, closer in (("[", "]"), ("(", ")"), ("{", "}"), ('"${', '}"')):
            text = "a = " + opener * 100000 + "1" + closer * 100000 + "\n"
            with self.subTest(opener=opener):
                self.check_rejected(text, "Nesting too deep")
        self.check_rejected("b {\n" * 50000 + "}\n" * 50000, "Nesting too deep")

    def test_compat_nesting_below_the_library_limit(self):
        from hcl_toolchain.compat import hcl2

        text = "a = " + "[" * 900 + "]" * 900 + "\n"
        self.assertIsInstance(hcl.loads(text)["a"], list)
        with self.assertRaises(hcl.HCLError):
            hcl2.loads(text)

    def test_invalid_utf8(self):
        self.check_rejected(b'a = "\xff\xfe"\n', "Invalid character encoding")
        self.check_rejected(b"\xc3\x28 = 1\n", "Invalid character encoding")

    def test_nul_bytes(self):
        self.check_rejected(b"a = 1\x00\n", "Invalid character")

    def test_huge_file(self):
        text = "".join(f'attr_{i} = "value {i}"\n' for i in range(200000)).encode()
        got = hcl.loads(text)
        self.assertEqual(len(got), 200000)
        self.assertEqual(got["attr_199999"], "value 199999")


class ThreadsTest(unittest.TestCase):
    def test_thread_pool_gives_the_serial_results(self):
        sources = [read(p) for p, _ in cases("json", ".hcl", ".json")] * 8
        sources += [b'a = "unclosed\n', b"b = [\n"] * 4
        from hcl_toolchain.compat import hcl2

        def both(text):
            out = []
            for call in (hcl.loads, lambda t: hcl2.loads(t.decode()), hcl.validate, hcl.to_json):
                try:
                    out.append(call(text))
                except hcl.HCLError as e:
                    out.append([str(d) for d in e.diagnostics])
            return out

        serial = [both(t) for t in sources]
        with ThreadPoolExecutor(max_workers=4) as pool:
            parallel = list(pool.map(both, sources))
        self.assertEqual(parallel, serial)


if __name__ == "__main__":
    unittest.main()
