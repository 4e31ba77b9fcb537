import { Readable } from 'node:stream';
import { accountExport } from '@spotter/contract';
import type { FastifyBaseLogger } from 'fastify';
import yazl from 'yazl';
import type { AppContext } from '../../context';
import type { UserRow } from '../../db/schema';
import { toApiTimestamp } from '../../db/time';
import { routinesOfOwner, trainingSettingsOf, type WorkoutKeyset, workoutPage, workoutsCsvRows } from '../training';
import { accountEmailOf } from './queries/account-emails';
import {
  type ExportPage,
  exportedComments,
  exportedFollows,
  exportedMedia,
  exportedPosts,
  exportedReactions,
  type TimeKey,
} from './queries/account-export';
import { accountSettingsOf } from './queries/account-settings';

type Reader<T, C> = (after: C | undefined) => Promise<ExportPage<T, C>>;

/** The pages of one reader, from the first to the last. */
async function* pagesOf<T, C>(read: Reader<T, C>): AsyncGenerator<T[]> {
  let after: C | undefined;
  do {
    const page = await read(after);
    yield page.rows;
    after = page.next;
  } while (after !== undefined);
}

/** A JSON array written an item at a time, as text. */
async function* jsonArray<T>(pages: AsyncIterable<T[]>): AsyncGenerator<string> {
  let first = true;
  yield '[';
  for await (const rows of pages) {
    for (const row of rows) {
      yield `${first ? '\n' : ',\n'}  ${JSON.stringify(row)}`;
      first = false;
    }
  }
  yield first ? ']\n' : '\n]\n';
}

/** A JSON object whose members are arrays, each written as jsonArray writes it. */
async function* jsonObjectOfArrays(members: Record<string, () => AsyncIterable<unknown[]>>): AsyncGenerator<string> {
  const names = Object.keys(members);
  yield '{';
  for (const [i, name] of names.entries()) {
    yield `${i === 0 ? '\n' : ',\n'}"${name}": `;
    yield* jsonArray((members[name] as () => AsyncIterable<unknown[]>)());
  }
  yield '}\n';
}

/**
 * GET /api/users/me/export (issue 16): a ZIP of everything one person made, written while it is
 * sent. yazl takes entries in order and asks for each one's bytes only when the previous one is
 * written (addReadStreamLazy), each entry's bytes come from a reader that fetches one page of rows
 * when the ZIP wants more (backpressure), and each upload is read from the media store when its turn
 * comes: memory stays flat whatever the size of the account. A failure half-way destroys the answer
 * (the client sees a broken download, never a ZIP that looks whole).
 */
export function accountArchive(ctx: Pick<AppContext, 'db' | 'mediaStore'>, user: UserRow, log: FastifyBaseLogger) {
  const { db } = ctx;
  const zip = new yazl.ZipFile();
  const output = zip.outputStream as Readable;
  const mtime = new Date();
  const fail = (error: unknown) => {
    log.error({ err: error }, 'account export failed half-way');
    output.destroy(error instanceof Error ? error : new Error(String(error)));
  };
  const add = (name: string, source: () => AsyncIterable<string | Buffer> | Readable, compress = true) =>
    zip.addReadStreamLazy(name, { mtime, compress }, (done) => {
      const made = source();
      const stream = made instanceof Readable ? made : Readable.from(made, { objectMode: false });
      stream.on('error', fail);
      done(null, stream);
    });

  add('profile.json', async function* () {
    const profile = {
      _id: user.public_id,
      username: user.username,
      firstname: user.firstname,
      lastname: user.lastname,
      bio: user.bio,
      website: user.website,
      avatarUrl: user.avatar_url,
      createdAt: toApiTimestamp(user.created_at),
      updatedAt: toApiTimestamp(user.updated_at),
      email: await accountEmailOf(db, user.id),
      settings: await accountSettingsOf(db, user.id),
      trainingSettings: await trainingSettingsOf(db, user.id),
      exportedAt: mtime.toISOString(),
    };
    yield `${JSON.stringify(profile, null, 2)}\n`;
  });
  add('posts.json', () => jsonArray(pagesOf((after: number | undefined) => exportedPosts(db, user.id, after ?? 0))));
  add('comments.json', () =>
    jsonArray(pagesOf((after: number | undefined) => exportedComments(db, user.id, after ?? 0))),
  );
  const workoutPages = () =>
    pagesOf((after: WorkoutKeyset | undefined) => workoutPage(db, user.id, 100, after).then(toExportPage));
  add('workouts.json', () => jsonArray(workoutPages()));
  add('workouts.csv', async function* () {
    let header = true;
    for await (const workouts of workoutPages()) {
      yield workoutsCsvRows(workouts, header);
      header = false;
    }
    if (header) yield workoutsCsvRows([], true);
  });
  // At most 100 routines a person (trainingLimits.routinesPerPerson): one page.
  add('routines.json', () =>
    jsonArray(
      (async function* () {
        yield await routinesOfOwner(db, user.id);
      })(),
    ),
  );
  add('likes.json', () =>
    jsonArray(pagesOf((after: TimeKey | undefined) => exportedReactions(db, 'likes', user.id, after))),
  );
  add('bookmarks.json', () =>
    jsonArray(pagesOf((after: TimeKey | undefined) => exportedReactions(db, 'bookmarks', user.id, after))),
  );
  add('follows.json', () =>
    jsonObjectOfArrays({
      following: () => pagesOf((after: TimeKey | undefined) => exportedFollows(db, 'following', user.id, after)),
      followers: () => pagesOf((after: TimeKey | undefined) => exportedFollows(db, 'followers', user.id, after)),
    }),
  );
  add('media.json', () => jsonArray(pagesOf((after: number | undefined) => exportedMedia(db, user.id, after ?? 0))));

  // The files themselves, stored as they are (photos and videos are compressed already).
  const addFiles = async () => {
    for await (const media of pagesOf((after: number | undefined) => exportedMedia(db, user.id, after ?? 0))) {
      for (const { file } of media) {
        add(`${accountExport.mediaFolder}${file}`, () => lazyFile(ctx.mediaStore, file, log), false);
      }
    }
  };
  addFiles().then(() => zip.end(), fail);
  return output;
}

/** workoutPage's answer as a reader's page. */
function toExportPage<T, C>(page: { workouts: T[]; next: C | undefined }): ExportPage<T, C> {
  return { rows: page.workouts, next: page.next };
}

/** A stored file's bytes; an empty entry if the file has gone missing from the store (logged). */
function lazyFile(store: AppContext['mediaStore'], key: string, log: FastifyBaseLogger): AsyncIterable<Buffer> {
  return (async function* () {
    const stream = await store.read(key);
    if (!stream) {
      log.warn({ key }, 'account export: a media file is missing from the store');
      return;
    }
    for await (const chunk of stream) yield chunk as Buffer;
  })();
}
