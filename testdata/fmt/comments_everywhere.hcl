# lead
// slash lead
/* block lead */
a /* after name */ = /* before value */ 1 /* after value */
b = [ # after open
1, // after elem
/* before elem */ 2,
] # after close
block /* c */ "label" /* d */ { # e
/* f */ x = 1
} # g
/*
multi
line
*/
c = 1 /* multi
line */ # tail
