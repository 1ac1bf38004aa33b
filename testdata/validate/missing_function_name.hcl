a = provider::aws::arn_parse(x)
b = provider::(x)
