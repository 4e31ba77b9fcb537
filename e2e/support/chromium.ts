/**
 * How Spotter drives Debian's Chromium, in the journeys and in the benchmark: the system binary
 * (nothing downloaded at install) with the flags a sandboxless, offline machine needs.
 */
export const chromiumLaunchOptions = {
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ],
};
