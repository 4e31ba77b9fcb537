import { type RouteName, routes } from '@spotter/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runAdminCommand } from '../src/admin-cli';
import { totpCode } from '../src/modules/accounts/totp';
import { importCsv, previewCsv } from './helpers/import-csv';
import { png } from './helpers/media-files';
import { seedPost, seedUser } from './helpers/seed-data';
import { linkIn, type SmtpInbox, startSmtpInbox, tokenOf } from './helpers/smtp-inbox';
import { type CallOptions, useTestApp } from './helpers/test-app';
import { upload } from './helpers/upload';

// Email on (issue 45), so that its calls answer their success too.
let inbox: SmtpInbox;
beforeAll(async () => {
  inbox = await startSmtpInbox();
});
afterAll(() => inbox.close());
const t = useTestApp(() => ({
  publicOrigin: 'https://spotter.example',
  mail: { smtpUrl: inbox.url, from: 'Spotter <no-reply@spotter.example>' },
}));

const password = 'walk-every-endpoint-pw';
const newPassword = 'walk-every-endpoint-pw-2';

interface Step {
  url: string;
  options?: CallOptions;
}

describe('no answer ever carries a password or a hash of one', () => {
  it('walks every endpoint of the contract, with and without Prefer: return=minimal', async () => {
    const me = await t().signup('walker', password);
    // An admin, so that the moderation calls answer their success (issue 16).
    await runAdminCommand(t().db, t().config, ['grant', 'walker']);
    // Deleting an account ends the walk of whoever does it: a second person does it.
    const leaver = await t().signup('walker_leaves', password);
    let token = me.token;
    const post = seedPost('maya-pr').id;
    // An OAuth app (issue 50), whose consent step is two calls of the table.
    const oauthApp = (
      await t().call('POST', '/api/v1/apps', {
        body: { client_name: 'Walker', redirect_uris: 'urn:ietf:wg:oauth:2.0:oob', scopes: 'read' },
      })
    ).json().client_id as string;
    const consent = { client_id: oauthApp, redirect_uri: 'urn:ietf:wg:oauth:2.0:oob', scope: 'read' };
    const maya = seedUser('maya');
    let ownPost = '';
    let todo = '';
    let ownWorkout = '';
    let ownRoutine = '';
    let workoutPost = '';
    let otherSession = '';
    let comment = '';
    let removedComment = '';
    let exported = '';
    let reportId = '';
    let resetToken = '';
    let twoFactorSecret = '';
    let recoveryCode = '';
    let emailToken = '';
    const tom = seedUser('tom');
    const workoutBody = {
      workout: {
        title: 'Walk',
        startedAt: '2026-11-23T07:00:00Z',
        exercises: [{ exerciseId: 'walking', sets: [{ distanceM: 3000 }] }],
      },
    };

    const steps: Record<RouteName, () => Step> = {
      login: () => ({ url: '/api/auth/login', options: { body: { username: 'walker', password } } }),
      signup: () => ({
        url: '/api/auth/signup',
        options: { body: { firstname: 'W', lastname: 'K', username: 'walker_two', password } },
      }),
      listUsers: () => ({ url: '/api/users' }),
      getUser: () => ({ url: `/api/users/${me.userId}` }),
      getBookmarks: () => ({ url: '/api/users/bookmark', options: { token } }),
      bookmarkPost: () => ({ url: `/api/users/bookmark/${post}`, options: { token } }),
      removeBookmark: () => ({ url: `/api/users/remove-bookmark/${post}`, options: { token } }),
      followUser: () => ({ url: `/api/users/follow/${maya.id}`, options: { token } }),
      unfollowUser: () => ({ url: `/api/users/unfollow/${maya.id}`, options: { token } }),
      editProfile: () => ({ url: '/api/users/edit', options: { token, body: { userData: { bio: 'walking' } } } }),
      changePassword: () => ({
        url: '/api/users/password',
        options: { token, body: { currentPassword: password, newPassword } },
      }),
      listPosts: () => ({ url: '/api/posts' }),
      getPost: () => ({ url: `/api/posts/${post}` }),
      postsByUser: () => ({ url: '/api/posts/user/maya_lifts' }),
      createPost: () => ({ url: '/api/posts', options: { token, body: { postData: { content: 'walking' } } } }),
      editPost: () => ({
        url: `/api/posts/edit/${ownPost}`,
        options: { token, body: { postData: { content: 'ran' } } },
      }),
      deletePost: () => ({ url: `/api/posts/${ownPost}`, options: { token } }),
      likePost: () => ({ url: `/api/posts/like/${post}`, options: { token } }),
      dislikePost: () => ({ url: `/api/posts/dislike/${post}`, options: { token } }),
      feed: () => ({ url: '/api/feed?limit=5', options: { token } }),
      likedPosts: () => ({ url: '/api/users/me/liked', options: { token } }),
      bookmarkedPosts: () => ({ url: '/api/users/me/bookmarked', options: { token } }),
      postCard: () => ({ url: `/api/posts/${post}/card`, options: { token } }),
      me: () => ({ url: '/api/users/me', options: { token } }),
      profile: () => ({ url: '/api/users/profile/walker', options: { token } }),
      searchUsers: () => ({ url: '/api/users/search?q=walk' }),
      lookupUser: () => ({ url: '/api/users/lookup?acct=@maya_lifts@spotter.example', options: { token } }),
      suggestions: () => ({ url: '/api/users/suggestions', options: { token } }),
      uploadMedia: () => ({ url: '/api/media', options: { token } }),
      mediaLimits: () => ({ url: '/api/media/limits' }),
      guestAccount: () => ({ url: '/api/auth/guest' }),
      listExercises: () => ({ url: '/api/exercises?q=walk', options: { token } }),
      createExercise: () => ({
        url: '/api/exercises',
        options: {
          token,
          body: {
            exercise: { name: 'Walker Lunge', category: 'strength', measure: 'reps', primaryMuscles: ['glutes'] },
          },
        },
      }),
      createWorkout: () => ({ url: '/api/workouts', options: { token, body: workoutBody } }),
      getWorkout: () => ({ url: `/api/workouts/${ownWorkout}` }),
      editWorkout: () => ({ url: `/api/workouts/edit/${ownWorkout}`, options: { token, body: workoutBody } }),
      userWorkouts: () => ({ url: '/api/users/walker/workouts', options: { token } }),
      lastOfExercise: () => ({ url: '/api/exercises/walking/last', options: { token } }),
      createRoutine: () => ({ url: '/api/routines', options: { token, body: { routine: workoutBody.workout } } }),
      listRoutines: () => ({ url: '/api/routines', options: { token } }),
      getRoutine: () => ({ url: `/api/routines/${ownRoutine}?with=last`, options: { token } }),
      editRoutine: () => ({
        url: `/api/routines/edit/${ownRoutine}`,
        options: { token, body: { routine: workoutBody.workout } },
      }),
      routineFromWorkout: () => ({ url: `/api/routines/from-workout/${ownWorkout}`, options: { token } }),
      workoutFromPost: () => ({ url: `/api/workouts/from-post/${workoutPost}`, options: { token } }),
      routineFromPost: () => ({ url: `/api/routines/from-post/${workoutPost}`, options: { token } }),
      deleteRoutine: () => ({ url: `/api/routines/${ownRoutine}`, options: { token } }),
      exportWorkouts: () => ({ url: '/api/users/me/workouts.csv', options: { token } }),
      importWorkouts: () => ({ url: '/api/workouts/import', options: { token } }),
      previewImport: () => ({ url: '/api/workouts/import/preview', options: { token } }),
      deleteWorkout: () => ({ url: `/api/workouts/${ownWorkout}`, options: { token } }),
      trainingSettings: () => ({ url: '/api/users/me/training-settings', options: { token } }),
      editTrainingSettings: () => ({
        url: '/api/users/me/training-settings',
        options: { token, body: { settings: { timeZone: 'Europe/Paris' } } },
      }),
      userRecords: () => ({ url: '/api/users/walker/records' }),
      userProgress: () => ({ url: '/api/users/walker/progress?exerciseId=walking' }),
      userStats: () => ({ url: '/api/users/walker/stats' }),
      followers: () => ({ url: '/api/users/walker/followers?limit=5' }),
      following: () => ({ url: '/api/users/walker/following', options: { token } }),
      createComment: () => ({
        url: `/api/posts/${post}/comments`,
        options: { token, body: { commentData: { content: 'nice #walk @maya_lifts' } } },
      }),
      listComments: () => ({ url: `/api/posts/${post}/comments` }),
      editComment: () => ({
        url: `/api/comments/edit/${comment}`,
        options: { token, body: { commentData: { content: 'nicer' } } },
      }),
      deleteComment: () => ({ url: `/api/comments/${comment}`, options: { token } }),
      tagPosts: () => ({ url: '/api/tags/walk/posts' }),
      trendingTags: () => ({ url: '/api/tags/trending' }),
      search: () => ({ url: '/api/search?q=walk&type=people' }),
      listNotifications: () => ({ url: '/api/notifications', options: { token } }),
      unreadNotifications: () => ({ url: '/api/notifications/unread-count', options: { token } }),
      readNotifications: () => ({ url: '/api/notifications/read', options: { token } }),
      listTodos: () => ({ url: '/api/test-todos', options: { token } }),
      createTodo: () => ({ url: '/api/test-todos', options: { token, body: { text: 'walk' } } }),
      deleteTodo: () => ({ url: `/api/test-todos/${todo}`, options: { token } }),
      accountSettings: () => ({ url: '/api/users/me/settings', options: { token } }),
      editAccountSettings: () => ({
        url: '/api/users/me/settings',
        options: { token, body: { settings: { defaultVisibility: 'followers' } } },
      }),
      exportAccount: () => ({ url: '/api/users/me/export', options: { token } }),
      deleteAccount: () => ({ url: '/api/users/me/delete', options: { token: leaver.token, body: { password } } }),
      listSessions: () => ({ url: '/api/users/me/sessions', options: { token } }),
      revokeSession: () => ({ url: `/api/users/me/sessions/${otherSession}`, options: { token } }),
      securityLog: () => ({ url: '/api/users/me/security-log', options: { token } }),
      // Two-factor sign-in (issue 45): on with a code of the new key, off again with a recovery code.
      twoFactorStatus: () => ({ url: '/api/users/me/two-factor', options: { token } }),
      startTwoFactor: () => ({ url: '/api/users/me/two-factor', options: { token } }),
      confirmTwoFactor: () => ({
        url: '/api/users/me/two-factor/confirm',
        options: { token, body: { code: totpCode(twoFactorSecret, Date.now()) } },
      }),
      disableTwoFactor: () => ({
        url: '/api/users/me/two-factor/disable',
        options: { token, body: { password, code: recoveryCode } },
      }),
      logout: () => ({ url: '/api/auth/logout', options: { token } }),
      revokeAllSessions: () => ({ url: '/api/users/me/sessions/revoke-all', options: { token } }),
      // Moderation (issue 16), as an admin.
      createReport: () => ({
        url: '/api/reports',
        options: { token, body: { report: { postId: post, reason: 'spam' } } },
      }),
      myRole: () => ({ url: '/api/users/me/role', options: { token } }),
      reportQueue: () => ({ url: '/api/admin/reports', options: { token } }),
      resolveReport: () => ({
        url: `/api/admin/reports/${reportId}/resolve`,
        options: { token, body: { action: 'dismiss' } },
      }),
      appealSuspension: () => ({
        url: '/api/auth/appeal',
        options: { body: { username: tom.username, password, message: 'Please look again' } },
      }),
      appealQueue: () => ({ url: '/api/admin/appeals', options: { token } }),
      unsuspendUser: () => ({ url: `/api/admin/users/${tom.id}/unsuspend`, options: { token } }),
      restorePost: () => ({ url: `/api/admin/posts/${post}/restore`, options: { token } }),
      restoreComment: () => ({ url: `/api/admin/comments/${removedComment}/restore`, options: { token } }),
      setRole: () => ({ url: `/api/admin/users/${maya.id}/role`, options: { token, body: { role: 'moderator' } } }),
      staff: () => ({ url: '/api/admin/staff', options: { token } }),
      resetLink: () => ({ url: `/api/admin/users/${tom.id}/reset-link`, options: { token } }),
      auditLog: () => ({ url: '/api/admin/audit', options: { token } }),
      resetPassword: () => ({
        url: '/api/auth/reset-password',
        options: { body: { token: resetToken, newPassword: password } },
      }),
      muteUser: () => ({ url: `/api/users/mute/${maya.id}`, options: { token } }),
      unmuteUser: () => ({ url: `/api/users/unmute/${maya.id}`, options: { token } }),
      blockUser: () => ({ url: `/api/users/block/${maya.id}`, options: { token } }),
      listBlocks: () => ({ url: '/api/users/me/blocks', options: { token } }),
      listMutes: () => ({ url: '/api/users/me/mutes', options: { token } }),
      unblockUser: () => ({ url: `/api/users/unblock/${maya.id}`, options: { token } }),
      capabilities: () => ({ url: '/api/capabilities' }),
      oauthAuthorization: () => ({
        url: `/api/oauth/authorization?${new URLSearchParams(consent)}`,
        options: { token },
      }),
      approveOauthAuthorization: () => ({ url: '/api/oauth/authorization', options: { token, body: consent } }),
      myEmail: () => ({ url: '/api/users/me/email', options: { token } }),
      setEmail: () => ({ url: '/api/users/me/email', options: { token, body: { email: 'walker@example.org' } } }),
      verifyEmail: () => ({ url: '/api/auth/verify-email', options: { body: { token: emailToken } } }),
      forgotPassword: () => ({ url: '/api/auth/forgot-password', options: { body: { username: 'walker' } } }),
    };
    // Order matters: create before edit/delete, like before dislike, change the password last.
    const order: RouteName[] = [
      'login',
      'signup',
      'listUsers',
      'getUser',
      'getBookmarks',
      'bookmarkPost',
      'removeBookmark',
      'followUser',
      'unfollowUser',
      'editProfile',
      'listPosts',
      'getPost',
      'postsByUser',
      'createPost',
      'editPost',
      'deletePost',
      'likePost',
      'dislikePost',
      'feed',
      'likedPosts',
      'bookmarkedPosts',
      'postCard',
      'me',
      'profile',
      'searchUsers',
      'lookupUser',
      'suggestions',
      'uploadMedia',
      'mediaLimits',
      'listExercises',
      'createExercise',
      'createWorkout',
      'getWorkout',
      'editWorkout',
      'lastOfExercise',
      'createRoutine',
      'listRoutines',
      'getRoutine',
      'editRoutine',
      'routineFromWorkout',
      'workoutFromPost',
      'routineFromPost',
      'deleteRoutine',
      'exportWorkouts',
      'previewImport',
      'importWorkouts',
      'userWorkouts',
      'userRecords',
      'userProgress',
      'userStats',
      'followers',
      'following',
      'deleteWorkout',
      'trainingSettings',
      'editTrainingSettings',
      'accountSettings',
      'editAccountSettings',
      'exportAccount',
      'deleteAccount',
      'guestAccount',
      'listTodos',
      'createTodo',
      'deleteTodo',
      'listSessions',
      'revokeSession',
      'securityLog',
      'twoFactorStatus',
      'startTwoFactor',
      'confirmTwoFactor',
      'disableTwoFactor',
      'logout',
      'revokeAllSessions',
      'createComment',
      'listComments',
      'editComment',
      'deleteComment',
      'tagPosts',
      'trendingTags',
      'search',
      'listNotifications',
      'unreadNotifications',
      'readNotifications',
      'createReport',
      'myRole',
      'reportQueue',
      'resolveReport',
      'appealSuspension',
      'appealQueue',
      'unsuspendUser',
      'restorePost',
      'restoreComment',
      'setRole',
      'staff',
      'resetLink',
      'auditLog',
      'resetPassword',
      'muteUser',
      'listMutes',
      'unmuteUser',
      'blockUser',
      'listBlocks',
      'unblockUser',
      'capabilities',
      'oauthAuthorization',
      'approveOauthAuthorization',
      'setEmail',
      'verifyEmail',
      'myEmail',
      'forgotPassword',
      'changePassword',
    ];
    expect(new Set(order)).toEqual(new Set(Object.keys(routes)));

    const secrets = [password, newPassword, '$argon2'];
    for (const minimal of [false, true]) {
      token = (await t().login('walker', minimal ? newPassword : password)).token;
      for (const name of order) {
        const endpoint = routes[name];
        if (minimal && !('minimal' in endpoint)) continue;
        const step = steps[name]();
        const headers = minimal ? { ...step.options?.headers, prefer: 'return=minimal' } : step.options?.headers;
        const res =
          name === 'uploadMedia'
            ? await upload(t().app, token, await png(), 'a.png', 'image/png')
            : name === 'importWorkouts'
              ? await importCsv(t().app, token, exported)
              : name === 'previewImport'
                ? await previewCsv(t().app, token, exported)
                : await t().call(endpoint.method, step.url, { ...step.options, ...(headers ? { headers } : {}) });
        expect(res.statusCode, `${name}: ${res.body}`).toBe(endpoint.status);
        for (const secret of secrets) expect(res.body, name).not.toContain(secret);
        expect(res.body, name).not.toMatch(/"password(_hash|Hash)?"\s*:/);
        if (name === 'createPost') {
          const body = res.json();
          ownPost = minimal ? body.post._id : body.posts[body.posts.length - 1]._id;
        }
        if (name === 'createWorkout') {
          ownWorkout = res.json().workout._id;
          // A post that carries it, for "Copy to my log" (issue 49).
          const shared = await t().call('POST', '/api/posts', {
            token,
            body: { postData: { content: 'walked', workoutId: ownWorkout } },
          });
          workoutPost = minimal ? shared.json().post._id : shared.json().posts.at(-1)._id;
        }
        if (name === 'createRoutine') ownRoutine = res.json().routine._id;
        if (name === 'exportWorkouts') exported = res.body;
        if (name === 'createTodo') todo = res.json().todo._id;
        if (name === 'startTwoFactor') twoFactorSecret = res.json().secret;
        if (name === 'confirmTwoFactor') recoveryCode = res.json().recoveryCodes[0];
        if (name === 'listSessions') {
          const sessions: { _id: string; current: boolean }[] = res.json().sessions;
          otherSession = sessions.find((session) => !session.current)?._id ?? '';
        }
        // Both end the token: the walk goes on with a fresh one.
        if (name === 'logout' || name === 'revokeAllSessions')
          token = (await t().login('walker', minimal ? newPassword : password)).token;
        if (name === 'createComment') comment = res.json().comment._id;
        if (name === 'reportQueue') reportId = res.json().reports[0]._id;
        // Suspended directly, so that lifting it has something to lift; with the walker's password, to appeal.
        if (name === 'resolveReport') {
          const walker = await t()
            .db.kysely.selectFrom('users')
            .select('password_hash')
            .where('username', '=', 'walker')
            .executeTakeFirstOrThrow();
          await t()
            .db.kysely.updateTable('users')
            .set({ suspended_at: '2026-11-24T00:00:00.000Z', password_hash: walker.password_hash })
            .where('public_id', '=', tom.id)
            .execute();
        }
        // Removed directly, so that restoring has something to restore.
        if (name === 'unsuspendUser') {
          removedComment = (
            await t().call('POST', `/api/posts/${post}/comments`, {
              token,
              body: { commentData: { content: 'removed, then restored' } },
            })
          ).json().comment._id;
          const at = '2026-11-24T00:00:00.000Z';
          await t().db.kysely.updateTable('posts').set({ removed_at: at }).where('public_id', '=', post).execute();
          await t()
            .db.kysely.updateTable('comments')
            .set({ removed_at: at })
            .where('public_id', '=', removedComment)
            .execute();
        }
        if (name === 'resetLink') resetToken = new URL(res.json().link.url, 'http://x').hash.replace('#token=', '');
        if (name === 'signup') await t().db.kysely.deleteFrom('users').where('username', '=', 'walker_two').execute();
        if (name === 'setEmail') {
          await t().app.mail?.idle();
          emailToken = tokenOf(linkIn(inbox.to('walker@example.org').at(-1) as never));
        }
      }
    }
  });
});
