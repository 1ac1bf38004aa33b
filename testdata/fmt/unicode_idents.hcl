ünïcödé = "välue"
block "läbel" {
  naïve = "日本語"
}
