# Labels with characters that need care in JSON and in templates.
block "with space" {}
block "with\"quote" {}
block "back\\slash" {}
block "tab\there" {}
block "new\nline" {}
block "html <&>" {}
block "dollar $${brace}" {}
block "percent %%{brace}" {}
block "unicodé ☃ 😀" {}
block "e\u0301 decomposed" {}
block "" {}
block "dots.and/slashes:colons" {}
block "line\u2028separator" {}
