logging {
  level = "info"
}
logging {
  level = "debug"
}
