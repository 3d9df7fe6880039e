import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';

const SORTED = 'mantine-datatable-header-cell-sortable-icon';
const UNSORTED = 'mantine-datatable-header-cell-sortable-unsorted-icon';
const REVERSED = 'mantine-datatable-header-cell-sortable-icon-reversed';

export type SortLabels = { ascending: string; descending: string; unsorted: string };

/**
 * Puts the user's language on mantine-datatable's sort icons, whose labels the library writes in
 * English with no prop to change them ("Sorted ascending", "Not sorted"). (The header cells have
 * role="button", on which `aria-sort` is not allowed, so the icon's label carries the order.)
 */
export function labelSortIcons(root: ParentNode, labels: SortLabels) {
  for (const icon of root.querySelectorAll<HTMLElement>(`.${SORTED}, .${UNSORTED}`)) {
    const state = icon.classList.contains(UNSORTED)
      ? 'none'
      : icon.classList.contains(REVERSED)
        ? 'descending'
        : 'ascending';
    const label = state === 'none' ? labels.unsorted : labels[state];
    if (icon.getAttribute('aria-label') !== label) icon.setAttribute('aria-label', label);
  }
}

/** Keeps every table on the page labelled in the current language, whenever tables render or re-sort. */
export function useDataTableSortLabels() {
  const { t, i18n } = useTranslation();
  useEffect(() => {
    const labels = {
      ascending: t('lists.sort.ascending'),
      descending: t('lists.sort.descending'),
      unsorted: t('lists.sort.unsorted'),
    };
    labelSortIcons(document.body, labels);
    const observer = new MutationObserver(() => labelSortIcons(document.body, labels));
    observer.observe(document.body, {
      subtree: true,
      childList: true,
      attributes: true,
      attributeFilter: ['class', 'aria-label'],
    });
    return () => observer.disconnect();
  }, [t, i18n.language]);
}
