a = "%{ for }%{ for k, }%{ for k v }"
