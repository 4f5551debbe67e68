# One command per task; see README.md and docs/development.md.
.PHONY: dev test test-unit test-jest build typecheck lint format supply-chain migrate bench up up-prod down compose-check k8s-check observability-check image-sizes backup restore examples

dev:            ## the whole system natively on http://localhost:8080
	node scripts/dev.mjs

test:           ## every check: install, infrastructure, build; Jest with, beside it, Vitest, then one at a time test type-check, lint, format, supply chain, bundle budget, compose, Kubernetes, monitoring, runtime trees; browser tests (both scripts at once)
	node scripts/test.mjs

test-unit:      ## only the unit tests (Jest src/**/*.spec.ts, the frontend's Vitest tests beside them): no PostgreSQL, NATS or build
	node scripts/test.mjs --unit

test-jest:      ## only the Jest suites, no build (fast loop); FILES=<path pattern> runs only the matching files
	node scripts/test.mjs --only-jest --skip-build $(if $(FILES),--files='$(FILES)')

build:          ## one incremental tsc -b over every back-end workspace (tsconfig.json), vite for the SPA
	npm run build

typecheck: build ## the build's tsc -b, then every test file against its projects (npm run typecheck:tests)
	npm run typecheck:tests

lint:           ## ESLint over the monorepo (TypeScript, React hooks, the SPA's import boundaries)
	npm run lint

format:         ## Prettier over the repo (format:check only checks)
	npm run format

supply-chain:   ## licences of shipped packages on the allowlist, no high/critical npm audit findings
	node scripts/check-supply-chain.mjs

migrate:        ## per-service roles + every service's migrations (as its role) against DATABASE_URL, then the JetStream streams (NATS_URL, as the NATS user migrate where the server asks for users); natively services also migrate their schema on start
	npm run build && node scripts/migrate.mjs

bench:          ## benchmarks kept in the repo (not timed tests)
	node scripts/bench-startup.mjs
	npm run bench --workspaces --if-present

examples:       ## re-render the /examples gallery images with the local design engine
	npm run build -w packages/contracts && npm run examples -w packages/design-engine

up:             ## development mode in containers (needs a Docker engine): MinIO, Mailpit, no settings
	docker compose up --build

up-prod:        ## production mode in containers: every secret from .env (see .env.production.example)
	docker compose -f docker-compose.yml -f docker-compose.prod.yml up --build -d

down:
	docker compose down

compose-check:  ## validate both compose modes offline
	bash scripts/check-compose.sh

observability-check: ## promtool on the Prometheus config and alert rules (with their unit tests), the Grafana dashboard
	node scripts/check-observability.mjs

k8s-check:      ## render the Kubernetes overlays and validate every object
	node scripts/check-k8s.mjs

backup:         ## PostgreSQL dump + storage mirror into .data/backups/<time> (or DIR=...)
	node scripts/backup.mjs create $(DIR)

restore:        ## restore DIR into a NEW database (DATABASE_URL) and STORAGE_DIR / bucket, then compare counts
	node scripts/backup.mjs restore $(DIR)

image-sizes:    ## each backend app's production node_modules size (what its image carries)
	node scripts/production-bundle.mjs --sizes
