shadowed { from_block = pair }
shadowed = "attribute"
outer {
}