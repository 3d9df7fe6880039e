import { Button, Text } from '@mantine/core';
import { useHotkeys } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fullCatalogReady } from '../../../lib/i18n';
import classes from './search-button.module.css';

// Its texts are in the rest of the catalog, loaded right after the first paint.
const loadSpotlight = () =>
  Promise.all([import('./search-spotlight'), fullCatalogReady()]).then(([chunk]) => chunk);
const SearchSpotlight = lazy(loadSpotlight);

const isApple = typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.platform);

export type SearchButtonProps = {
  /** Whether the signed-in user may open a page (the route guard's rules), for links the search offers. */
  canOpen: (path: string) => boolean;
};

/**
 * The header's search: a button, and Ctrl+K / ⌘K anywhere, also while typing in a field. The
 * search itself (Mantine Spotlight) loads when it is first asked for, or when the pointer or
 * keyboard focus reaches the button; once opened it stays mounted, so it reopens at once.
 */
export function SearchButton({ canOpen }: SearchButtonProps) {
  const { t } = useTranslation();
  const [opened, setOpened] = useState(false);
  const [mounted, setMounted] = useState(false);
  const open = () => {
    setMounted(true);
    setOpened(true);
  };
  useHotkeys([['mod+K', open]], []);
  // Loaded once the page is idle, like the header's menus: Ctrl+K then opens without a wait.
  useEffect(() => {
    const idle = window.requestIdleCallback ?? ((run: () => void) => window.setTimeout(run, 1000));
    idle(() => void loadSpotlight());
  }, []);
  const shortcut = isApple ? '⌘K' : 'Ctrl K';
  return (
    <>
      <Button
        variant="default"
        size="sm"
        px={8}
        className={classes.button}
        onClick={open}
        onPointerEnter={() => void loadSpotlight()}
        onFocus={() => void loadSpotlight()}
        aria-haspopup="dialog"
        aria-keyshortcuts={isApple ? 'Meta+K' : 'Control+K'}
        aria-label={t('shell.search.label')}
      >
        <IconSearch size={16} aria-hidden />
        <Text span size="sm" ml={8} visibleFrom="sm" c="dimmed">
          {t('shell.search.button')}
        </Text>
        {/* Drawn by CSS from the attribute: the button's visible text stays its name's start (WCAG 2.5.3). */}
        <span className={classes.shortcut} data-shortcut={shortcut} aria-hidden />
      </Button>
      {mounted && (
        <Suspense fallback={null}>
          <SearchSpotlight opened={opened} onClose={() => setOpened(false)} canOpen={canOpen} />
        </Suspense>
      )}
    </>
  );
}
