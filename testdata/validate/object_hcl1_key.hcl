a = {foo1.2_bar = 1}
