#no space
//no space
a = 1 #x
bb = 2 //y
  # indented
	// tab indented
