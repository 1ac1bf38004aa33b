host = "example.com"
size = 3
name = "web"
