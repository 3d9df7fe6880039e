import { describe, expect, it } from 'vitest';
import { applyGroupPatch } from './scim-groups.service.ts';
import { booleanOf, parsePatchPath, parsePatchRequest, PATCH_OP_SCHEMA } from './scim-patch.ts';
import { applyUserPatch, type UserState } from './scim-user-input.ts';

const request = (Operations: unknown[]) => ({ schemas: [PATCH_OP_SCHEMA], Operations });
const ellen: UserState = {
  userName: 'ellen',
  externalId: 'e-1',
  email: 'ellen@example.com',
  firstName: 'Ellen',
  lastName: 'Lind',
  displayName: 'Ellen Lind',
  language: 'sv',
  active: true,
};

describe('parsePatchPath', () => {
  it('reads attributes, sub-attributes, URN prefixes and value filters', () => {
    expect(parsePatchPath('active')).toEqual({ attribute: 'active' });
    expect(parsePatchPath('name.familyName')).toEqual({ attribute: 'name', subAttribute: 'familyname' });
    expect(parsePatchPath('urn:ietf:params:scim:schemas:core:2.0:User:userName')).toEqual({
      attribute: 'username',
    });
    expect(parsePatchPath('emails[type eq "work"].value')).toEqual({
      attribute: 'emails',
      filter: { op: 'eq', attrPath: 'type', compValue: 'work' },
      subAttribute: 'value',
    });
    expect(parsePatchPath('members[value eq "2819c223"]')).toEqual({
      attribute: 'members',
      filter: { op: 'eq', attrPath: 'value', compValue: '2819c223' },
    });
  });

  it.each(['', 'emails[type eq]', '1abc', 'name..x', 'a.b.c', 'x'.repeat(501)])(
    'refuses %j with invalidPath',
    (path) => {
      expect(() => parsePatchPath(path)).toThrow(
        expect.objectContaining({ status: 400, scimType: 'invalidPath' }),
      );
    },
  );
});

describe('parsePatchRequest', () => {
  it('takes op in any case', () => {
    expect(
      parsePatchRequest(
        request([
          { op: 'Replace', path: 'active', value: false },
          { op: 'ADD', value: {} },
        ]),
      ),
    ).toEqual([
      { op: 'replace', path: { attribute: 'active' }, value: false },
      { op: 'add', value: {} },
    ]);
  });

  it.each([
    ['no PatchOp schema', { Operations: [{ op: 'add', value: {} }] }, 'invalidSyntax'],
    ['an unknown op', request([{ op: 'move', path: 'a' }]), 'invalidSyntax'],
    ['remove without a path', request([{ op: 'remove' }]), 'noTarget'],
    ['replace without a value', request([{ op: 'replace', path: 'active' }]), 'invalidValue'],
    ['an unknown attribute of an operation', request([{ op: 'add', value: {}, from: 'x' }]), 'invalidSyntax'],
    ['no operations', request([]), 'invalidSyntax'],
  ])('refuses %s', (_, body, scimType) => {
    expect(() => parsePatchRequest(body)).toThrow(expect.objectContaining({ status: 400, scimType }));
  });
});

describe('booleanOf', () => {
  it('reads JSON booleans and Entra ID\'s "True" / "False"', () => {
    expect([true, false, 'True', 'False', 'false'].map(booleanOf)).toEqual([true, false, true, false, false]);
    expect(() => booleanOf('no')).toThrow(expect.objectContaining({ scimType: 'invalidValue' }));
  });
});

describe('applyUserPatch', () => {
  const apply = (operations: unknown[]) => applyUserPatch(ellen, parsePatchRequest(request(operations)));

  it('replaces the work e-mail through a filtered path, and names', () => {
    expect(
      apply([
        { op: 'Replace', path: 'emails[type eq "work"].value', value: 'Ellen.Lind@Example.com' },
        { op: 'Replace', path: 'name.familyName', value: 'Berg' },
      ]),
    ).toMatchObject({ email: 'ellen.lind@example.com', lastName: 'Berg' });
  });

  it("takes Okta's value object without a path, Entra ID's dotted names and extension attributes", () => {
    expect(apply([{ op: 'replace', value: { active: false } }])).toMatchObject({ active: false });
    expect(
      apply([
        {
          op: 'Add',
          value: {
            'name.givenName': 'Elin',
            'urn:ietf:params:scim:schemas:extension:enterprise:2.0:User:department': 'Finance',
            title: 'CFO',
          },
        },
      ]),
    ).toMatchObject({ firstName: 'Elin' });
  });

  it('refuses a filter that matches no e-mail, removing a required attribute, and unknown paths', () => {
    expect(() => apply([{ op: 'replace', path: 'emails[type eq "home"].value', value: 'x@y.z' }])).toThrow(
      expect.objectContaining({ scimType: 'noTarget' }),
    );
    expect(() => apply([{ op: 'remove', path: 'userName' }])).toThrow(
      expect.objectContaining({ scimType: 'mutability' }),
    );
    expect(() => apply([{ op: 'replace', path: 'shoeSize', value: 44 }])).toThrow(
      expect.objectContaining({ scimType: 'invalidPath' }),
    );
  });
});

describe('applyGroupPatch', () => {
  const group = { displayName: 'Readers', externalId: null, members: ['a', 'b'] };
  const apply = (operations: unknown[]) => applyGroupPatch(group, parsePatchRequest(request(operations)));

  it('adds, removes by value array (Entra ID), by filtered path, and replaces all (Okta)', () => {
    expect(apply([{ op: 'Add', path: 'members', value: [{ value: 'C' }] }]).members).toEqual(['a', 'b', 'c']);
    expect(apply([{ op: 'Remove', path: 'members', value: [{ value: 'a' }] }]).members).toEqual(['b']);
    expect(apply([{ op: 'remove', path: 'members[value eq "b"]' }]).members).toEqual(['a']);
    expect(apply([{ op: 'replace', path: 'members', value: [{ value: 'd' }] }]).members).toEqual(['d']);
    expect(apply([{ op: 'remove', path: 'members' }]).members).toEqual([]);
  });

  it('renames with or without a path', () => {
    expect(apply([{ op: 'Replace', path: 'displayName', value: 'Writers' }]).displayName).toBe('Writers');
    expect(apply([{ op: 'replace', value: { id: 'g', displayName: 'Editors' } }]).displayName).toBe(
      'Editors',
    );
  });
});
