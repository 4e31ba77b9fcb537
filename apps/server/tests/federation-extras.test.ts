import { type Activity, Block, Follow, type Person, Undo } from '@fedify/vocab';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Peer } from './helpers/activitypub-peer';
import { eventually } from './helpers/eventually';
import { type FederatedTestApp, startFederatedTestApp } from './helpers/federated-test-app';
import type { TestApp, Person as TestPerson } from './helpers/test-app';

/**
 * Issue 49's loose ends a fediverse user expects, between a Spotter server on 127.0.0.2 and a
 * minimal ActivityPub server written with Fedify alone (helpers/activitypub-peer.ts) on 127.0.0.3:
 * a remote block kept as a block and its Undo, the "boosted your post" notification and its Undo,
 * and an erased person's actor answering 410 Gone.
 */
const spotterHost = '127.0.0.2';
let spotter: TestApp;
let federated: FederatedTestApp;
let origin: string;
let peer: Peer;
let alice: TestPerson;
let alicePerson: Person;
let peerId: string;

const peerContext = () => peer.federation.createContext(new URL(peer.origin), undefined);
const handle = (name: string) => `${name}@${new URL(peer.origin).host}`;
/** Sends an activity to alice's inbox, signed by the peer's actor `as`. */
const send = (activity: Activity, as = 'peer') => peerContext().sendActivity({ identifier: as }, alicePerson, activity);

async function queueIsEmpty(): Promise<boolean> {
  const row = await spotter.db.kysely
    .selectFrom('federation_messages')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n) === 0;
}
/** Waits until Spotter has handled every delivery it took (each is queued before it is handled). */
const settled = async () => expect(await eventually(queueIsEmpty, 15_000)).toBe(true);

const profileStatus = async (who: TestPerson, username: string) =>
  (await spotter.call('GET', `/api/users/profile/${encodeURIComponent(username)}`, { token: who.token })).statusCode;

beforeAll(async () => {
  federated = await startFederatedTestApp({ host: spotterHost, peerHost: '127.0.0.3' });
  ({ spotter, origin, peer } = federated);
  alice = { ...(await spotter.signup('alice')), username: 'alice' };
  alicePerson = (await peerContext().lookupObject(`${origin}/profilepage/alice`)) as Person;
  await send(
    new Follow({ id: new URL(`${peer.origin}/follows/1`), actor: peer.actorUri('peer'), object: alicePerson.id }),
  );
  if (!(await eventually(() => peer.accepts.length > 0, 15_000))) throw new Error('the follow was not accepted');
  const row = await spotter.db.kysely
    .selectFrom('users')
    .select('public_id')
    .where('actor_uri', '=', peer.actorUri('peer').href)
    .executeTakeFirstOrThrow();
  peerId = row.public_id;
}, 60_000);

afterAll(async () => {
  await federated?.close();
});

describe('a Block from a remote person, and its Undo', () => {
  /** The peer among alice's followers and among those she follows (0, 1 or 2 rows). */
  const follows = async () => {
    const followers = (await spotter.call('GET', '/api/users/alice/followers', { token: alice.token })).json().users;
    const following = (await spotter.call('GET', '/api/users/alice/following', { token: alice.token })).json().users;
    return [...followers, ...following].filter((u: { username: string }) => u.username === handle('peer')).length;
  };
  const blockOf = () =>
    new Block({ id: new URL(`${peer.origin}/blocks/1`), actor: peer.actorUri('peer'), object: alicePerson.id });
  const undoOf = (as: string) =>
    new Undo({ id: new URL(`${peer.origin}/undos/block-${as}`), actor: peer.actorUri(as), object: blockOf() });

  it('ends the follows both ways and holds as a block: no profile, no follow, not in her own block list', async () => {
    expect((await spotter.call('POST', `/api/users/follow/${peerId}`, { token: alice.token })).statusCode).toBe(200);
    expect(await follows()).toBe(2);
    await send(blockOf());
    expect(await eventually(async () => (await follows()) === 0, 15_000)).toBe(true);
    expect(await profileStatus(alice, handle('peer'))).toBe(404);
    const refollow = await spotter.call('POST', `/api/users/follow/${peerId}`, { token: alice.token });
    expect(refollow.statusCode).toBe(404);
    const blocks = (await spotter.call('GET', '/api/users/me/blocks', { token: alice.token })).json().users;
    expect(blocks).toEqual([]);
  }, 30_000);

  it("takes no Undo from someone else than the blocker, and the blocker's ends the block, not the follows", async () => {
    await send(undoOf('mallory'), 'mallory');
    await settled();
    expect(await profileStatus(alice, handle('peer'))).toBe(404);

    await send(undoOf('peer'));
    expect(await eventually(async () => (await profileStatus(alice, handle('peer'))) === 200, 15_000)).toBe(true);
    expect(await follows()).toBe(0);
    // She may follow them again; their server decides whether to accept.
    expect((await spotter.call('POST', `/api/users/follow/${peerId}`, { token: alice.token })).statusCode).toBe(200);
    expect(await follows()).toBe(1);
  }, 30_000);
});
