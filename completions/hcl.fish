# SPDX-License-Identifier: Apache-2.0
# fish completion for hcl(1). Installed as share/fish/vendor_completions.d/hcl.fish.

set -l subs validate fmt eval json fromjson dec edit lsp help version
complete -c hcl -f
complete -c hcl -n "not __fish_seen_subcommand_from $subs" -a validate -d 'Check the syntax of HCL files'
complete -c hcl -n "not __fish_seen_subcommand_from $subs" -a fmt -d 'Rewrite HCL files in the canonical style'
complete -c hcl -n "not __fish_seen_subcommand_from $subs" -a eval -d 'Evaluate an expression with variables from JSON'
complete -c hcl -n "not __fish_seen_subcommand_from $subs" -a json -d 'Convert HCL to JSON (hcl2json shape)'
complete -c hcl -n "not __fish_seen_subcommand_from $subs" -a fromjson -d 'Convert the JSON syntax or JSON values to native HCL'
complete -c hcl -n "not __fish_seen_subcommand_from $subs" -a dec -d 'Decode files into JSON by an hcldec spec'
complete -c hcl -n "not __fish_seen_subcommand_from $subs" -a edit -d 'Change or query HCL files by address (as hcledit)'
complete -c hcl -n "not __fish_seen_subcommand_from $subs" -a lsp -d 'Run the language server (LSP over stdio)'
complete -c hcl -n "not __fish_seen_subcommand_from $subs" -a help -d 'Show help for hcl or a subcommand'
complete -c hcl -n "not __fish_seen_subcommand_from $subs" -a version -d 'Print the version, commit and build'
complete -c hcl -n "not __fish_seen_subcommand_from $subs" -s v -l version -d 'Print the version'
complete -c hcl -l no-color -d 'Never colour diagnostics'
complete -c hcl -s h -l help -d 'Show help'

# validate
complete -c hcl -n '__fish_seen_subcommand_from validate fmt eval json dec' -l max-file-size -x -d 'The largest input read (bytes, or with K, M or G)'
complete -c hcl -n '__fish_seen_subcommand_from eval json' -l allow-read -x -a '(__fish_complete_directories)' -d 'A directory file functions may also read'
complete -c hcl -n '__fish_seen_subcommand_from validate' -F
complete -c hcl -n '__fish_seen_subcommand_from validate' -l format -x -a 'text json github sarif' -d 'Output format'
complete -c hcl -n '__fish_seen_subcommand_from validate fmt json' -l require-files -d 'A path without matching files is an error'
complete -c hcl -n '__fish_seen_subcommand_from validate fmt json' -l ext -x -a '.hcl .tf .tofu .tfvars .pkr.hcl .nomad' -d 'File name ending to look for'
complete -c hcl -n '__fish_seen_subcommand_from validate' -s q -l quiet -d 'Print nothing but diagnostics'
complete -c hcl -n '__fish_seen_subcommand_from validate' -l json -d 'The same as --format json'
complete -c hcl -n '__fish_seen_subcommand_from validate json' -s r -l recursive -d 'Also read files in subdirectories'
complete -c hcl -n '__fish_seen_subcommand_from validate fmt json' -l stdin-filename -x -d 'Read standard input as this file'
complete -c hcl -n '__fish_seen_subcommand_from validate eval json dec' -l syntax -x -a 'hcl json' -d 'Read files as hcl or json'

# fmt
complete -c hcl -n '__fish_seen_subcommand_from fmt' -F
complete -c hcl -n '__fish_seen_subcommand_from fmt' -l check -d 'Write nothing; exit 3 if any file is not formatted'
complete -c hcl -n '__fish_seen_subcommand_from fmt' -l sort -f -a 'standard all' -d 'Also reorder items (variables, outputs, block contents)'
complete -c hcl -n '__fish_seen_subcommand_from fmt' -l diff -d 'Show a unified diff of the changes'
complete -c hcl -n '__fish_seen_subcommand_from fmt' -l write -x -a 'true false' -d 'Write the result back to the files'
complete -c hcl -n '__fish_seen_subcommand_from fmt' -l no-write -d 'Do not write files'
complete -c hcl -n '__fish_seen_subcommand_from fmt' -l list -x -a 'true false' -d 'List files whose formatting changed'
complete -c hcl -n '__fish_seen_subcommand_from fmt' -l no-list -d 'Do not list changed files'
complete -c hcl -n '__fish_seen_subcommand_from fmt' -s r -l recursive -d 'Also format files in subdirectories'
complete -c hcl -n '__fish_seen_subcommand_from fmt' -l terraform -d "Apply terraform fmt's rewrites"
complete -c hcl -n '__fish_seen_subcommand_from fmt' -l no-terraform -d "Do not apply terraform fmt's rewrites"
complete -c hcl -n '__fish_seen_subcommand_from fmt' -l format -x -a 'text json github sarif' -d 'Report format'
complete -c hcl -n '__fish_seen_subcommand_from fmt' -s w -d 'Write the result back to the files (hclfmt)'
complete -c hcl -n '__fish_seen_subcommand_from fmt' -l require-no-change -d 'Exit 3 if any file changed'
complete -c hcl -n '__fish_seen_subcommand_from fmt' -s q -l quiet -d 'No diagnostics for files that do not parse'

# eval
complete -c hcl -n '__fish_seen_subcommand_from eval' -s e -l expression -x -d 'The expression'
complete -c hcl -n '__fish_seen_subcommand_from eval' -l file -r -F -d 'A configuration file: its value, or its top level as variables'
complete -c hcl -n '__fish_seen_subcommand_from eval' -l keep-dynamic -d 'Keep dynamic blocks instead of expanding them'
complete -c hcl -n '__fish_seen_subcommand_from eval json' -l vars -r -F -d 'JSON object file whose keys become variables'
complete -c hcl -n '__fish_seen_subcommand_from eval json' -l var -x -d 'One variable, NAME=VALUE'
complete -c hcl -n '__fish_seen_subcommand_from eval json' -l var-file -r -F -d 'Variable definitions file'
complete -c hcl -n '__fish_seen_subcommand_from eval json' -l config -r -F -d 'A configuration evaluated as its tool does'
complete -c hcl -n '__fish_seen_subcommand_from eval' -l dialect -x -a 'terraform opentofu packer nomad hcl' -d 'The configuration dialect'
complete -c hcl -n '__fish_seen_subcommand_from eval json dec' -l max-eval-memory -x -d 'MiB one evaluation may build'
complete -c hcl -n '__fish_seen_subcommand_from eval json dec' -l max-eval-values -x -d 'Collection elements one evaluation may build'
complete -c hcl -n '__fish_seen_subcommand_from eval json dec' -l max-eval-seconds -x -d 'Seconds one evaluation may run'
complete -c hcl -n '__fish_seen_subcommand_from eval' -l template -d 'Evaluate template text'
complete -c hcl -n '__fish_seen_subcommand_from eval' -l type -x -d 'Convert the result to a type constraint'
complete -c hcl -n '__fish_seen_subcommand_from eval' -s r -l raw -l raw-output -d 'Print strings without quotes, lists one per line'
complete -c hcl -n '__fish_seen_subcommand_from eval' -s c -l compact -d 'Print JSON on one line'
complete -c hcl -n '__fish_seen_subcommand_from eval' -l pretty -d 'Indent JSON output'
complete -c hcl -n '__fish_seen_subcommand_from eval' -l with-type -d 'Print the value with its type'
complete -c hcl -n '__fish_seen_subcommand_from eval' -l show-sensitive -d 'Print sensitive values'
complete -c hcl -n '__fish_seen_subcommand_from eval' -l format -x -a 'json hcl' -d 'Output syntax'
complete -c hcl -n '__fish_seen_subcommand_from eval' -l functions -d 'List the functions'
complete -c hcl -n '__fish_seen_subcommand_from eval' -l dialect -x -a 'hcl terraform opentofu packer nomad' -d 'Whose functions'
complete -c hcl -n '__fish_seen_subcommand_from eval' -l chdir -x -a '(__fish_complete_directories)' -d 'Base directory for file functions'

# json
complete -c hcl -n '__fish_seen_subcommand_from json' -F
complete -c hcl -n '__fish_seen_subcommand_from json' -l pretty -d 'Indent by four spaces'
complete -c hcl -n '__fish_seen_subcommand_from json' -l compact -d 'One line per document'
complete -c hcl -n '__fish_seen_subcommand_from json' -l merge -d 'Merge all files into one object'
complete -c hcl -n '__fish_seen_subcommand_from json' -l simplify -d 'Evaluate expressions that need no variables'
complete -c hcl -n '__fish_seen_subcommand_from json' -l strict -d 'Expressions that cannot be evaluated are errors'

# dec
complete -c hcl -n '__fish_seen_subcommand_from dec' -F
complete -c hcl -n '__fish_seen_subcommand_from dec' -s s -l spec -r -F -d 'The hcldec spec file'
complete -c hcl -n '__fish_seen_subcommand_from dec' -s o -l out -r -F -d 'Write to this file'
complete -c hcl -n '__fish_seen_subcommand_from dec' -s V -l vars -r -F -d 'Variables: a JSON object or a file'
complete -c hcl -n '__fish_seen_subcommand_from dec' -l diags -x -a 'json' -d 'Diagnostics format'
complete -c hcl -n '__fish_seen_subcommand_from dec' -l var-refs -d 'Print the variables the input refers to'
complete -c hcl -n '__fish_seen_subcommand_from dec' -l with-type -d 'Print the value with its type'
complete -c hcl -n '__fish_seen_subcommand_from dec' -l keep-nulls -d 'Keep properties whose value is null'
complete -c hcl -n '__fish_seen_subcommand_from dec' -l expand-dynamic -d 'Expand dynamic blocks before decoding'
complete -c hcl -n '__fish_seen_subcommand_from dec' -s v -l version -d 'Print the version'

# edit
complete -c hcl -n '__fish_seen_subcommand_from edit; and not __fish_seen_subcommand_from attribute block body' -a 'attribute block body' -d 'What to edit'
complete -c hcl -n '__fish_seen_subcommand_from edit; and not __fish_seen_subcommand_from attribute block body' -F
complete -c hcl -n '__fish_seen_subcommand_from attribute; and not __fish_seen_subcommand_from get set append rm mv replace list' -a 'get set append rm mv replace list'
complete -c hcl -n '__fish_seen_subcommand_from block; and not __fish_seen_subcommand_from list get rm mv append new' -a 'list get rm mv append new'
complete -c hcl -n '__fish_seen_subcommand_from body; and not __fish_seen_subcommand_from get' -a 'get'
complete -c hcl -n '__fish_seen_subcommand_from edit' -s f -l file -r -F -d 'Input file'
complete -c hcl -n '__fish_seen_subcommand_from edit' -s u -l update -d 'Write the result back to each file'
complete -c hcl -n '__fish_seen_subcommand_from edit' -s r -l recursive -d 'Also edit files in subdirectories'
complete -c hcl -n '__fish_seen_subcommand_from edit' -l ext -x -a '.hcl .tf .tofu .tfvars .pkr.hcl .nomad' -d 'File name ending to look for'
complete -c hcl -n '__fish_seen_subcommand_from edit' -l minimal -d 'Keep every byte outside the edited item'
complete -c hcl -n '__fish_seen_subcommand_from edit' -l require-match -d 'Fail when the address names nothing'
complete -c hcl -n '__fish_seen_subcommand_from edit' -l newline -d 'An empty line before what is appended'
complete -c hcl -n '__fish_seen_subcommand_from edit' -l with-comments -d 'attribute get: keep comments'
complete -c hcl -n '__fish_seen_subcommand_from edit' -l values -d 'attribute list: also addresses inside values'
complete -c hcl -n '__fish_seen_subcommand_from edit' -l max-file-size -x -d 'The largest input read (bytes, or with K, M or G)'

# lsp
complete -c hcl -n '__fish_seen_subcommand_from lsp' -l stdio -d 'Use standard input and output (the only transport)'

# help
complete -c hcl -n '__fish_seen_subcommand_from help' -a 'validate fmt eval json dec edit lsp'

# fromjson
complete -c hcl -n '__fish_seen_subcommand_from fromjson' -l dialect -x -a 'terraform opentofu packer nomad hcl' -d 'Whose block types to know'
complete -c hcl -n '__fish_seen_subcommand_from fromjson' -l spec -r -F -d 'An hcldec spec whose block specs name the blocks'
complete -c hcl -n '__fish_seen_subcommand_from fromjson' -l block -x -d 'A name to read as a block where no schema says'
complete -c hcl -n '__fish_seen_subcommand_from fromjson' -l values -d 'Plain values: attributes, strings literal'
complete -c hcl -n '__fish_seen_subcommand_from fromjson' -s w -l write -d 'Write each input beside it under its native name'
complete -c hcl -n '__fish_seen_subcommand_from fromjson' -l force -d 'With --write, replace native files that exist'
complete -c hcl -n '__fish_seen_subcommand_from fromjson' -s r -l recursive -d 'Also convert files in subdirectories'
complete -c hcl -n '__fish_seen_subcommand_from fromjson' -l stdin-filename -x -d 'Read standard input as this file'
complete -c hcl -n '__fish_seen_subcommand_from fromjson' -l max-file-size -x -d 'The largest input read (bytes, or with K, M or G)'
complete -c hcl -n '__fish_seen_subcommand_from fromjson' -F
