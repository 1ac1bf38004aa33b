a = from_hcl
b = from_json
c = "${from_json_template}"
