import { dropErasureFunctionSql, erasureFunctionSql, replaceErasureFunction, type RawRunner } from './erasure-function';

/** A database that records each statement it is given, and when each one started and settled. */
function recordingDb(): RawRunner & { statements: string[]; events: string[] } {
  const statements: string[] = [];
  const events: string[] = [];
  return {
    statements,
    events,
    raw(sql: string) {
      const index = statements.push(sql) - 1;
      events.push(`start ${index}`);
      // Settles on a later tick, so a caller that does not wait would start the next statement first.
      return new Promise<void>((resolve) => setImmediate(() => {
        events.push(`end ${index}`);
        resolve();
      }));
    },
  };
}

describe('replaceErasureFunction', () => {
  const STATEMENTS = ['delete from cases.case_comments where customer_id = p_customer;', '  update cases.cases set note = null where customer_id = p_customer  '];

  it('runs the drop and then the create, the same SQL the two statement builders give', async () => {
    const db = recordingDb();
    await replaceErasureFunction(db, 'cases', 'erase_customer', STATEMENTS);
    expect(db.statements).toEqual([dropErasureFunctionSql('cases', 'erase_customer'), erasureFunctionSql('cases', 'erase_customer', STATEMENTS)]);
  });

  it('replaces an erase_owner with its three parameters', async () => {
    const db = recordingDb();
    await replaceErasureFunction(db, 'integration', 'erase_owner', STATEMENTS);
    expect(db.statements).toEqual([dropErasureFunctionSql('integration', 'erase_owner'), erasureFunctionSql('integration', 'erase_owner', STATEMENTS)]);
    expect(db.statements[0]).toBe('drop function if exists integration.erase_owner(uuid, uuid, uuid)');
    expect(db.statements[1]).toMatch(/^create function integration\.erase_owner\(p_customer uuid, p_business uuid, p_owner uuid\) returns integer\n/);
  });

  it('starts the create only once the drop has finished', async () => {
    const db = recordingDb();
    await replaceErasureFunction(db, 'scores', 'erase_customer', STATEMENTS);
    expect(db.events).toEqual(['start 0', 'end 0', 'start 1', 'end 1']);
  });

  it('stops at a failing drop, creating nothing', async () => {
    const statements: string[] = [];
    const failing: RawRunner = {
      raw: (sql) => {
        statements.push(sql);
        return Promise.reject(new Error('permission denied'));
      },
    };
    await expect(replaceErasureFunction(failing, 'cases', 'erase_customer', STATEMENTS)).rejects.toThrow('permission denied');
    expect(statements).toEqual([dropErasureFunctionSql('cases', 'erase_customer')]);
  });
});
