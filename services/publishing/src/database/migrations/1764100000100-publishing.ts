import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Printify connections (the token sealed with AES-GCM, its key id beside it), the sellers' own product
 * templates, publications (one per design, template and connection), the signed print-file links and
 * the per-connection request log behind Printify's limits.
 */
export class Publishing1764100000100 implements MigrationInterface {
  name = 'Publishing1764100000100';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE publishing.connections (
        user_id uuid PRIMARY KEY,
        token_sealed bytea NOT NULL,
        token_key_id text NOT NULL,
        token_hint text NOT NULL,
        shop_id integer,
        shops jsonb NOT NULL DEFAULT '[]',
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await queryRunner.query(`
      CREATE TABLE publishing.templates (
        id uuid PRIMARY KEY,
        user_id uuid NOT NULL,
        name text NOT NULL,
        product text NOT NULL,
        blueprint_id integer NOT NULL,
        print_provider_id integer NOT NULL,
        variants jsonb NOT NULL,
        dark_colours text[] NOT NULL DEFAULT '{}',
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await queryRunner.query(`CREATE INDEX templates_user_idx ON publishing.templates (user_id)`);
    await queryRunner.query(`
      CREATE TABLE publishing.publications (
        id uuid PRIMARY KEY,
        user_id uuid NOT NULL,
        asset_id uuid NOT NULL,
        template_id text NOT NULL,
        target text NOT NULL DEFAULT 'printify',
        connection_key text NOT NULL,
        status text NOT NULL DEFAULT 'queued' CHECK (status IN
          ('queued', 'uploading', 'draft_created', 'failed', 'needs_review', 'publish_waiting', 'publishing', 'published')),
        external_id text,
        error_code text,
        error_message text,
        review text[] NOT NULL DEFAULT '{}',
        confirmed boolean NOT NULL DEFAULT false,
        product_url text,
        mockups text[] NOT NULL DEFAULT '{}',
        uploads jsonb NOT NULL DEFAULT '{}',
        create_attempted_at timestamptz,
        publish_requested_at timestamptz,
        lease_until timestamptz,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        UNIQUE (asset_id, template_id, connection_key)
      )`);
    await queryRunner.query(`CREATE INDEX publications_user_idx ON publishing.publications (user_id, created_at)`);
    await queryRunner.query(
      `CREATE INDEX publications_waiting_idx ON publishing.publications (connection_key, publish_requested_at) WHERE status = 'publish_waiting'`,
    );
    await queryRunner.query(`
      CREATE TABLE publishing.print_links (
        token_hash text PRIMARY KEY,
        user_id uuid NOT NULL,
        asset_id uuid NOT NULL,
        garment text NOT NULL CHECK (garment IN ('light', 'dark')),
        expires_at timestamptz NOT NULL
      )`);
    await queryRunner.query(`CREATE INDEX print_links_expiry_idx ON publishing.print_links (expires_at)`);
    await queryRunner.query(`
      CREATE TABLE publishing.rate_events (
        connection_key text NOT NULL,
        kind text NOT NULL,
        at timestamptz NOT NULL DEFAULT clock_timestamp()
      )`);
    await queryRunner.query(`CREATE INDEX rate_events_idx ON publishing.rate_events (connection_key, kind, at)`);
    await queryRunner.query(`
      CREATE TABLE publishing.rate_blocks (connection_key text PRIMARY KEY, until timestamptz NOT NULL)`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    for (const table of ['rate_blocks', 'rate_events', 'print_links', 'publications', 'templates', 'connections'])
      await queryRunner.query(`DROP TABLE publishing.${table}`);
  }
}
