#!/bin/sh
# Packs what the shop runs, and nothing else, into one archive (docs/deploy.md):
#   npm ci && npm run build && npm prune --omit=dev && sh deploy/pack.sh shop.tgz
# then on each host: tar -xzf shop.tgz --no-same-owner -C /srv/shop
# - package.json: the shop finds its root (relative DATA_DIR, UPLOAD_DIR) by it;
# - node_modules and every workspace's node_modules: npm puts a package there when two
#   versions are needed (server/node_modules holds @fastify/cookie, @fastify/static, ...);
# - server/package.json, server/dist (the bundled server and CLIs) and web/dist.
# Run from the repository root. The archive's compression follows its name (.tgz, .tar).
set -eu
out=${1:?usage: sh deploy/pack.sh shop.tgz}
for built in server/dist/main.js web/dist/index.html node_modules; do
  [ -e "$built" ] || { echo "pack.sh: $built is missing: npm ci && npm run build first" >&2; exit 2; }
done
set -- package.json node_modules server/package.json server/dist web/dist
for modules in */node_modules; do
  [ -d "$modules" ] && set -- "$@" "$modules"
done
tar -caf "$out" "$@"
