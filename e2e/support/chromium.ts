import fs from 'node:fs';

/**
 * Which Chromium the journeys and the benchmark drive, first found wins: `CHROMIUM_PATH`, the headless
 * shell shipped inside the npm package @sparticuz/chromium (a dev dependency: unpacked once into the
 * temp folder, nothing downloaded), else Debian's package (`/usr/bin/chromium`) when the npm one cannot
 * be unpacked. The headless shell first: the whole journey suite ran in much less time with it than
 * with Debian's full browser on the same machine (decision 044 has the measurement).
 */
export const debianChromium = '/usr/bin/chromium';

export type ChromiumSource = 'CHROMIUM_PATH' | 'Debian' | '@sparticuz/chromium';

export interface ChromiumLookup {
  env: Record<string, string | undefined>;
  isProgram(file: string): boolean;
  /** The npm package's Chromium, unpacked if it is not yet. */
  npmChromium(): Promise<string>;
}

export const machineLookup: ChromiumLookup = {
  env: process.env,
  isProgram(file) {
    try {
      fs.accessSync(file, fs.constants.X_OK);
      return fs.statSync(file).isFile();
    } catch {
      return false;
    }
  },
  async npmChromium() {
    const { default: chromium } = await import('@sparticuz/chromium');
    return chromium.executablePath();
  },
};

export async function findChromium(
  lookup: ChromiumLookup = machineLookup,
): Promise<{ executablePath: string; from: ChromiumSource }> {
  const chosen = lookup.env.CHROMIUM_PATH;
  if (chosen) {
    if (!lookup.isProgram(chosen)) throw new Error(`CHROMIUM_PATH is "${chosen}", which is not a program that runs.`);
    return { executablePath: chosen, from: 'CHROMIUM_PATH' };
  }
  try {
    return { executablePath: await lookup.npmChromium(), from: '@sparticuz/chromium' };
  } catch (error) {
    if (lookup.isProgram(debianChromium)) return { executablePath: debianChromium, from: 'Debian' };
    throw error;
  }
}

/** The flags a sandboxless, offline machine needs, whichever Chromium it is. */
export const chromiumArgs = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export async function chromiumLaunchOptions(lookup: ChromiumLookup = machineLookup) {
  const { executablePath, from } = await findChromium(lookup);
  return { executablePath, args: chromiumArgs, from };
}
