import { createTheme, MantineProvider, type CSSVariablesResolver } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import type { i18n as I18n } from 'i18next';
import { I18nextProvider } from 'react-i18next';
import type { ComponentProps } from 'react';
import { RouterProvider } from 'react-router';
import type { TRuntimeConfig } from '@service-hub/contracts';
import { useDataTableSortLabels } from '../lib/a11y/data-table-sort-labels';
import { queryClient } from '../lib/query-client';
import { RuntimeConfigProvider } from '../lib/runtime-config';
import { router } from './router';

const theme = createTheme({
  primaryColor: 'blue',
  primaryShade: 8,
  fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
  components: {
    // Mantine's initial-focus placeholder is a focusable div with role="presentation" inside
    // role="menu", which the menu role does not allow (axe aria-required-children). Without it,
    // opening a menu focuses its first item, as the WAI-ARIA menu button pattern asks.
    Menu: { defaultProps: { withInitialFocusPlaceholder: false } },
    // A closed select's options are built and positioned only when it opens. Mantine keeps them
    // mounted (hidden) by default; a list's filters then placed a dozen hidden dropdowns at every
    // render, a large part of a phone's first second on the tracking lists.
    Combobox: { defaultProps: { keepMounted: false } },
  },
});

/**
 * Darker dimmed and error text than Mantine's defaults, for WCAG AA contrast on white; and
 * lighter light-variant backgrounds of the primary colour, since its text (blue 9) reaches only
 * 4.0:1 on Mantine's hover background (blue 2), e.g. on a hovered subtle header button.
 */
const accessibleColors: CSSVariablesResolver = () => ({
  variables: {},
  light: {
    '--mantine-color-dimmed': 'var(--mantine-color-gray-7)',
    '--mantine-color-error': 'var(--mantine-color-red-9)',
    '--mantine-color-blue-light': 'var(--mantine-color-blue-0)',
    '--mantine-color-blue-light-hover': 'var(--mantine-color-blue-1)',
  },
  dark: {},
});

export type AppProps = {
  config: TRuntimeConfig;
  i18n: I18n;
  /** The browser router by default; route-level tests pass a memory router. */
  appRouter?: ComponentProps<typeof RouterProvider>['router'];
};

/** Page-wide fixes for what libraries leave in English. */
function LibraryLabels() {
  useDataTableSortLabels();
  return null;
}

export function App({ config, i18n, appRouter = router }: AppProps) {
  return (
    <RuntimeConfigProvider config={config}>
      <I18nextProvider i18n={i18n}>
        <LibraryLabels />
        <MantineProvider theme={theme} cssVariablesResolver={accessibleColors}>
          <QueryClientProvider client={queryClient}>
            <RouterProvider router={appRouter} />
          </QueryClientProvider>
        </MantineProvider>
      </I18nextProvider>
    </RuntimeConfigProvider>
  );
}
