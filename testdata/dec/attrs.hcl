name     = "web"
port     = "8080"
on       = true
anything = { a = [1, "two"] }
tags     = ["a", 1, true]
limits   = { cpu = 2, mem = "512" }
owner    = { name = "ops", id = 7, extra = "dropped" }
pair     = ["x", "true"]
ports    = [80, 443, 80]
original = "from original"
