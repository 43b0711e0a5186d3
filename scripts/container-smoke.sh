#!/bin/sh
# Container smoke test (issue 38): builds the production image from the Dockerfile with Debian's
# podman, on a base image made from Debian packages (mmdebstrap + podman import, tagged as the
# Dockerfile's base, so no registry is needed), starts it against a PostgreSQL server and waits
# for /api/public/health and the image's HEALTHCHECK. Prints each phase's time.
#
#   sudo apt-get install podman buildah mmdebstrap runc
#   DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres scripts/container-smoke.sh
#
# Runs as root. Works inside a VM without cgroup v2 delegation or CAP_SYS_RESOURCE, with or without
# overlayfs: overlay storage where the kernel mounts it (else vfs), chroot isolation for the
# build's RUN steps, runc with cgroupfs for the container, no default ulimits, host networking. SMOKE_DIR (default /var/tmp/upside-container-smoke) keeps
# the storage and the base image between runs; SMOKE_KEEP=1 leaves the container running.
set -eu

ROOT=$(cd "$(dirname "$0")/.." && pwd)
DATABASE_URL=${DATABASE_URL:-postgres://postgres@127.0.0.1:5432/postgres}
SMOKE_DIR=${SMOKE_DIR:-/var/tmp/upside-container-smoke}
SMOKE_PORT=${SMOKE_PORT:-5090}
SUITE=${SMOKE_DEBIAN_SUITE:-trixie}
MIRROR=${SMOKE_DEBIAN_MIRROR:-http://deb.debian.org/debian}
BASE_TAG=docker.io/library/debian:${SUITE}-slim
IMAGE=localhost/upside:smoke
NAME=upside-smoke
DB=upside_container_smoke

mkdir -p "$SMOKE_DIR"
# Storage: the kernel's overlayfs where this kernel mounts it (layers are then never copied: the
# build took 104 s here against 847 s on vfs), else vfs. SMOKE_STORAGE_DRIVER forces one. Each
# driver keeps its own storage folder (podman refuses to switch drivers on one).
if [ -z "${SMOKE_STORAGE_DRIVER:-}" ]; then
  probe=$(mktemp -d)
  mkdir -p "$probe/l" "$probe/u" "$probe/w" "$probe/m"
  if mount -t overlay overlay -o "lowerdir=$probe/l,upperdir=$probe/u,workdir=$probe/w" "$probe/m" 2>/dev/null; then
    umount "$probe/m"
    SMOKE_STORAGE_DRIVER=overlay
  else
    SMOKE_STORAGE_DRIVER=vfs
  fi
  rm -rf "$probe"
fi
echo "container-smoke: storage driver $SMOKE_STORAGE_DRIVER"
printf '[containers]\ndefault_ulimits = []\n' >"$SMOKE_DIR/containers.conf"
export CONTAINERS_CONF="$SMOKE_DIR/containers.conf"
podman() {
  command podman --root "$SMOKE_DIR/storage-$SMOKE_STORAGE_DRIVER" --runroot "$SMOKE_DIR/run" \
    --storage-driver "$SMOKE_STORAGE_DRIVER" \
    --runtime runc --cgroup-manager cgroupfs "$@"
}
now() { date +%s; }
# Each phase's wall time and the CPU its commands used so far (user, system: `times` of this shell's
# reaped children, written to a file because a command substitution's subshell would read its own
# zeros; the container's processes run under conmon and are not counted), decision 231.
phase() {
  times >"$SMOKE_DIR/times"
  echo "container-smoke: $1 in $(($(now) - $2)) s (CPU so far: $(tail -n 1 "$SMOKE_DIR/times"))"
}
START=$(now)

# 1. The base image from Debian packages.
T=$(now)
if ! podman image exists "$BASE_TAG"; then
  # mmdebstrap, not debootstrap (decision 257): apt fetches and dpkg unpacks in one pass into a
  # tarball, with no package cache or lists left in it (as in Debian's slim image): ~21 CPU-s
  # against ~40, and a 124 MB base instead of 214.
  rm -f "$SMOKE_DIR/base.tar"
  mmdebstrap --variant=minbase "$SUITE" "$SMOKE_DIR/base.tar" "$MIRROR" >"$SMOKE_DIR/mmdebstrap.log" 2>&1 ||
    { tail -20 "$SMOKE_DIR/mmdebstrap.log"; exit 1; }
  podman import --quiet "$SMOKE_DIR/base.tar" "$BASE_TAG" >/dev/null
  rm -f "$SMOKE_DIR/base.tar"
fi
phase "base image $BASE_TAG" "$T"

# 2. The image, exactly as the Dockerfile says (docker format keeps the HEALTHCHECK).
T=$(now)
BUILD_START=$T
# Behind a TLS-intercepting proxy (SMOKE_CA_FILE, default: this host's CA bundle) npm in the build
# needs its CA: mounted read-only and named by build arguments, not copied into any layer.
CA_FILE=${SMOKE_CA_FILE:-/etc/ssl/certs/ca-certificates.crt}
set --
if [ -f "$CA_FILE" ]; then
  set -- -v "$CA_FILE:/run/build-ca.crt:ro" --build-arg NODE_EXTRA_CA_CERTS=/run/build-ca.crt \
    --build-arg NPM_CONFIG_CAFILE=/run/build-ca.crt
fi
# --layers=false: one commit per stage; on vfs every layer is a full copy of the tree.
podman build --isolation chroot --network host --format docker --layers=false --jobs=1 "$@" \
  --build-arg "BASE_IMAGE=$BASE_TAG" -t "$IMAGE" "$ROOT" >"$SMOKE_DIR/build.log" 2>&1 &&
  podman image exists "$IMAGE" || { tail -40 "$SMOKE_DIR/build.log"; exit 1; }
phase "image build" "$T"
podman image inspect "$IMAGE" --format 'container-smoke: image {{.Size}} bytes, user {{.Config.User}}'

# 3. Start it against PostgreSQL, production settings as in compose.yaml.
T=$(now)
SERVER_URL=${DATABASE_URL%/*}
psql "$DATABASE_URL" -qc "DROP DATABASE IF EXISTS $DB" -c "CREATE DATABASE $DB" >/dev/null
podman rm -f "$NAME" >/dev/null 2>&1 || true
cleanup() {
  if [ "${SMOKE_KEEP:-0}" != 1 ]; then
    podman rm -f "$NAME" >/dev/null 2>&1 || true
    psql "$DATABASE_URL" -qc "DROP DATABASE IF EXISTS $DB" >/dev/null 2>&1 || true
  fi
}
trap cleanup EXIT
podman run -d --name "$NAME" --network host \
  -e PORT="$SMOKE_PORT" \
  -e PUBLIC_URL="http://127.0.0.1:$SMOKE_PORT" \
  -e DATABASE_URL="$SERVER_URL/$DB" \
  -e SESSION_SECRET="container-smoke-session-secret-0123456789abcdef" \
  -e ENCRYPTION_KEY="$(head -c 32 /dev/urandom | base64)" \
  "$IMAGE" >/dev/null
i=0
until curl -fsS "http://127.0.0.1:$SMOKE_PORT/api/public/health" >"$SMOKE_DIR/health.json" 2>/dev/null; do
  i=$((i + 1))
  if [ "$i" -gt 120 ] || [ "$(podman inspect -f '{{.State.Running}}' "$NAME")" != true ]; then
    echo "container-smoke: the app did not become healthy; its log:"
    podman logs "$NAME" 2>&1 | tail -40
    exit 1
  fi
  sleep 1
done
phase "start to healthy" "$T"
echo "container-smoke: /api/public/health → $(cat "$SMOKE_DIR/health.json")"
podman healthcheck run "$NAME" && echo "container-smoke: HEALTHCHECK passes"
uid=$(podman exec "$NAME" id -u)
[ "$uid" != 0 ] || { echo "container-smoke: the app runs as root"; exit 1; }
echo "container-smoke: runs as uid $uid"
tables=$(psql "$SERVER_URL/$DB" -Atc "SELECT count(*) FROM information_schema.tables WHERE table_schema = 'public'")
[ "$tables" -gt 10 ] || { echo "container-smoke: migrations did not run ($tables tables)"; exit 1; }
echo "container-smoke: migrations created $tables tables"
podman exec "$NAME" node bin/upside.js backup --out /var/lib/upside/smoke.dump >/dev/null
echo "container-smoke: upside backup wrote $(podman exec "$NAME" stat -c %s /var/lib/upside/smoke.dump) bytes"

# 4. As the README's compose recipe goes on without OIDC_*: the first visitor creates the owner
# account with an e-mail and password, and is signed in (issue 38's "clone to signed in").
base="http://127.0.0.1:$SMOKE_PORT"
curl -fsS "$base/api/auth/methods" | grep -q '"setupNeeded":true' ||
  { echo "container-smoke: a fresh production install does not offer the owner's setup"; exit 1; }
curl -fsS -D "$SMOKE_DIR/setup.headers" -o /dev/null -H 'content-type: application/json' \
  -d '{"email":"owner@smoke.example","password":"container-smoke-owner-pass","name":"Smoke Owner"}' \
  "$base/api/auth/setup" || { echo "container-smoke: POST /api/auth/setup failed"; exit 1; }
cookie=$(sed -n 's/^[Ss]et-[Cc]ookie: \(upside_session=[^;]*\).*/\1/p' "$SMOKE_DIR/setup.headers" | head -n 1)
[ -n "$cookie" ] || { echo "container-smoke: the setup set no session cookie"; exit 1; }
curl -fsS -H "cookie: $cookie" "$base/api/auth/user" | grep -q 'owner@smoke.example' ||
  { echo "container-smoke: the owner's session does not sign in"; exit 1; }
echo "container-smoke: the owner account was created and is signed in"
phase "from the image build to signed in (the base image stands for a registry pull)" "$BUILD_START"
phase "total" "$START"
