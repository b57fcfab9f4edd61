// The shared field validation: the same function decides on the server and in the browser's forms.
import { validateFields, PASSWORD_PATTERN } from '../../resources/validate';
import integrator from '../../resources/integrator';
import role from '../../resources/role';
import user from '../../resources/user';

describe('validateFields', () => {
  it('holds brand names to 4-30 characters, counting characters not bytes', () => {
    const check = (name: string) =>
      validateFields(integrator.fields, { name, description: 'Good one' }, 'create').errors.name;
    expect(check('abc')).toEqual({ key: 'vf.validation.length_between', args: { min: 4, max: 30 } });
    expect(check('abcd')).toBeUndefined();
    expect(check('冰淇淋店')).toBeUndefined();
    expect(check('x'.repeat(30))).toBeUndefined();
    expect(check('x'.repeat(31))).toBeDefined();
  });

  it('trims text and requires required fields on create only', () => {
    const created = validateFields(integrator.fields, { name: '  Brand C  ' }, 'create');
    expect(created.values.name).toBe('Brand C');
    expect(created.errors.description).toEqual({ key: 'vf.validation.required' });
    expect(validateFields(integrator.fields, { name: 'Brand C' }, 'edit').errors).toEqual({});
    expect(validateFields(integrator.fields, { description: '   ' }, 'edit').errors.description).toEqual({
      key: 'vf.validation.required',
    });
  });

  it('drops read-only and undeclared fields, so a client cannot write them', () => {
    const { values } = validateFields(
      user.fields,
      { status: 'normal', create_timestamp: '2020-01-01', is_admin: true, nickname: 'x' },
      'edit',
    );
    expect(values).toEqual({ nickname: 'x' });
  });

  it('applies the password and e-mail rules of docs/rules.md', () => {
    for (const bad of ['Short1', 'alllower123', 'ALLUPPER123', 'NoDigitsHere', 'With space1A', 'Sym!bol12A']) {
      expect(PASSWORD_PATTERN.test(bad), bad).toBe(false);
    }
    expect(PASSWORD_PATTERN.test('Demo12345')).toBe(true);
    expect(validateFields(user.fields, { email: 'a@b' }, 'edit').errors.email).toEqual({ key: 'vf.validation.email' });
    expect(validateFields(user.fields, { email: 'ops@example.com' }, 'edit').errors).toEqual({});
  });

  it('checks ids as xxx_xxx with the documented id message', () => {
    const fields = { _id: role.idField!, ...role.fields };
    for (const bad of ['', 'role', '_role', 'role_', 'Role_X', 'a b_c']) {
      const e = validateFields(fields, { _id: bad, display_name: 'R' }, 'create').errors._id;
      expect(e?.key, bad).toMatch(/vf.validation.(id_format|required)/);
    }
    expect(validateFields(fields, { _id: 'store_viewer', display_name: 'R' }, 'create').errors).toEqual({});
  });

  it('accepts whole numbers only, and keeps choices to their list', () => {
    const fields = {
      n: { type: 'number' as const, min: -1, max: 999 },
      c: { type: 'choice' as const, choices: ['A', 'B'] },
    };
    expect(validateFields(fields, { n: '12' }, 'edit').values.n).toBe(12);
    for (const bad of ['abc', 1.5, '1.5', 1000, -2, true, []])
      expect(validateFields(fields, { n: bad }, 'edit').errors.n, String(bad)).toBeDefined();
    expect(validateFields(fields, { c: 'C' }, 'edit').errors.c?.key).toBe('vf.validation.choice');
  });
});
