import { describe, expect, it } from 'vitest';
import { filterToSql, parseScimFilter, type FilterSchema } from './scim-filter.ts';
import { GROUP_FILTER_SCHEMA } from './scim-groups.service.ts';
import { USER_FILTER_SCHEMA } from './scim-users.service.ts';

const sqlOf = (filter: string, schema: FilterSchema = USER_FILTER_SCHEMA, first = 2) =>
  filterToSql(parseScimFilter(filter), schema, first);

describe('filterToSql', () => {
  it('compares userName and e-mails in lower case (caseExact=false) with the value as a parameter', () => {
    expect(sqlOf('userName eq "Anna@Example.COM"')).toEqual({
      sql: 'lower(s.user_name) = lower($2)',
      params: ['Anna@Example.COM'],
    });
    expect(sqlOf('emails.value sw "anna"')).toEqual({
      sql: 'lower(u.email) LIKE lower($2)',
      params: ['anna%'],
    });
  });

  it('compares externalId exactly (caseExact=true)', () => {
    expect(sqlOf('externalId eq "AbC"')).toEqual({ sql: 's.external_id = $2', params: ['AbC'] });
  });

  it('escapes LIKE wildcards in co, sw and ew values', () => {
    expect(sqlOf('displayName co "50%_off"').params).toEqual(['%50\\%\\_off%']);
    expect(sqlOf('displayName ew "x"')).toEqual({
      sql: 'lower(u.display_name) LIKE lower($2)',
      params: ['%x'],
    });
  });

  it("numbers parameters after the caller's own, through and, or, not and pr", () => {
    expect(
      sqlOf('userName sw "a" and (active eq true or not (externalId pr))', USER_FILTER_SCHEMA, 3),
    ).toEqual({
      sql: "(lower(s.user_name) LIKE lower($3) AND (s.active = $4 OR NOT ((s.external_id IS NOT NULL AND s.external_id <> ''))))",
      params: ['a%', true],
    });
  });

  it('reads a multi-valued attribute without a sub-attribute as its value, and a bracket filter on the one e-mail', () => {
    expect(sqlOf('emails eq "a@b.c"').sql).toBe('lower(u.email) = lower($2)');
    expect(sqlOf('emails[type eq "work" and value co "@b"]')).toEqual({
      sql: "((lower('work') = lower($2) AND lower(u.email) LIKE lower($3)))",
      params: ['work', '%@b%'],
    });
  });

  it('puts group members inside EXISTS over the membership rows', () => {
    expect(sqlOf('members.value eq "u1"', GROUP_FILTER_SCHEMA)).toEqual({
      sql: 'EXISTS (SELECT 1 FROM scim_group_members m WHERE m.group_id = g.id AND m.user_id::text = $2)',
      params: ['u1'],
    });
    expect(sqlOf('members[value eq "u1"]', GROUP_FILTER_SCHEMA).sql).toBe(
      'EXISTS (SELECT 1 FROM scim_group_members m WHERE m.group_id = g.id AND m.user_id::text = $2)',
    );
  });

  it('compares dates as timestamps and null as IS NULL', () => {
    expect(sqlOf('meta.lastModified gt "2026-01-01T00:00:00Z"')).toEqual({
      sql: 's.modified > $2::timestamptz',
      params: ['2026-01-01T00:00:00.000Z'],
    });
    expect(sqlOf('externalId eq null').sql).toBe('s.external_id IS NULL');
  });

  it.each([
    ['an attribute it does not have', 'password eq "x"'],
    ['a string operator on a boolean', 'active co "t"'],
    ['a number for a string', 'userName eq 5'],
    ['a string for a boolean', 'active eq "true"'],
    ['a date that is not one', 'meta.created gt "soon"'],
    ['broken syntax', 'userName eq'],
    ['nested brackets', 'emails[type eq "work" and emails[value pr]]'],
    ['too many conditions', Array.from({ length: 41 }, (_, i) => `userName eq "${i}"`).join(' or ')],
    ['a filter that is too long', `userName eq "${'x'.repeat(2000)}"`],
  ])('refuses %s with invalidFilter', (_, filter) => {
    expect(() => sqlOf(filter)).toThrow(expect.objectContaining({ status: 400, scimType: 'invalidFilter' }));
  });
});
