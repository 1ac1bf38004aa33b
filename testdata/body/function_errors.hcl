a = element([], 0)
b = tonumber("x")
c = jsondecode("{")
d = nosuchfunction(1)
