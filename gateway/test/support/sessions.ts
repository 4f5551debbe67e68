import { createHash, randomBytes } from 'node:crypto';
import type { TestSystem } from './test-system.js';
import { TestClient } from './http.js';

/**
 * A verified user with a session, stored the way the auth service stores them, for tests whose
 * subject is not sign-up itself. Returns the client (cookie set) and the user id.
 */
export async function createSignedInUser(system: TestSystem, email: string): Promise<{ client: TestClient; userId: string }> {
  const db = system.services.auth!.infra.dataSource;
  const [user] = await db.query(`INSERT INTO auth.users (email, password_hash, verified_at) VALUES ($1, NULL, now()) RETURNING id`, [
    email,
  ]);
  const token = randomBytes(32).toString('base64url');
  await db.query(`INSERT INTO auth.sessions (user_id, token_hash, expires_at) VALUES ($1, $2, now() + interval '1 day')`, [
    user.id,
    createHash('sha256').update(token).digest('hex'),
  ]);
  const client = new TestClient(system.baseUrl);
  client.setCookie('pl_session', token);
  return { client, userId: user.id };
}
