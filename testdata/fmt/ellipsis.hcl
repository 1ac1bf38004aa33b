a = f(x...)
b = {for k, v in m: k => v ...}
