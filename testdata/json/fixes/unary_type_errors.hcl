# hcl2json evaluates a unary operator on a literal and gives up on the whole file when the operand
# has the wrong type; hcl keeps such an expression's source, like any other expression.
neg_true   = -true
not_number = !1
neg_null   = -null
not_null   = !null
fine       = -2
