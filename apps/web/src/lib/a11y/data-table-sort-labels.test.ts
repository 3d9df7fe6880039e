// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { labelSortIcons } from './data-table-sort-labels';

const LABELS = { ascending: 'Stigande', descending: 'Fallande', unsorted: 'Inte sorterad' };

function table(iconClasses: string[]) {
  const root = document.createElement('div');
  root.innerHTML = `<table><thead><tr>${iconClasses
    .map((c) => `<th><span class="${c}" role="img" aria-label="English"></span></th>`)
    .join('')}</tr></thead></table>`;
  return root;
}

describe('mantine-datatable sort icons in the user’s language', () => {
  it('labels each icon by its state', () => {
    const root = table([
      'mantine-datatable-header-cell-sortable-icon',
      'mantine-datatable-header-cell-sortable-icon mantine-datatable-header-cell-sortable-icon-reversed',
      'mantine-datatable-header-cell-sortable-unsorted-icon',
    ]);
    labelSortIcons(root, LABELS);
    const icons = [...root.querySelectorAll('[role=img]')].map((icon) => icon.getAttribute('aria-label'));
    expect(icons).toEqual(['Stigande', 'Fallande', 'Inte sorterad']);
  });
});
