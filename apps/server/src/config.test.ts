import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { envToConfig, envVariableSchema, envVariables, readEnv } from './config';

/** The rows of the README's "Configuration" table: variables (one or more) and their defaults. */
function readmeConfigurationRows() {
  const readme = fs.readFileSync(new URL('../../../README.md', import.meta.url), 'utf8');
  const section = readme.split('\n## Configuration\n')[1]?.split('\n## ')[0] ?? '';
  return section
    .split('\n')
    .filter((line) => line.startsWith('| `'))
    .map((line) => {
      const [names = '', defaults = ''] = line.split('|').slice(1, 3);
      const quoted = (cell: string) => [...cell.matchAll(/`([^`]*)`/g)].map((m) => m[1] ?? '');
      return { names: quoted(names), defaults: defaults.trim().startsWith('(') ? [] : quoted(defaults) };
    });
}

describe("the README's configuration table", () => {
  const rows = readmeConfigurationRows();

  it('lists every variable the server reads, and no other', () => {
    expect(rows.flatMap((row) => row.names).sort()).toEqual([...envVariables].sort());
  });

  it('gives each default as the server applies it', () => {
    for (const { names, defaults } of rows) {
      for (const [i, name] of names.entries()) {
        const schema = envVariableSchema(name as (typeof envVariables)[number]);
        const documented = defaults[i];
        if (documented === undefined) {
          // "(unset: ...)" or "(required ...)": the server starts without it.
          expect(schema.safeParse(undefined).success, name).toBe(true);
        } else if (name === 'WEB_DIST') {
          // Resolved outside the schema: the build folder of this checkout.
          const checkout = new URL('../../..', import.meta.url).pathname;
          expect(envToConfig({}).webDist).toBe(path.resolve(checkout, documented));
        } else {
          expect(schema.parse(undefined), name).toEqual(schema.parse(documented));
        }
      }
    }
  });

  it('is what readEnv picks from the environment, empty values counting as unset', () => {
    const env = Object.fromEntries(envVariables.map((name) => [name, 'x']));
    expect(Object.keys(readEnv({ ...env, PATH: '/bin', PORT: '' })).sort()).toEqual(
      envVariables.filter((name) => name !== 'PORT').sort(),
    );
  });
});

describe('FEDERATION (issue 49)', () => {
  it('is on by default only when PUBLIC_URL is https, and false turns it off', () => {
    expect(envToConfig({ PUBLIC_URL: 'https://gym.example.com/' }).federation).toEqual({
      origin: 'https://gym.example.com',
      allowPrivateAddresses: false,
      inboxLimitPerHostPerMinute: 3000,
      deliverySpacingMs: 100,
      retryFirstDelayMs: 60_000,
      authorizedFetch: false,
    });
    expect(envToConfig({ PUBLIC_URL: 'http://gym.example.com' }).federation).toBeUndefined();
    expect(envToConfig({}).federation).toBeUndefined();
    expect(envToConfig({ PUBLIC_URL: 'https://gym.example.com', FEDERATION: 'false' }).federation).toBeUndefined();
    expect(
      envToConfig({
        PUBLIC_URL: 'http://127.0.0.2:3000',
        FEDERATION: 'true',
        FEDERATION_ALLOW_PRIVATE_ADDRESSES: 'true',
      }).federation,
    ).toEqual(expect.objectContaining({ origin: 'http://127.0.0.2:3000', allowPrivateAddresses: true }));
  });

  it('limits each remote host and sets the first retry (decision 096): FEDERATION_INBOX_LIMIT_PER_MINUTE, FEDERATION_DELIVERY_SPACING_MS, FEDERATION_RETRY_FIRST_DELAY_MS', () => {
    const env = { PUBLIC_URL: 'https://gym.example.com' };
    const limits = envToConfig({
      ...env,
      FEDERATION_INBOX_LIMIT_PER_MINUTE: '0',
      FEDERATION_DELIVERY_SPACING_MS: '250',
      FEDERATION_RETRY_FIRST_DELAY_MS: '1000',
    }).federation;
    expect(limits).toEqual(
      expect.objectContaining({ inboxLimitPerHostPerMinute: 0, deliverySpacingMs: 250, retryFirstDelayMs: 1000 }),
    );
    expect(() => envToConfig({ ...env, FEDERATION_INBOX_LIMIT_PER_MINUTE: '-1' })).toThrow(/FEDERATION_INBOX_LIMIT/);
    expect(() => envToConfig({ ...env, FEDERATION_RETRY_FIRST_DELAY_MS: '0' })).toThrow(/FEDERATION_RETRY_FIRST/);
  });

  it('asks for signed GETs only with FEDERATION_AUTHORIZED_FETCH=true', () => {
    const env = { PUBLIC_URL: 'https://gym.example.com' };
    expect(envToConfig({ ...env, FEDERATION_AUTHORIZED_FETCH: 'true' }).federation?.authorizedFetch).toBe(true);
    expect(envToConfig({ ...env, FEDERATION_AUTHORIZED_FETCH: 'false' }).federation?.authorizedFetch).toBe(false);
  });

  it('refuses FEDERATION=true without PUBLIC_URL, which names every actor', () => {
    expect(() => envToConfig({ FEDERATION: 'true' })).toThrow(/PUBLIC_URL: is required when FEDERATION=true/);
  });
});
