resource "aws_lb_target_group" "x" {
  health_check {
    for = "2m"
  }
}
