resource 12 {
}
