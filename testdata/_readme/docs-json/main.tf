name  = "web-${var.env}"
count = length([1, 2, 3])
id    = aws_instance.web.id
