present = "yes"
