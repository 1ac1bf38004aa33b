region = "eu-west-1"
