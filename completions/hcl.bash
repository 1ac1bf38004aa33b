# SPDX-License-Identifier: Apache-2.0
# bash completion for hcl(1). Installed as share/bash-completion/completions/hcl.

_hcl() {
  local cur prev words cword
  if declare -F _init_completion >/dev/null; then
    _init_completion -n = || return
  else
    cur=${COMP_WORDS[COMP_CWORD]}
    prev=${COMP_WORDS[COMP_CWORD-1]}
    words=("${COMP_WORDS[@]}")
    cword=$COMP_CWORD
  fi

  local subcommands="validate fmt eval json fromjson dec edit lsp help version"
  local sub="" i
  for ((i = 1; i < cword; i++)); do
    case ${words[i]} in
      -*) ;;
      *) sub=${words[i]}; break ;;
    esac
  done

  if [[ -z $sub ]]; then
    COMPREPLY=($(compgen -W "$subcommands --help --version -v --no-color" -- "$cur"))
    return
  fi

  local opts=""
  case $sub in
    validate)
      opts="--format --json --recursive -r --stdin-filename --ext --syntax --quiet -q --max-file-size --require-files --no-color --help"
      case $prev in
        --syntax) COMPREPLY=($(compgen -W "hcl json" -- "$cur")); return ;;
        --format) COMPREPLY=($(compgen -W "text json github sarif" -- "$cur")); return ;;
        --ext) COMPREPLY=($(compgen -W ".hcl .tf .tofu .tfvars .pkr.hcl .nomad" -- "$cur")); return ;;
      esac
      ;;
    fmt)
      opts="--check --sort --sort=all --diff --write=false --list=false --no-write --no-list --recursive -r --stdin-filename --quiet -q --terraform --no-terraform --ext --no-color --format --max-file-size --require-no-change --require-files -w --help"
      case $prev in
        --format) COMPREPLY=($(compgen -W "text json github sarif" -- "$cur")); return ;;
        --ext) COMPREPLY=($(compgen -W ".hcl .tf .tofu .tfvars .pkr.hcl .nomad" -- "$cur")); return ;;
      esac
      ;;
    eval)
      opts="--expression -e --file --config --dialect --keep-dynamic --syntax --vars --var --var-file --template --type --raw --raw-output -r --pretty --compact -c --with-type --format --show-sensitive --functions --chdir --max-eval-memory --max-eval-values --max-eval-seconds --allow-read --max-file-size --no-color --help"
      case $prev in
        --syntax) COMPREPLY=($(compgen -W "hcl json" -- "$cur")); return ;;
        --file|--config|--vars|--var-file) COMPREPLY=($(compgen -f -- "$cur")); return ;;
        --dialect) COMPREPLY=($(compgen -W "terraform opentofu packer nomad hcl" -- "$cur")); return ;;
        --chdir|--allow-read) COMPREPLY=($(compgen -d -- "$cur")); return ;;
        --format) COMPREPLY=($(compgen -W "json hcl" -- "$cur")); return ;;
        --expression|-e|--var|--type|--max-eval-memory|--max-eval-values|--max-eval-seconds) return ;;
      esac
      ;;
    json)
      opts="--pretty --compact -c --recursive -r --stdin-filename --merge --ext --syntax --simplify --config --vars --var --var-file --strict --max-eval-memory --max-eval-values --max-eval-seconds --allow-read --max-file-size --require-files --no-color --help"
      case $prev in
        --syntax) COMPREPLY=($(compgen -W "hcl json" -- "$cur")); return ;;
        --vars|--config|--var-file) COMPREPLY=($(compgen -f -- "$cur")); return ;;
        --allow-read) COMPREPLY=($(compgen -d -- "$cur")); return ;;
        --ext) COMPREPLY=($(compgen -W ".hcl .tf .tofu .tfvars .pkr.hcl .nomad" -- "$cur")); return ;;
        --var|--max-eval-memory|--max-eval-values|--max-eval-seconds) return ;;
      esac
      ;;
    fromjson)
      opts="--dialect --spec --block --values --write -w --force --recursive -r --stdin-filename --max-file-size --no-color --help"
      case $prev in
        --dialect) COMPREPLY=($(compgen -W "terraform opentofu packer nomad hcl" -- "$cur")); return ;;
        --spec) COMPREPLY=($(compgen -f -- "$cur")); compopt -o filenames 2>/dev/null || true; return ;;
        --stdin-filename|--max-file-size|--block) return ;;
      esac
      ;;
    dec)
      opts="--spec -s --out -o --vars -V --diags --var-refs --with-type --keep-nulls --expand-dynamic --syntax --max-eval-memory --max-eval-values --max-eval-seconds --version -v --max-file-size --no-color --help"
      case $prev in
        --spec|-s|--out|-o) COMPREPLY=($(compgen -f -- "$cur")); compopt -o filenames 2>/dev/null || true; return ;;
        --diags) COMPREPLY=($(compgen -W "json" -- "$cur")); return ;;
        --syntax) COMPREPLY=($(compgen -W "hcl json" -- "$cur")); return ;;
        --vars|-V|--max-eval-memory|--max-eval-values|--max-eval-seconds) return ;;
      esac
      ;;
    edit)
      opts="--file -f --update -u --recursive -r --ext --minimal --require-match --newline --with-comments --values --max-file-size --no-color --help"
      case $prev in
        --file|-f) COMPREPLY=($(compgen -f -- "$cur")); compopt -o filenames 2>/dev/null || true; return ;;
        --ext) COMPREPLY=($(compgen -W ".hcl .tf .tofu .tfvars .pkr.hcl .nomad" -- "$cur")); return ;;
        attribute) COMPREPLY=($(compgen -W "get set append rm mv replace list" -- "$cur")); return ;;
        block) COMPREPLY=($(compgen -W "list get rm mv append new" -- "$cur")); return ;;
        body) COMPREPLY=($(compgen -W "get" -- "$cur")); return ;;
      esac
      if [[ $cur != -* ]]; then
        local w seen=""
        for w in "${words[@]:2:cword-2}"; do
          case $w in attribute|block|body) seen=1 ;; esac
        done
        # Before the operation: paths or the object; after it, addresses and values.
        [[ -n $seen ]] && return
        COMPREPLY=($(compgen -W "attribute block body" -- "$cur") $(compgen -f -- "$cur"))
        return
      fi
      ;;
    lsp)
      COMPREPLY=($(compgen -W "--stdio --no-color --help" -- "$cur"))
      return
      ;;
    help)
      COMPREPLY=($(compgen -W "validate fmt eval json fromjson dec edit lsp" -- "$cur"))
      return
      ;;
  esac

  [[ $prev == --max-file-size ]] && return

  if [[ $cur == -* ]]; then
    COMPREPLY=($(compgen -W "$opts" -- "$cur"))
    return
  fi
  # Paths: directories and files.
  COMPREPLY=($(compgen -f -- "$cur"))
  compopt -o filenames 2>/dev/null || true
}

complete -F _hcl hcl
