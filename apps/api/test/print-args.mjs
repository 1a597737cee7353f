#!/usr/bin/env node
// Stands in for Chromium in chromium-merged.test.ts (the journeys' launch, apps/web/e2e/chromium-merged.sh):
// prints the arguments it was started with, as JSON.
process.stdout.write(JSON.stringify(process.argv.slice(2)));
