/**
 * Tables of two-factor sign-in (TOTP, backup codes) and passkeys, in new-api's tables (its model/twofa.go and
 * model/passkey.go: gorm's names `two_fas`, `two_fa_backup_codes`, `passkey_credentials`), so that an adopted
 * new-api database keeps its secrets and credentials; joined into the declared schema by ./schema.ts (created
 * or completed by ./reconcile.ts at boot like every table). docs/security.md says what each column holds.
 */
import { column as c, defineTable, type RowOf, type TableSpec } from './column.ts';

/** One row per user who started or finished TOTP enrolment; `is_enabled` once confirmed with a code. */
export const twoFasTable = defineTable(
  'two_fas',
  {
    id: c.id(),
    user_id: c.integer().unique(),
    /** The base32 TOTP secret (new-api keeps it as is; it never leaves the server after enrolment). */
    secret: c.varchar(255),
    is_enabled: c.boolean().default(false),
    failed_attempts: c.integer().default(0),
    locked_until: c.timestamp().nullable(),
    /** When a code last signed in; also the end of the time step it used (a code is not accepted twice). */
    last_used_at: c.timestamp().nullable(),
    created_at: c.timestamp().nullable(),
    updated_at: c.timestamp().nullable(),
    deleted_at: c.timestamp().nullable(),
  },
  { indexes: [{ columns: ['deleted_at'] }] },
);

/** Backup codes, bcrypt hashes of codes like `AB12-CD34`, as new-api hashes them; used once. */
export const twoFaBackupCodesTable = defineTable(
  'two_fa_backup_codes',
  {
    id: c.id(),
    user_id: c.integer(),
    code_hash: c.varchar(255),
    is_used: c.boolean().default(false),
    used_at: c.timestamp().nullable(),
    created_at: c.timestamp().nullable(),
    deleted_at: c.timestamp().nullable(),
  },
  { indexes: [{ columns: ['user_id'] }, { columns: ['deleted_at'] }] },
);

/** WebAuthn credentials; ids, public keys (COSE) and AAGUIDs in standard base64 as new-api stores them. */
export const passkeyCredentialsTable = defineTable(
  'passkey_credentials',
  {
    id: c.id(),
    user_id: c.integer(),
    credential_id: c.varchar(512).unique(),
    public_key: c.text(),
    attestation_type: c.varchar(255).nullable(),
    aaguid: c.varchar(512).nullable(),
    sign_count: c.bigint().default(0),
    clone_warning: c.boolean().default(false),
    user_present: c.boolean().default(false),
    user_verified: c.boolean().default(false),
    backup_eligible: c.boolean().default(false),
    backup_state: c.boolean().default(false),
    /** A JSON list of transports (`["internal","hybrid"]`), or empty. */
    transports: c.text().nullable(),
    attachment: c.varchar(32).nullable(),
    last_used_at: c.timestamp().nullable(),
    created_at: c.timestamp().nullable(),
    updated_at: c.timestamp().nullable(),
    deleted_at: c.timestamp().nullable(),
  },
  { indexes: [{ columns: ['user_id'] }, { columns: ['deleted_at'] }] },
);

/** This area's tables, in creation order. */
export const SECURITY_TABLES: readonly TableSpec[] = [
  twoFasTable,
  twoFaBackupCodesTable,
  passkeyCredentialsTable,
];

/** This area's rows by table name, as ./schema.ts's Database types them (`RowOf<typeof …Table>`). */
export interface SecurityRows {
  two_fas: RowOf<typeof twoFasTable>;
  two_fa_backup_codes: RowOf<typeof twoFaBackupCodesTable>;
  passkey_credentials: RowOf<typeof passkeyCredentialsTable>;
}
