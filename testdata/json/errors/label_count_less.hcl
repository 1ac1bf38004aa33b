include {
  path = "root.hcl"
}

include "env" {
  path = "env.hcl"
}
