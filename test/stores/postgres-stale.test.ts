// A run killed outright cannot drop its table on the user's Postgres: the next run finds
// the `idemsim_keys_*` tables, drops those whose run is gone (its table's comment names its
// pid, host and start), keeps a running one's, and names the rest with the command that
// drops them. Against a real server this file starts (initdb, pg_ctl).
import { spawn, spawnSync } from 'node:child_process';
import { hostname } from 'node:os';
import { describe, expect, it } from 'vitest';
import { openPostgres } from '../../src/stores/postgres.js';
import { ownerComment, ownerNow } from '../../src/stores/owner.js';
import { BIN, ROOT, requireBuild } from '../cli/binary.js';
import { serverWithAdmin, unavailable } from './postgres-server.js';

const skip = unavailable();
if (skip !== undefined) console.warn(`skipping the tests of tables left behind: ${skip}`);

describe.skipIf(skip !== undefined)("tables a killed run left on the user's Postgres", () => {
  const pgs = serverWithAdmin(requireBuild);

  async function tables(): Promise<string[]> {
    const { rows } = await pgs.admin.query<{ name: string }>(
      "SELECT relname AS name FROM pg_class WHERE relkind = 'r' AND relname LIKE 'idemsim_keys_%' ORDER BY 1",
    );
    return rows.map((row) => row.name);
  }

  async function leave(name: string, comment: string | null): Promise<void> {
    await pgs.admin.query(`CREATE TABLE ${name} (key text PRIMARY KEY)`);
    if (comment !== null) await pgs.admin.query(`COMMENT ON TABLE ${name} IS '${comment.replace(/'/g, "''")}'`);
  }

  /** The pid of a process that has ended. */
  function deadPid(): number {
    return spawnSync(process.execPath, ['-e', '']).pid as number;
  }

  it("drops a gone run's table, keeps a running one's, and names another host's and an unsigned one with their DROP", async () => {
    const me = ownerNow(new Date());
    await leave('idemsim_keys_00000000dead', ownerComment({ ...me, pid: deadPid(), start: undefined }));
    await leave('idemsim_keys_0000000a11fe', ownerComment(me));
    await leave('idemsim_keys_00000000e15e', ownerComment({ ...me, host: `not-${hostname()}` }));
    await leave('idemsim_keys_000000000000', null);
    const store = await openPostgres(pgs.server.url);
    const own = /table (idemsim_keys_[0-9a-f]{12})\)$/.exec(store.description)?.[1] as string;
    try {
      expect(await tables()).toEqual(
        ['idemsim_keys_000000000000', 'idemsim_keys_00000000e15e', 'idemsim_keys_0000000a11fe', own].sort(),
      );
      const notes = store.notes ?? [];
      expect(notes).toHaveLength(3);
      expect(notes.find((n) => n.includes('idemsim_keys_00000000dead'))).toMatch(
        /^dropped table public\.idemsim_keys_00000000dead, left on this server by an idemsim run \(pid \d+ on /,
      );
      expect(notes.find((n) => n.includes('idemsim_keys_00000000e15e'))).toContain(
        'on another host; if no such run is going, drop it: DROP TABLE "public"."idemsim_keys_00000000e15e";',
      );
      expect(notes.find((n) => n.includes('idemsim_keys_000000000000'))).toContain(
        'drop it: DROP TABLE "public"."idemsim_keys_000000000000";',
      );
      expect(notes.some((n) => n.includes('a11fe'))).toBe(false);
    } finally {
      await store.close();
      await pgs.admin.query(
        'DROP TABLE idemsim_keys_0000000a11fe, idemsim_keys_00000000e15e, idemsim_keys_000000000000',
      );
    }
    expect(await tables()).toEqual([]);
  });

  it('a table says whose it is: pid, host and start, in its comment', async () => {
    const store = await openPostgres(pgs.server.url);
    try {
      const { rows } = await pgs.admin.query<{ comment: string }>(
        "SELECT obj_description(oid, 'pg_class') AS comment FROM pg_class WHERE relkind = 'r' AND relname LIKE 'idemsim_keys_%'",
      );
      expect(rows).toHaveLength(1);
      expect(rows[0]?.comment).toContain(`"pid":${process.pid},"host":${JSON.stringify(hostname())}`);
    } finally {
      await store.close();
    }
  });

  it('SIGKILL in the middle of store measure: the next run drops the table and says so', async () => {
    const child = spawn(
      process.execPath,
      [BIN, 'store', 'measure', '--only', 'postgres', '--postgres', pgs.server.url, '--records', '200000'],
      { cwd: ROOT, stdio: 'ignore' },
    );
    const ended = new Promise((resolve) => child.on('exit', resolve));
    const deadline = Date.now() + 20_000;
    while ((await tables()).length === 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
    const [left] = await tables();
    expect(left).toBeDefined();
    child.kill('SIGKILL');
    await ended;
    expect(await tables()).toEqual([left]);

    const next = spawnSync(
      process.execPath,
      [BIN, 'store', 'measure', '--only', 'postgres', '--postgres', pgs.server.url, '--records', '100'],
      { cwd: ROOT, encoding: 'utf8' },
    );
    expect(next.status, next.stderr).toBe(0);
    expect(next.stderr).toMatch(
      new RegExp(
        `^idemsim: dropped table public\\.${left as string}, left on this server by an idemsim run \\(pid ${child.pid as number} on `,
      ),
    );
    expect(await tables()).toEqual([]);
  });

  it("a note quotes the server's text escaped: a host in a comment cannot drive the terminal", async () => {
    const host = 'evil\u001b[2J\u202ehost';
    await leave('idemsim_keys_0000000e5c4e', ownerComment({ ...ownerNow(new Date()), host }));
    try {
      const next = spawnSync(
        process.execPath,
        [BIN, 'store', 'measure', '--only', 'postgres', '--postgres', pgs.server.url, '--records', '100'],
        { cwd: ROOT, encoding: 'utf8' },
      );
      expect(next.status, next.stderr).toBe(0);
      const [note] = next.stderr.split('\n');
      expect(note).toContain(' on evil\\u001b[2J\\u202ehost');
      expect(next.stderr.includes('\u001b') || next.stderr.includes('\u202e')).toBe(false);
    } finally {
      await pgs.admin.query('DROP TABLE idemsim_keys_0000000e5c4e');
    }
  });
});
