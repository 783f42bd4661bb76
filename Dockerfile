# The app and the worker share this image; docker-compose.yml runs it three ways (migrate, app, worker).
# Node 22 LTS (maintained to 2027-04); the code still runs on 20.19+, see package.json engines.
FROM node:22-bookworm-slim

# System Chromium renders the cards to PDF; without the CJK fonts their Chinese prints as boxes.
# poppler-utils: the scan worker reads uploaded PDFs with pdfinfo/pdfimages/pdftoppm (src/scan/pdf-pages.ts).
RUN apt-get update \
 && apt-get install -y --no-install-recommends chromium fonts-noto-cjk poppler-utils ca-certificates \
 && rm -rf /var/lib/apt/lists/*

WORKDIR /app
ENV CHROMIUM_PATH=/usr/bin/chromium \
    STORAGE_DIR=/app/var/storage \
    HOST=0.0.0.0 \
    PORT=3000

# Dependencies first, so a source change does not reinstall them.
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund

COPY . .
RUN npx vite build \
 && npm run build:bundles \
 && mkdir -p /app/var/storage \
 && chown -R node:node /app/var

USER node
EXPOSE 3000
# node on the server bundle (npm run build:bundles), not tsx: no compiler in the serving process.
CMD ["node", "dist/server/main.mjs"]
