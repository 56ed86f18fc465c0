// The portal server's tables as Kysely sees them (migrations in ./migrations). JSON columns are
// written as JSON text and read as parsed values (pg and PGlite both parse jsonb).
import type { ColumnType } from 'kysely';

type Json = ColumnType<unknown, string, string>;

interface PortalSessionTable {
  /** SHA-256 (hex) of the cookie value; the cookie itself is never stored. */
  id_hash: string;
  user_id: string;
  issuer: string;
  /** Core's StoredSession. */
  tokens: Json;
  /** Core's SignedInUser. */
  signed_in_user: Json;
  user_agent: ColumnType<string, string | undefined, string>;
  created_at: ColumnType<Date, Date, Date>;
  last_seen_at: ColumnType<Date, Date, Date>;
  expires_at: ColumnType<Date, Date, Date>;
}

/** A callback's state once handled (a reload, Back or replay never exchanges a code twice). */
interface PortalUsedStateTable {
  state: string;
  used_at: ColumnType<Date, Date, Date>;
}

export interface PortalDB {
  portal_session: PortalSessionTable;
  portal_used_state: PortalUsedStateTable;
}
