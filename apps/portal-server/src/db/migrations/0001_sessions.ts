// The session store (issue #15) and the used callback states. Before the migrations were files
// (issue #31.4) the server created these tables with `CREATE ... IF NOT EXISTS` at each start
// and kept no record of it: on such a database every table and index here exists already, so
// each is created only if it does not exist, and this migration records it as it is.
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('portal_session')
    .ifNotExists()
    .addColumn('id_hash', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull())
    .addColumn('issuer', 'text', (c) => c.notNull())
    .addColumn('tokens', 'jsonb', (c) => c.notNull())
    .addColumn('signed_in_user', 'jsonb', (c) => c.notNull())
    .addColumn('user_agent', 'text', (c) => c.notNull().defaultTo(sql`''`))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addColumn('last_seen_at', 'timestamptz', (c) => c.notNull())
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('portal_session_user').ifNotExists().on('portal_session').column('user_id').execute();
  await db.schema
    .createIndex('portal_session_expires')
    .ifNotExists()
    .on('portal_session')
    .column('expires_at')
    .execute();
  // States whose callback has been handled: a reload, a Back or a second tab with the same
  // code never makes a second token request (the cookie's deletion may not have arrived).
  await db.schema
    .createTable('portal_used_state')
    .ifNotExists()
    .addColumn('state', 'text', (c) => c.primaryKey())
    .addColumn('used_at', 'timestamptz', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('portal_used_state').execute();
  await db.schema.dropTable('portal_session').execute();
}
