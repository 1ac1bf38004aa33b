variable "b" {
  description = "b"
}

output "y" {
  value = var.b
}

// Comment for a.
variable "a" {
  description = "a"
}

output "x" {
  # inside
  value     = var.a
  sensitive = true
}
