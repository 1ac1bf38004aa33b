environment = "prod"
replicas = 5
