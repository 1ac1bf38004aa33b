# A literal beyond big.Float's range is infinite, which JSON cannot hold: hcl2json fails the file,
# hcl keeps the literal's source, which reads back as the same number.
inf       = 1e999999999
minus_inf = -1e999999999
tiny      = 1e-999999999
in_text   = "${1e999999999}x"
