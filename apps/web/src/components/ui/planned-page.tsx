import { Title } from '@mantine/core';
import { usePageTitle } from '../../lib/routing/page-title';

/**
 * The screen of a route whose feature is not built yet: its title and access rules only, never
 * made-up data. Each feature replaces it with its real page.
 */
export default function PlannedPage() {
  const { heading } = usePageTitle();
  return <Title order={1}>{heading}</Title>;
}
