/**
 * What a signed-in request pays for its identity (issue 13 item 4, issue 17 sessions): the token's
 * signature check, missed and hit in the verified-token cache, and a whole small signed-in call with
 * a session token (session joined to its user in one read) beside a token without a session (the
 * user read alone). In process, CPU time per call. `npx tsx bench/probes/identity-cost.ts [postgres]` (on
 * PostgreSQL it makes its own database in BENCH_POSTGRES_URL and drops it); the figures are in
 * docs/decisions/016-sessions-and-token-cache.md.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { SignJWT } from 'jose';
import pg from 'pg';
import { buildApp } from '../../apps/server/src/app';
import { createTokens } from '../../apps/server/src/auth/tokens';
import { envToConfig } from '../../apps/server/src/config';
import { openDatabase } from '../../apps/server/src/db/database';

const cpuMicros = async (n: number, work: (i: number) => Promise<unknown>) => {
  const start = process.cpuUsage();
  for (let i = 0; i < n; i++) await work(i);
  const used = process.cpuUsage(start);
  return (used.user + used.system) / n;
};

const secretText = 'identity-cost-secret-of-forty-characters';
const secret = new TextEncoder().encode(secretText);

const signer = createTokens(secret, 3600);
const many: string[] = [];
for (let i = 0; i < 20_000; i++) many.push(await signer.sign({ _id: `u${i}`, username: 'u', ver: 0, sid: `s${i}` }));
const verifier = createTokens(secret, 3600);
const miss = await cpuMicros(many.length, (i) => verifier.verify(many[i] ?? ''));
const hot = many.slice(0, 5_000);
for (const token of hot) await verifier.verify(token);
const hit = await cpuMicros(hot.length * 4, (i) => verifier.verify(hot[i % hot.length] ?? ''));
console.log(`token verify, cache miss: ${miss.toFixed(1)} us CPU; cache hit: ${hit.toFixed(1)} us CPU`);

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'spotter-identity-'));
const env = envToConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', JWT_SECRET: secretText, RATE_LIMITS: 'false' });
const admin = process.env.BENCH_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const dbName = `spotter_identity_${process.pid}`;
const onPostgres = process.argv[2] === 'postgres';
const adminQuery = async (text: string) => {
  const client = new pg.Client({ connectionString: admin });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
};
let config = env;
if (onPostgres) {
  await adminQuery(`create database ${dbName}`);
  const url = new URL(admin);
  url.pathname = `/${dbName}`;
  config = { ...env, database: { kind: 'postgres' as const, url: url.toString() } };
}
const db = openDatabase(config.database);
const app = await buildApp(config, { db });
const login = await app.inject({
  method: 'POST',
  url: '/api/auth/login',
  payload: { username: 'guest', password: 'spotme-guest-2026' },
});
const session: string = login.json().encodedToken;
const legacy = await new SignJWT({ _id: login.json().foundUser._id, username: 'guest', ver: 0 })
  .setProtectedHeader({ alg: 'HS256' })
  .setExpirationTime('1h')
  .sign(secret);
const call = async (token: string) => {
  const res = await app.inject({ method: 'GET', url: '/api/users/bookmark', headers: { authorization: token } });
  if (res.statusCode !== 200) throw new Error(res.body);
};
for (let round = 0; round < 2; round++) {
  for (const [name, token] of [
    ['without a session (users row)', legacy],
    ['with a session (sessions join users)', session],
  ] as const) {
    await cpuMicros(300, () => call(token));
    console.log(`GET /api/users/bookmark ${name}: ${(await cpuMicros(3_000, () => call(token))).toFixed(0)} us CPU`);
  }
}
await app.close();
await db.close();
if (onPostgres) await adminQuery(`drop database ${dbName}`);
fs.rmSync(dataDir, { recursive: true, force: true });
