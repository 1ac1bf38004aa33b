# SPDX-License-Identifier: Apache-2.0
"""hcl_toolchain.compat.hcl2 against python-hcl2 8.1.2's recorded answers
(testdata/_python_hcl2/expected, made by hcl2_differential.py --record) on the suite's inputs:
the same values, types included, wherever python-hcl2 is right; the differences listed in
testdata/_python_hcl2/known_differences.tsv, each with the reference's verdict, and no others.
"""
import io
import json
import os
import sys
import unittest

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from hcl2_differential import files_under, golden_name, same  # noqa: E402

import hcl_toolchain  # noqa: E402
from hcl_toolchain.compat import hcl2  # noqa: E402

TESTDATA = os.environ.get("HCL_TESTDATA", os.path.join(os.path.dirname(__file__), "..", "..", "testdata"))
GOLDENS = os.path.join(TESTDATA, "_python_hcl2")
INPUTS = ("_python_hcl2/cases", "json", "fmt")


def known():
    out = {}
    with open(os.path.join(GOLDENS, "known_differences.tsv"), encoding="utf-8") as f:
        for line in f:
            if line.strip() and not line.startswith("#"):
                path, cls, _why = line.rstrip("\n").split("\t", 2)
                out[path] = cls
    return out


class GoldensTest(unittest.TestCase):
    def test_recorded_answers(self):
        differences = known()
        inputs = files_under([os.path.join(TESTDATA, d) for d in INPUTS])
        self.assertGreater(len(inputs), 50)
        for path in inputs:
            rel = os.path.relpath(path, TESTDATA)
            with self.subTest(input=rel):
                with open(os.path.join(GOLDENS, "expected", golden_name(rel)), encoding="utf-8") as f:
                    theirs = json.load(f)
                with open(path, encoding="utf-8") as f:
                    text = f.read()
                try:
                    # Through JSON, as the recorded answer went.
                    mine = {"value": json.loads(json.dumps(hcl2.loads(text)))}
                except hcl_toolchain.HCLError as e:
                    self.assertTrue(e.diagnostics)
                    mine = {"error": "HCLError"}
                if "value" in theirs and "value" in mine and same(theirs["value"], mine["value"]):
                    self.assertNotIn(rel, differences, "listed as a difference but now agrees")
                    continue
                if "error" in theirs and "error" in mine:
                    continue
                cls = "we-reject" if "error" in mine else "peer-rejects" if "error" in theirs else "values"
                self.assertEqual(differences.get(rel), cls, f"unlisted difference: {cls}")


class ApiTest(unittest.TestCase):
    def test_shapes(self):
        got = hcl2.loads('resource "a" "b" {\n  n = 1\n  s = "x"\n  e = var.y\n  nested {}\n  nested {}\n}\n')
        self.assertEqual(
            got,
            {
                "resource": [
                    {
                        '"a"': {
                            '"b"': {
                                "n": 1,
                                "s": '"x"',
                                "e": "${var.y}",
                                "nested": [{"__is_block__": True}, {"__is_block__": True}],
                                "__is_block__": True,
                            }
                        }
                    }
                ]
            },
        )

    def test_options(self):
        text = 'b "l" {\n  # note\n  a = "x"\n}\n'
        plain = hcl2.loads(
            text, serialization_options=hcl2.SerializationOptions(with_comments=False, explicit_blocks=False)
        )
        self.assertEqual(plain, {"b": [{'"l"': {"a": '"x"'}}]})
        stripped = hcl2.loads(text, serialization_options=hcl2.SerializationOptions(strip_string_quotes=True))
        self.assertEqual(stripped["b"][0]["l"]["a"], "x")
        with self.assertRaises(NotImplementedError):
            hcl2.SerializationOptions(wrap_objects=True)
        with self.assertRaises(TypeError):
            hcl2.SerializationOptions(no_such_option=True)

    def test_load_file_object(self):
        self.assertEqual(hcl2.load(io.StringIO("a = 1\n")), {"a": 1})
        self.assertEqual(hcl2.load(io.BytesIO(b"a = true\n")), {"a": True})

    def test_errors(self):
        with self.assertRaises(hcl_toolchain.HCLError) as caught:
            hcl2.loads('a = "unclosed\nb = 1\n')
        self.assertEqual(caught.exception.diagnostics[0].subject.start.line, 1)


if __name__ == "__main__":
    unittest.main()
