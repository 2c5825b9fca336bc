/**
 * The channel organization lives in GORM's column `open_ai_organization`, as new-api reads and writes it:
 * a database an earlier Switchyard wrote (`openai_organization`) has its values moved over by migration
 * 0005 on every database the suite reaches; the API still names the field `openai_organization`, and the
 * relay sends it to OpenAI (server/src/db/migrations/index.ts).
 */
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { setUpDatabaseHandle } from '../../test-support/database-handle.ts';
import { databaseMatrix } from '../../test-support/databases.ts';
import { setUpRelayFixture } from '../../test-support/test-site.ts';
import { runMigrations } from './index.ts';

const matrix = await databaseMatrix();

describe.each(matrix)('the organization column on $name', (dialect) => {
  const { handle, run } = setUpDatabaseHandle(dialect);

  run('is moved from the column an earlier Switchyard wrote', async () => {
    await runMigrations(handle);
    // The database as an earlier version left it: the old column, a value in it, migrations 0005 and later not run.
    await sql`ALTER TABLE channels ADD COLUMN openai_organization VARCHAR(255)`.execute(handle.db);
    await handle.db
      .insertInto('channels')
      .values({ type: 1, key: 'k', name: 'old', models: 'gpt-4o', group: 'default', status: 1 })
      .execute();
    await sql`UPDATE channels SET openai_organization = ${'org-earlier'}, open_ai_organization = NULL`.execute(
      handle.db,
    );
    await handle.db
      .deleteFrom('switchyard_migrations' as never)
      .where(sql.ref('name'), 'in', ['0005_open_ai_organization', '0006_auth_version_as_new_api'])
      .execute();
    expect(await runMigrations(handle)).toEqual([
      '0005_open_ai_organization',
      '0006_auth_version_as_new_api',
    ]);
    const row = await handle.db
      .selectFrom('channels')
      .select('open_ai_organization')
      .executeTakeFirstOrThrow();
    expect(row.open_ai_organization).toBe('org-earlier');
  });
});

describe('the organization through the API and the relay', () => {
  const { fixture } = setUpRelayFixture();

  it('is saved in open_ai_organization, shown as openai_organization and sent to OpenAI', async () => {
    const id = await fixture.addChannel({ openai_organization: 'org-api' });
    const row = await fixture.server.context.database.db
      .selectFrom('channels')
      .select('open_ai_organization')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row.open_ai_organization).toBe('org-api');
    const view = await fixture.root.get<{ openai_organization: string }>(`/api/channel/${id}`);
    expect(view.body.data?.openai_organization).toBe('org-api');
    await fixture.openai.chat.completions.create({
      model: 'gpt-4o',
      messages: [{ role: 'user', content: 'Hi' }],
    });
    expect(fixture.upstream.requests.at(-1)!.headers['openai-organization']).toBe('org-api');
  });
});
