#!/bin/sh
# Packs what the shop runs, and nothing else, into one archive (docs/deploy.md):
#   npm ci && npm run build && sh deploy/pack.sh shop.tgz
# then on each host: tar -xzf shop.tgz --no-same-owner -C /srv/shop
# - package.json: the shop finds its root (relative DATA_DIR, UPLOAD_DIR) by it;
# - server/package.json, server/dist (the bundled server and CLIs) and web/dist;
# - the server's runtime dependencies as npm lists them, wherever npm put them: in node_modules,
#   nested, or in server/node_modules when two versions are needed (@fastify/cookie, ...).
#   The web app's packages are built into web/dist and stay behind.
# Run from the repository root. The archive's compression follows its name (.tgz, .tar).
set -eu
out=${1:?usage: sh deploy/pack.sh shop.tgz}
for built in server/dist/main.js web/dist/index.html node_modules; do
  [ -e "$built" ] || { echo "pack.sh: $built is missing: npm ci && npm run build first" >&2; exit 2; }
done
here=$(pwd -P)
npm ls --omit=dev --all --parseable --workspace=@shop/server > "$out.deps" || {
  rm -f "$out.deps"
  echo "pack.sh: npm ls found the installed packages not as package-lock.json says: run npm ci" >&2
  exit 2
}
# Relative paths of the packages; a package inside one already listed comes with it.
deps=$(sed -n "s#^$here/##p" "$out.deps" | grep node_modules | sort -u \
  | awk '{ for (i = 1; i <= n; i++) if (index($0, kept[i] "/") == 1) next; kept[++n] = $0; print }')
rm -f "$out.deps"
# shellcheck disable=SC2086 # one path a word: npm's package paths hold no spaces
tar -caf "$out" package.json server/package.json server/dist web/dist $deps
