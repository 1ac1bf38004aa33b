resource "aws_s3_bucket" "example.com" {
  bucket = "example.com"
}
resource "a" "quote\"d" {
  v = 1
}
resource "a" "back\\slash" {
  v = 2
}
bare label {
  v = 3
}
