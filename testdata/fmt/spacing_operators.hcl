a=1+2*3/4%5-6
b=x==y!=z<w>v<=u>=t
c=p&&q||!r
d=cond?yes:no
e=   (  1  +  2  )  *  3
