# just a comment
/* and a block comment */
// and another
