a = provider::aws
b = 1
