// The Chromium-family browser the viewer's browser tests and benchmarks drive (through playwright-core,
// never a download): an explicit path from CHROME_PATH, PLAYWRIGHT_CHROMIUM_EXECUTABLE_PATH or
// CHROMIUM_PATH, else the first of these names on PATH: Debian's `chromium`, Ubuntu's
// `chromium-browser`, and Google Chrome (`google-chrome`, `google-chrome-stable`), which GitHub's ubuntu
// runners carry instead of chromium.
import { accessSync, constants, statSync } from 'node:fs';
import { delimiter, join } from 'node:path';

export const BROWSER_ENV = ['CHROME_PATH', 'PLAYWRIGHT_CHROMIUM_EXECUTABLE_PATH', 'CHROMIUM_PATH'];
export const BROWSER_NAMES = ['chromium', 'chromium-browser', 'google-chrome', 'google-chrome-stable'];

function executable(p) {
  try {
    accessSync(p, constants.X_OK);
    return statSync(p).isFile();
  } catch {
    return false;
  }
}

/** The first candidate that is an executable file, or null. `env` and `path` are for tests. */
export function browserPath(env = process.env) {
  for (const k of BROWSER_ENV) if (env[k] && executable(env[k])) return env[k];
  const dirs = (env.PATH ?? '').split(delimiter).filter(Boolean);
  for (const name of BROWSER_NAMES) for (const d of dirs) if (executable(join(d, name))) return join(d, name);
  return null;
}

/** What was looked for, for a skip message. */
export function browserSearched() {
  return `${BROWSER_ENV.map((k) => `$${k}`).join(', ')} or ${BROWSER_NAMES.join(', ')} on PATH`;
}

// `node scripts/find-browser.mjs`: prints the browser found, or says what was looked for (exit 1).
import { fileURLToPath } from 'node:url';
if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const found = browserPath();
  if (found) console.log(found);
  else {
    console.error(`no browser found (looked for ${browserSearched()})`);
    process.exitCode = 1;
  }
}
