# SPDX-License-Identifier: Apache-2.0
from typing import Any, Dict, List, Optional, Tuple, Union

_Range = Tuple[str, int, int, int, int, int, int]
_Diagnostic = Tuple[str, str, str, Optional[_Range], Optional[_Range]]

def version() -> str: ...
def to_json(
    text: Union[str, bytes], name: str, syntax: str, pretty: bool = ..., simplify: bool = ..., objects: bool = ...
) -> Tuple[Any, List[_Diagnostic]]: ...
def python_hcl2(
    text: Union[str, bytes],
    name: str,
    with_comments: bool = ...,
    explicit_blocks: bool = ...,
    strip_string_quotes: bool = ...,
) -> Tuple[Optional[Dict[str, Any]], List[_Diagnostic]]: ...
def validate(text: Union[str, bytes], name: str, syntax: str) -> Tuple[List[_Diagnostic], List[str]]: ...
def format(text: Union[str, bytes], name: str, terraform: bool = ...) -> Tuple[bool, bool, str, List[_Diagnostic]]: ...
def evaluate(
    source: Union[str, bytes],
    variables: Dict[str, Any],
    file_name: Optional[str] = ...,
    dialect: str = ...,
    show_sensitive: bool = ...,
) -> Tuple[bool, Any, List[_Diagnostic]]: ...
def evaluate_config(
    path: str,
    dialect: Optional[str],
    variables: Dict[str, Any],
    var_files: List[str],
    environment: List[str],
    show_sensitive: bool,
    expression: Optional[str],
) -> Tuple[bool, Any, List[_Diagnostic]]: ...
