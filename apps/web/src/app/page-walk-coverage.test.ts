import { describe, expect, it } from 'vitest';
import { NOT_WALKED, PAGE_WALK, SEEDED_ID_NAMES } from '../../e2e/page-walk-table';
import { listRoutePaths } from '../lib/access/list-routes';
import { notFoundRoute, openRoutes, signedInRoutes } from './route-table';

/** A path's shape: the walk names its ids (`:fileId`), the route table its parameters (`:id`). */
const shape = (path: string) => path.split('?')[0]!.replace(/:\w+/g, ':');

const routeShapes = new Set(
  [...listRoutePaths(signedInRoutes), ...listRoutePaths(openRoutes), ...listRoutePaths([notFoundRoute])].map(
    shape,
  ),
);
const walked = PAGE_WALK.map((row) => shape(row.path));
const excluded = NOT_WALKED.map((entry) => shape(entry.path));

describe('the page walk (apps/web/e2e/page-walk-table.ts)', () => {
  it('opens every route of the table, or says why not', () => {
    const forgotten = [...routeShapes].filter((path) => !walked.includes(path) && !excluded.includes(path));
    expect(forgotten, 'add a row to PAGE_WALK or an entry with a reason to NOT_WALKED').toEqual([]);
  });

  it('names only routes that exist, each once', () => {
    for (const path of [...walked, ...excluded]) expect(routeShapes, path).toContain(path);
    expect(walked.filter((path) => excluded.includes(path))).toEqual([]);
    expect(new Set(PAGE_WALK.map((row) => row.path)).size).toBe(PAGE_WALK.length);
  });

  it('fills every id of a path from the seeded data, and opens each row for someone', () => {
    for (const { path, users } of PAGE_WALK) {
      for (const [, name] of path.matchAll(/:(\w+)/g)) expect(SEEDED_ID_NAMES, path).toContain(name);
      expect(users.length, path).toBeGreaterThan(0);
    }
  });
});
