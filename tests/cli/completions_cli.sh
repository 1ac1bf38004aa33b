# SPDX-License-Identifier: Apache-2.0
# Shell completions, driven through real shells: bash (complete/COMPREPLY), zsh (the completion
# function with the completion system's builtins recorded) and fish (complete -C).
. "$(dirname "$0")/lib.sh"
COMP=$TESTDATA/../completions

# Every long option of every subcommand's --help appears in each completion script.
subs=$("$HCL" --help | awk '/^Subcommands:/ {on=1; next} on && !NF {exit} on {print $1}' | grep -vx help)
[ -n "$subs" ] || fail "no subcommands listed by hcl --help"
for sub in $subs; do
  for f in hcl.bash _hcl hcl.fish; do grep -qw -- "$sub" "$COMP/$f" || fail "$f lacks subcommand $sub"; done
  "$HCL" "$sub" --help | grep -oE -- '--[a-z][a-z-]*' | sort -u | grep -vx -- '--help' > "$TMP/opts.$sub"
  while read -r opt; do
    for f in hcl.bash _hcl hcl.fish; do
      name=${opt#--}
      grep -qE -- "(^|[^a-z-])(--)?$name([^a-z-]|$)" "$COMP/$f" || fail "$f lacks $sub $opt"
    done
  done < "$TMP/opts.$sub"
done

# bash
bash_complete() {  # words... ; prints COMPREPLY one per line
  bash --norc --noprofile -c '
    source "$1"; shift
    COMP_WORDS=("$@"); COMP_CWORD=$((${#COMP_WORDS[@]} - 1))
    _hcl
    printf "%s\n" "${COMPREPLY[@]}"' _ "$COMP/hcl.bash" "$@"
}
bash --norc -c "source '$COMP/hcl.bash'; complete -p hcl" | grep -qx 'complete -F _hcl hcl' || fail "bash: hcl not registered"
bash_complete hcl fm | grep -qx fmt || fail "bash: subcommand"
bash_complete hcl "" | grep -qx validate || fail "bash: subcommand list"
bash_complete hcl fmt --ch | grep -qx -- --check || fail "bash: fmt option"
bash_complete hcl validate --format "" > "$TMP/b"
[ "$(sort "$TMP/b" | tr "\n" " ")" = "github json sarif text " ] || fail "bash: --format values: $(cat "$TMP/b")"
mkdir -p "$TMP/w" && touch "$TMP/w/main.tf"
(cd "$TMP/w" && bash_complete hcl validate ma) | grep -qx main.tf || fail "bash: file argument"
bash_complete hcl eval --wi | grep -qx -- --with-type || fail "bash: eval option"
bash_complete hcl d | grep -qx dec || fail "bash: dec subcommand"
bash_complete hcl dec --expa | grep -qx -- --expand-dynamic || fail "bash: dec option"
bash_complete hcl json --syntax "" | sort | tr '\n' ' ' | grep -qx 'hcl json ' || fail "bash: --syntax values"
bash_complete hcl ed | grep -qx edit || fail "bash: edit subcommand"
bash_complete hcl edit --mi | grep -qx -- --minimal || fail "bash: edit option"
bash_complete hcl edit att | grep -qx attribute || fail "bash: edit object"
bash_complete hcl edit -f main.tf attribute "" | sort | tr '\n' ' ' | grep -qx 'append get list mv replace rm set ' ||
  fail "bash: attribute operations"
bash_complete hcl edit block "" | sort | tr '\n' ' ' | grep -qx 'append get list mv new rm ' || fail "bash: block operations"

# zsh: record what the completion function asks the completion system for.
zsh_complete() {  # words... ; prints the specs given to _arguments / _describe
  zsh -f -c '
    _arguments() { print -l -- "$@"; }
    _describe() { local arr=${@[-1]}; print -l -- "${(@P)arr}"; }
    _files() { print -- "FILES"; }
    source "$1"; shift
    words=("$@"); CURRENT=${#words}
    _hcl' _ "$COMP/_hcl" "$@"
}
zsh -n "$COMP/_hcl" || fail "zsh: syntax"
zsh_complete hcl "" | grep -q '^fmt:' || fail "zsh: subcommands"
zsh_complete hcl fmt "" | grep -q -- '^--check\[' || fail "zsh: fmt options"
zsh_complete hcl validate "" | grep -q -- "^--format\[output format\]:format:(text json github sarif)" || fail "zsh: validate --format"
zsh_complete hcl eval "" | grep -q -- '^--chdir\[' || fail "zsh: eval options"
zsh_complete hcl "" | grep -q '^dec:' || fail "zsh: dec subcommand"
zsh_complete hcl dec "" | grep -q -- '^--keep-nulls\[' || fail "zsh: dec options"
zsh_complete hcl "" | grep -q '^edit:' || fail "zsh: edit subcommand"
zsh_complete hcl edit "" | grep -q -- '^--require-match\[' || fail "zsh: edit options"

# fish
fish_complete() { fish --no-config -c "source '$COMP/hcl.fish'; complete -C '$1'"; }
fish -n "$COMP/hcl.fish" || fail "fish: syntax"
fish_complete "hcl fm" | grep -q '^fmt' || fail "fish: subcommand"
fish_complete "hcl fmt --ch" | grep -q -- '^--check' || fail "fish: fmt option"
fish_complete "hcl validate --format " | cut -f1 | sort | tr '\n' ' ' | grep -qx 'github json sarif text ' || fail "fish: --format values"
fish_complete "hcl json --comp" | grep -q -- '^--compact' || fail "fish: json option"
fish_complete "hcl de" | grep -q '^dec' || fail "fish: dec subcommand"
fish_complete "hcl dec --keep" | grep -q -- '^--keep-nulls' || fail "fish: dec option"
fish_complete "hcl eval --syntax " | cut -f1 | sort | tr '\n' ' ' | grep -qx 'hcl json ' || fail "fish: --syntax values"
fish_complete "hcl ed" | grep -q '^edit' || fail "fish: edit subcommand"
fish_complete "hcl edit --with" | grep -q -- '^--with-comments' || fail "fish: edit option"
fish_complete "hcl edit attribute " | cut -f1 | sort | tr '\n' ' ' | grep -qx 'append get list mv replace rm set ' ||
  fail "fish: attribute operations"

finish
