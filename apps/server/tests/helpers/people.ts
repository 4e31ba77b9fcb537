import type { Person, TestApp } from './test-app';

/** Signs a person up and keeps what the tests use of them: token, public id and username. */
export async function signUpPerson(app: TestApp, username: string): Promise<Person> {
  return { ...(await app.signup(username)), username };
}

/** A new public post of the token's owner, by its text; answers its id. */
export async function newPostId(app: TestApp, token: string, content: string): Promise<string> {
  const res = await app.call('POST', '/api/posts', {
    token,
    body: { postData: { content } },
    headers: { prefer: 'return=minimal' },
  });
  return res.json().post._id as string;
}
