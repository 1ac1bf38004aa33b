# SPDX-License-Identifier: Apache-2.0
# Completions for `hcl edit` in bash, zsh and fish (kept apart from completions_cli.sh, which
# checks that every subcommand's options appear in each script).
. "$(dirname "$0")/lib.sh"
COMP=$TESTDATA/../completions

bash_complete() {
  bash --norc --noprofile -c '
    source "$1"; shift
    COMP_WORDS=("$@"); COMP_CWORD=$((${#COMP_WORDS[@]} - 1))
    _hcl
    printf "%s\n" "${COMPREPLY[@]}"' _ "$COMP/hcl.bash" "$@"
}
bash_complete hcl ed | grep -qx edit || fail "bash: edit subcommand"
bash_complete hcl edit --mi | grep -qx -- --minimal || fail "bash: edit option"
bash_complete hcl edit att | grep -qx attribute || fail "bash: edit object"
bash_complete hcl edit -f main.tf attribute "" | sort | tr '\n' ' ' | grep -qx 'append get mv replace rm set ' ||
  fail "bash: attribute operations"
bash_complete hcl edit block "" | sort | tr '\n' ' ' | grep -qx 'append get list mv new rm ' || fail "bash: block operations"

zsh_complete() {
  zsh -f -c '
    _arguments() { print -l -- "$@"; }
    _describe() { local arr=${@[-1]}; print -l -- "${(@P)arr}"; }
    _files() { print -- "FILES"; }
    source "$1"; shift
    words=("$@"); CURRENT=${#words}
    _hcl' _ "$COMP/_hcl" "$@"
}
zsh_complete hcl "" | grep -q '^edit:' || fail "zsh: edit subcommand"
zsh_complete hcl edit "" | grep -q -- '^--require-match\[' || fail "zsh: edit options"

fish_complete() { fish --no-config -c "source '$COMP/hcl.fish'; complete -C '$1'"; }
fish_complete "hcl ed" | grep -q '^edit' || fail "fish: edit subcommand"
fish_complete "hcl edit --with" | grep -q -- '^--with-comments' || fail "fish: edit option"
fish_complete "hcl edit attribute " | cut -f1 | sort | tr '\n' ' ' | grep -qx 'append get mv replace rm set ' ||
  fail "fish: attribute operations"

finish
