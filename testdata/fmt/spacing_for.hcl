a = [for x in xs: x]
b = [for x in [1,2]: x if x>1]
c = {for k,v in m: k=>v...}
d = [ for i , x in xs : i ]
e = [for x in[y]: x]
f = {for x in xs: x => x if x != ""}
