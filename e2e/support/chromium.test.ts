import { describe, expect, it } from 'vitest';
import { type ChromiumLookup, debianChromium, findChromium } from './chromium';

/** A machine with these programs and this environment; the npm Chromium unpacks to /tmp/chromium. */
function machine(programs: string[], env: Record<string, string> = {}): ChromiumLookup & { unpacked: number } {
  const lookup = {
    env,
    unpacked: 0,
    isProgram: (file: string) => programs.includes(file),
    npmChromium: async () => {
      lookup.unpacked += 1;
      return '/tmp/chromium';
    },
  };
  return lookup;
}

describe('the Chromium the journeys drive', () => {
  it('is CHROMIUM_PATH when it is set, before Debian and npm', async () => {
    const lookup = machine(['/opt/chrome/chrome', debianChromium], { CHROMIUM_PATH: '/opt/chrome/chrome' });
    expect(await findChromium(lookup)).toEqual({ executablePath: '/opt/chrome/chrome', from: 'CHROMIUM_PATH' });
    expect(lookup.unpacked).toBe(0);
  });

  it('refuses a CHROMIUM_PATH that is not a program rather than quietly using another browser', async () => {
    await expect(findChromium(machine([debianChromium], { CHROMIUM_PATH: '/nowhere/chrome' }))).rejects.toThrow(
      'CHROMIUM_PATH is "/nowhere/chrome", which is not a program that runs.',
    );
  });

  it('is the headless shell shipped in @sparticuz/chromium, even where Debian has one', async () => {
    const lookup = machine([debianChromium]);
    expect(await findChromium(lookup)).toEqual({ executablePath: '/tmp/chromium', from: '@sparticuz/chromium' });
    expect(lookup.unpacked).toBe(1);
  });

  it("is Debian's package when the npm one cannot be unpacked", async () => {
    const lookup = machine([debianChromium]);
    lookup.npmChromium = async () => {
      throw new Error('no space left on device');
    };
    expect(await findChromium(lookup)).toEqual({ executablePath: debianChromium, from: 'Debian' });
  });

  it('says why when neither can be had', async () => {
    const lookup = machine([]);
    lookup.npmChromium = async () => {
      throw new Error('no space left on device');
    };
    await expect(findChromium(lookup)).rejects.toThrow('no space left on device');
  });
});
