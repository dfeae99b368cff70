/**
 * Route actions (ADR 018): what the API answers, in process, becomes the form's answer, the same
 * for a post with the page's code or without it. An unsuccessful answer (which a browser test
 * cannot stand in for: the API is called inside the server) is checked here; the page's toast for a
 * refusal in e2e/images.spec.ts and e2e/recommendations.spec.ts.
 */
import { describe, expect, it } from 'vitest';
import { SIGN_IN_REQUIRED } from '../../common/constants.ts';
import { UNSAVED_DRAFT } from '../../common/edit-messages.ts';
import type { ApiAnswer, WebLoadContext } from '../../common/web-context.ts';
import type { FormAnswer } from '../lib/form-post.ts';
import { loader as dashboard } from './admin-blog.tsx';
import { action as newsletterPage } from './admin-newsletter.tsx';
import { action as signIn, loader as signInPage } from './auth.tsx';
import { action } from './generate-images.tsx';
import { action as signUp } from './newsletter.tsx';
import { action as recommend } from './recommendations.tsx';
import { loader as resumePage } from './resume.tsx';

const post = (fields: Record<string, string> | [string, string][], path = '/generate-images') =>
  new Request(`http://localhost${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(fields).toString(),
  });

/** A page context whose API answers `answer` to every call, and notes what it was sent and where. */
function contextAnswering(answer: ApiAnswer) {
  const sent: unknown[] = [];
  const calls: [string, unknown][] = [];
  const context = {
    sendApi: async (method: string, path: string, body: unknown) => {
      sent.push(body);
      calls.push([`${method} ${path}`, body]);
      return answer;
    },
  } as unknown as WebLoadContext;
  return { context, sent, calls };
}

const answerOf = (result: unknown) => {
  const { data, init } = result as { data: FormAnswer; init: { status: number } | null };
  return { status: init?.status ?? 200, ...data };
};

const fields = { _form: 'image', prompt: 'A calm blue network of servers', size: '1024x1024' };

describe('the image form (the action)', () => {
  it("answers an unsuccessful generation with 'Error' and the server's message, keeping the prompt", async () => {
    const { context, sent } = contextAnswering({
      status: 200,
      body: { success: false, message: 'The image service is busy' },
      cookies: [],
    });
    const answer = answerOf(await action({ context, request: post(fields) } as never));
    expect(sent).toEqual([
      { prompt: 'A calm blue network of servers', size: '1024x1024', quality: 'standard' },
    ]);
    expect(answer).toMatchObject({
      status: 502,
      form: 'image',
      title: 'Error',
      message: 'The image service is busy',
      values: { prompt: 'A calm blue network of servers' },
    });
  });

  it("falls back to 'Failed to generate image' when the server gives no message", async () => {
    const { context } = contextAnswering({ status: 200, body: { success: false, message: '' }, cookies: [] });
    const answer = answerOf(await action({ context, request: post(fields) } as never));
    expect(answer).toMatchObject({ status: 502, title: 'Error', message: 'Failed to generate image' });
  });

  it('refuses a short prompt with the spec’s Invalid Prompt, sending nothing', async () => {
    const { context, sent } = contextAnswering({ status: 200, body: {}, cookies: [] });
    const answer = answerOf(
      await action({ context, request: post({ ...fields, prompt: '  a car  ' }) } as never),
    );
    expect(sent).toEqual([]);
    expect(answer).toMatchObject({
      status: 400,
      title: 'Invalid Prompt',
      message: 'Please enter a descriptive prompt (at least 10 characters)',
    });
  });
});

describe('the recommendations form (the action)', () => {
  const interests: [string, string][] = [
    ['_form', 'recommend'],
    ['interests', 'locksmith'],
    ['interests', 'automotive, react'],
    ['experienceLevel', 'intermediate'],
  ];

  it('sends every interest, chips and typed text alike, and answers the results on the page', async () => {
    const result = { recommendations: [], explanation: 'None of my projects relates to that.' };
    const { context, sent } = contextAnswering({
      status: 200,
      body: { success: true, message: 'No project matches these interests yet', data: result },
      cookies: [],
    });
    const answer = answerOf(
      await recommend({ context, request: post(interests, '/recommendations') } as never),
    );
    expect(sent).toEqual([
      expect.objectContaining({
        interests: ['locksmith', 'automotive', 'react'],
        experienceLevel: 'intermediate',
      }),
    ]);
    expect(answer).toMatchObject({
      kind: 'done',
      extra: { result },
      values: { interests: 'locksmith, automotive, react' },
    });
  });

  it("answers an unsuccessful one with 'Error' and the server's message, or the fallback", async () => {
    const said = contextAnswering({
      status: 200,
      body: { success: false, message: 'The recommender is resting.' },
      cookies: [],
    });
    expect(
      answerOf(
        await recommend({ context: said.context, request: post(interests, '/recommendations') } as never),
      ),
    ).toMatchObject({ status: 502, title: 'Error', message: 'The recommender is resting.' });
    const silent = contextAnswering({ status: 200, body: { success: false, message: '' }, cookies: [] });
    expect(
      answerOf(
        await recommend({ context: silent.context, request: post(interests, '/recommendations') } as never),
      ),
    ).toMatchObject({ status: 502, title: 'Error', message: 'Failed to generate recommendations' });
  });
});

describe("the resume page's download address (its loader)", () => {
  const read = (answer: ApiAnswer) =>
    resumePage({
      context: contextAnswering(answer).context,
      request: new Request('http://localhost/resume?request=abc'),
    } as never);

  it('gives the address of a known request', async () => {
    const served = await read({ status: 200, body: { resumeUrl: '/api/resume?token=abc' }, cookies: [] });
    expect(served).toEqual({ served: { resumeUrl: '/api/resume?token=abc' } });
  });

  it("answers any failure to read it with the spec's 'Could not retrieve the resume'", async () => {
    for (const answer of [
      { status: 429, body: { message: 'Too many requests. Please try again in 9 minutes.' }, cookies: [] },
      { status: 503, body: null, cookies: [] },
    ]) {
      expect(await read(answer)).toEqual({
        served: { resumeUrl: null, message: 'Could not retrieve the resume. Please try again.' },
      });
    }
  });

  it('says so when the link is not a request', async () => {
    const message = 'This resume link is not valid. Please request the resume again.';
    expect(await read({ status: 404, body: { message }, cookies: [] })).toEqual({
      served: { resumeUrl: null, message },
    });
  });
});

describe('the sign-in page comes back to the page the visitor came from', () => {
  const signedIn = { status: 200, body: { id: 1, username: 'jordan', isAdmin: true }, cookies: [] };
  const sendOn = async (fields: Record<string, string>, back?: string) => {
    const { context, sent } = contextAnswering(signedIn);
    const withBack = back === undefined ? fields : { ...fields, back };
    const result = (await signIn({
      context: { ...context, user: null },
      request: post(withBack, '/auth'),
    } as never)) as Response;
    return { status: result.status, location: result.headers.get('location'), sent };
  };
  const login = { _form: 'login', username: 'jordan', password: 'a-long-password-123' };
  const register = {
    ...login,
    _form: 'register',
    email: 'jordan@example.com',
    confirmPassword: login.password,
  };

  it('a sign-in, a code and a new account go back there, saying so; the API is never sent the page', async () => {
    const back = '/admin/blog?edit=12';
    const password = await sendOn(login, back);
    expect(password).toMatchObject({ status: 303, location: '/admin/blog?edit=12&done=login' });
    expect(password.sent).toEqual([{ username: 'jordan', password: 'a-long-password-123' }]);
    expect((await sendOn({ _form: 'code', code: '123456' }, back)).location).toBe(
      '/admin/blog?edit=12&done=login',
    );
    expect((await sendOn(register, '/generate-images')).location).toBe('/generate-images?done=register');
    expect((await sendOn(login)).location).toBe('/?done=login');
  });

  it('a sign-in link asked for by email carries the page, and signing in with it goes back there', async () => {
    const asked = await sendOn({ _form: 'sign-in-link', username: 'jordan' }, '/blog/a-post');
    expect(asked).toMatchObject({ status: 303, location: '/auth?back=%2Fblog%2Fa-post&done=sign-in-link' });
    expect(asked.sent).toEqual([{ username: 'jordan', back: '/blog/a-post' }]);
    const link = await sendOn({ _form: 'link-sign-in', token: 'a-mailed-token' }, '/blog/a-post');
    expect(link).toMatchObject({ status: 303, location: '/blog/a-post?done=login' });
    expect(link.sent).toEqual([{ token: 'a-mailed-token' }]);
  });

  it('never goes to another site', async () => {
    for (const back of [
      '//evil.example/admin',
      '/\\evil.example',
      // Resolved as a redirect's address is, these are another site's (`//evil.example`).
      '/.//evil.example',
      '/a/..//evil.example',
      'https://evil.example/',
      'javascript:alert(1)',
    ]) {
      expect((await sendOn(login, back)).location, back).toBe('/?done=login');
    }
  });

  it('a visitor already signed in is sent there at once, or home', async () => {
    const open = async (search: string) => {
      const request = new Request(`http://localhost/auth${search}`);
      const context = { user: { id: 1, username: 'jordan', isAdmin: true } } as unknown as WebLoadContext;
      const thrown = await signInPage({ context, request } as never).catch((answer: unknown) => answer);
      return (thrown as Response).headers.get('location');
    };
    expect(await open('?back=%2Fadmin%2Fblog%2Fpipeline')).toBe('/admin/blog/pipeline');
    expect(await open('?back=%2F%2Fevil.example')).toBe('/');
    expect(await open('')).toBe('/');
  });
});

describe('a newsletter sign-up goes back to the page it was sent from', () => {
  const signUpFrom = async (back: string) => {
    const { context } = contextAnswering({ status: 202, body: { message: 'ok' }, cookies: [] });
    const fields = { _form: 'subscribe', email: 'reader@example.com', place: 'post', back };
    const result = (await signUp({
      context: { ...context, user: null },
      request: post(fields, '/newsletter'),
    } as never)) as Response;
    return { status: result.status, location: result.headers.get('location') };
  };

  it('saying so there, its own query kept', async () => {
    expect(await signUpFrom('/blog/a-post?page=2')).toEqual({
      status: 303,
      location: '/blog/a-post?page=2&done=subscribe-post#subscribe-post-title',
    });
  });

  it('written as an address is (never a 5xx for a character a header cannot carry)', async () => {
    expect((await signUpFrom('/blog/日本')).location).toBe(
      '/blog/%E6%97%A5%E6%9C%AC?done=subscribe-post#subscribe-post-title',
    );
  });

  it("to the newsletter's page when it names another site", async () => {
    for (const back of ['//evil.example', '/.//evil.example', 'https://evil.example/', '']) {
      expect((await signUpFrom(back)).location, back).toBe(
        '/newsletter?done=subscribe-post#subscribe-post-title',
      );
    }
  });
});

describe("the newsletter editor's test and send (the action)", () => {
  // The editor's fields as the browser posts them for a press of 'Send now' (the button's own
  // `_form` after the form's), the typing not saved.
  const editorPress = (button: string): [string, string][] => [
    ['_form', 'issue-save'],
    ['id', '7'],
    ['subject', 'Roadworks'],
    ['body', 'Closed until Friday.\r\nPark behind.'],
    ['confirm', 'on'],
    ['_form', button],
  ];
  const refusal: ApiAnswer = { status: 409, body: { message: UNSAVED_DRAFT }, cookies: [] };

  it('are posted as the pressed button, with the draft as the editor shows it', async () => {
    for (const [button, call] of [
      ['issue-send', 'send'],
      ['issue-test', 'test'],
    ] as const) {
      const { context, calls } = contextAnswering(refusal);
      const request = post(editorPress(button), '/admin/blog/newsletter?issue=7');
      const answer = answerOf(await newsletterPage({ context, request } as never));
      expect(calls).toEqual([
        [
          `POST /api/admin/newsletter/issues/7/${call}`,
          { subject: 'Roadworks', body: 'Closed until Friday.\r\nPark behind.' },
        ],
      ]);
      // Refused: said above the buttons, and what was typed comes back for the editor's fields.
      expect(answer).toMatchObject({
        status: 409,
        form: button,
        title: 'Not sent',
        message: UNSAVED_DRAFT,
        values: { subject: 'Roadworks', body: 'Closed until Friday.\r\nPark behind.' },
      });
    }
  });

  it('a send without the box ticked is refused, saying so, and nothing is sent', async () => {
    const { context, calls } = contextAnswering(refusal);
    const unticked = editorPress('issue-send').filter(([name]) => name !== 'confirm');
    const request = post(unticked, '/admin/blog/newsletter?issue=7');
    const answer = answerOf(await newsletterPage({ context, request } as never));
    expect(calls).toEqual([]);
    expect(answer).toMatchObject({
      status: 400,
      form: 'issue-send',
      title: 'Not sent',
      message: 'Tick the box to say the preview is checked, then send.',
      values: { body: 'Closed until Friday.\r\nPark behind.' },
    });
  });

  it("the editor's own press is still a save", async () => {
    const { context, calls } = contextAnswering({ status: 200, body: { id: 7 }, cookies: [] });
    const request = post(editorPress('issue-save').slice(0, -1), '/admin/blog/newsletter?issue=7');
    await newsletterPage({ context, request } as never);
    expect(calls.map(([call]) => call)).toEqual(['PUT /api/admin/newsletter/issues/7']);
  });
});

describe('a dashboard form posted after the session ended (without the page’s code)', () => {
  const ended: ApiAnswer = { status: 401, body: { message: SIGN_IN_REQUIRED }, cookies: [] };
  const posted: [string, string][] = [
    ['_form', 'issue-save'],
    ['subject', 'Roadworks'],
    ['body', 'Closed until Friday.\r\nPark behind.'],
    ['tags', 'a'],
    ['tags', 'b'],
    ['formToken', 'never kept'],
  ];

  it('is answered "Signed out", and what was posted is kept whole for the page', async () => {
    const { context } = contextAnswering(ended);
    const request = post(posted, '/admin/blog/newsletter?index');
    const answer = answerOf(await newsletterPage({ context, request } as never));
    expect(answer).toMatchObject({
      status: 401,
      form: 'issue-save',
      title: 'Signed out',
      kind: 'signed-out',
    });
    expect(context.signedOutPost).toEqual({
      answer: expect.objectContaining({ kind: 'signed-out' }),
      fields: posted.slice(0, 5),
    });
  });

  it('the dashboard keeps it to send again to the same address, where it would go to sign in', async () => {
    const { context } = contextAnswering(ended);
    const address = '/admin/blog/newsletter?issue=7&index';
    await newsletterPage({ context, request: post(posted, address) } as never);
    const signedOut = { ...context, user: null, staticCopy: false };
    const page = (await dashboard({
      context: signedOut,
      request: new Request(`http://localhost${address}`),
    } as never)) as {
      signedOut: { action: string; fields: [string, string][] };
    };
    expect(page.signedOut).toMatchObject({ action: address, fields: posted.slice(0, 5) });

    // Any other visit without a session goes to sign in, and back here after it.
    const visit = { ...signedOut, signedOutPost: undefined };
    const thrown = await dashboard({
      context: visit,
      request: new Request(`http://localhost${address}`),
    } as never).catch((error: unknown) => error);
    expect((thrown as Response).headers.get('location')).toBe(
      `/auth?back=${encodeURIComponent('/admin/blog/newsletter?issue=7')}`,
    );
  });
});
