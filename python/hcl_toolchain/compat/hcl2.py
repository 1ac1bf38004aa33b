# SPDX-License-Identifier: Apache-2.0
"""python-hcl2 8.x's ``load``/``loads``, with the hcl library's parser behind them.

Change ``import hcl2`` to ``from hcl_toolchain.compat import hcl2`` and the values stay the same:
attribute values keep python-hcl2's forms (strings with their quotes and escapes as written,
other expressions as ``"${...}"`` laid out as python-hcl2 lays them out, numbers as int or
float, blocks as lists of dicts marked ``__is_block__``, labels with their quotes, comments
under ``__comments__`` and ``__inline_comments__``). The library builds these values itself
(hcl::to_python_hcl2_json), without the GIL. A file the library refuses raises
hcl_toolchain.HCLError with every diagnostic; valid HCL that python-hcl2 refuses (an empty
heredoc, ``${~ x ~}``...) is read. docs/python.md lists every known difference.
"""
from __future__ import annotations

from .. import _core, _raise

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import IO, Any, Dict, Optional

__all__ = ["SerializationOptions", "load", "loads"]


class SerializationOptions:
    """python-hcl2's options; with_comments, explicit_blocks and strip_string_quotes are
    honoured, the others must keep their defaults (with_meta adds nothing in python-hcl2 8.1.2
    either)."""

    _DEFAULTS = dict(
        with_comments=True,
        with_meta=False,
        wrap_objects=False,
        wrap_tuples=False,
        explicit_blocks=True,
        preserve_heredocs=True,
        force_operation_parentheses=False,
        preserve_scientific_notation=True,
        strip_string_quotes=False,
    )
    _SUPPORTED = frozenset(["with_comments", "with_meta", "explicit_blocks", "strip_string_quotes"])

    def __init__(self, **options: bool):
        for name, value in {**self._DEFAULTS, **options}.items():
            if name not in self._DEFAULTS:
                raise TypeError(f"unknown serialization option {name!r}")
            if name not in self._SUPPORTED and value != self._DEFAULTS[name]:
                raise NotImplementedError(f"serialization option {name}={value!r} is not supported")
            setattr(self, name, value)


def load(file: IO[Any], *, serialization_options: Optional[SerializationOptions] = None) -> Dict[str, Any]:
    """python-hcl2's hcl2.load: loads() of the file object's content."""
    text = file.read()
    if isinstance(text, bytes):
        text = text.decode("utf-8")
    return loads(text, serialization_options=serialization_options)


def loads(text: str, *, serialization_options: Optional[SerializationOptions] = None) -> Dict[str, Any]:
    """python-hcl2's hcl2.loads. Raises hcl_toolchain.HCLError (a ValueError) on invalid HCL."""
    if serialization_options is None:
        value, raw = _core.python_hcl2(text, "<string>")
    else:
        o = serialization_options
        value, raw = _core.python_hcl2(text, "<string>", o.with_comments, o.explicit_blocks, o.strip_string_quotes)
    if value is None:
        _raise(raw)
    return value
