# nothing but a comment
server {
}
