e = file("/proc/self/environ")
