# Upside production image (README "Production"). Two stages: the build stage installs every
# dependency and runs `npm run build`, then prunes to production dependencies; the runtime stage
# holds only Node.js (Debian's package), the PostgreSQL client tools for `upside backup`, the
# compiled app and its production node_modules, and runs as an unprivileged user.
#
# The base is Debian's own image. CI builds it from Debian packages (mmdebstrap + podman import,
# scripts/container-smoke.sh) and tags it with this name, so no registry is needed there.
ARG BASE_IMAGE=docker.io/library/debian:trixie-slim

FROM ${BASE_IMAGE} AS runtime-base
# trixie's nodejs is 20.19 (package.json engines: >=20.19); postgresql-client 17 dumps a
# PostgreSQL 16 server (pg_dump must be the server's version or newer).
RUN apt-get update \
 && apt-get install -y --no-install-recommends nodejs ca-certificates postgresql-client \
 && rm -rf /var/lib/apt/lists/*

FROM runtime-base AS build
# No compiler here: every native dependency ships a prebuilt binary for this platform (argon2id
# through @node-rs/argon2, decision 242; esbuild's own package), so npm compiles nothing.
# npm from its registry tarball (the registry the dependencies come from anyway): Debian's `npm`
# package pulls in some 400 node-* packages, minutes of work for one tool (decision 101).
ARG NPM_VERSION=11.19.1
# Behind a TLS-intercepting proxy, mount its CA bundle and name it here (scripts/container-smoke.sh).
ARG NODE_EXTRA_CA_CERTS
ARG NPM_CONFIG_CAFILE
WORKDIR /app
RUN node -e "fetch('https://registry.npmjs.org/npm/-/npm-' + process.env.NPM_VERSION + '.tgz').then(async (r) => { if (!r.ok) throw new Error('npm tarball: HTTP ' + r.status); require('node:fs').writeFileSync('/tmp/npm.tgz', Buffer.from(await r.arrayBuffer())); })" \
 && mkdir -p /opt/npm && tar -xzf /tmp/npm.tgz -C /opt/npm --strip-components=1 && rm /tmp/npm.tgz \
 && ln -s /opt/npm/bin/npm-cli.js /usr/local/bin/npm && ln -s /opt/npm/bin/npx-cli.js /usr/local/bin/npx
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY . .
# `npm run build`'s three steps, with the tracker written but its gzip budget not re-checked here
# (CI checks it, src/tracker/tracker.test.ts; under Debian's system zlib the tracker gzips to
# 2,044 bytes of its 2,048 since the build drops the "use strict" prologue, decision 101). Then one
# tree for the runtime stage: the compiled app and its production dependencies.
RUN npx vite build \
 && node --import tsx --input-type=module -e "await (await import('./src/tracker/build.ts')).writeTracker('dist/tracker.js')" \
 && node scripts/build-server.mjs \
 && npm prune --omit=dev --no-audit --no-fund \
 && mkdir /out && cp -a package.json package-lock.json bin dist node_modules /out/

FROM runtime-base
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=5000 \
    DATA_DIR=/var/lib/upside
RUN useradd --system --uid 10001 --user-group --home-dir /var/lib/upside --create-home --shell /usr/sbin/nologin upside
WORKDIR /app
COPY --from=build /out/ ./
USER upside
EXPOSE 5000
VOLUME ["/var/lib/upside"]
HEALTHCHECK --interval=30s --timeout=5s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||5000)+'/api/public/health').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
CMD ["node", "dist/cli/main.js", "start"]
