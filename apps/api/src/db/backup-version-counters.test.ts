import { describe, expect, it } from 'vitest';
import { BACKUP_FORMAT, BACKUP_VERSION, withVersionCounters, type Backup } from './backup.ts';

const backupOf = (tables: Backup['tables']): Backup => ({ format: BACKUP_FORMAT, version: BACKUP_VERSION, createdAt: '2026-12-01T00:00:00.000Z', tables });
const kept = [{ account_id: 'a', name: 'dashboard', version: 7, day: '2026-12-01', body: '{}' }];

describe('a backup made before the version counters (migration 0053)', () => {
  it('when its versions have one counter, then it becomes the shared one, the others start at 0 and its kept answers are left out', () => {
    const upgraded = withVersionCounters(backupOf({ account_versions: [{ account_id: 'a', version: 7 }], kept_answers: kept }));
    expect(upgraded.tables.account_versions).toEqual([{ account_id: 'a', version: 7, invoices_version: 0, clients_version: 0 }]);
    expect(upgraded.tables.kept_answers).toEqual([]);
  });

  it('when its versions have every counter, then it is restored as it is, kept answers included', () => {
    const current = backupOf({ account_versions: [{ account_id: 'a', version: 7, invoices_version: 3, clients_version: 2 }], kept_answers: kept });
    expect(withVersionCounters(current)).toBe(current);
  });
});
