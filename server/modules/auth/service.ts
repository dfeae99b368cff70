import { and, eq, gt, lt, sql } from 'drizzle-orm';
import type { LoginInput, RegisterInput } from '../../../common/schemas/forms.ts';
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
  method?: 'password' | 'passkey' | 'code' | 'github' | 'register';
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

export class TooManyAttemptsError extends HttpError {
  constructor(readonly retryAfterSeconds: number) {
    super(
      429,
      `Too many failed login attempts. Please try again in ${Math.ceil(retryAfterSeconds / 60)} minutes.`,
    );
  }
}

export function createAuthService(db: Db, failures: FailureCounter) {
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
     */
    async login(input: LoginInput, ip: string, { complete = true } = {}): Promise<PublicUser> {
      const key = loginKey(input.username, ip);
      await this.assertNotLocked(key);
      const row = await findByUsername(input.username);
      const valid = await verifyPassword(row?.password ?? (await dummyHash), input.password);
      if (!row?.password || !valid) {
        await failures.record(key);
        throw new HttpError(401, INVALID_LOGIN);
      }
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
