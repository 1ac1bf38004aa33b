# SPDX-License-Identifier: Apache-2.0
from typing import List, NamedTuple, Optional

class Position(NamedTuple):
    line: int
    column: int
    byte: int

class Range(NamedTuple):
    filename: str
    start: Position
    end: Position

class Diagnostic(NamedTuple):
    severity: str
    summary: str
    detail: str
    subject: Optional[Range] = ...
    context: Optional[Range] = ...
    rendered: str = ...

def diagnostics(raw: List[tuple], rendered: Optional[List[str]] = ...) -> List[Diagnostic]: ...
