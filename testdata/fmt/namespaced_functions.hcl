a=provider::aws::arn_parse(x)
bb = provider :: aws :: arn_parse ( x , y )
c = [provider::ns::f(1),provider::ns::g()]
d = "${provider::ns::f(x)}"
