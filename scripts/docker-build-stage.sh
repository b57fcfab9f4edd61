#!/usr/bin/env bash
# The Dockerfile's stages without a Docker engine: in a clean copy of the tree, the build stage's commands
# (npm ci, npm run build), then the run stage's (npm ci --omit=dev, only dist/ kept) and its command, probed
# as the HEALTHCHECK does. CI runs this (.ci/run); it needs DATABASE_URL (a production replica runs on PostgreSQL).
# IMAGE_NODE_MODULES=<folder>: the build stage's `npm ci` was run already from this very package.json and
# package-lock.json (CI's own, on the fresh clone): hard-link that node_modules instead of a second install, and
# for the run stage prune the linked copy to its production dependencies.
# IMAGE_APP_TO=<checkout>: put the built browser app into <checkout>/dist as well, when none is there, so the
# browser tests use this build instead of building it again (docs/testing.md, "The runs of `npm test`").
set -euo pipefail
cd "$(dirname "$0")/.."
: "${DATABASE_URL:?set DATABASE_URL}"
WORK=$(mktemp -d /tmp/vf-image.XXXXXX)
trap 'kill "${PID:-}" 2>/dev/null || true; [ -z "${LOCK:-}" ] || rmdir "$LOCK" 2>/dev/null; rm -rf "$WORK"' EXIT

# build stage
mkdir -p "$WORK/build" "$WORK/run"
git ls-files -z | xargs -0 -I{} cp --parents {} "$WORK/build/"
if [ -n "${IMAGE_NODE_MODULES:-}" ]; then
  # the packages and .bin only: the tests running beside write their caches under node_modules (.vitest-cache,
  # .vite) meanwhile, and a file renamed while cp walks the tree fails it; npm's own record of the tree
  # (.package-lock.json) is rewritten in place, so a link to it would change the other checkout's
  mkdir "$WORK/build/node_modules"
  for f in "$IMAGE_NODE_MODULES"/* "$IMAGE_NODE_MODULES"/.bin; do cp -al "$f" "$WORK/build/node_modules/"; done
  (cd "$WORK/build" && npm run build >/dev/null)
else
  (cd "$WORK/build" && npm ci --no-audit --no-fund >/dev/null && npm run build >/dev/null)
fi
if [ -n "${IMAGE_APP_TO:-}" ]; then
  # under the lock the browser tests' build takes (scripts/buildIfStale.ts); the server bundle is not the app's.
  # As there, a lock still held after 5 minutes was left by a run that died: it is taken over, not waited for
  # forever; and this run lets go of it however it ends (the trap above).
  mkdir -p "$IMAGE_APP_TO/.tmp"
  waited=$SECONDS
  until mkdir "$IMAGE_APP_TO/.tmp/build.lock" 2>/dev/null; do
    if ((SECONDS - waited > 300)); then
      rm -rf "$IMAGE_APP_TO/.tmp/build.lock"
      waited=$SECONDS
    else
      sleep 0.5
    fi
  done
  LOCK="$IMAGE_APP_TO/.tmp/build.lock"
  if ! [ -e "$IMAGE_APP_TO/dist/index.html" ]; then
    rm -rf "$IMAGE_APP_TO/dist"
    cp -r "$WORK/build/dist" "$IMAGE_APP_TO/dist"
    rm -rf "$IMAGE_APP_TO/dist/server"
    echo "image stages: the browser app built here is the browser tests' too ($IMAGE_APP_TO/dist)"
  fi
  rmdir "$LOCK"
  LOCK=
fi

# run stage: production dependencies and the build only
cp package.json package-lock.json "$WORK/run/"
if [ -n "${IMAGE_NODE_MODULES:-}" ]; then
  # the tree `npm ci --omit=dev` makes from this lock is CI's own less its dev dependencies: linked as above (the
  # packages and .bin only, so npm writes its record of the tree here, never through a link into the checkout),
  # then pruned, and the scope folders left empty removed. Measured: 5.7 CPU-s against npm ci's 31.9, the same
  # 675 packages and .bin entries.
  mkdir "$WORK/run/node_modules"
  for f in "$IMAGE_NODE_MODULES"/* "$IMAGE_NODE_MODULES"/.bin; do cp -al "$f" "$WORK/run/node_modules/"; done
  (cd "$WORK/run" && npm prune --omit=dev --no-audit --no-fund >/dev/null)
  find "$WORK/run/node_modules" -mindepth 1 -maxdepth 1 -type d -empty -delete
else
  (cd "$WORK/run" && npm ci --omit=dev --no-audit --no-fund >/dev/null)
fi
cp -r "$WORK/build/dist" "$WORK/run/dist"
test ! -e "$WORK/run/node_modules/tsx" && test ! -e "$WORK/run/node_modules/vite" || { echo "dev dependencies in the run stage"; exit 1; }

DB="${DATABASE_URL%/*}/vf_image"
psql "$DATABASE_URL" -qc 'DROP DATABASE IF EXISTS vf_image WITH (FORCE)' -c 'CREATE DATABASE vf_image' >/dev/null
PORT=$((20000 + RANDOM % 20000))
# the run stage's ENV NODE_OPTIONS (node's options for the server) as the image sets it
export NODE_OPTIONS="$(sed -n 's/^ENV NODE_OPTIONS=//p' Dockerfile)"
(cd "$WORK/run" && NODE_ENV=production PORT=$PORT HOST=127.0.0.1 LOG=0 DATABASE_URL="$DB" SEED_DEMO=1 node dist/server/main.js migrate >/dev/null)
(cd "$WORK/run" && NODE_ENV=production PORT=$PORT HOST=127.0.0.1 LOG=0 DATABASE_URL="$DB" exec node dist/server/main.js) &
PID=$!
START=$(date +%s%N)
for _ in $(seq 1 300); do
  if PORT=$PORT node -e "fetch('http://127.0.0.1:'+process.env.PORT+'/api/health/ready').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"; then
    echo "image stages: built, production dependencies only, ready in $(( ($(date +%s%N) - START) / 1000000 )) ms"
    kill -TERM $PID; wait $PID; echo "exit code on SIGTERM: $?"
    psql "$DATABASE_URL" -qc 'DROP DATABASE IF EXISTS vf_image WITH (FORCE)' >/dev/null
    exit 0
  fi
  sleep 0.2
done
echo "the run stage never became ready"; exit 1
