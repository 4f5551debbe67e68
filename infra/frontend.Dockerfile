# The SPA, built with Vite and served by nginx (non-root, port 8080), proxying /api to the gateway.
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
COPY packages/contracts packages/contracts
COPY frontend frontend
RUN npm run build -w frontend

FROM nginxinc/nginx-unprivileged:1.30.3-alpine
# The image's entrypoint fills NGINX_LOCAL_RESOLVERS from /etc/resolv.conf and renders the template
# into conf.d; GATEWAY_UPSTREAM must be a full name under Kubernetes (nginx ignores search domains).
ENV NGINX_ENTRYPOINT_LOCAL_RESOLVERS=1 \
    GATEWAY_UPSTREAM=http://gateway:3000
COPY infra/nginx/default.conf /etc/nginx/templates/default.conf.template
COPY --from=build /app/frontend/dist /usr/share/nginx/html
COPY infra/nginx/security-headers.conf /etc/nginx/security-headers.conf
EXPOSE 8080
