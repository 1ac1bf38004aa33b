# SPDX-License-Identifier: Apache-2.0
"""HCL (HashiCorp Configuration Language) for Python, over the hcl C++ library.

Every function takes the text of one file (str, or bytes read from disk) and works without the
GIL, so a thread pool parses files in parallel. Bad input never crashes or hangs the
interpreter: it raises HCLError, whose ``diagnostics`` hold every problem found, each with its
file, line and column. See docs/python.md.
"""
from __future__ import annotations

import os

from . import _core

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import IO, Any, Dict, Iterable, List, Mapping, Optional, Union

    from ._diagnostic import Diagnostic, Position, Range

    Text = Union[str, bytes]

__all__ = [
    "Diagnostic",
    "HCLError",
    "Position",
    "Range",
    "evaluate",
    "evaluate_config",
    "evaluate_file",
    "format",
    "load",
    "loads",
    "to_json",
    "validate",
]

__version__: str = _core.version()


def __getattr__(name: str) -> Any:
    # The diagnostic types are built on first use: they need typing, which would double the
    # time `import hcl_toolchain` takes.
    if name in ("Diagnostic", "Position", "Range"):
        from . import _diagnostic

        return getattr(_diagnostic, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


class HCLError(ValueError):
    """Input the library refused; ``diagnostics`` holds every diagnostic, errors and warnings."""

    def __init__(self, diagnostics: List[Diagnostic]):
        self.diagnostics: List[Diagnostic] = diagnostics
        errors = [d for d in diagnostics if d.severity == "error"] or diagnostics
        message = str(errors[0]) if errors else "invalid input"
        if len(errors) > 1:
            message += f" (and {len(errors) - 1} more errors)"
        super().__init__(message)


def _diagnostics(raw: List[tuple], rendered: Optional[List[str]] = None) -> List[Diagnostic]:
    from ._diagnostic import diagnostics

    return diagnostics(raw, rendered)


def _raise(raw: List[tuple]) -> None:
    raise HCLError(_diagnostics(raw))


def _check(raw: List[tuple]) -> None:
    for d in raw:
        if d[0] == "error":
            _raise(raw)


def _syntax(filename: str, syntax: Optional[str]) -> str:
    if syntax is not None:
        return syntax
    return "json" if filename.endswith(".json") else "native"


def _read(fp: IO[Any]) -> tuple:
    text = fp.read()
    name = getattr(fp, "name", None)
    return text, (os.fsdecode(name) if isinstance(name, (str, bytes)) else "<file>")


def loads(text: Text, *, filename: str = "<string>", syntax: Optional[str] = None) -> Dict[str, Any]:
    """The file as Python values in the shape `hcl json` writes (hcl2json's): attributes by name,
    blocks under their type and labels, expressions that need variables as "${source}".

    ``syntax`` is "native" or "json"; by default a filename ending in .json is JSON syntax.
    Raises HCLError when the file has errors."""
    value, raw = _core.to_json(text, filename, _syntax(filename, syntax), simplify=True, objects=True)
    _check(raw)
    return value


def load(fp: IO[Any], *, filename: Optional[str] = None, syntax: Optional[str] = None) -> Dict[str, Any]:
    """loads() of a file object's content (text or binary mode); named after ``fp.name``."""
    text, name = _read(fp)
    return loads(text, filename=filename or name, syntax=syntax)


def to_json(
    text: Text, *, filename: str = "<string>", syntax: Optional[str] = None, pretty: bool = True, simplify: bool = False
) -> str:
    """The JSON document `hcl json` prints (four-space indentation, or none with pretty=False);
    with simplify=True, as `hcl json --simplify`: expressions that need no variable become values."""
    json_text, raw = _core.to_json(text, filename, _syntax(filename, syntax), pretty, simplify)
    _check(raw)
    return json_text


def validate(text: Text, *, filename: str = "<string>", syntax: Optional[str] = None) -> List[Diagnostic]:
    """Every diagnostic of the file (empty when it is valid); never raises for bad input."""
    raw, rendered = _core.validate(text, filename, _syntax(filename, syntax))
    return _diagnostics(raw, rendered)


def format(text: Text, *, filename: str = "<string>", terraform: bool = False) -> str:  # noqa: A001
    """The file laid out as hclfmt does (terraform=True: as terraform fmt); raises HCLError on
    syntax errors (broken input is never reformatted)."""
    ok, _changed, output, raw = _core.format(text, filename, terraform)
    _check(raw)
    if not ok:
        raise HCLError(_diagnostics(raw))
    return output


def _evaluated(result: tuple) -> Any:
    ok, value, raw = result
    _check(raw)
    if not ok:
        raise HCLError(_diagnostics(raw))
    return value


def evaluate(
    expression: str,
    variables: Optional[Mapping[str, Any]] = None,
    *,
    dialect: str = "hcl",
    show_sensitive: bool = False,
) -> Any:
    """The value of one HCL expression; ``variables`` are Python values by name (None, bool, int,
    float, str, dicts and lists of them: ``{"var": {"region": "eu"}}`` for ``var.region``).
    ``dialect`` ("hcl", "terraform", "opentofu", "packer", "nomad") picks the functions. A result
    not wholly known, or holding a sensitive value without show_sensitive=True, raises HCLError."""
    return _evaluated(_core.evaluate(expression, dict(variables or {}), None, dialect, show_sensitive))


def evaluate_file(
    text: Text,
    *,
    filename: str = "<string>",
    variables: Optional[Mapping[str, Any]] = None,
    dialect: str = "hcl",
    show_sensitive: bool = False,
) -> Any:
    """A whole file evaluated into one object (attributes by name, blocks under their type and
    labels, `dynamic` blocks expanded), with evaluate()'s variables and dialect."""
    return _evaluated(_core.evaluate(text, dict(variables or {}), filename, dialect, show_sensitive))


def evaluate_config(
    path: Union[str, "os.PathLike[str]"],
    *,
    dialect: Optional[str] = None,
    variables: Optional[Mapping[str, Any]] = None,
    var_files: Iterable[Union[str, "os.PathLike[str]"]] = (),
    environment: Optional[Mapping[str, str]] = None,
    show_sensitive: bool = False,
    expression: Optional[str] = None,
) -> Any:
    """A Terraform, OpenTofu, Packer or Nomad configuration (a file or a directory) evaluated as
    its tool does, as ``hcl eval --config``: ``{"var", "local", "output"}`` for Terraform and
    OpenTofu, the blocks for Packer and Nomad, or the value of ``expression`` in it. ``dialect``
    is detected from the files' names when None. ``var_files`` are read as ``-var-file``, then
    ``variables`` given as ``-var`` (a str as it is, other values as their JSON); ``environment``
    holds what the tool would find in its environment (``{"TF_VAR_region": "eu"}``; pass
    ``os.environ`` to use the process's, which is never read otherwise)."""
    env = [f"{k}={v}" for k, v in (environment or {}).items()]
    files = [os.fspath(f) for f in var_files]
    return _evaluated(
        _core.evaluate_config(
            os.fspath(path), dialect, dict(variables or {}), files, env, show_sensitive, expression
        )
    )
