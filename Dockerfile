# VendFleet, built once and run as many stateless replicas (see README, "Deploying").
# Stage 1 builds the browser app and the server bundle with every dependency; stage 2 carries only the
# build and the production dependencies, runs as a non-root user, and is probed by its readiness route.
# No Docker engine runs where this project is developed: CI runs the build stage's commands with
# scripts/docker-build-stage.sh, and tests/unit/deploy.test.ts keeps this file and compose.yaml in step.

# The Node version is pinned once, in .node-version (tests/unit/deploy.test.ts holds this default equal to it).
ARG NODE_VERSION=24.21.0

FROM node:${NODE_VERSION}-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build

FROM node:${NODE_VERSION}-bookworm-slim AS run
ENV NODE_ENV=production PORT=8080 HOST=0.0.0.0
# node's options for the server (scripts/node.mjs SERVER_NODE_OPTIONS; docs/operations.md, "Memory")
ENV NODE_OPTIONS=--max-semi-space-size=16
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --omit=dev --no-audit --no-fund && npm cache clean --force
COPY --from=build /app/dist ./dist
USER node
EXPOSE 8080
HEALTHCHECK --interval=10s --timeout=3s --start-period=30s --retries=3 \
  CMD node -e "fetch('http://127.0.0.1:'+(process.env.PORT||8080)+'/api/health/ready').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"
CMD ["node", "dist/server/main.js"]
