environment = "dev"
