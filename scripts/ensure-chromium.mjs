// The end-to-end tests and the benchmark drive the system Chromium (Playwright's own
// browser download cannot work on these machines). When it is missing, install it from
// Debian's packages, so `npm test` does all of its own set-up on a fresh machine.
import { existsSync } from 'node:fs';
import { execFileSync } from 'node:child_process';

const path = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
if (existsSync(path)) process.exit(0);

const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
const sudo = isRoot ? [] : ['sudo'];
const run = (args) => {
  console.log(`$ ${[...sudo, ...args].join(' ')}`);
  execFileSync(sudo[0] ?? args[0], sudo.length ? args : args.slice(1), { stdio: 'inherit', env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } });
};
console.log(`${path} is missing: installing Chromium from Debian's packages`);
try {
  run(['apt-get', 'update']);
  run(['apt-get', 'install', '-y', 'chromium']);
} catch (e) {
  console.error(`Could not install Chromium (${e.message}). Install Debian's "chromium" package, or set CHROMIUM_PATH.`);
  process.exit(1);
}
if (!existsSync(path)) {
  console.error(`Chromium was installed but ${path} does not exist; set CHROMIUM_PATH.`);
  process.exit(1);
}
