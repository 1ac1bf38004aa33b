message = "hello ${name}"
call    = upper("x")
