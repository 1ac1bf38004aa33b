a = b[* c
