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
     * IP within 15 minutes lock that pair out until the window passes.
     */
    async login(input: LoginInput, ip: string): Promise<PublicUser> {
      const key = `${input.username.toLowerCase()}|${ip}`;
      const before = await failures.get(key);
      if (before.count >= MAX_LOGIN_FAILURES) throw new TooManyAttemptsError(before.retryAfterSeconds);
      const row = await findByUsername(input.username);
      const valid = await verifyPassword(row?.password ?? (await dummyHash), input.password);
      if (!row?.password || !valid) {
        await failures.record(key);
        throw new HttpError(401, INVALID_LOGIN);
      }
      await failures.reset(key);
      return toPublicUser(row);
    },

    /** A new session for the user; the token goes in the cookie, only its hash in the database. */
    async createSession(userId: number): Promise<{ token: string; expiresAt: Date }> {
      const token = randomToken(32);
      const expiresAt = new Date(Date.now() + SESSION_TTL_MS);
      await db.insert(sessions).values({ idHash: sha256Hex(token), userId, expiresAt });
      // Opportunistic clean-up of this user's expired sessions.
      await db.delete(sessions).where(and(eq(sessions.userId, userId), lt(sessions.expiresAt, new Date())));
      return { token, expiresAt };
    },

    async userForSession(token: string): Promise<PublicUser | null> {
      const [row] = await db
        .select({ user: users })
        .from(sessions)
        .innerJoin(users, eq(users.id, sessions.userId))
        .where(and(eq(sessions.idHash, sha256Hex(token)), gt(sessions.expiresAt, new Date())))
        .limit(1);
      return row ? toPublicUser(row.user) : null;
    },

    async deleteSession(token: string): Promise<void> {
      await db.delete(sessions).where(eq(sessions.idHash, sha256Hex(token)));
    },
  };
}

export type AuthService = ReturnType<typeof createAuthService>;
