region  = "us-east-1"
count=3

# the list
zones = [
  "a", # first
  "b",
]
