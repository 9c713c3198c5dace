/**
 * How the tests and the benchmark launch Chromium: Debian's system browser (Playwright's
 * own download cannot work on these machines) with the flags measured in
 * docs/architecture.md, Platform facts — without the background-networking ones, Chromium's
 * connections are refused by the closed network, many at a time.
 */
export const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export const chromiumArgs = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
