# The site's production image. It runs exactly what the test suite runs: scripts/start.mjs, `npm start`'s command (the
# environment checked, pending migrations applied, then the site's server, src/server/main.ts, with Next.js inside;
# all three compiled by `npm run build`).
# Next's standalone output is not used: its server.js would replace that server (the routing) and skip the start-up
# (migrations through Payload's CLI, the environment check) that the tests prove.
FROM node:22-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm install --no-audit --no-fund
COPY . .
RUN npm run build && npm prune --omit=dev --no-audit --no-fund

FROM node:22-bookworm-slim
ENV NODE_ENV=production NEXT_TELEMETRY_DISABLED=1 PORT=3000
WORKDIR /app
# A VPN client for the connection check of free keys (LIVENESS_* in .env.example).
RUN apt-get update && apt-get install -y --no-install-recommends v2ray && rm -rf /var/lib/apt/lists/*
RUN groupadd --system app && useradd --system --gid app --home-dir /app app
COPY --from=build --chown=app:app /app /app
USER app
EXPOSE 3000
# What `npm start` runs, as the container's first process: it takes `docker stop`'s SIGTERM itself, stops the site's
# server within its grace and exits 0 (npm would exit at once on the signal and the container with it).
CMD ["node", "scripts/start.mjs"]
