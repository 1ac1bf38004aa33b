# hcl2json writes a null interpolated into a template as the text "null", which reads back as a
# plain string; hcl keeps the interpolation, which evaluates as HCL would (an error). As an object
# key, null is the keyword's name in both.
text = "a${null}b"
key  = { null = "name" }
