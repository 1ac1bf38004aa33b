locals {
  one_line   = [1, 2, 3]
  trailing   = [1, 2, 3,]
  empty      = []
  subnets    = [{ cidr = "10.0.0.0/24", az = "a" }, { cidr = "10.0.1.0/24" }]
  nested     = [[1, 2], [3]]
  multi_line = [
    "a",
    # About b.
    "b", # after b
    /* before c */ "c",
    "d"
  ]
  heredoc = [
    <<-EOT
    text
    EOT
    ,
    "after",
  ]
}
