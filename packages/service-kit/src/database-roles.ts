import pg from 'pg';

/** Every service that owns a schema; the schema is named after the service. */
export const DATABASE_SERVICES = ['auth', 'billing', 'notifications', 'assets', 'generation', 'listings', 'publishing'] as const;
export type DatabaseService = (typeof DATABASE_SERVICES)[number];

/** Extensions a service's migrations use that a non-superuser role cannot create itself. */
const EXTENSIONS = ['pg_trgm', 'btree_gin'];

export function serviceRole(schema: string): string {
  return `printloom_${schema}`;
}

/** The admin URL with the service's own role (and password, when the server asks for one). */
export function serviceDatabaseUrl(adminUrl: string, schema: string, password?: string): string {
  const url = new URL(adminUrl);
  url.username = serviceRole(schema);
  url.password = password ? encodeURIComponent(password) : '';
  return url.toString();
}

export interface ServiceRoleSpec {
  schema: string;
  /** Omitted: the role keeps its password (or has none, for trust authentication on a dev machine). */
  password?: string;
}

/**
 * As the database's admin: one login role per service that owns its schema and nothing else, so the
 * database itself refuses a service reading another's tables. Idempotent; safe to run on every deploy
 * (the migrate job) and on every `make dev`.
 */
export async function provisionServiceRoles(adminUrl: string, roles: ServiceRoleSpec[]): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    const [{ db }] = (await client.query<{ db: string }>('SELECT current_database() AS db')).rows;
    const ident = (name: string) => client.escapeIdentifier(name);
    for (const extension of EXTENSIONS) await client.query(`CREATE EXTENSION IF NOT EXISTS ${ident(extension)}`);
    // Nobody but the admin creates objects outside their own schema.
    await client.query('REVOKE CREATE ON SCHEMA public FROM PUBLIC');
    for (const { schema, password } of roles) {
      const role = serviceRole(schema);
      // Roles are cluster-wide: parallel test databases may create the same one at once.
      await client.query(
        `DO $$ BEGIN CREATE ROLE ${ident(role)} LOGIN; EXCEPTION WHEN duplicate_object OR unique_violation THEN NULL; END $$`,
      );
      if (password) await client.query(`ALTER ROLE ${ident(role)} WITH LOGIN PASSWORD ${client.escapeLiteral(password)}`);
      await client.query(`GRANT CONNECT ON DATABASE ${ident(db)} TO ${ident(role)}`);
      await client.query(`CREATE SCHEMA IF NOT EXISTS ${ident(schema)} AUTHORIZATION ${ident(role)}`);
      await client.query(`ALTER SCHEMA ${ident(schema)} OWNER TO ${ident(role)}`);
      await client.query(`REVOKE ALL ON SCHEMA ${ident(schema)} FROM PUBLIC`);
      await handOverObjects(client, schema, role);
    }
  } finally {
    await client.end();
  }
}

/** A schema migrated before it had its own role (by the admin) becomes the role's, table by table. */
async function handOverObjects(client: pg.Client, schema: string, role: string): Promise<void> {
  const ident = (name: string) => client.escapeIdentifier(name);
  const kinds: Record<string, string> = { r: 'TABLE', p: 'TABLE', v: 'VIEW', m: 'MATERIALIZED VIEW' };
  const relations = await client.query<{ name: string; kind: string }>(
    `SELECT c.relname AS name, c.relkind AS kind FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
      WHERE n.nspname = $1 AND c.relkind IN ('r', 'p', 'v', 'm') AND pg_get_userbyid(c.relowner) <> $2`,
    [schema, role],
  );
  for (const { name, kind } of relations.rows)
    await client.query(`ALTER ${kinds[kind]} ${ident(schema)}.${ident(name)} OWNER TO ${ident(role)}`);
  const types = await client.query<{ name: string }>(
    `SELECT t.typname AS name FROM pg_type t JOIN pg_namespace n ON n.oid = t.typnamespace
      WHERE n.nspname = $1 AND t.typtype = 'e' AND pg_get_userbyid(t.typowner) <> $2`,
    [schema, role],
  );
  for (const { name } of types.rows) await client.query(`ALTER TYPE ${ident(schema)}.${ident(name)} OWNER TO ${ident(role)}`);
}
