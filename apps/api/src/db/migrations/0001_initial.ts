// The initial schema. Ids are text (application ids are OpenID client ids; the rest UUIDs
// as text). Every list has indexes for its search and sort columns; text search uses
// pg_trgm GIN indexes over a lower-cased generated `search` column.
import { sql } from 'kysely';
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`CREATE EXTENSION IF NOT EXISTS pg_trgm`.execute(db);
  await sql`
    CREATE TABLE users (
      id text PRIMARY KEY,
      email text NOT NULL,
      first_name text NOT NULL,
      last_name text NOT NULL,
      full_name text GENERATED ALWAYS AS (btrim(first_name || ' ' || last_name)) STORED,
      company_name text,
      address jsonb,
      language text NOT NULL DEFAULT 'de',
      internal boolean NOT NULL DEFAULT false,
      created_at timestamptz NOT NULL DEFAULT now(),
      search text GENERATED ALWAYS AS (lower(first_name || ' ' || last_name || ' ' || email || ' ' || coalesce(company_name, ''))) STORED
    )`.execute(db);
  await sql`CREATE UNIQUE INDEX users_email ON users (lower(email))`.execute(db);
  await sql`CREATE INDEX users_full_name ON users (full_name, id)`.execute(db);
  await sql`CREATE INDEX users_email_sort ON users (email, id)`.execute(db);
  await sql`CREATE INDEX users_company ON users (company_name, id)`.execute(db);
  await sql`CREATE INDEX users_created ON users (created_at, id)`.execute(db);
  await sql`CREATE INDEX users_search ON users USING gin (search gin_trgm_ops)`.execute(db);

  await sql`
    CREATE TABLE permissions (
      id text PRIMARY KEY,
      key text NOT NULL UNIQUE,
      description text NOT NULL DEFAULT ''
    )`.execute(db);

  await sql`
    CREATE TABLE applications (
      id text PRIMARY KEY,
      label text NOT NULL,
      logo_url text,
      description text NOT NULL DEFAULT '',
      url text NOT NULL,
      home_page_url text,
      sort_number integer NOT NULL DEFAULT 0,
      admin_permission_id text REFERENCES permissions (id) ON DELETE SET NULL,
      notification_email text,
      access_request_required boolean NOT NULL DEFAULT false,
      access_request_allowed boolean NOT NULL DEFAULT false,
      internal_copy_of_access_requests boolean NOT NULL DEFAULT false,
      role_required_on_access_request boolean NOT NULL DEFAULT false,
      internal boolean NOT NULL DEFAULT false,
      released boolean NOT NULL DEFAULT false,
      activation_groups jsonb NOT NULL DEFAULT '[]'::jsonb,
      search text GENERATED ALWAYS AS (lower(id || ' ' || label || ' ' || description)) STORED
    )`.execute(db);
  await sql`CREATE INDEX applications_label ON applications (label, id)`.execute(db);
  await sql`CREATE INDEX applications_sort_number ON applications (sort_number, label, id)`.execute(db);
  await sql`CREATE INDEX applications_admin_permission ON applications (admin_permission_id)`.execute(db);
  await sql`CREATE INDEX applications_search ON applications USING gin (search gin_trgm_ops)`.execute(db);

  await sql`
    CREATE TABLE webhooks (
      application_id text PRIMARY KEY REFERENCES applications (id) ON DELETE CASCADE,
      enabled boolean NOT NULL,
      endpoint_url text NOT NULL,
      username text,
      password text,
      on_grant boolean NOT NULL,
      on_remove boolean NOT NULL,
      on_update boolean NOT NULL,
      headers jsonb NOT NULL DEFAULT '[]'::jsonb,
      key_vault_reference text
    )`.execute(db);

  await sql`
    CREATE TABLE attributes (
      id text PRIMARY KEY,
      key text NOT NULL UNIQUE,
      label text NOT NULL,
      data_type text NOT NULL,
      permission_id text REFERENCES permissions (id) ON DELETE SET NULL,
      directory_link text,
      editable_by_user boolean NOT NULL DEFAULT true,
      editable_by_others boolean NOT NULL DEFAULT true
    )`.execute(db);
  await sql`CREATE INDEX attributes_label ON attributes (label, id)`.execute(db);

  await sql`
    CREATE TABLE roles (
      id text PRIMARY KEY,
      key text NOT NULL UNIQUE,
      label text NOT NULL,
      description text NOT NULL DEFAULT ''
    )`.execute(db);
  await sql`CREATE INDEX roles_label ON roles (label, id)`.execute(db);
  await sql`
    CREATE TABLE role_permissions (
      role_id text NOT NULL REFERENCES roles (id) ON DELETE CASCADE,
      permission_id text NOT NULL REFERENCES permissions (id) ON DELETE CASCADE,
      PRIMARY KEY (role_id, permission_id)
    )`.execute(db);
  await sql`CREATE INDEX role_permissions_permission ON role_permissions (permission_id)`.execute(db);

  await sql`
    CREATE TABLE account_accesses (
      id text PRIMARY KEY,
      key text NOT NULL UNIQUE,
      label text NOT NULL,
      parent_id text REFERENCES account_accesses (id) ON DELETE SET NULL,
      parent_determination_method text NOT NULL DEFAULT 'NONE',
      child_determination_method text NOT NULL DEFAULT 'NONE',
      attribute_id text REFERENCES attributes (id) ON DELETE SET NULL
    )`.execute(db);
  await sql`CREATE INDEX account_accesses_label ON account_accesses (label, id)`.execute(db);

  await sql`
    CREATE TABLE custom_flows (
      id text PRIMARY KEY,
      key text NOT NULL UNIQUE,
      label text NOT NULL,
      description text NOT NULL DEFAULT ''
    )`.execute(db);
  await sql`CREATE INDEX custom_flows_label ON custom_flows (label, id)`.execute(db);
  await sql`
    CREATE TABLE custom_flow_attributes (
      custom_flow_id text NOT NULL REFERENCES custom_flows (id) ON DELETE CASCADE,
      attribute_id text NOT NULL REFERENCES attributes (id) ON DELETE CASCADE,
      position integer NOT NULL DEFAULT 0,
      PRIMARY KEY (custom_flow_id, attribute_id)
    )`.execute(db);
  await sql`CREATE INDEX custom_flow_attributes_attribute ON custom_flow_attributes (attribute_id)`.execute(db);

  await sql`
    CREATE TABLE application_attributes (
      application_id text NOT NULL REFERENCES applications (id) ON DELETE CASCADE,
      attribute_id text NOT NULL REFERENCES attributes (id) ON DELETE CASCADE,
      output_in_token boolean NOT NULL DEFAULT false,
      required boolean NOT NULL DEFAULT false,
      visible boolean NOT NULL DEFAULT true,
      position integer NOT NULL DEFAULT 0,
      PRIMARY KEY (application_id, attribute_id)
    )`.execute(db);
  await sql`CREATE INDEX application_attributes_attribute ON application_attributes (attribute_id)`.execute(db);
  await sql`
    CREATE TABLE application_roles (
      application_id text NOT NULL REFERENCES applications (id) ON DELETE CASCADE,
      role_id text NOT NULL REFERENCES roles (id) ON DELETE CASCADE,
      permission_id text REFERENCES permissions (id) ON DELETE SET NULL,
      visible boolean NOT NULL DEFAULT true,
      is_default boolean NOT NULL DEFAULT false,
      position integer NOT NULL DEFAULT 0,
      PRIMARY KEY (application_id, role_id)
    )`.execute(db);
  await sql`CREATE INDEX application_roles_role ON application_roles (role_id)`.execute(db);
  await sql`
    CREATE TABLE application_account_accesses (
      application_id text NOT NULL REFERENCES applications (id) ON DELETE CASCADE,
      account_access_id text NOT NULL REFERENCES account_accesses (id) ON DELETE CASCADE,
      position integer NOT NULL DEFAULT 0,
      PRIMARY KEY (application_id, account_access_id)
    )`.execute(db);
  await sql`CREATE INDEX application_account_accesses_aa ON application_account_accesses (account_access_id)`.execute(
    db,
  );
  await sql`
    CREATE TABLE application_custom_flows (
      application_id text NOT NULL REFERENCES applications (id) ON DELETE CASCADE,
      custom_flow_id text NOT NULL REFERENCES custom_flows (id) ON DELETE CASCADE,
      position integer NOT NULL DEFAULT 0,
      PRIMARY KEY (application_id, custom_flow_id)
    )`.execute(db);
  await sql`CREATE INDEX application_custom_flows_flow ON application_custom_flows (custom_flow_id)`.execute(db);

  await sql`
    CREATE TABLE application_users (
      application_id text NOT NULL REFERENCES applications (id) ON DELETE CASCADE,
      user_id text NOT NULL REFERENCES users (id) ON DELETE CASCADE,
      access_since timestamptz NOT NULL DEFAULT now(),
      role_ids text[] NOT NULL DEFAULT '{}',
      account_access_ids text[] NOT NULL DEFAULT '{}',
      PRIMARY KEY (application_id, user_id)
    )`.execute(db);
  await sql`CREATE INDEX application_users_user ON application_users (user_id)`.execute(db);
  await sql`CREATE INDEX application_users_since ON application_users (application_id, access_since)`.execute(db);

  await sql`
    CREATE TABLE user_attribute_values (
      user_id text NOT NULL REFERENCES users (id) ON DELETE CASCADE,
      attribute_id text NOT NULL REFERENCES attributes (id) ON DELETE CASCADE,
      value text NOT NULL,
      PRIMARY KEY (user_id, attribute_id)
    )`.execute(db);

  await sql`
    CREATE TABLE access_requests (
      id text PRIMARY KEY,
      application_id text NOT NULL REFERENCES applications (id) ON DELETE CASCADE,
      user_id text NOT NULL REFERENCES users (id) ON DELETE CASCADE,
      status text NOT NULL DEFAULT 'OPEN',
      requested_at timestamptz NOT NULL DEFAULT now(),
      account_access_id text REFERENCES account_accesses (id) ON DELETE SET NULL,
      role_id text REFERENCES roles (id) ON DELETE SET NULL,
      comment text,
      decided_at timestamptz,
      decided_by text,
      reason text,
      role_ids text[] NOT NULL DEFAULT '{}',
      account_access_ids text[] NOT NULL DEFAULT '{}'
    )`.execute(db);
  await sql`CREATE INDEX access_requests_app ON access_requests (application_id, status, requested_at)`.execute(db);
  await sql`CREATE INDEX access_requests_user ON access_requests (user_id, status)`.execute(db);
  await sql`CREATE UNIQUE INDEX access_requests_one_open ON access_requests (application_id, user_id) WHERE status = 'OPEN'`.execute(
    db,
  );

  await sql`
    CREATE TABLE history (
      id text PRIMARY KEY DEFAULT gen_random_uuid()::text,
      table_name text NOT NULL,
      entity text NOT NULL,
      mode text NOT NULL,
      field text,
      value text,
      updated_at timestamptz NOT NULL DEFAULT clock_timestamp(),
      updated_by text
    )`.execute(db);
  await sql`CREATE INDEX history_entity ON history (table_name, entity, updated_at)`.execute(db);

  await sql`
    CREATE TABLE images (
      id text PRIMARY KEY,
      content text NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);

  await sql`
    CREATE TABLE webhook_deliveries (
      id text PRIMARY KEY,
      application_id text NOT NULL REFERENCES applications (id) ON DELETE CASCADE,
      event text NOT NULL,
      user_id text NOT NULL,
      payload jsonb NOT NULL,
      status text NOT NULL DEFAULT 'PENDING',
      attempts integer NOT NULL DEFAULT 0,
      response_status integer,
      error text,
      created_at timestamptz NOT NULL DEFAULT clock_timestamp(),
      last_attempt_at timestamptz,
      next_attempt_at timestamptz
    )`.execute(db);
  await sql`CREATE INDEX webhook_deliveries_app ON webhook_deliveries (application_id, created_at)`.execute(db);
  await sql`CREATE INDEX webhook_deliveries_due ON webhook_deliveries (next_attempt_at) WHERE status = 'PENDING'`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of [
    'webhook_deliveries',
    'images',
    'history',
    'access_requests',
    'user_attribute_values',
    'application_users',
    'application_custom_flows',
    'application_account_accesses',
    'application_roles',
    'application_attributes',
    'custom_flow_attributes',
    'custom_flows',
    'account_accesses',
    'role_permissions',
    'roles',
    'attributes',
    'webhooks',
    'applications',
    'permissions',
    'users',
  ]) {
    await sql`DROP TABLE IF EXISTS ${sql.table(table)}`.execute(db);
  }
}
