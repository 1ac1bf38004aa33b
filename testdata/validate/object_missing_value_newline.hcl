a = {b
}
