// Security's data half (docs/security.md): who may change a role, over-limit uploads, duplicate values
// that name no record of another tenant, image fields that hold only uploaded paths, and edits based on a stale
// version of a record (two editors racing, on every declared resource that can be edited).
import { request } from 'node:http';
import { startTestServer, type TestServer } from '../support/server';
import { UPLOAD_MAX_BYTES } from '../../server/features/uploads';
import { resources, callPath, type ResourceDef } from '../../resources';
import { byName } from '../../server/crud/table';

let s: TestServer;
const t: Record<string, string> = {};

beforeAll(async () => {
  s = await startTestServer();
  for (const who of ['admin', 'provider', 'brand-a', 'brand-b', 'store-a1']) t[who] = await s.login(who);
});
afterAll(() => s?.close());

const roleRow = (id: string) => s.db.selectFrom('role').selectAll().where('_id', '=', id).executeTakeFirst();

describe('role edits', () => {
  it('a PROVIDER cannot demote SUPER — 403 and nothing changes', async () => {
    const before = await roleRow('super');
    const r = await s.call('POST', '/role/edit', {
      token: t.provider,
      body: { _id: 'super', authorizations: ['user_list'] },
    });
    expect(r.status, JSON.stringify(r.body)).toBe(403);
    expect(r.body.message).toBe('Only a super administrator may change or remove a built-in role');
    expect(await roleRow('super')).toEqual(before);
    // the admin keeps every right: it can still change roles itself
    const me = await s.call('GET', '/user/profile', { token: t.admin });
    expect(me.body.data.authorizations).toContain('super');
  });

  it('built-in roles: only a SUPER edits or removes them, whatever the field', async () => {
    for (const id of ['super', 'provider_admin', 'integrator_admin', 'dealer_admin']) {
      const before = await roleRow(id);
      for (const body of [
        { _id: id, display_name: 'Renamed' },
        { _id: id, account_type: 'DEALER' },
      ]) {
        expect(
          (await s.call('POST', '/role/edit', { token: t.provider, body })).status,
          `${id} ${JSON.stringify(body)}`,
        ).toBe(403);
      }
      expect((await s.call('POST', '/role/delete', { token: t.provider, body: { _id: id } })).status, id).toBe(403);
      expect(await roleRow(id)).toEqual(before);
    }
    const ok = await s.call('POST', '/role/edit', {
      token: t.admin,
      body: { _id: 'dealer_admin', description: 'Store staff' },
    });
    expect(ok.status).toBe(200);
  });

  it('anyone else changes only a role whose every authorization they hold, before and after', async () => {
    const mine = (await s.call('GET', '/user/profile', { token: t.provider })).body.data.authorizations as string[];
    const held = mine.filter((a) => a !== 'super').slice(0, 2);
    // a new authorization: the provider's built-in role does not hold it
    expect(
      (
        await s.call('POST', '/auth/authorization/add', {
          token: t.admin,
          body: { _id: 'vault_open', display_name: 'Open the vault', group: 'system' },
        })
      ).status,
    ).toBe(200);
    const notHeld = 'vault_open';
    expect(mine).not.toContain(notHeld);
    expect(
      (
        await s.call('POST', '/role/add', {
          token: t.admin,
          body: { _id: 'mixed_role', display_name: 'Mixed', authorizations: [...held, notHeld] },
        })
      ).status,
    ).toBe(200);
    const before = await roleRow('mixed_role');
    // it would drop the authorization it does not hold: refused
    const drop = await s.call('POST', '/role/edit', {
      token: t.provider,
      body: { _id: 'mixed_role', authorizations: held },
    });
    expect(drop.status).toBe(403);
    expect(drop.body.message).toBe('You may change or remove only a role whose every authorization you hold yourself');
    expect((await s.call('POST', '/role/delete', { token: t.provider, body: { _id: 'mixed_role' } })).status).toBe(403);
    expect(await roleRow('mixed_role')).toEqual(before);
    // its own kind of role: allowed, but it cannot add what it does not hold
    expect(
      (
        await s.call('POST', '/role/add', {
          token: t.provider,
          body: { _id: 'helper_role', display_name: 'Helper', account_type: 'PROVIDER', authorizations: held },
        })
      ).status,
    ).toBe(200);
    expect(
      (
        await s.call('POST', '/role/edit', {
          token: t.provider,
          body: { _id: 'helper_role', authorizations: [held[0]] },
        })
      ).status,
    ).toBe(200);
    expect(
      (
        await s.call('POST', '/role/edit', {
          token: t.provider,
          body: { _id: 'helper_role', authorizations: [held[0], notHeld] },
        })
      ).status,
    ).toBe(403);
    expect((await roleRow('helper_role'))?.authorizations).toEqual([held[0]]);
    expect((await s.call('POST', '/role/delete', { token: t.provider, body: { _id: 'helper_role' } })).status).toBe(
      200,
    );
  });

  it('nobody changes a role of, or held by, an account type above theirs; nor moves a role above themselves', async () => {
    const mine = (await s.call('GET', '/user/profile', { token: t.provider })).body.data.authorizations as string[];
    const held = mine.filter((a) => a !== 'super').slice(0, 1);
    // a role of the SUPER type
    expect(
      (
        await s.call('POST', '/role/add', {
          token: t.admin,
          body: { _id: 'top_role', display_name: 'Top', account_type: 'SUPER', authorizations: held },
        })
      ).status,
    ).toBe(200);
    expect(
      (await s.call('POST', '/role/edit', { token: t.provider, body: { _id: 'top_role', display_name: 'Mine now' } }))
        .status,
    ).toBe(403);
    // a role held by the SUPER account
    expect(
      (
        await s.call('POST', '/role/add', {
          token: t.admin,
          body: { _id: 'shared_role', display_name: 'Shared', authorizations: held },
        })
      ).status,
    ).toBe(200);
    const root = await s.call('POST', '/user/add', {
      token: t.admin,
      body: { _id: 'root-two', password: 'Secret12345', account_type: 'SUPER', roles: ['super', 'shared_role'] },
    });
    expect(root.status, JSON.stringify(root.body)).toBe(200);
    const before = await roleRow('shared_role');
    const e = await s.call('POST', '/role/edit', {
      token: t.provider,
      body: { _id: 'shared_role', authorizations: held },
    });
    expect(e.status).toBe(403);
    expect(e.body.message).toBe('This role belongs to, or is held by, an account type above yours');
    expect((await s.call('POST', '/role/delete', { token: t.provider, body: { _id: 'shared_role' } })).status).toBe(
      403,
    );
    expect(await roleRow('shared_role')).toEqual(before);
    // a role's account type cannot be set above the editor's, on create or on edit
    expect(
      (
        await s.call('POST', '/role/add', {
          token: t.provider,
          body: { _id: 'sneaky_role', display_name: 'Sneaky', account_type: 'SUPER', authorizations: held },
        })
      ).status,
    ).toBe(403);
    expect(
      (
        await s.call('POST', '/role/add', {
          token: t.provider,
          body: { _id: 'plain_role', display_name: 'Plain', account_type: 'DEALER', authorizations: held },
        })
      ).status,
    ).toBe(200);
    expect(
      (await s.call('POST', '/role/edit', { token: t.provider, body: { _id: 'plain_role', account_type: 'SUPER' } }))
        .status,
    ).toBe(403);
    expect((await roleRow('plain_role'))?.account_type).toBe('DEALER');
  });
});

async function upload(body: Buffer, token = t.admin) {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(body)], { type: 'image/png' }), 'x.png');
  const res = await fetch(`${s.url}/api/upload`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${token}`, 'Accept-Language': 'en' },
    body: form,
  });
  return { status: res.status, body: await res.json() };
}
/** A file that is a PNG by its first bytes, of exactly `size` bytes. */
const pngOf = (size: number) =>
  Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(size - 8, 0x61)]);

/**
 * The same upload sent in two writes, the first ending exactly at the limit inside the file: the server reads
 * the limit's worth of file, then learns there is more. That is when the cut-off copy used to be stored.
 */
function uploadSplitAtLimit(size: number): Promise<{ status: number; body: { message?: string } }> {
  const boundary = 'vfboundary0123456789';
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="x.png"\r\nContent-Type: image/png\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  const file = pngOf(size);
  const url = new URL(`${s.url}/api/upload`);
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: url.hostname,
        port: url.port,
        path: url.pathname,
        method: 'POST',
        headers: {
          Authorization: `Bearer ${t.admin}`,
          'Content-Type': `multipart/form-data; boundary=${boundary}`,
          'Content-Length': head.length + file.length + tail.length,
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c) => chunks.push(c));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, body: JSON.parse(Buffer.concat(chunks).toString() || '{}') }),
        );
      },
    );
    req.on('error', reject);
    req.write(Buffer.concat([head, file.subarray(0, UPLOAD_MAX_BYTES)]), () => {
      // the first part is on its way: let the server take it in before the rest arrives
      setTimeout(() => req.end(Buffer.concat([file.subarray(UPLOAD_MAX_BYTES), tail])), 100);
    });
  });
}

describe('uploads over the limit', () => {
  it('a file whose bytes past the limit arrive separately is 413, not stored cut at the limit', async () => {
    const count = async () =>
      Number((await s.db.selectFrom('upload').select(s.db.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);
    const before = await count();
    for (const over of [1, 2, 100, 65_536]) {
      const r = await uploadSplitAtLimit(UPLOAD_MAX_BYTES + over);
      expect(r.status, `limit + ${over}: ${JSON.stringify(r.body)}`).toBe(413);
    }
    expect(await count()).toBe(before);
  });

  it('a file just over the limit, sent in one go, is 413 and nothing is stored; the limit itself fits', async () => {
    const count = async () =>
      (await s.db.selectFrom('upload').select(s.db.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n;
    const before = Number(await count());
    for (const over of [1, 7, 4096, 65_537]) {
      const r = await upload(pngOf(UPLOAD_MAX_BYTES + over));
      expect(r.status, `limit + ${over}: ${JSON.stringify(r.body)}`).toBe(413);
      expect(r.body.message).toBe('The image is too large: at most 2 MB');
    }
    expect(Number(await count())).toBe(before);
    // the limit itself still fits
    expect((await upload(pngOf(UPLOAD_MAX_BYTES))).status).toBe(200);
  });
});

describe('duplicate values name no record of another tenant', () => {
  it('a brand account hears only that the value is not available; platform staff still see which value', async () => {
    const foreign = await s.db
      .selectFrom('device')
      .select(['device_id', 'integrator', 'name'])
      .where('integrator', '=', 'brand_a')
      .executeTakeFirstOrThrow();
    const body = {
      device_id: foreign.device_id,
      name: 'Twin',
      sn: 'SN-TWIN',
      type: 'icecream',
      category: 'test',
      integrator: 'brand_b',
    };
    const r = await s.call('POST', '/device/add', { token: t['brand-b'], body });
    expect(r.status, JSON.stringify(r.body)).toBe(409);
    expect(r.body.message).toMatch(/not available/);
    for (const secret of [foreign.device_id as string, 'brand_a', foreign.name as string])
      expect(r.body.message).not.toContain(secret);
    const staff = await s.call('POST', '/device/add', { token: t.admin, body: { ...body, integrator: 'brand_a' } });
    expect(staff.status).toBe(409);
    expect(staff.body.message).toContain(foreign.device_id as string);
  });

  it('an account login taken in another tenant: the same plain answer, translated', async () => {
    const r = await s.call('POST', '/user/add', {
      token: t['brand-a'],
      lang: 'es',
      body: {
        _id: 'store-b1',
        password: 'Secret12345',
        account_type: 'DEALER',
        dealer: 'store_a1',
        roles: ['dealer_admin'],
      },
    });
    expect(r.status, JSON.stringify(r.body)).toBe(409);
    expect(r.body.message).toMatch(/no está disponible/);
    expect(r.body.message).not.toContain('store-b1');
  });
});

describe('image fields hold only uploaded paths', () => {
  const hostile = [
    'https://evil.example/logo.png',
    '//evil.example/logo.png',
    'javascript:alert(1)',
    'JaVaScRiPt:alert(1)//img/202401/00000000000000000000000000000000.png',
    'data:image/png;base64,iVBORw0KGgo=',
    '/api/files/img/202401/00000000000000000000000000000000.png',
    'img/202401/00000000000000000000000000000000.svg',
    'img/202401/../../../etc/passwd.png',
  ];

  it('refuses any other address with a translated 400 and changes nothing, on every image field', async () => {
    const before = await s.db
      .selectFrom('integrator')
      .selectAll()
      .where('_id', '=', 'brand_a')
      .executeTakeFirstOrThrow();
    for (const v of hostile) {
      for (const field of ['logo', 'poster', 'service_qr']) {
        const r = await s.call('POST', '/integrator/edit', {
          token: t['brand-a'],
          body: { _id: 'brand_a', [field]: v },
        });
        expect(r.status, `${field} ${v}`).toBe(400);
        expect(r.body.errors?.[field]).toBe('Upload the image here: only an uploaded image can be used');
      }
      const avatar = await s.call('POST', '/user/profile', { token: t['store-a1'], lang: 'zh', body: { avatar: v } });
      expect(avatar.status, `avatar ${v}`).toBe(400);
      expect(avatar.body.errors?.avatar).toBe('请在此上传图片：只能使用已上传的图片');
    }
    const after = await s.db
      .selectFrom('integrator')
      .selectAll()
      .where('_id', '=', 'brand_a')
      .executeTakeFirstOrThrow();
    expect(after).toEqual(before);
  });

  it('accepts the path the upload answered', async () => {
    const up = await upload(pngOf(100), t['brand-a']);
    expect(up.status).toBe(200);
    const r = await s.call('POST', '/integrator/edit', {
      token: t['brand-a'],
      body: { _id: 'brand_a', poster: up.body.data.path },
    });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.data.poster).toBe(up.body.data.path);
  });
});

describe('optimistic concurrency on every edit', () => {
  type Row = Record<string, unknown>;
  const editable = resources.filter((d) => d.permissions.edit);

  /** A text field any edit may change, and two distinct valid values for it. */
  function raceField(def: ResourceDef): [string, string, string] {
    const entry = Object.entries(def.fields).find(
      ([, f]) =>
        f.type === 'text' && !f.readOnly && !f.createOnly && !f.hideInForm && !f.pattern && !f.when && !f.unique,
    );
    expect(entry, `${def.name} has a plain text field to edit`).toBeTruthy();
    const [name, f] = entry!;
    const value = (who: string) => `Race ${who}`.padEnd(Math.max(f.min ?? 0, 6), 'x').slice(0, f.max ?? 30);
    return [name, value('A'), value('B')];
  }

  it.each(editable.map((d) => [d.name, d]))(
    '%s: two editors race from one version — one wins, the other gets 409, nothing is overwritten',
    async (_n, def) => {
      const l = await s.call('POST', callPath(def, 'list'), { token: t.admin, body: { pageSize: 50 } });
      expect(l.status).toBe(200);
      const rows = l.body.data.list as Row[];
      // a row its edit accepts (a fault report only while open)
      const row = rows.find((r) => r.status !== 'resolved')!;
      expect(row, def.name).toBeTruthy();
      expect(typeof row.version, `${def.name} answers its version`).toBe('number');
      const version = row.version as number;
      const [field, a, b] = raceField(def);
      const path = callPath(def, 'edit').replace(':id', encodeURIComponent(String(row._id)));
      const [ra, rb] = await Promise.all(
        [a, b].map((v) => s.call('POST', path, { token: t.admin, body: { _id: row._id, [field]: v, version } })),
      );
      const statuses = [ra.status, rb.status].sort();
      expect(statuses, `${def.name}: ${JSON.stringify([ra.body, rb.body])}`).toEqual([200, 409]);
      const [won, lost] = ra.status === 200 ? [ra, rb] : [rb, ra];
      expect(lost.body).toMatchObject({
        reason: 'stale',
        message: 'Someone else changed this record after you opened it; reload it to see their changes',
      });
      expect(won.body.data.version).toBe(version + 1);
      const now = await byName(s.db)
        .selectFrom(def.table)
        .selectAll()
        .where('_id', '=', row._id)
        .executeTakeFirstOrThrow();
      expect(now[field]).toBe(won === ra ? a : b);
      expect(now.version).toBe(version + 1);
      // the loser edits again from an old version: still refused; from the current one: accepted
      expect((await s.call('POST', path, { token: t.admin, body: { _id: row._id, [field]: a, version } })).status).toBe(
        409,
      );
      const again = await s.call('POST', path, {
        token: t.admin,
        body: { _id: row._id, [field]: won === ra ? b : a, version: version + 1 },
      });
      expect(again.status).toBe(200);
      expect(again.body.data.version).toBe(version + 2);
      // an edit without a version (an older API client) is accepted and still moves the version on
      const legacy = await s.call('POST', path, {
        token: t.admin,
        body: { _id: row._id, [field]: won === ra ? a : b },
      });
      expect(legacy.status).toBe(200);
      expect(legacy.body.data.version).toBe(version + 3);
    },
  );

  it('a malformed version is a translated 400 that changes nothing; actions move the version on too', async () => {
    const before = await s.db.selectFrom('dealer').selectAll().where('_id', '=', 'store_a2').executeTakeFirstOrThrow();
    for (const version of ['1', 0, -1, 1.5, {}, [1]]) {
      const r = await s.call('POST', '/dealer/edit', {
        token: t.admin,
        body: { _id: 'store_a2', name: 'Changed store', version },
      });
      expect(r.status, JSON.stringify(version)).toBe(400);
    }
    expect(await s.db.selectFrom('dealer').selectAll().where('_id', '=', 'store_a2').executeTakeFirstOrThrow()).toEqual(
      before,
    );
    const closed = await s.call('POST', '/dealer/close', { token: t.admin, body: { _id: 'store_a2' } });
    expect(closed.status).toBe(200);
    expect(closed.body.data.version).toBe(Number(before.version) + 1);
    const stale = await s.call('POST', '/dealer/edit', {
      token: t.admin,
      body: { _id: 'store_a2', name: 'Changed store', version: before.version },
    });
    expect(stale.status).toBe(409);
    expect((await s.call('POST', '/dealer/reopen', { token: t.admin, body: { _id: 'store_a2' } })).status).toBe(200);
  });
});
