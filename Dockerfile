# One image recipe for the gateway and every service: `docker build --build-arg APP=services/auth .`
# Stage 1 installs the whole workspace and builds the shared packages plus the chosen app;
# stage 2 keeps production dependencies and that app only, and runs it as the non-root `node` user.
FROM node:20-bookworm-slim AS build
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
COPY gateway/package.json gateway/
COPY frontend/package.json frontend/
# npm install (pinned by the lock file): the registry mirror here lacks other platforms' optional
# binaries, which makes `npm ci` refuse a lock file that npm itself wrote.
RUN npm install --no-audit --no-fund
COPY packages packages
COPY services services
COPY gateway gateway
ARG APP=gateway
RUN npm run build -w packages/contracts -w packages/service-kit -w packages/storage -w packages/design-engine -w ${APP} \
 && npm prune --omit=dev --no-audit --no-fund

FROM node:20-bookworm-slim
ARG APP=gateway
ENV NODE_ENV=production \
    APP_MAIN=/app/${APP}/dist/main.js \
    HEALTH_PORT=9100
WORKDIR /app
COPY --from=build --chown=node:node /app/package.json ./
COPY --from=build --chown=node:node /app/node_modules node_modules
COPY --from=build --chown=node:node /app/packages packages
COPY --from=build --chown=node:node /app/${APP}/package.json ${APP}/package.json
COPY --from=build --chown=node:node /app/${APP}/dist ${APP}/dist
USER node
EXPOSE 9100
HEALTHCHECK --interval=10s --timeout=3s --retries=5 \
  CMD node -e "fetch('http://127.0.0.1:'+process.env.HEALTH_PORT+'/health').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"
CMD ["sh", "-c", "exec node \"$APP_MAIN\""]
