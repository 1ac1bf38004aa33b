a = provider::aws::f(1, 2)
b = core::max(1, 2)
