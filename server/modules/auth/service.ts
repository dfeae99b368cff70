import { and, eq, gt, lt, sql } from 'drizzle-orm';
import type { LoginInput, RegisterInput } from '../../../common/schemas/auth.ts';
import type { SessionUser } from '../../../common/web-context.ts';
import type { Db } from '../../db/client.ts';
import { sessions, users } from '../../db/schema.ts';
import type { FailureCounter } from '../../lib/failure-counter.ts';
import { HttpError } from '../../lib/http-error.ts';
import { hashPassword, verifyPassword } from '../../lib/passwords.ts';
import { randomToken, sha256Hex } from '../../lib/tokens.ts';

export const SESSION_TTL_MS = 30 * 24 * 60 * 60 * 1000;
export const LOGIN_WINDOW_MS = 15 * 60 * 1000;
export const MAX_LOGIN_FAILURES = 5;
const INVALID_LOGIN = 'Invalid username or password';
const LAST_SEEN_EVERY_MS = 60 * 1000;

/** What the sessions list shows about a session, noted when it starts. */
export interface SessionDetails {
  userAgent?: string | undefined;
  ip?: string | undefined;
  method?: 'password' | 'passkey' | 'code' | 'github' | 'register' | 'link';
}

/** What the API says about a signed-in user: never the password hash or the email (shared with the web app). */
export type PublicUser = SessionUser;

type UserRow = typeof users.$inferSelect;

export function toPublicUser(row: UserRow): PublicUser {
  return {
    id: row.id,
    username: row.username,
    isAdmin: row.isAdmin,
    role: row.role,
    fullName: row.fullName,
    avatarUrl: row.avatarUrl,
    githubUsername: row.githubUsername,
  };
}

/** The lockout key of a username signing in from an address. */
export const loginKey = (username: string, ip: string) => `${username.toLowerCase()}|${ip}`;
/** The lockout key of the codes of one account, from any address. */
export const codeKey = (userId: number) => `code:${userId}`;
/** The key counting one account's failed passwords from every address. */
export const accountKey = (username: string) => `account:${username.toLowerCase()}`;

/** Failed passwords for one account, from any addresses within the window, that slow it down. */
export const ACCOUNT_SLOW_AFTER = 10;
/** Once slowed, a browser that never signed in to the account gets one try per this many ms. */
export const ACCOUNT_PACE_MS = 30 * 1000;

export class TooManyAttemptsError extends HttpError {
  constructor(
    readonly retryAfterSeconds: number,
    message = `Too many failed login attempts. Please try again in ${Math.ceil(retryAfterSeconds / 60)} minutes.`,
  ) {
    super(429, message);
  }
}

const seconds = (count: number) => `${count} ${count === 1 ? 'second' : 'seconds'}`;

export interface LoginOptions {
  /** False when a second factor follows: the failure counts are left for the code step. */
  complete?: boolean;
  /** Whether the browser asking has signed in as this user before (its device cookie). */
  knownDevice?: (userId: number) => boolean;
}

/**
 * `failures` counts within the lockout window (15 minutes); `pace` within ACCOUNT_PACE_MS, the
 * one try a slowed-down account allows a new browser.
 */
export function createAuthService(db: Db, failures: FailureCounter, pace: FailureCounter) {
  // Verifying against a real hash for unknown users makes both failures take the same time.
  const dummyHash = hashPassword(randomToken(16));

  const findByUsername = async (username: string) => {
    const [row] = await db
      .select()
      .from(users)
      .where(eq(sql`lower(${users.username})`, username.toLowerCase()))
      .limit(1);
    return row;
  };

  return {
    /** Creates a user; 409 when the username is taken in any case. */
    async register(input: RegisterInput): Promise<PublicUser> {
      if (await findByUsername(input.username)) throw new HttpError(409, 'Username already exists');
      const inserted = await db
        .insert(users)
        .values({
          username: input.username,
          email: input.email,
          password: await hashPassword(input.password),
        })
        .onConflictDoNothing()
        .returning();
      const row = inserted[0];
      if (!row) throw new HttpError(409, 'Username already exists');
      return toPublicUser(row);
    },

    /**
     * Checks a username and password. The same answer, in about the same time,
     * for an unknown user and a wrong password; 5 failures for one username and
     * IP within 15 minutes lock that pair out until the window passes. The count
     * is cleared only by a complete sign-in: with an authenticator app the
     * password alone leaves it, so a known password does not buy fresh code guesses.
     *
     * Guessing spread over many addresses: once an account has ACCOUNT_SLOW_AFTER failed
     * passwords in the window from anywhere, a browser that never signed in to it gets one try
     * per ACCOUNT_PACE_MS for the account (all such browsers together). The owner's own browsers
     * (device cookie), passkeys and recovery codes are not slowed, so it never locks the owner out.
     */
    async login(input: LoginInput, ip: string, options: LoginOptions = {}): Promise<PublicUser> {
      const { complete = true, knownDevice = () => false } = options;
      const key = loginKey(input.username, ip);
      const account = accountKey(input.username);
      await this.assertNotLocked(key);
      const row = await findByUsername(input.username);
      if (!(row && knownDevice(row.id)) && (await failures.get(account)).count >= ACCOUNT_SLOW_AFTER) {
        // Counted before it is checked: of two tries at the same moment, only the first goes on.
        // Its own key: both counters may share one store.
        await pace.record(`pace:${account}`);
        const paced = await pace.get(`pace:${account}`);
        if (paced.count > 1) {
          const wait = Math.max(1, paced.retryAfterSeconds);
          throw new TooManyAttemptsError(
            wait,
            `Many sign-ins to this account have failed lately, so it takes one try at a time. Please try again in ${seconds(wait)}, or sign in with a passkey.`,
          );
        }
      }
      const valid = await verifyPassword(row?.password ?? (await dummyHash), input.password);
      if (!row?.password || !valid) {
        await failures.record(key);
        await failures.record(account);
        throw new HttpError(401, INVALID_LOGIN);
      }
      // The account's count is left to its window: one sign-in of the owner buys a guesser nothing.
      if (complete) await failures.reset(key);
      return toPublicUser(row);
    },

    /** 429 while any of the keys has used up its failures. */
    async assertNotLocked(...keys: string[]): Promise<void> {
      for (const key of keys) {
        const before = await failures.get(key);
        if (before.count >= MAX_LOGIN_FAILURES) throw new TooManyAttemptsError(before.retryAfterSeconds);
      }
    },

    async recordFailure(...keys: string[]): Promise<void> {
      for (const key of keys) await failures.record(key);
    },

    async clearFailures(...keys: string[]): Promise<void> {
      for (const key of keys) await failures.reset(key);
    },

    async userById(id: number): Promise<PublicUser | null> {
      const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
      return row ? toPublicUser(row) : null;
    },

    /** A new session for the user; the token goes in the cookie, only its hash in the database. */
    async createSession(
      userId: number,
      details: SessionDetails = {},
    ): Promise<{ token: string; expiresAt: Date }> {
      const token = randomToken(32);
      const expiresAt = new Date(Date.now() + SESSION_TTL_MS);
      await db.insert(sessions).values({
        idHash: sha256Hex(token),
        userId,
        expiresAt,
        userAgent: details.userAgent?.slice(0, 300) ?? null,
        ip: details.ip ?? null,
        method: details.method ?? 'password',
      });
      // Opportunistic clean-up of this user's expired sessions.
      await db.delete(sessions).where(and(eq(sessions.userId, userId), lt(sessions.expiresAt, new Date())));
      return { token, expiresAt };
    },

    /** The user of a live session; notes when it was last seen (at most once a minute). */
    async userForSession(token: string): Promise<PublicUser | null> {
      const idHash = sha256Hex(token);
      const [row] = await db
        .select({ user: users, lastSeenAt: sessions.lastSeenAt })
        .from(sessions)
        .innerJoin(users, eq(users.id, sessions.userId))
        .where(and(eq(sessions.idHash, idHash), gt(sessions.expiresAt, new Date())))
        .limit(1);
      if (!row) return null;
      if (Date.now() - row.lastSeenAt.getTime() > LAST_SEEN_EVERY_MS)
        await db.update(sessions).set({ lastSeenAt: new Date() }).where(eq(sessions.idHash, idHash));
      return toPublicUser(row.user);
    },

    async deleteSession(token: string): Promise<void> {
      await db.delete(sessions).where(eq(sessions.idHash, sha256Hex(token)));
    },
  };
}

export type AuthService = ReturnType<typeof createAuthService>;
