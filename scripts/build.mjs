// `npm run build`: the web app and the server's start-up bundle, each only when a content hash of
// its inputs changed (build-cache.mjs). A deploy runs it before starting, so that a service whose
// install folder is read-only (docs/deploy.md) starts without writing there.
import { ensureServerBundle, ensureWebBuild } from './build-cache.mjs';

const say = (line) => console.log(line);
try {
  ensureWebBuild(say);
  await ensureServerBundle(say);
  say('The web app and the server are built.');
} catch (error) {
  console.error(`Build failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
}
