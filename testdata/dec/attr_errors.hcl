port  = "eighty"
tags  = ["a", ["b"]]
owner = { id = 1 }
flag  = "maybe"
