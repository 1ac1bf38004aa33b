region="${var.region}"
tags={
Name = "${var.name}"
}
count=2
