import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Printify OAuth 2.0 (issue 40 item 5): a connection made by a grant keeps its refresh token (sealed
 * like the access token, with the same key) and the access token's expiry; a refused refresh marks it
 * for reconnecting. An authorization's state is kept hashed, single-use, bound to the session's hash.
 */
export class PrintifyOauth1764300000500 implements MigrationInterface {
  name = 'PrintifyOauth1764300000500';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE publishing.connections
      ADD COLUMN refresh_sealed bytea,
      ADD COLUMN access_expires_at timestamptz,
      ADD COLUMN needs_reconnect boolean NOT NULL DEFAULT false`);
    await queryRunner.query(`CREATE TABLE publishing.oauth_states (
      state_hash text PRIMARY KEY,
      user_id uuid NOT NULL,
      session_key text NOT NULL,
      expires_at timestamptz NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now()
    )`);
    await queryRunner.query(`CREATE INDEX oauth_states_expires_at ON publishing.oauth_states (expires_at)`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE publishing.oauth_states`);
    await queryRunner.query(
      `ALTER TABLE publishing.connections DROP COLUMN refresh_sealed, DROP COLUMN access_expires_at, DROP COLUMN needs_reconnect`,
    );
  }
}
