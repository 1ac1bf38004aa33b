message = "${greeting}, ${name}!"
total   = count * 10
list    = [for i in range_of : upper(i)]
