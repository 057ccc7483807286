#!/bin/sh
# Installs ratingbook VERSION (the first argument; the workflows name the
# version that wrote them) into .ratingbook-install/bin: the release binary
# for this machine, checked against the SHA-256 the release publishes, or,
# where the release has none, built from crates.io at exactly that version.
# A copy of that version already there is kept. On GitHub Actions the folder
# is added to PATH for the next steps.
#
# To move to another version, change the version in the workflows (and in
# their cache keys); nothing here names one.
set -eu

version="${1:?usage: sh ci/install-ratingbook.sh VERSION}"
root=".ratingbook-install"
bin="$root/bin"
releases="https://github.com/ratingbook/ratingbook/releases/download"

on_path() {
    if [ -n "${GITHUB_PATH:-}" ]; then
        printf '%s\n' "$PWD/$bin" >>"$GITHUB_PATH"
    fi
}

if [ -x "$bin/ratingbook" ] && [ "$("$bin/ratingbook" --version)" = "ratingbook $version" ]; then
    echo "ratingbook $version: already installed"
    on_path
    exit 0
fi

case "$(uname -s)-$(uname -m)" in
Linux-x86_64) target=x86_64-unknown-linux-gnu ;;
Linux-aarch64 | Linux-arm64) target=aarch64-unknown-linux-gnu ;;
Darwin-x86_64) target=x86_64-apple-darwin ;;
Darwin-arm64) target=aarch64-apple-darwin ;;
*) target="" ;;
esac

sha256() {
    if command -v sha256sum >/dev/null 2>&1; then
        sha256sum "$1" | cut -d' ' -f1
    else
        shasum -a 256 "$1" | cut -d' ' -f1
    fi
}

# The release binary: 0 when installed, 1 when the release has none for this
# machine; exits on a checksum that does not match.
download() {
    [ -n "$target" ] || return 1
    name="ratingbook-$version-$target"
    url="$releases/v$version/$name.tar.gz"
    work="$(mktemp -d)"
    curl --proto '=https' --tlsv1.2 --fail --silent --show-error --location \
        --output "$work/$name.tar.gz" "$url" || return 1
    curl --proto '=https' --tlsv1.2 --fail --silent --show-error --location \
        --output "$work/$name.tar.gz.sha256" "$url.sha256" || return 1
    expected="$(cut -d' ' -f1 <"$work/$name.tar.gz.sha256")"
    actual="$(sha256 "$work/$name.tar.gz")"
    if [ "$expected" != "$actual" ]; then
        echo "error: $name.tar.gz has SHA-256 $actual; the release says $expected. Not installed." >&2
        exit 1
    fi
    tar -xzf "$work/$name.tar.gz" -C "$work" || exit 1
    mkdir -p "$bin" || exit 1
    cp "$work/$name/ratingbook" "$bin/ratingbook" || exit 1
    chmod +x "$bin/ratingbook" || exit 1
    echo "ratingbook $version: release binary for $target, SHA-256 $actual"
}

if ! download; then
    echo "ratingbook $version: no release binary for $(uname -s)-$(uname -m); building it from crates.io" >&2
    cargo install --locked ratingbook --version "$version" --root "$root"
fi
installed="$("$bin/ratingbook" --version)"
if [ "$installed" != "ratingbook $version" ]; then
    echo "error: installed $installed, not ratingbook $version" >&2
    exit 1
fi
on_path
