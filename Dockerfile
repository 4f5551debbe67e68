# One recipe for the gateway, every service and the one-shot migrate job.
#   docker build --build-arg APP=services/auth .          an app (default target)
#   docker build --target migrate .                       the migrate job (`scripts/migrate.mjs`)
# The `build` stage does not depend on APP: it installs and builds every backend workspace once and
# the layer cache shares it between all apps. Each image then receives only its app's runtime tree
# (`scripts/production-bundle.mjs`: its dist, the workspace packages' dist, its production
# dependencies; no sources, tests or dev tools) and runs as the non-root `node` user.
# Node 24 LTS in every image, while the machines and CI run Node 20 (engines: >=20, .nvmrc: 20): Node 20
# left upstream support on 2026-04-30 and a production image must get security fixes. See
# docs/development.md "Node versions".
FROM node:24.22.1-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json tsconfig.base.json ./
COPY packages/contracts/package.json packages/contracts/
COPY packages/service-kit/package.json packages/service-kit/
COPY packages/storage/package.json packages/storage/
COPY packages/design-engine/package.json packages/design-engine/
COPY services/auth/package.json services/auth/
COPY services/billing/package.json services/billing/
COPY services/notifications/package.json services/notifications/
COPY services/assets/package.json services/assets/
COPY services/generation/package.json services/generation/
COPY services/listings/package.json services/listings/
COPY services/publishing/package.json services/publishing/
COPY gateway/package.json gateway/
COPY frontend/package.json frontend/
# npm ci: exactly the lock file, or the build fails (never a resolution made at build time).
RUN npm ci --no-audit --no-fund
COPY packages packages
COPY services services
COPY gateway gateway
COPY scripts scripts
RUN npm run build -w packages/contracts -w packages/service-kit -w packages/storage -w packages/design-engine \
      -w services/auth -w services/billing -w services/notifications -w services/assets -w services/generation -w services/listings -w services/publishing -w gateway

FROM build AS app-bundle
ARG APP=gateway
RUN node scripts/production-bundle.mjs /bundle ${APP}

FROM build AS migrate-bundle
RUN node scripts/production-bundle.mjs /bundle services/auth services/billing services/notifications services/assets services/generation services/listings services/publishing \
 && mkdir -p /bundle/scripts && cp scripts/migrate.mjs scripts/backup.mjs /bundle/scripts/

# The migrate job: per-service roles, then each service's migrations as its role (see scripts/migrate.mjs).
# Compose production's bucket-backup runs this image too (scripts/backup.mjs create-storage).
FROM node:24.22.1-bookworm-slim AS migrate
ENV NODE_ENV=production
WORKDIR /app
COPY --from=migrate-bundle /bundle ./
USER node
CMD ["node", "scripts/migrate.mjs"]

# Files stay owned by root (read-only for the app); the process runs as `node`.
FROM node:24.22.1-bookworm-slim AS app
ARG APP=gateway
# glibc's malloc fragments under sharp's threads: fewer per-thread heaps, and a fixed 32 MB mmap
# threshold: a print-size buffer (~97 MB) goes back to the system when freed, while the ~18 MB bands
# sharp allocates and frees over and over come from the heap instead of being mapped and zeroed afresh
# each time (a job of 4 print designs peaks ~870 MB with the defaults, ~570 MB with these, and draws
# ~20% faster than with a 1 MB threshold: services/generation/bench/job-memory.mjs, click-to-designs.mjs).
ENV NODE_ENV=production \
    MALLOC_ARENA_MAX=2 \
    MALLOC_MMAP_THRESHOLD_=33554432 \
    APP_MAIN=/app/${APP}/dist/main.js \
    HEALTH_PORT=9100 \
    MIGRATE_ON_START=false
WORKDIR /app
# The assets service reads every design's text back for its quality verdict with Debian's tesseract
# (the engine's legibility script uses the same package); no other image needs it.
RUN if [ "$APP" = "services/assets" ]; then \
      apt-get update && apt-get install -y --no-install-recommends tesseract-ocr tesseract-ocr-eng \
      && rm -rf /var/lib/apt/lists/*; \
    fi
COPY --from=app-bundle /bundle ./
USER node
EXPOSE 9100
HEALTHCHECK --interval=10s --timeout=3s --start-period=20s --retries=5 \
  CMD node -e "fetch('http://127.0.0.1:'+process.env.HEALTH_PORT+'/health/ready').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"
CMD ["sh", "-c", "exec node \"$APP_MAIN\""]
