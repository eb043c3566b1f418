# The app image: the API (Deno, from the npm package) serving the built PWA.
FROM node:20-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build && npm prune --omit=dev

FROM node:20-bookworm-slim
WORKDIR /app
ENV NODE_ENV=production PORT=8000
COPY --from=build /app/node_modules ./node_modules
COPY --from=build /app/dist ./dist
COPY --from=build /app/api ./api
COPY --from=build /app/deno.json /app/package.json ./
USER node
EXPOSE 8000
CMD ["node_modules/.bin/deno", "run", "-A", "api/main.ts"]
